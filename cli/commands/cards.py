"""`pnpkit cards`: the twelve shape cards with backs that land behind their fronts."""

from typing import Annotated

import typer

from cli.commands.common import (
    BackOption,
    DuplexOption,
    LangOption,
    OutputOption,
    PaperOption,
    output_path,
    publish,
    say,
)
from cli.commands.printer import BackOffsetOption, PrinterOption
from cli.commands.settings import print_settings, profile_offset_named


def cards(
    paper: PaperOption = None,
    lang: LangOption = "fr",
    size: Annotated[str, typer.Option(help="poker (63x88), bridge (57x89), mini (44x63) or WxH in mm.")] = "poker",
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
        help="Seat cards A, B, C and a rules reminder: by default where the last sheet has room; "
             "--seat-cards adds a sheet if needed.",
    )] = None,
    crop_marks: Annotated[bool, typer.Option("--crop-marks/--no-crop-marks", help="Crop marks around cards.")] = True,
    decks: Annotated[int, typer.Option(help="How many decks of twelve cards.", min=1, max=50)] = 1,
    output: OutputOption = None,
) -> None:
    """Print the twelve shape cards (circle, triangle, square; values 1-4) with identical backs."""
    from cli.documents.card_sheets import cards_document, fewer_note, parse_only, sheet_imposition
    from cli.layout.sizes import card_size

    settings = print_settings(paper=paper, lang=lang, printer=printer, flip=duplex, back_offset=back_offset)
    sheet, texts, duplex, offset = settings
    width, height = card_size(size)
    chosen = parse_only(only) if only is not None else None
    path = output_path(output, f"cards-{sheet.name}-{texts.code}")
    with profile_offset_named(printer, back_offset):
        document = cards_document(sheet, texts, card_w=width, card_h=height, mode=duplex, back_offset=offset,
                                  crop_marks=crop_marks, decks=decks, back=back, set_id=set_id, only=chosen,
                                  seat_cards=seat_cards)
    publish(document, path)
    note = fewer_note(sheet_imposition(sheet, width, height, duplex, offset, crop_marks), offset)
    if note:
        say(f"cards: {note}", True)
