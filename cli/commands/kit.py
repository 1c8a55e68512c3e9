"""`pnpkit kit`: the whole classroom kit in one PDF (the README's main command)."""

import sys
from pathlib import Path
from typing import Annotated

import typer

from cli.commands.common import (
    DuplexOption,
    LangOption,
    OutputOption,
    PaperOption,
    drawable,
    output_path,
    paper_and_texts,
    publish,
)
from cli.commands.printer import PrinterOption


def _progress(done: int, total: int) -> None:
    """A bar on stderr, only for a person watching a terminal and a kit of more than a few groups."""
    if total <= 3 or not sys.stderr.isatty():
        return
    filled = round(24 * done / total)
    sys.stderr.write(f"\rgroups [{'#' * filled}{'.' * (24 - filled)}] {done}/{total}")
    if done == total:
        sys.stderr.write("\n")
    sys.stderr.flush()


def kit(
    groups: Annotated[
        int | None, typer.Option(help="Groups of three players (default: 1, or one per names-file row).")
    ] = None,
    seed: Annotated[int, typer.Option(help="Seed of group 1's demonstration deal; other groups derive theirs.")] = 1,
    names_file: Annotated[
        Path | None, typer.Option("--names-file", help="CSV: one row per group, three names.")
    ] = None,
    paper: PaperOption = None,
    lang: LangOption = "fr",
    duplex: DuplexOption = None,
    back_offset: Annotated[
        str | None, typer.Option("--back-offset", help="Shift every card back by X,Y mm (read it off "
                                 "'pnpkit calibrate'; default 0,0).")
    ] = None,
    printer: PrinterOption = None,
    exercises: Annotated[int, typer.Option(
        help="Add a worksheet of N practice exercises (1-12) to each group, its key to the facilitator's part.")] = 0,
    preview: Annotated[Path | None, typer.Option(help="Also write one low-resolution PNG per page here.")] = None,
    output: OutputOption = None,
) -> None:
    """Print everything for a session: cover, cards, record sheets, demonstrations, answer keys, scores, rules."""
    from cli.documents.kit import KitOptions, check_groups, kit_document, read_names_file
    from cli.errors import PnpkitError
    from cli.layout.imposition import DUPLEX_MODES
    from cli.layout.units import parse_offset
    from cli.profiles import resolve

    given = parse_offset(back_offset, "--back-offset") if back_offset is not None else None
    paper, duplex, offset = resolve(printer, paper, duplex, given)
    sheet, texts = paper_and_texts(paper, lang)
    if duplex not in DUPLEX_MODES:
        raise PnpkitError(f"unknown duplex mode '{duplex}'; use one of: {', '.join(DUPLEX_MODES)}")
    names = read_names_file(names_file) if names_file is not None else None
    for row in names or []:
        drawable(row, f"names file {names_file}")
    if names and groups is not None and groups != len(names):
        raise PnpkitError(f"the names file lists {len(names)} groups but --groups says {groups}; make them agree")
    count = check_groups(len(names) if names else (groups if groups is not None else 1))
    out = output_path(output, f"kit-{sheet.name}-{texts.code}")
    if preview is not None:
        from cli.outfile import check_folder
        from cli.render.preview import check_available

        check_available()
        check_folder(preview, "--preview")
    if exercises:
        from cli.games.exercises import check_count

        check_count(exercises, "--exercises")
    options = KitOptions(sheet, texts, duplex, count, seed, names, offset, exercises)
    publish(kit_document(options, _progress), out, "templates/kit_cover.xml.j2", preview)
