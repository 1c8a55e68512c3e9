"""Arrange decks of cards into the pages of a card sheet document (fronts, backs, folds)."""

from typing import NamedTuple

from cli.documents.language import Texts
from cli.documents.templating import build_document
from cli.games.cards import Card, full_deck
from cli.layout.imposition import Box, Imposition, impose_cards
from cli.layout.markup import Node
from cli.layout.sizes import Paper

_MODE_HINT = {"long": "duplex_long", "short": "duplex_short", "fold": "fold_notice", "none": "duplex_none"}


class Placed(NamedTuple):
    card: Card
    box: Box


class SheetPage(NamedTuple):
    kind: str  # "fronts", "backs" or "fold"
    fronts: list[Placed]
    backs: list[Box]


def card_pages(cards: list[Card], imposition: Imposition) -> list[SheetPage]:
    """Fronts then their backs, sheet after sheet; a fold sheet holds both on one page."""
    per = imposition.per_sheet
    pages: list[SheetPage] = []
    for start in range(0, len(cards), per):
        chunk = cards[start:start + per]
        fronts = [Placed(card, box) for card, box in zip(chunk, imposition.fronts, strict=False)]
        backs = imposition.backs[: len(chunk)]
        if imposition.mode == "fold":
            pages.append(SheetPage("fold", fronts, backs))
        else:
            pages.append(SheetPage("fronts", fronts, []))
            pages.append(SheetPage("backs", [], backs))
    return pages


def sheet_context(imposition: Imposition) -> dict:
    """What the sheet macros need besides the pages: bands, marks, fold line."""
    block = imposition.mark_grid.box
    paper = imposition.paper
    return {
        "paper": paper,
        "strip_top": imposition.strip_top,
        "strip_bottom": paper.height - imposition.strip_top,
        "block": block,
        "grid": imposition.mark_grid,
        "fold_line": imposition.fold_line,
    }


def cards_document(paper: Paper, texts: Texts, card_w: float, card_h: float, mode: str,
                   back_offset: tuple[float, float], crop_marks: bool, decks: int) -> Node:
    """The card sheets of `decks` full decks as a validated document tree."""
    imposition = impose_cards(paper, card_w, card_h, mode, crop_marks, back_offset)
    hints = [texts.one(_MODE_HINT[mode], lang) if mode == "fold"
             else texts.one("cut_notice", lang) + " " + texts.one(_MODE_HINT[mode], lang) for lang in texts.langs]
    return build_document(
        "cards.xml.j2",
        title=texts.t("cards_title"), subject=texts.t("cards_subject"),
        lang=texts.primary, duplex="none" if mode == "fold" else mode,
        texts=texts, ctx=sheet_context(imposition), pages=card_pages(full_deck() * decks, imposition),
        hints=hints, crop_marks=crop_marks, faces=full_deck(), card_w=card_w, card_h=card_h,
    )

