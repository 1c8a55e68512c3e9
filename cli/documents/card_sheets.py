"""Arrange decks of cards into the pages of a card sheet document (fronts, backs, folds).

Besides the twelve cards, the empty places of the last sheet take three seat cards (A, B, C) and a
trick-rules reminder card per language, with the deck's back.
"""

import re
from typing import NamedTuple

from cli.documents.language import Texts
from cli.documents.templating import build_document
from cli.errors import PnpkitError
from cli.games.cards import Card, full_deck, parse_card
from cli.layout.imposition import Box, Imposition, back_half, bleed_area, crop_marks, impose_cards
from cli.layout.markup import Node
from cli.layout.sheet_numbers import sheet_numbers
from cli.layout.sizes import Paper

_MODE_HINT = {"long": "duplex_long", "short": "duplex_short", "fold": "fold_notice", "none": "duplex_none"}
BACK_STYLES = ("tint", "light", "opaque")
SEATS = ("A", "B", "C")
SMALLEST_EXTRAS = 0.65  # seat and reminder cards need at least this fraction of a poker card (mini: 0.70)
_TURNS_INTO = {"0": "0", "1": "1", "6": "9", "8": "8", "9": "6"}  # digits after a half turn


class Face(NamedTuple):
    """What a front shows: a card, a seat card (label A, B, C) or the reminder (label: its language)."""

    kind: str  # "card", "seat" or "reminder"
    card: Card | None = None
    label: str = ""


class Placed(NamedTuple):
    face: Face
    box: Box


class BackSlot(NamedTuple):
    box: Box  # the card
    clip: str  # the card and its bleed inside the printable area, as a markup clip


class SheetPage(NamedTuple):
    kind: str  # "fronts", "backs" or "fold"
    fronts: list[Placed]
    backs: list[BackSlot]
    marks: list[tuple[float, float, float, float]]


class NumberPlace(NamedTuple):
    """Where a sheet's "n / N" goes: its baseline's start or end, and 0 or 90 (reading downwards)."""

    x: float
    y: float
    rotate: int
    align: str


NUMBER_SIZE = 8.0  # pt: read by whoever sorts the stack, not by the players
_NUMBER_RISE, _NUMBER_DROP = 2.2, 0.7  # mm the digits reach above and below their baseline at that size


class SetMark(NamedTuple):
    text: str
    underline: bool  # the number reads as another one upside down (6, 9, 16, 86…)


def set_mark(set_id: int | None) -> SetMark | None:
    if set_id is None:
        return None
    text = str(set_id)
    turned = "".join(_TURNS_INTO.get(d, "?") for d in reversed(text))
    return SetMark(text, "?" not in turned and turned != text)


def faces(cards: list[Card], per_sheet: int, langs: tuple[str, ...], seat_cards: bool | None) -> list[Face | None]:
    """The fronts in order, None for an empty place; seat and reminder cards where asked or where they fit.

    seat_cards None: on the last sheet if it has room; True: there, or on a sheet of their own; False: never.
    """
    out: list[Face | None] = [Face("card", card) for card in cards]
    extras = [Face("seat", label=s) for s in SEATS] + [Face("reminder", label=lang) for lang in langs]
    room = -len(out) % per_sheet
    if seat_cards is False or (seat_cards is None and len(extras) > room):
        return out
    if len(extras) > room:
        out += [None] * room  # a sheet of their own
    return out + extras


def _clip(box: Box) -> str:
    return f"{box.x:.3f} {box.y:.3f} {box.w:.3f} {box.h:.3f}"


def card_pages(fronts: list[Face | None], imposition: Imposition, marks: bool) -> list[SheetPage]:
    """Fronts then their backs, sheet after sheet; a fold sheet holds both on one page."""
    numbers = sheet_numbers()
    per = imposition.per_sheet
    within = back_half(imposition)
    # on a fold sheet the crop marks share the page with the backs: the bleed stops short of them
    bleed = numbers.bleed if imposition.mode != "fold" or not marks else max(0.0, numbers.mark_gap - 0.2)
    pages: list[SheetPage] = []
    for start in range(0, len(fronts), per):
        chunk = fronts[start:start + per]
        placed = [Placed(face, box) for face, box in zip(chunk, imposition.fronts, strict=False) if face]
        backs = [BackSlot(box, _clip(bleed_area(box, bleed, within)))
                 for face, box in zip(chunk, imposition.backs, strict=False) if face]
        printed = [p.box for p in placed] + ([b.box for b in backs] if imposition.mode == "fold" else [])
        cuts = [m for m in crop_marks(printed, numbers.mark_gap, imposition.mark_length)
                if not _on_fold(m, imposition.fold_line)] if marks else []
        if imposition.mode == "fold":
            pages.append(SheetPage("fold", placed, backs, cuts))
        else:
            pages.append(SheetPage("fronts", placed, [], cuts))
            pages.append(SheetPage("backs", [], backs, []))
    return pages


def _on_fold(mark: tuple[float, float, float, float], fold: tuple[float, float, float, float] | None) -> bool:
    """A crop mark on the fold line: the fold line's dashes take its place."""
    if fold is None:
        return False
    if fold[1] == fold[3]:
        return abs(mark[1] - fold[1]) < 1e-6 and abs(mark[3] - fold[1]) < 1e-6
    return abs(mark[0] - fold[0]) < 1e-6 and abs(mark[2] - fold[0]) < 1e-6


def fold_dashes(imposition: Imposition, marks: bool) -> list[tuple[float, float, float, float]]:
    """The fold line's dashed pieces, from the crop marks' distance off the block out to the margin or
    the bands of text; they stand where the crop marks of that line would be."""
    if imposition.fold_line is None:
        return []
    numbers = sheet_numbers()
    paper, block = imposition.paper, imposition.mark_grid.box
    clear = numbers.mark_gap if marks else numbers.fold_clearance
    x1, y1, x2, y2 = imposition.fold_line
    if y1 == y2:  # across the page: beside the block
        pieces = [(x1, y1, block.x - clear, y1), (block.x + block.w + clear, y1, x2, y1)]
    else:  # down the page: between the bands and the block
        top = paper.safe_margin + numbers.strip + numbers.fold_clearance
        bottom = paper.height - paper.safe_margin - numbers.strip - numbers.fold_clearance
        pieces = [(x1, top, x1, block.y - clear), (x1, block.y + block.h + clear, x1, bottom)]
    return [p for p in pieces if abs(p[2] - p[0]) + abs(p[3] - p[1]) >= 2.0]


def _number_candidates(paper: Paper, block: Box, bands: str) -> list[NumberPlace]:
    """Bottom right like every other page, else top right; with the bands in the side margins, at the top
    of the right margin reading downwards (above the ruler), else of the left one."""
    m, w, h = paper.safe_margin, paper.width, paper.height
    if bands == "side":
        inset = 2.4  # where the ruler's label stands: the digits rise towards the paper's edge
        return [NumberPlace(w - m - inset, block.y + 3.5, 90, "left"),
                NumberPlace(m + _NUMBER_RISE + 0.2, block.y + 3.5, 90, "left")]
    return [NumberPlace(w - m - 1.5, h - m - 1.5, 0, "right"),
            NumberPlace(w - m - 1.5, m + 1.5 + _NUMBER_RISE, 0, "right")]


def _clear_of(place: NumberPlace, block: Box, gap: float) -> bool:
    """The number stands at least `gap` from the block of cards (on the axis across its baseline)."""
    if place.rotate:
        inner, outer = place.x - _NUMBER_DROP, place.x + _NUMBER_RISE
        return inner >= block.x + block.w + gap or outer <= block.x - gap
    top, bottom = place.y - _NUMBER_RISE, place.y + _NUMBER_DROP
    return top >= block.y + block.h + gap or bottom <= block.y - gap


def number_place(imposition: Imposition, kind: str) -> NumberPlace | None:
    """Where the page number of a fronts, backs or fold page goes: the first place clear of the cards and
    their marks (backs: of the backs, by `keep_clear`, wherever --back-offset moved them); None if none is."""
    numbers = sheet_numbers()
    paper = imposition.paper
    front = imposition.mark_grid.box
    reach = numbers.mark_gap + imposition.mark_length
    blocks = [(_bounds(imposition.backs), numbers.keep_clear)] if kind == "backs" else [(front, reach + 0.5)]
    if kind == "fold":
        blocks.append((_bounds(imposition.backs), numbers.keep_clear))
    for place in _number_candidates(paper, front, imposition.bands):
        if all(_clear_of(place, block, gap) for block, gap in blocks):
            return place
    return None


def _bounds(boxes: list[Box]) -> Box:
    x0, y0 = min(b.x for b in boxes), min(b.y for b in boxes)
    x1, y1 = max(b.x + b.w for b in boxes), max(b.y + b.h for b in boxes)
    return Box(x0, y0, x1 - x0, y1 - y0)


def sheet_context(imposition: Imposition, marks: bool) -> dict:
    """What the sheet macros need besides the pages: bands, fold line, the numbers they use."""
    block = imposition.mark_grid.box
    paper = imposition.paper
    numbers = sheet_numbers()
    return {
        "paper": paper,
        "bands": imposition.bands,
        "strip_top": imposition.strip_top,
        "strip_bottom": paper.height - imposition.strip_top,
        "block": block,
        "row_h": imposition.mark_grid.card_h,
        "fold": fold_dashes(imposition, marks),
        "numbers": numbers,
        "number_at": {kind: number_place(imposition, kind) for kind in ("fronts", "backs", "fold")},
        "number_size": NUMBER_SIZE,
    }


def parse_only(text: str) -> list[Card]:
    """--only 'C3,T1': the cards to print again, each once."""
    try:
        cards = [parse_card(token) for token in re.split(r"[\s,;]+", text.strip()) if token]
    except PnpkitError as error:
        raise PnpkitError(f"--only: {error}") from None
    return check_only(cards)


def check_only(cards: list[Card]) -> list[Card]:
    if not cards:
        raise PnpkitError("--only names no card; list the cards to print, e.g. C3,T1")
    seen = set()
    for card in cards:
        if card in seen:
            raise PnpkitError(f"--only names {card} twice; list each card once, e.g. C3,T1")
        seen.add(card)
    return cards


def cards_document(paper: Paper, texts: Texts, card_w: float, card_h: float, mode: str,
                   back_offset: tuple[float, float] = (0.0, 0.0), crop_marks: bool = True, decks: int = 1,
                   *, back: str = "tint", set_id: int | None = None, only: list[Card] | None = None,
                   seat_cards: bool | None = None, group: int | None = None, marks_only: bool = False) -> Node:
    """The card sheets of `decks` decks (or only the `only` cards) as a validated document tree.

    back: tint (default, light on ink), light (for card stock) or opaque; set_id: a number on every
    back so mixed decks can be sorted again; seat_cards: see `faces` (with `only`, none unless asked);
    group: a kit's group, named in the notice area of every front page so loose sheets find their group;
    marks_only: the same pages holding only the set number and the group, to draw over a deck made once.
    """
    if back not in BACK_STYLES:
        raise PnpkitError(f"unknown back '{back}'; use one of: {', '.join(BACK_STYLES)}")
    imposition = impose_cards(paper, card_w, card_h, mode, crop_marks, back_offset)
    cards = check_only(only) if only is not None else full_deck() * decks
    if only and seat_cards is None:
        seat_cards = False
    if min(card_w / 63, card_h / 88) < SMALLEST_EXTRAS:  # their text would not fit
        if seat_cards:
            raise PnpkitError(f"cards of {card_w:g}x{card_h:g} mm are too small for seat cards; "
                              "leave out --seat-cards or choose mini (44x63) or larger")
        seat_cards = False
    fronts = faces(cards, imposition.per_sheet, texts.langs, seat_cards)
    notes = [" ".join(([] if mode == "fold" else [texts.t("cut_notice", lang)])
                      + [texts.t(_MODE_HINT[mode], lang), texts.t("suit_legend", lang)]) for lang in texts.langs]
    return build_document(
        "cards.xml.j2",
        title=texts.t("cards_title"), subject=texts.t("cards_subject"),
        lang=texts.primary, duplex="none" if mode == "fold" else mode,
        texts=texts, ctx=sheet_context(imposition, crop_marks), pages=card_pages(fronts, imposition, crop_marks),
        notes=notes, back=back, tag=texts.each("group_label", group=group) if group is not None else [],
        marks_only=marks_only,
        set_mark=set_mark(set_id), faces=sorted(set(cards)), card_w=card_w, card_h=card_h,
    )
