"""Low-resolution PNG previews of a PDF's pages (pypdfium2 rasterises; PNG written with zlib)."""

import struct
import zlib
from pathlib import Path

from cli.errors import PnpkitError


def _png(width: int, height: int, rgb_rows: list[bytes]) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    raw = b"".join(b"\x00" + row for row in rgb_rows)
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 6)) + chunk(b"IEND", b"")


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


def page_png(document, index: int, dpi: float) -> bytes:
    """One page (0-based) of an open document as PNG bytes."""
    bitmap = document[index].render(scale=dpi / 72, rev_byteorder=True)  # RGB byte order
    width, height, stride = bitmap.width, bitmap.height, bitmap.stride
    buffer = bytes(bitmap.buffer)
    channels = bitmap.n_channels
    rows = []
    for y in range(height):
        row = buffer[y * stride:y * stride + width * channels]
        rows.append(row if channels == 3 else b"".join(row[i:i + 3] for i in range(0, len(row), channels)))
    return _png(width, height, rows)
