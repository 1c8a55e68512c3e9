"""Arrange decks of cards into the pages of a card sheet document (fronts, backs, folds).

Besides the twelve cards, three seat cards (A, B, C) and a trick-rules reminder card per language take the
last sheet's empty places or a sheet of their own, with the deck's back marked as theirs (see `card_faces`;
the pages: `sheet_pages`).
"""


from cli.documents.card_faces import check_only, faces, parse_only, set_mark
from cli.documents.language import Texts
from cli.documents.languages import language
from cli.documents.sheet_pages import SheetPage, card_pages, sheet_context
from cli.documents.templating import build_document
from cli.errors import PnpkitError
from cli.games.cards import Card, full_deck
from cli.layout.band_text import BandText
from cli.layout.imposition import MODE_NOTICES, Box, Imposition, impose_cards
from cli.layout.markup import Element
from cli.layout.measure import face, metrics
from cli.layout.registration import Registration, marks
from cli.layout.sheet_number_place import number_depths
from cli.layout.sheet_numbers import sheet_numbers
from cli.layout.sizes import Paper, named_card_sizes, paper_names, poker_scale, sheet_value, style_value
from cli.layout.sizes import paper as named_paper
from cli.records import Record

__all__ = ["BACK_STYLES", "cards_document", "fewer_note", "front_outlines", "parse_only", "plan_sheets",
           "sheet_imposition"]

BACK_STYLES = ("tint", "light", "opaque")


def sheet_imposition(paper: Paper, card_w: float, card_h: float, mode: str,
                     back_offset: tuple[float, float] = (0.0, 0.0), crop_marks: bool = True, *,
                     cut: bool = False, registration: Registration | None = None) -> Imposition:
    """The card sheets' imposition: for the built-in sizes, fitted to the back offset (see impose_cards);
    for cut files a gutter between cards, and with registration marks the front page's margins theirs."""
    named = set(named_card_sizes().values())
    return impose_cards(paper, card_w, card_h, mode, crop_marks, back_offset, fit=(card_w, card_h) in named,
                        gutter=sheet_numbers().cut_gutter if cut else 0.0,
                        margin=registration.margin if registration else None, number_depths=number_depths(paper))


def _written(value: float):
    """A reading as each language writes it (1,5 in French): the sheet names the offset, not the option that
    set it, for it may come from the web page's fields or a printer profile."""
    return lambda lang: f"{value:g}".replace(".", language(lang).decimal)


def fewer_note(imposition: Imposition, back_offset: tuple[float, float]) -> str | None:
    """One line for stderr when the back offset cost cards; None when the default grid held."""
    if not imposition.full:
        return None
    grid = imposition.mark_grid
    card = (grid.card_h, grid.card_w) if imposition.turned else (grid.card_w, grid.card_h)
    others = [named_paper(name) for name in paper_names() if name != imposition.paper.name]
    roomy = [other for other in others if _holds(other, *card, imposition.mode, back_offset, imposition.full)]
    fix = (f"--paper {roomy[0].name} holds {imposition.full} at this offset" if roomy
           else "check the offset with 'pnpkit calibrate' if it seems large")
    return (f"{imposition.per_sheet} cards a sheet instead of {imposition.full}: back offset "
            f"{back_offset[0]:g},{back_offset[1]:g} mm leaves the default grid no room for the backs' bleed; {fix}")


def _holds(sheet: Paper, card_w: float, card_h: float, mode: str, back_offset: tuple[float, float],
           cards: int) -> bool:
    """Whether `sheet` holds `cards` cards a sheet at this back offset."""
    try:
        return sheet_imposition(sheet, card_w, card_h, mode, back_offset).per_sheet >= cards
    except PnpkitError:  # too small a paper, or the offset leaves it
        return False


class SheetPlan(Record):
    """What the card sheets hold, before any markup: the imposition, the cards and the pages."""

    imposition: Imposition
    cards: list[Card]
    pages: list[SheetPage]
    left_out: str | None = None  # why the seat and reminder cards are missing though not declined (for stderr)


def check_registration(registration: Registration | None, *, mode: str) -> None:
    """Refuse registration marks on a sheet a cutter cannot read them from (folded, or backs on their own pages).

    The cards command asks before its cut-file checks, so `--duplex fold` hears this precise line rather than the
    cut file's, whose advice (none) would be refused next.
    """
    if registration is not None and mode in ("fold", "none"):
        raise PnpkitError.of(f"registration_duplex.{mode}")


def plan_sheets(paper: Paper, texts: Texts, *, card_w: float, card_h: float, mode: str,
                back_offset: tuple[float, float] = (0.0, 0.0), crop_marks: bool = True, decks: int = 1,
                only: list[Card] | None = None, seat_cards: bool | None = None, cut: bool = False,
                registration: Registration | None = None) -> SheetPlan:
    """The imposition and the pages of `decks` decks (or only the `only` cards): see `cards_document`.

    seat_cards: the seat and reminder cards, by default (None) a set with every deck whatever the duplex
    mode, on the last sheet or a sheet of their own, and with `only` cards one set if asked.
    """
    check_registration(registration, mode=mode)
    imposition = sheet_imposition(paper, card_w, card_h, mode, back_offset, crop_marks, cut=cut,
                                  registration=registration)
    cards = check_only(only) if only is not None else full_deck() * decks
    extras = seat_cards if seat_cards is not None else not only
    too_small = poker_scale(card_w, card_h) < sheet_value("card_drawing", "extras_least_scale")  # their text: no room
    if too_small and seat_cards:
        raise PnpkitError(f"cards of {card_w:g}x{card_h:g} mm are too small for seat cards; "
                          f"leave out --seat-cards or choose {_smallest_for_extras()} or larger")
    fronts = faces(cards, imposition.per_sheet, texts.langs, extras=extras and not too_small,
                   sets=decks if only is None else 1)
    left_out = (f"no seat cards A, B, C nor reminder card: cards of {card_w:g}x{card_h:g} mm are too small for "
                f"their text; --size {_smallest_for_extras()} or larger has them") if too_small and extras else None
    return SheetPlan(imposition, cards, card_pages(fronts, imposition, crop_marks), left_out)


def _smallest_for_extras() -> str:
    """The smallest named card size of layouts/cards.toml that holds seat cards, as 'mini (44x63)'."""
    fits = {name: size for name, size in named_card_sizes().items()
            if poker_scale(*size) >= sheet_value("card_drawing", "extras_least_scale")}
    name = min(fits, key=lambda name: fits[name][0] * fits[name][1])
    return f"{name} ({fits[name][0]:g}x{fits[name][1]:g})"


def front_outlines(plan: SheetPlan) -> list[tuple[int, list[Box]]]:
    """Each front page's number in the document and the boxes of every card-sized item on it (cards,
    seat cards, the reminder): what a cutter cuts."""
    return [(number, [placed.box for placed in page.fronts])
            for number, page in enumerate(plan.pages, start=1) if page.kind == "fronts"]


def _mm_text(value: float, lang: str) -> str:
    """Millimetres for a sentence, with the language's decimal mark."""
    text = f"{value:g}"
    return text.replace(".", ",") if lang in ("fr", "de") else text


def _registration(paper: Paper, texts: Texts, reg: Registration | None) -> dict | None:
    """The marks to draw on the front pages and the settings to type into the cutting program."""
    if reg is None:
        return None
    square, lines = marks(paper, reg)
    # the settings between the top corners the marks reserve, where nothing else is printed: wrapped to that
    # room when the corners are large (--reg-length), each language's lines in its own style
    size = style_value("card_sheet", "settings")
    room = paper.width - 2 * (reg.inset + reg.length + reg.clearance)
    settings = [(line, "italic" if index else "normal")
                for index, lang in enumerate(texts.langs)
                for line in metrics().wrap(texts.t("registration_settings", lang, length=_mm_text(reg.length, lang),
                                                   thickness=_mm_text(reg.thickness, lang),
                                                   inset=_mm_text(reg.inset, lang)),
                                           size, room, face("bold", "italic" if index else None))]
    return {"square": square, "lines": lines, "thickness": reg.thickness, "settings": settings,
            "text_x": paper.width / 2, "text_y": BandText.settings(reg.inset + reg.clearance, size),
            "text_size": size}


def cards_document(paper: Paper, texts: Texts, *, card_w: float, card_h: float, mode: str,
                   back_offset: tuple[float, float] = (0.0, 0.0), crop_marks: bool = True, decks: int = 1,
                   back: str = "tint", set_id: int | None = None, only: list[Card] | None = None,
                   seat_cards: bool | None = None, group: int | None = None, marks_only: bool = False,
                   cut: bool = False, registration: Registration | None = None,
                   plan: SheetPlan | None = None) -> Element:
    """The card sheets of `decks` decks (or only the `only` cards) as a validated document tree.

    back: tint (default, light on ink), light (for card stock) or opaque; set_id: a number on every
    back so mixed decks can be sorted again; seat_cards: see `plan_sheets`;
    group: a kit's group, named in the notice area of every front page so loose sheets find their group;
    marks_only: the same pages holding only the set number and the group, to draw over a deck made once;
    cut: a gutter between cards, for cut files; registration: a cutting machine's marks on the fronts;
    plan: `plan_sheets` of these same arguments, when the caller has it already (not planned twice).
    """
    if back not in BACK_STYLES:
        raise PnpkitError(f"unknown back '{back}'; use one of: {', '.join(BACK_STYLES)}")
    plan = plan or plan_sheets(paper, texts, card_w=card_w, card_h=card_h, mode=mode, back_offset=back_offset,
                               crop_marks=crop_marks, decks=decks, only=only, seat_cards=seat_cards, cut=cut,
                               registration=registration)
    imposition = plan.imposition
    notes = [" ".join(([] if mode == "fold" else [texts.t("cut_notice", lang)])
                      + [texts.t(MODE_NOTICES[mode], lang), texts.t("suit_legend", lang)]) for lang in texts.langs]
    fewer = texts.each("offset_fewer", cards=imposition.per_sheet, full=imposition.full, x=_written(back_offset[0]),
                       y=_written(back_offset[1])) if imposition.full else []
    reg_marks = _registration(paper, texts, registration)
    return build_document(
        "cards.xml.j2",
        title=texts.t("cards_title"), subject=texts.t("cards_subject"),
        lang=texts.primary, duplex="none" if mode == "fold" else mode,
        texts=texts, ctx=sheet_context(imposition, crop_marks), pages=plan.pages,
        notes=notes, fewer=fewer, registration=reg_marks, back=back,
        tag=texts.each("group_label", group=group) if group is not None else [], marks_only=marks_only,
        set_mark=set_mark(set_id), faces=sorted(set(plan.cards)), card_w=card_w, card_h=card_h,
    )
