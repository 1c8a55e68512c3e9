"""Options every printable shares, and the one way a document becomes a PDF file."""

import sys
from pathlib import Path
from typing import Annotated

import typer

from cli.layout.sizes import paper_names


def choice(value: str | None) -> str | None:
    """A choice option as typed, in any case: `--duplex LONG` is `--duplex long`."""
    return value.strip().lower() if isinstance(value, str) else value


def _or_list(names: list[str]) -> str:
    return " or ".join([", ".join(names[:-1]), names[-1]] if len(names) > 1 else names)


# the papers named from layouts/papers.toml, their one home
PaperOption = Annotated[str, typer.Option("--paper", help=f"Paper size: {_or_list(paper_names())}.", callback=choice)]
LangOption = Annotated[
    str, typer.Option("--lang", help="Language: fr, en, de (or another of templates/languages.toml), or two "
                      "side by side such as fr+de (the first leads).",
                      callback=choice)
]
OutputOption = Annotated[
    str | None,
    typer.Option("--output", "-o", help="PDF file to write; a folder (ending in /) gets the default name; "
                 "- is standard output (default: output/, named after the command)."),
]
large_print_option = typer.Option(
    "--large-print",
    help="Large print for low-vision readers: body at least 16 pt; the content takes the pages it needs.")
LargePrintOption = Annotated[bool, large_print_option]
BackOption = Annotated[
    str, typer.Option("--back", help="Card backs: tint (light on ink, hides the fronts on 80 g paper), light "
                      "(card stock 160 g+, least ink), opaque.", callback=choice)
]
# the printer profile's options: here, not with `pnpkit printer`, so a printing command need not load that app
PrinterOption = Annotated[
    str | None, typer.Option("--printer", help="A saved printer profile: its paper, flip and back offset apply "
                             "unless given here (see 'pnpkit printer list').")
]
BackOffsetOption = Annotated[
    str | None, typer.Option("--back-offset", help="Shift every card back by X,Y mm (read it off "
                             "'pnpkit calibrate'; default 0,0).")
]
DuplexOption = Annotated[
    str, typer.Option("--duplex", help="long or short (duplex flip edge), fold (no duplex printer), none.",
                      callback=choice)
]


def drawable(names: list[str], option: str) -> list[str]:
    """The names, once the fonts are known to draw every character (regular and bold): never an empty box."""
    from cli.errors import PnpkitError
    from cli.render.fonts import describe
    from cli.render.shaping import undrawable

    for name in names:
        char = undrawable(name, "regular") or undrawable(name, "bold")
        if char is not None:
            raise PnpkitError(f"{option}: name '{name}' has {describe(char)}, which no font of pnpkit can draw; "
                              "write it in a script pnpkit prints (Latin, Greek, Cyrillic, Arabic, Hebrew, Devanagari, "
                              "Tamil, Telugu, Thai, Khmer), or add a font that has it "
                              "(see fonts/README.md)")
    return names


def output_path(given: str | None, stem: str):
    """The checked output place (a file, or standard output for `-o -`), before any work is done."""
    from cli.outfile import resolve_output

    return resolve_output(given, stem)



def page_count(pages: int) -> str:
    """'1 page', '24 pages': the commands' reports say one page in the singular."""
    return f"{pages} page" if pages == 1 else f"{pages} pages"


def say(text: str, to_stderr: bool = False, *, lines: bool = False) -> None:
    """A line for the user, shown safely (control and invisible characters spelled out; `lines` keeps the
    line breaks of a text of several); a full or closed standard output is a clean error, not a crash."""
    from cli.terminal import printable

    shown = "\n".join(map(printable, text.split("\n"))) if lines else printable(text)
    _put(shown + "\n", to_stderr)


def _put(text: str, to_stderr: bool) -> None:
    from cli.errors import PnpkitError

    stream = sys.stderr if to_stderr else sys.stdout
    name = "standard error" if to_stderr else "standard output"
    try:
        stream.write(text)
        stream.flush()
    except UnicodeEncodeError as error:
        raise PnpkitError(f"cannot write to {name}: it takes only {error.encoding} text; set PYTHONIOENCODING=utf-8 "
                          "or a UTF-8 locale") from None
    except (OSError, ValueError) as error:
        raise PnpkitError(f"cannot write to {name}: {getattr(error, 'strerror', None) or error}") from None


def emit_json(data, output: str | None, *, stem: str) -> None:
    """JSON on standard output, or written (atomically) to the file `-o` names."""
    import json

    from cli.outfile import resolve_output

    text = json.dumps(data, ensure_ascii=False)
    if output is None or output == "-":
        _put(text + "\n", False)
        return
    out = resolve_output(output, stem)
    out.write((text + "\n").encode("utf-8"))
    said(f"wrote {out.label}", to_stderr=False)


def said(line: str, *, to_stderr: bool) -> None:
    """Say what was written; if even that fails, the file stays and the error says it was written."""
    from cli.errors import PnpkitError

    try:
        say(line, to_stderr)
    except PnpkitError as error:
        raise PnpkitError(f"{line}, but could not say so: {error}") from None


# Callers that run a command in process (the web page's worker): each hears every PDF written, see on_printed().
_printed_listeners: list = []


def on_printed(listener) -> None:
    """Also tell `listener(name, sheets, how)` each PDF written: its file name, its sheets of paper and how to print
    it ('long' or 'short': both sides, that flip; 'fold': one side, then folded; '': one side)."""
    _printed_listeners.append(listener)


def printed(name: str, pages: int, flip: str, *, fold: bool = False) -> None:
    """Tell the listeners how the PDF `name` of `pages` pages (its own duplex `flip`: long, short, none) prints."""
    from cli.layout.pagination import sheets_for

    how = "fold" if fold else flip if flip in ("long", "short") else ""
    for listener in _printed_listeners:
        listener(Path(name).name, sheets_for(pages, how), how)


def publish(document, out, preview: Path | None = None, *, also=None, fold: bool = False):
    """Render the document, write it (and its previews) atomically, say where; the rendered PDF is returned.

    With `preview`, the PNGs are made in a temporary folder first: an interrupt leaves neither them nor
    the PDF behind. `also` writes a second file once the first is written and returns its message; if it
    fails, the first file is removed: both or neither. The messages come after the files: one that
    cannot be printed leaves them in place. `fold`: cards printed on one side to be folded (their document
    says no duplex), for the advice on how to print it.
    """
    from cli.layout.pagination import LaidOut, lay_out
    from cli.outfile import staged_folder
    from cli.render.pdf import render_pdf
    from cli.render.text import METRICS

    laid = document if isinstance(document, LaidOut) else lay_out(document, METRICS)  # the kit's: laid out once
    rendered = render_pdf(laid)  # an error names its own template line: no source to pass
    quiet = out.path is None  # the PDF itself is on standard output: messages go to stderr
    lines = [f"wrote {out.label} ({page_count(rendered.pages)})"]
    if preview is None:
        out.write(rendered.data)
        lines += _also(also, out)
    else:
        from cli.render.preview import write_previews

        with staged_folder(preview) as stage:
            files = write_previews(rendered.data, stage, out.stem)
            out.write(rendered.data)
            lines += _also(also, out)
        lines.append(f"wrote {len(files)} previews to {preview}")
    printed(out.label, rendered.pages, laid.duplex, fold=fold)
    for line in lines:
        said(line, to_stderr=quiet)
    return rendered


def _also(also, out) -> list[str]:
    if also is None:
        return []
    try:
        return [also()]
    except BaseException:
        if out.path is not None:
            out.path.unlink(missing_ok=True)
        raise
