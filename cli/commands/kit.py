"""`pnpkit kit`: the whole classroom kit in one PDF (the README's main command)."""

from dataclasses import replace
from pathlib import Path
from typing import Annotated

import typer

from cli.commands.common import (
    BackOffsetOption,
    BackOption,
    DuplexOption,
    LangOption,
    LargePrintOption,
    OutputOption,
    PaperOption,
    PrinterOption,
    drawable,
    output_path,
    page_count,
    printed,
    publish,
)
from cli.commands.kit_report import progress, summary
from cli.commands.kit_settings import kit_flip, rebuild_command, worksheet_level
from cli.commands.settings import print_settings, profile_offset_named


def kit(
    groups: Annotated[
        int | None, typer.Option(help="Groups of three players, 1 to 200 (default: 1, or one per names-file row).")
    ] = None,
    seed: Annotated[int, typer.Option(help="Seed of group 1's demonstration deal; other groups derive theirs.")] = 1,
    names_file: Annotated[
        Path | None, typer.Option("--names-file", help="CSV: one row per group, three names.")
    ] = None,
    paper: PaperOption = None,
    lang: LangOption = "fr",
    duplex: DuplexOption = None,
    back_offset: BackOffsetOption = None,
    printer: PrinterOption = None,
    back: BackOption = "tint",
    single_sided: Annotated[bool, typer.Option(
        "--single-sided", help="For printers without duplex: cards folded and glued, no blank pages.")] = False,
    title: Annotated[str | None, typer.Option(help="A line for the cover, e.g. the class and teacher.")] = None,
    only_group: Annotated[int | None, typer.Option(
        "--only-group", help="Reprint one group's material (same --groups or --names-file and --seed).")] = None,
    split: Annotated[bool, typer.Option(
        "--split", help="Write the facilitator's answer keys to a file of their own (FILE-answers.pdf).")] = False,
    rules_per_group: Annotated[bool, typer.Option(
        "--rules-per-group", help="Put the rule handouts with each group's material (default: once at the end).")
    ] = False,
    exercises: Annotated[int, typer.Option(
        help="Add a worksheet of N practice exercises (1-12) for each player (each group its own exercises); "
             "its key goes to the facilitator's part.")] = 0,
    level: Annotated[int | None, typer.Option(
        help="The worksheets' level, as in `pnpkit exercises`: 1 single tricks, 2 discards, 3 whole deals "
             "(default).")] = None,
    large_print: LargePrintOption = False,
    set_id: Annotated[bool | None, typer.Option(
        "--set-id/--no-set-id",
        help="Each group's number on its card backs, so mixed decks can be sorted again (default: on when "
             "the kit has more than one group).")] = None,
    preview: Annotated[Path | None, typer.Option(help="Also write one low-resolution PNG per page here.")] = None,
    output: OutputOption = None,
) -> None:
    """Print everything for a session as one print job: cover, cards, record sheets, demonstrations, answer keys,
    scores, rules."""
    from cli.documents.kit import laid_kit
    from cli.documents.kit_options import KitOptions, check_groups, check_only_group, read_names_file
    from cli.errors import PnpkitError
    from cli.outfile import check_not_input

    settings = print_settings(paper=paper, lang=lang, printer=printer, flip=kit_flip(duplex, single_sided),
                              back_offset=back_offset)
    sheet, texts, duplex, offset = settings
    if title is not None:
        from cli.documents.names import clean_title

        title = drawable([clean_title(title)], "--title")[0]
    class_list = read_names_file(names_file) if names_file is not None else None
    names = class_list.groups if class_list else None
    for row in names or []:
        drawable(row, f"names file {names_file}")
    if names and groups is not None and groups != len(names):
        raise PnpkitError.of("names_groups", count=len(names), value=groups)
    count = check_groups(len(names) if names else (groups if groups is not None else 1))
    check_only_group(only_group, count)
    out = check_not_input(output_path(output, f"kit-{sheet.name}-{texts.code}" + ("-large" if large_print else "")
                                      + (f"-group{only_group}" if only_group else "")), [names_file])
    answers_out = None
    if split:
        if out.path is None:
            raise PnpkitError("--split writes two files; give -o a file name rather than -")
        from cli.outfile import Output, check_writable

        answers = out.path.with_name(f"{out.path.stem}-answers.pdf")
        answers_out = check_not_input(Output(check_writable(answers), answers.stem), [names_file])
    if preview is not None:
        from cli.outfile import check_folder
        from cli.render.preview import check_available

        check_available()
        check_folder(preview, "--preview")
    level = worksheet_level(exercises, level)
    options = KitOptions(sheet, texts, duplex, count, seed, names, offset, exercises=exercises, level=level,
                         set_id=count > 1 if set_id is None else set_id, back=back, large_print=large_print,
                         title=title,
                         only_group=only_group, split=split, rules_per_group=rules_per_group,
                         answers_file=answers_out.path.name if answers_out else "")
    options = replace(options, command=rebuild_command(options, names_file))
    if class_list and class_list.headings:  # said once every check passed: a refusal stays one line
        from cli.commands.kit_report import note

        note("names_headings", path=str(names_file), row=class_list.headings_line, value=", ".join(class_list.headings))
    with profile_offset_named(printer, back_offset):
        kit = laid_kit(options, progress)
    _write(kit.kit, kit.answers, out, answers_out, preview)
    summary(kit.figures)
    _fewer(options)


def _fewer(options) -> None:
    """One line on stderr when the back offset cost cards a sheet (the sheets say so too)."""
    from cli.commands.common import say
    from cli.documents.card_sheets import fewer_note, sheet_imposition
    from cli.layout.sizes import card_size

    imposition = sheet_imposition(options.paper, *card_size("poker"), options.card_mode, options.back_offset)
    note = fewer_note(imposition, options.back_offset)
    if note:
        say(f"kit: {note}", True)


def _write(document, answers, out, answers_out, preview: Path | None) -> None:
    """Write the kit, and with --split the answer keys too: both files or neither."""
    if answers is None:
        publish(document, out, preview)
        return
    from cli.render.pdf import render_pdf

    keys = render_pdf(answers)  # made before anything is written: a failure here leaves no file

    def write_answers() -> str:
        answers_out.write(keys.data)
        printed(answers_out.label, keys.pages, answers.duplex)
        return f"wrote {answers_out.label} ({page_count(keys.pages)})"

    publish(document, out, preview, also=write_answers)
