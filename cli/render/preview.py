"""Low-resolution PNG previews of a PDF's pages: pypdfium2 rasterises, Pillow (installed with ReportLab)
writes the PNG."""

import io
from pathlib import Path

from cli.errors import PnpkitError


def _pdfium():
    """pypdfium2 (a dependency, imported only for previews): a broken install is one clear line."""
    try:
        import pypdfium2
    except ImportError:
        raise PnpkitError("previews need pypdfium2, which is missing: reinstall pnpkit "
                          "(or .venv/bin/pip install pypdfium2)") from None
    return pypdfium2


def check_available() -> None:
    """Fail before any work when previews cannot be made."""
    _pdfium()


def write_previews(pdf: bytes, folder: Path, stem: str, dpi: float = 40,
                   pages: list[int] | None = None) -> list[Path]:
    """One PNG per page (or per listed 0-based page), `stem`-001.png and on; returns the files written."""
    document = open_pdf(pdf)
    written = []
    for index in pages if pages is not None else range(len(document)):
        path = folder / f"{stem}-{index + 1:03d}.png"
        path.write_bytes(page_png(document, index, dpi))
        written.append(path)
    return written


def open_pdf(pdf: bytes | Path):
    """A pypdfium2 document of the PDF's bytes or file."""
    return _pdfium().PdfDocument(pdf)


def _pillow() -> None:
    """Pillow's Image module loaded for real (cli.render holds a stand-in until first use), so that
    pypdfium2 finds it as PIL.Image."""
    import importlib

    importlib.import_module("PIL.Image").Image  # noqa: B018  the first attribute asked loads the module


def page_png(document, index: int, dpi: float) -> bytes:
    """One page (0-based) of an open document as PNG bytes (RGB)."""
    _pillow()
    image = document[index].render(scale=dpi / 72).to_pil().convert("RGB")
    buffer = io.BytesIO()
    image.save(buffer, format="PNG")
    return buffer.getvalue()
