"""`pnpkit cards`: the twelve shape cards with backs that land behind their fronts."""

from typing import Annotated

import typer

from cli.commands.common import (
    BackOffsetOption,
    BackOption,
    DuplexOption,
    LangOption,
    OutputOption,
    PaperOption,
    PrinterOption,
    choice,
    output_path,
    page_count,
    printed,
    publish,
    say,
)
from cli.commands.settings import print_settings, profile_offset_named
from cli.layout.sizes import load_layout, named_card_sizes


def _reg_default(field: str) -> str:
    """The default of --reg-FIELD as layouts/registration.toml sets it (its one home), per cutting program."""
    from cli.layout.registration import registration

    return ", ".join(f"{getattr(registration(name), field):g} for {name}" for name in load_layout("registration"))


def _size_help() -> str:
    """The --size help, listing layouts/cards.toml's sizes (their one home)."""
    named = ", ".join(f"{name} ({w:g}x{h:g})" for name, (w, h) in named_card_sizes().items())
    return f"{named} or WxH in mm."


def cards(
    paper: PaperOption = None,
    lang: LangOption = "fr",
    size: Annotated[str, typer.Option(help=_size_help())] = "poker",
    duplex: DuplexOption = None,
    back_offset: BackOffsetOption = None,
    printer: PrinterOption = None,
    back: BackOption = "tint",
    set_id: Annotated[int | None, typer.Option(
        "--set-id", min=1, max=999,
        help="A number on every back (e.g. the group), so mixed decks can be sorted again.",
    )] = None,
    only: Annotated[str | None, typer.Option("--only", help="Print only these cards, e.g. C3,T1.")] = None,
    seat_cards: Annotated[bool | None, typer.Option(
        "--seat-cards/--no-seat-cards",
        help="Seat cards A, B, C and a rules reminder: by default with every deck (on the last sheet, or a "
             "sheet of their own), not with --only unless asked.",
    )] = None,
    crop_marks: Annotated[bool, typer.Option("--crop-marks/--no-crop-marks", help="Crop marks around cards.")] = True,
    decks: Annotated[int, typer.Option(help="How many decks of twelve cards.", min=1, max=50)] = 1,
    cut_file: Annotated[str | None, typer.Option(
        "--cut-file", callback=choice,
        help="Also write a cut file per front sheet, svg or dxf (FILE-sheet-PAGE.svg): the cards' outlines "
             "for a cutting machine; cards get a gutter.")] = None,
    registration: Annotated[str | None, typer.Option(
        "--registration", callback=choice,
        help="Print a cutting machine's registration marks on the fronts: silhouette (Studio's Type 1).")] = None,
    reg_inset: Annotated[float | None, typer.Option(
        "--reg-inset", help=f"Registration marks' inset in mm, as set in the cutting program "
                            f"(default {_reg_default('inset')}).")] = None,
    reg_length: Annotated[float | None, typer.Option(
        "--reg-length", help=f"Registration marks' length in mm (default {_reg_default('length')}).")] = None,
    reg_thickness: Annotated[float | None, typer.Option(
        "--reg-thickness", help=f"Registration marks' thickness in mm (default {_reg_default('thickness')}).")] = None,
    output: OutputOption = None,
) -> None:
    """Print the twelve shape cards (circle, triangle, square; values 1-4) with identical backs."""
    from cli.documents.card_sheets import cards_document, check_registration, fewer_note, parse_only, plan_sheets
    from cli.layout.sizes import card_size

    settings = print_settings(paper=paper, lang=lang, printer=printer, flip=duplex, back_offset=back_offset)
    sheet, texts, duplex, offset = settings
    width, height = card_size(size)
    chosen = parse_only(only) if only is not None else None
    marks = _registration(registration, reg_inset, reg_length, reg_thickness, cut_file)
    check_registration(marks, mode=duplex)
    path = output_path(output, f"cards-{sheet.name}-{texts.code}")
    cuts = _cut_paths(cut_file, path, duplex)
    shape = {"card_w": width, "card_h": height, "mode": duplex, "back_offset": offset, "crop_marks": crop_marks,
             "decks": decks, "only": chosen, "seat_cards": seat_cards, "cut": cut_file is not None,
             "registration": marks}
    with profile_offset_named(printer, back_offset):
        plan = plan_sheets(sheet, texts, **shape)
        document = cards_document(sheet, texts, back=back, set_id=set_id, plan=plan, **shape)
    if cuts is None:
        publish(document, path, fold=duplex == "fold")
    else:
        _publish_with_cuts(document, path, cuts(plan, texts))
    for note in (plan.left_out, fewer_note(plan.imposition, offset)):
        if note:
            say(f"cards: {note}", True)


def _registration(name: str | None, inset: float | None, length: float | None, thickness: float | None,
                  cut_file: str | None):
    """The registration marks asked for (with a cut file: the cutter needs one), or None."""
    from cli.errors import PnpkitError

    if name is None:
        if any(v is not None for v in (inset, length, thickness)):
            raise PnpkitError.of("reg_alone")
        return None
    if cut_file is None:
        raise PnpkitError.of("registration_cut")
    from cli.layout.registration import registration

    return registration(name, inset=inset, length=length, thickness=thickness)


def _cut_paths(cut_file: str | None, out, duplex: str):
    """What makes the cut files (FILE-sheet-PAGE.svg beside the PDF), checked before any work; None without."""
    from cli.errors import PnpkitError

    if cut_file is None:
        return None
    from cli.render.cut_files import CUT_FORMATS

    if cut_file not in CUT_FORMATS:
        raise PnpkitError(f"unknown --cut-file '{cut_file}'; use one of: {', '.join(CUT_FORMATS)}")
    if out.path is None:
        raise PnpkitError("--cut-file writes files beside the PDF; give -o a file name rather than -")
    if duplex == "fold":
        raise PnpkitError.of("cut_fold")

    def make(plan, texts):
        from cli.documents.card_sheets import front_outlines
        from cli.outfile import check_writable
        from cli.render.cut_files import dxf_cut, svg_cut

        files = []
        for page, boxes in front_outlines(plan):
            target = check_writable(out.path.with_name(f"{out.path.stem}-sheet-{page}.{cut_file}"))
            paper = plan.imposition.paper
            data = (svg_cut(paper, boxes, f"{texts.t('cards_title')}, page {page}") if cut_file == "svg"
                    else dxf_cut(paper, boxes))
            files.append((target, data))
        return files

    return make


def _publish_with_cuts(document, out, cuts: list) -> None:
    """The PDF and its cut files, written all together or not at all."""
    from cli.layout.pagination import lay_out
    from cli.outfile import write_together
    from cli.render.pdf import render_pdf
    from cli.render.text import METRICS

    laid = lay_out(document, METRICS)
    rendered = render_pdf(laid)
    write_together([(out.path, rendered.data), *cuts])
    printed(out.label, rendered.pages, laid.duplex)  # cut files: only on both sides (never fold)
    say(f"wrote {out.label} ({page_count(rendered.pages)}) and {len(cuts)} cut files beside it")
