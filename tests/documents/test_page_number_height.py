"""Every page's number stands at one height, where layouts/sheet.toml [page] number_rise puts it, the score pads'
too (s4: theirs stood lower, its descent on the safe margin); what a page holds ends above it. Read on laid-out
trees. The card sheets are apart: their number moves clear of the cards (tests/commands/test_page_numbers.py)."""

import pytest

from cli.documents.language import parse_lang
from cli.documents.page_style import page_style
from cli.documents.score_docs import dreist_pad, twinit_pad
from cli.layout.measure import ascent
from cli.layout.pagination import lay_out
from cli.layout.sizes import paper, sheet_value
from cli.render.text import METRICS
from tests import laidcheck

pytestmark = pytest.mark.untraced  # bodies read untraced: pnpkit runs through the fixtures, traced


def walk(node):
    yield node
    for child in node.children:
        yield from walk(child)


def card_sheets(kit) -> set[int]:
    """The kit's card sheets (0-based): from each cards entry of the outline to the next entry."""
    entries = laidcheck.outline(kit)
    starts = sorted({page for _, _, page in entries}) + [len(kit.children) + 1]
    return {page - 1 for _, title, first in entries
            if {piece.strip().lower() for piece in title.split("/")} & {"cards", "cartes", "karten"}
            for page in range(first, next(start for start in starts if start > first))}


def assert_one_height(pages, height: float) -> int:
    """Every page number of `pages` on the frame's baseline, every flow ending over its ascent and the gap; how
    many numbers were read."""
    baseline = page_style(False).number_baseline(paper_of(height))
    numbers = 0
    for page in pages:
        numbered = [node for node in walk(page) if node.tag == "pageno"]
        for number in numbered:
            assert number.y == pytest.approx(baseline, abs=0.01), (number.y, baseline)
            top = number.y - ascent(number.size) - sheet_value("page", "number_gap")
            for flow in (node for node in walk(page) if node.tag == "flow"):
                assert flow.y + flow.h <= top + 0.01, (flow.y + flow.h, top)
        numbers += len(numbered)
    return numbers


def paper_of(height: float):
    return next(paper(name) for name in ("a4", "letter") if abs(paper(name).height - height) < 0.1)


@pytest.mark.parametrize("args", [("--groups", "2", "--lang", "de+fr", "--paper", "letter"),
                                  ("--groups", "1", "--lang", "en", "--large-print")])
def test_every_kit_page_but_the_card_sheets_has_its_number_at_one_height(laid, args):
    kit = laid(*args).kit
    cards = card_sheets(kit)
    assert cards
    pages = [page for index, page in enumerate(kit.children) if index not in cards]
    assert assert_one_height(pages, kit.height) == len(pages)


@pytest.mark.parametrize("per_page", [1, 2, 4])
@pytest.mark.parametrize(("lang", "paper_name"), [("fr+de", "letter"), ("de+en", "a4")])
def test_a_score_pad_s_number_stands_where_every_page_has_it(per_page, lang, paper_name):
    """DREIst! and Twin It at 1, 2 and 4 a page: the number at the page's height, each tile's rows over it."""
    texts, sheet = parse_lang(lang), paper(paper_name)
    pads = [dreist_pad(sheet, texts, names=[], players=4, sheets=2 * per_page, per_page=per_page),
            twinit_pad(sheet, texts, variant="solo", names=[], players=4, sheets=2 * per_page, per_page=per_page)]
    for pad in pads:
        assert assert_one_height(lay_out(pad, METRICS).children, sheet.height) == 2
