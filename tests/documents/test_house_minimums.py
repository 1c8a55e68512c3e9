"""Every child-facing document at its house minimum, proved on what the layout pass draws (the laid-out tree), not
on layouts/styles.toml: the smallest type of the rule handouts (ordinary, large print, two languages), the
pupils' demonstration page, a worksheet, the record sheet, the seat and reminder cards and the score pads (1, 2
and 4 a page, large print) is at least 11 pt (pads 10, 9 at four a page; large print 16), second-language italic
included. A few pieces of type are drawn smaller on purpose and are not read by children as text: EXCEPTIONS
names each, with why and how small it may be. Adult documents (cover, guide, calibration, card sheets' bands,
answer keys) are out of scope. One document per kind, each laid out once for the module."""

import re
from collections.abc import Iterator
from functools import cache
from typing import NamedTuple

from cli.documents.card_faces import parse_only
from cli.documents.card_sheets import cards_document, front_outlines, plan_sheets
from cli.documents.exercise_docs import worksheet
from cli.documents.handouts import GAMES, rules_document
from cli.documents.language import parse_lang
from cli.documents.score_docs import dreist_pad, twinit_pad
from cli.documents.trick_docs import demo_students, record_sheet
from cli.games.exercises import parse_kinds, worksheets
from cli.games.policy import demonstration
from cli.layout.markup import Element
from cli.layout.pagination import lay_out
from cli.layout.sizes import card_size, paper
from cli.render.text import METRICS

BODY, PAD, PAD_FOUR, LARGE = 11.0, 10.0, 9.0, 16.0  # the house minimums (README, "Page frame and typography")


class Allowed(NamedTuple):
    """Type drawn under its document's minimum on purpose: on the documents named `kinds` (a prefix of the
    document's name), text matching `text` (a picture's letter if `picture`), at `least` pt (large print:
    `least_large`)."""
    why: str
    kinds: tuple[str, ...]
    text: str
    picture: bool
    least: float
    least_large: float = LARGE


EXCEPTIONS = (
    Allowed("a small card picture's code (mini cards in hands and diagrams): notation; the card's value and shape "
            "beside it say the same, and where children read or write codes they stand as text at body size",
            ("rules trick", "demo", "worksheet"), r"[A-Z]\d", picture=True, least=6.0),  # large print: 16 pt
    Allowed("a played card's value inside its picture in the tricks table: the card's code is written beside it "
            "at the cell's size", ("demo", "worksheet"), r"\d", picture=True, least=3.4),
    Allowed("a DREIst! colour's initial on a card of the diagram: the colour says it and the legend under the "
            "figure spells it out at body size", ("rules dreist",), r"\w", picture=True, least=8.0),
    Allowed("seat and reminder cards on cards smaller than poker and bridge (mini): the text shrinks with the "
            "card to layouts/styles.toml [card] body_least (README, Page frame and typography)",
            ("seats mini",), r".*", picture=False, least=8.0),
)


def _exercise_sheet():
    return worksheets(1, parse_kinds("all", 3), 6, 3, 1)[0]


def _seats(lang: str, size: str) -> tuple[Element, list]:
    """One card and the seat and reminder cards, on one sheet; the boxes of what is on its fronts."""
    width, height = card_size(size)
    options = {"card_w": width, "card_h": height, "mode": "long", "only": parse_only("C1"), "seat_cards": True}
    texts = parse_lang(lang)
    boxes = [box for _, page in front_outlines(plan_sheets(paper("a4"), texts, **options)) for box in page]
    return cards_document(paper("a4"), texts, **options), boxes


def _documents() -> dict[str, tuple[float, Element]]:
    """name -> (its minimum, the document): each child-facing kind once, in the print and languages it is
    tightest in."""
    a4, made = paper("a4"), {}
    for lang, large in (("fr", False), ("de+fr", False), ("fr", True), ("fr+en", True)):
        texts, floor, tag = parse_lang(lang), LARGE if large else BODY, f"{lang}{' large' if large else ''}"
        for game in GAMES:
            made[f"rules {game} {tag}"] = floor, rules_document(game, a4, texts, large=large)
    for lang, large in (("fr", False), ("fr+en", False), ("de", True)):
        texts, floor, tag = parse_lang(lang), LARGE if large else BODY, f"{lang}{' large' if large else ''}"
        made[f"demo {tag}"] = floor, demo_students(demonstration(1), a4, texts, large_print=large)
        made[f"worksheet {tag}"] = floor, worksheet(_exercise_sheet(), a4, texts, large)
        made[f"record {tag}"] = floor, record_sheet(a4, texts, names=["Hélène-Éléonore", "Bo", "Cy"],
                                                    large_print=large)
    made["demo fr+en large letter"] = LARGE, demo_students(demonstration(1), paper("letter"), parse_lang("fr+en"),
                                                          large_print=True)  # the hands side by side, across
    for per, large, floor in ((1, False, PAD), (2, False, PAD), (4, False, PAD_FOUR), (1, True, LARGE)):
        texts, tag = parse_lang("fr+de"), f"{per} a page{' large' if large else ''}"
        made[f"pad dreist {tag}"] = floor, dreist_pad(a4, texts, names=[], players=4, per_page=per, large_print=large)
        made[f"pad dreist solo {tag}"] = floor, dreist_pad(a4, texts, names=[], players=1, per_page=per,
                                                           large_print=large)
        for variant, players in (("solo", 3), ("clans", 4), ("coop", 4), ("ring", 6)):
            made[f"pad twinit {variant} {tag}"] = floor, twinit_pad(a4, texts, variant=variant, names=[],
                                                                    players=players, per_page=per, large_print=large)
    return made


@cache
def smallest() -> dict[str, list[tuple[float, str, bool]]]:
    """name -> every (size, text, picture?) drawn under its minimum and allowed by no exception."""
    found = {}
    for name, (floor, document) in _documents().items():
        laid = lay_out(document, METRICS)
        found[name] = under(name, floor, [run for page in laid.children for run in runs(page)])
    for lang, size in (("fr+en", "poker"), ("fr", "mini")):
        document, boxes = _seats(lang, size)
        laid = lay_out(document, METRICS)
        inside = [run for page in laid.children for run in runs(page, boxes=boxes)]
        found[f"seats {size} {lang}"] = under(f"seats {size} {lang}", BODY, inside)
    return found


def under(name: str, floor: float, drawn: list[tuple[float, str, bool]]) -> list[tuple[float, str, bool]]:
    """The runs of document `name` under `floor` that no exception allows."""
    large = floor == LARGE
    return [(size, text, picture) for size, text, picture in drawn if size < floor - 1e-6
            and not any(name.startswith(allowed.kinds) and picture == allowed.picture
                        and re.fullmatch(allowed.text, text) and size >= (allowed.least_large if large
                                                                         else allowed.least) - 1e-6
                        for allowed in EXCEPTIONS)]


def runs(element: Element, *, boxes: list | None = None, at: tuple[float, float] = (0.0, 0.0)
         ) -> Iterator[tuple[float, str, bool]]:
    """(size drawn, text, a picture's letter?) of every piece of text an element draws; with `boxes`, only what
    stands inside one of them (a card sheet's seat and reminder cards, not its band; the cards' faces, drawn
    from a symbol, are playing cards and not walked)."""
    where = (getattr(element, "x", None), getattr(element, "y", None))
    at = (where[0], where[1]) if where[0] is not None and where[1] is not None else at
    if boxes is not None and element.tag in ("text", "flow", "pageno") and not any(
            box.x <= at[0] <= box.x + box.w and box.y <= at[1] <= box.y + box.h for box in boxes):
        return
    tag = element.tag
    if tag == "text":
        if element.text:
            yield element.size, element.text, bool(element.picture)
    elif tag == "pageno":
        yield element.size, element.format, False
    elif tag in ("para", "heading", "p"):
        yield from ((element.size, line, False) for line in element.lines)
    elif tag == "cell":
        yield from ((element.fit, " ".join(text for text, _ in line), False) for line in element.lines or ())
    elif tag == "use":
        if boxes is None:
            for child in element.symbol.children:
                yield from runs(child, at=at)
    else:
        for child in element.children:
            yield from runs(child, boxes=boxes, at=at)


def test_every_child_facing_document_at_its_house_minimum():
    found = {name: drawn for name, drawn in smallest().items() if drawn}
    assert found == {}


def test_every_kind_is_read_and_its_smallest_type_found():
    """The walk finds the documents' own small type: a seat card's text on mini cards is 8 pt (allowed, and only
    there), the answer-less pupils' page has its codes in card pictures; nothing is read from a card sheet's band."""
    document, boxes = _seats("fr", "mini")
    drawn = [run for page in lay_out(document, METRICS).children for run in runs(page, boxes=boxes)]
    assert min(size for size, _, _ in drawn) < BODY and under("seats mini", BODY, drawn) == []
    assert under("seats poker", BODY, drawn), "the mini exception must not hold for poker seat cards"
    assert not any("100" in text for _, text, _ in drawn), "the band's print notice is not a seat card's"
    assert len(smallest()) == 3 * 4 + 3 * 3 + 1 + 6 * 4 + 2
