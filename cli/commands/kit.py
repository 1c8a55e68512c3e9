"""`pnpkit kit`: the whole classroom kit in one PDF (the README's main command)."""

import sys
from dataclasses import replace
from pathlib import Path
from typing import Annotated

import typer

from cli.commands.common import (
    BackOption,
    DuplexOption,
    LangOption,
    OutputOption,
    PaperOption,
    drawable,
    output_path,
    paper_and_texts,
    publish,
    say,
)
from cli.commands.printer import BackOffsetOption, PrinterOption, print_settings


def _progress(done: int, total: int) -> None:
    """A bar on stderr, only for a person watching a terminal and a kit of more than a few groups."""
    if total <= 3 or not sys.stderr.isatty():
        return
    filled = round(24 * done / total)
    sys.stderr.write(f"\rgroups [{'#' * filled}{'.' * (24 - filled)}] {done}/{total}")
    if done == total:
        sys.stderr.write("\n")
    sys.stderr.flush()


def _summary(figures, duplex: str) -> None:
    """What the print room needs to know, on stderr once the file is written."""
    import textwrap

    how = f"duplex, flip on {duplex} edge" if duplex in ("long", "short") else "single-sided"
    light = f", {figures.light_ink:.1f} with --back light" if figures.light_ink is not None else ""
    say(f"kit: {figures.sheets} sheets ({figures.pages} pages), ink about {figures.ink:.1f} ordinary pages "
        f"(A4 at 5 % coverage{light}); print it as one job, {how}, at 100 %", True)
    starts = ", ".join(f"{label} p. {page}" for label, page in figures.starts)
    say(textwrap.fill(f"parts start on: {starts}", 100, subsequent_indent="  "), True)


def _command(o, names_file: Path | None) -> str:
    """The command that makes this kit again, every setting spelled out (a profile may change later)."""
    import shlex

    args = ["pnpkit", "kit"]
    args += ["--names-file", str(names_file)] if names_file is not None else ["--groups", str(o.groups)]
    args += ["--seed", str(o.seed), "--paper", o.paper.name, "--lang", o.texts.code]
    if o.duplex_job:
        args += ["--duplex", o.duplex, f"--back-offset={o.back_offset[0]:g},{o.back_offset[1]:g}"]
    else:
        args += ["--single-sided", "--duplex", o.duplex]
    args += ["--back", o.back]
    args += ["--title", o.title] if o.title else []
    args += ["--only-group", str(o.only_group)] if o.only_group else []
    args += ["--rules-per-group"] if o.rules_per_group else []
    args += ["--exercises", str(o.exercises), "--level", str(o.level)] if o.exercises else []
    args += ["--set-id" if o.set_id else "--no-set-id"]
    args += ["--split"] if o.split else []
    return shlex.join(args)


def _flip(duplex: str | None, single_sided: bool) -> str | None:
    """The kit's mode from --duplex and --single-sided: long/short is one duplex job, fold/none single-sided."""
    from cli.errors import PnpkitError

    if single_sided and duplex in ("long", "short"):
        raise PnpkitError(f"--single-sided prints without duplex; leave out --duplex {duplex} (or use fold or none)")
    return (duplex or "fold") if single_sided else duplex


def _level(exercises: int, level: int | None) -> int:
    """The worksheets' level: checked like `exercises --level`; without worksheets it has nothing to set."""
    from cli.errors import PnpkitError
    from cli.games.exercises import check_count, check_level

    if not exercises:
        if level is not None:
            raise PnpkitError(f"--level {level} sets the worksheets' level; add --exercises N to have worksheets")
        return 3
    check_count(exercises, "--exercises")
    return check_level(3 if level is None else level)


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
        help="Add a worksheet of N practice exercises (1-12) to each group, its key to the facilitator's part.")] = 0,
    level: Annotated[int | None, typer.Option(
        help="The worksheets' level, as in `pnpkit exercises`: 1 single tricks, 2 discards, 3 whole deals "
             "(default).")] = None,
    set_id: Annotated[bool | None, typer.Option(
        "--set-id/--no-set-id",
        help="Each group's number on its card backs, so mixed decks can be sorted again (default: on when "
             "the kit has more than one group).")] = None,
    preview: Annotated[Path | None, typer.Option(help="Also write one low-resolution PNG per page here.")] = None,
    output: OutputOption = None,
) -> None:
    """Print everything for a session as one print job: cover, cards, record sheets, demonstrations, answer keys,
    scores, rules."""
    from cli.documents.kit import (
        KitOptions,
        check_groups,
        check_only_group,
        kit_document,
        kit_figures,
        read_names_file,
    )
    from cli.documents.kit_cover import fill_figures
    from cli.errors import PnpkitError
    from cli.layout.measure import Metrics
    from cli.layout.pagination import lay_out
    from cli.render.text import width_mm, wrap

    paper, duplex, offset = print_settings(printer, paper, _flip(duplex, single_sided), back_offset)
    sheet, texts = paper_and_texts(paper, lang)
    if title is not None and not title.strip():
        raise PnpkitError("--title is empty; give the class and teacher, e.g. --title 'CM2 B, Mme Diallo'")
    names = read_names_file(names_file) if names_file is not None else None
    for row in names or []:
        drawable(row, f"names file {names_file}")
    if names and groups is not None and groups != len(names):
        raise PnpkitError(f"the names file lists {len(names)} groups but --groups says {groups}; make them agree")
    count = check_groups(len(names) if names else (groups if groups is not None else 1))
    check_only_group(only_group, count)
    out = output_path(output, f"kit-{sheet.name}-{texts.code}" + (f"-group{only_group}" if only_group else ""))
    answers_out = None
    if split:
        if out.path is None:
            raise PnpkitError("--split writes two files; give -o a file name rather than -")
        from cli.outfile import Output, check_writable

        answers = out.path.with_name(f"{out.path.stem}-answers.pdf")
        answers_out = Output(check_writable(answers), answers.stem)
    if preview is not None:
        from cli.outfile import check_folder
        from cli.render.preview import check_available

        check_available()
        check_folder(preview, "--preview")
    level = _level(exercises, level)
    options = KitOptions(sheet, texts, duplex, count, seed, names, offset, exercises=exercises, level=level,
                         set_id=count > 1 if set_id is None else set_id, back=back,
                         title=title and title.strip(),
                         only_group=only_group, split=split, rules_per_group=rules_per_group,
                         answers_file=answers_out.path.name if answers_out else "")
    options = replace(options, command=_command(options, names_file))
    document, answers = kit_document(options, _progress)
    laid = lay_out(document, Metrics(width_mm, wrap))  # the figures the cover states need every page made
    figures = kit_figures(laid, options)
    fill_figures(laid, figures, texts.langs)
    _write(laid, answers, out, answers_out, preview)
    _summary(figures, duplex)


def _write(document, answers, out, answers_out, preview: Path | None) -> None:
    """Write the kit, and with --split the answer keys too: both files or neither."""
    if answers is None:
        publish(document, out, preview)
        return
    from cli.errors import PnpkitError
    from cli.render.pdf import render_pdf

    keys = render_pdf(answers)  # made before anything is written: a failure here leaves no file
    publish(document, out, preview)
    try:
        answers_out.write(keys.data, lambda: say(f"wrote {answers_out.label} ({keys.pages} pages)"))
    except (PnpkitError, KeyboardInterrupt):
        out.path.unlink(missing_ok=True)
        raise
