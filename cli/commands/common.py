"""Options every printable shares, and the one way a document becomes a PDF file."""

from pathlib import Path
from typing import Annotated

import typer

PaperOption = Annotated[str, typer.Option("--paper", help="Paper size: a4 or letter.")]
LangOption = Annotated[str, typer.Option("--lang", help="Language: fr, en or fr+en.")]
OutputOption = Annotated[
    Path | None, typer.Option("--output", "-o", help="PDF file to write (default: output/, named after the command).")
]
DuplexOption = Annotated[
    str, typer.Option("--duplex", help="long or short (duplex flip edge), fold (no duplex printer), none.")
]


def paper_and_texts(paper: str, lang: str):
    """The validated paper and language options."""
    from cli.documents.language import parse_lang
    from cli.layout.sizes import paper as find_paper

    return find_paper(paper), parse_lang(lang)


def output_path(given: Path | None, stem: str) -> Path:
    """The path to write, checked for writability before any work is done."""
    from cli.outfile import check_writable, default_output

    return check_writable(given if given is not None else default_output(stem))


def publish(document, path: Path, source: str):
    """Render the document, write it atomically, say where it went; the rendered PDF is returned."""
    from cli.outfile import write_atomically
    from cli.render.pdf import render_pdf

    rendered = render_pdf(document, source)
    write_atomically(path, rendered.data)
    typer.echo(f"wrote {path} ({rendered.pages} pages)")
    return rendered
LargePrintOption = Annotated[
    bool, typer.Option("--large-print", help="Large print: body text at least 16 pt, for low-vision readers.")
]
