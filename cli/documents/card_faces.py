"""What the fronts of a card sheet document show, in order: the deck's cards, then seat and reminder cards.

Also the set number every back carries, and the --only list of cards to print again.
"""

import re

from cli.errors import PnpkitError
from cli.games.cards import Card, parse_card
from cli.records import Record

SEATS = ("A", "B", "C")
_TURNS_INTO = {"0": "0", "1": "1", "6": "9", "8": "8", "9": "6"}  # digits after a half turn


class Face(Record):
    """What a front shows: a card, a seat card (label A, B, C) or the reminder (label: its language)."""

    kind: str  # "card", "seat" or "reminder"
    card: Card | None = None
    label: str = ""


class SetMark(Record):
    text: str
    underline: bool  # the number reads as another one upside down (6, 9, 16, 86…)


def set_mark(set_id: int | None) -> SetMark | None:
    if set_id is None:
        return None
    text = str(set_id)
    turned = "".join(_TURNS_INTO.get(d, "?") for d in reversed(text))
    return SetMark(text, "?" not in turned and turned != text)


def faces(cards: list[Card], per_sheet: int, langs: tuple[str, ...], *, extras: bool,
          sets: int = 1) -> list[Face | None]:
    """The fronts in order, None for an empty place; with `extras`, `sets` sets of seat and reminder cards
    (one a deck: a group each) in the last sheet's empty places, or on a sheet of their own where they do not
    fit (the lesson needs them in every mode: a fold sheet of three poker cards has no empty place)."""
    out: list[Face | None] = [Face("card", card) for card in cards]
    if not extras:
        return out
    more = ([Face("seat", label=s) for s in SEATS] + [Face("reminder", label=lang) for lang in langs]) * sets
    room = -len(out) % per_sheet
    if len(more) > room:
        out += [None] * room  # a sheet of their own
    return out + more


def parse_only(text: str) -> list[Card]:
    """--only 'C3,T1': the cards to print again, each once."""
    try:
        cards = [parse_card(token) for token in re.split(r"[\s,;]+", text.strip()) if token]
    except PnpkitError as error:
        raise error.within("--only") from None
    return check_only(cards)


def check_only(cards: list[Card]) -> list[Card]:
    if not cards:
        raise PnpkitError.of("only_empty")
    seen = set()
    for card in cards:
        if card in seen:
            raise PnpkitError.of("only_twice", card=str(card))
        seen.add(card)
    return cards
