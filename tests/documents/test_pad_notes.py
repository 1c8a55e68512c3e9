"""Score pads' short notes in two languages, read on the laid-out tree (no PDF): Twin It's key to the "−" and
"=" columns and DREIst!'s booklet scale say it in both languages, the second in italic, and never push a
pad over its tile."""

import itertools
from functools import cache

import pytest

from cli.documents.language import parse_lang
from cli.documents.score_docs import dreist_pad, twinit_pad
from cli.layout.pagination import lay_out
from cli.layout.sizes import paper
from cli.render.text import METRICS

PAIRS = ["fr+en", "en+fr", "fr+de", "de+fr", "de+en", "en+de"]
PAD_TEXT_AT_4 = 9  # pt: instructions on a pad at 4 per page (README, Score sheets)


def walk(node):
    yield node
    for child in node.children:
        yield from walk(child)


@cache
def twinit(lang: str, paper_name: str, variant: str, players: int):
    """The first tile's elements of a Twin It page at 4 per page, laid out (refused if it overflows)."""
    document = twinit_pad(paper(paper_name), parse_lang(lang), variant=variant, names=[], players=players, sheets=4,
                          per_page=4)
    return list(walk(lay_out(document, METRICS).children[0]))


def columns_note_cells(nodes, first: str) -> list:
    return [node for node in nodes if node.tag == "cell" and node.text == first]


CASES = [(lang, paper_name, variant, players)
         for lang, paper_name, (variant, players) in itertools.product(
             PAIRS, ["a4", "letter"],
             [(v, n) for v in ("solo", "ring", "clans") for n in range(2, 7) if v != "clans" or n >= 4])]


@pytest.mark.parametrize(("lang", "paper_name", "variant", "players"), CASES)
def test_twin_it_columns_note_is_bilingual_on_one_line_at_full_size(lang, paper_name, variant, players):
    texts = parse_lang(lang)
    first, second = texts.each("short_columns_note")
    cells = columns_note_cells(twinit(lang, paper_name, variant, players), first)
    assert len(cells) == 4, "one note per tile"  # four tiles on the page
    for cell in cells:
        assert cell.alt == second
        assert cell.fit == PAD_TEXT_AT_4, "never shrunk below the pad's 9 pt"
        assert len(cell.lines) == 1 and [face for _, face in cell.lines[0]][1].endswith("italic")


def test_one_language_prints_the_columns_note_alone():
    texts = parse_lang("de")
    cells = columns_note_cells(twinit("de", "a4", "ring", 6), texts.t("short_columns_note"))
    assert cells and all(not cell.alt for cell in cells)


@cache
def dreist_solo(lang: str, paper_name: str, per_page: int):
    document = dreist_pad(paper(paper_name), parse_lang(lang), names=[], players=1, per_page=per_page,
                          sheets=per_page)
    return list(walk(lay_out(document, METRICS).children[0]))


@pytest.mark.parametrize(("lang", "paper_name", "per_page"),
                         list(itertools.product(PAIRS, ["a4", "letter"], [2, 4])))
def test_dreist_booklet_scale_in_both_languages_the_second_italic(lang, paper_name, per_page):
    texts = parse_lang(lang)
    paras = [node for node in dreist_solo(lang, paper_name, per_page) if node.tag == "p"]
    first, second = texts.each("dreist_scale_short")
    firsts = [p for p in paras if p.text == first]
    seconds = [p for p in paras if p.text == second]
    assert len(firsts) == len(seconds) == per_page  # every tile
    assert all(p.style != "italic" for p in firsts) and all(p.style == "italic" for p in seconds)
