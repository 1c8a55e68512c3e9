"""Where the documents that run on over pages break, read on the laid-out tree in every language and pair, A4
and Letter, regular and large print: no page holds only a heading or a single line, no page ends with a
heading, the last page is no short tail, and in the demonstration's answer key a trick's answer stays on one
page with its reasons, in every language, and so does each answer of the worksheets' key."""

from functools import cache

import pytest

from cli.documents.exercise_docs import answer_key
from cli.documents.guide_docs import guide_document
from cli.documents.handouts import rules_document
from cli.documents.language import parse_lang
from cli.documents.trick_docs import demo_answers, demo_students
from cli.games.demo_deal import demo_deal
from cli.games.exercises import KINDS, worksheets
from cli.games.guide_deal import guide_deal
from cli.games.policy import demonstration
from cli.layout.flow import TAIL_LINES
from cli.layout.pagination import lay_out
from cli.layout.sizes import paper
from cli.render.text import METRICS
from tests.untraced import PRINTS, in_turn, traced_if

pytestmark = pytest.mark.untraced  # bodies walk the trees untraced; the layouts run in traced_if

LANGS = ["fr", "en", "de", "fr+en", "de+fr", "en+de"]  # each pair in one order, to stay fast
# the layouts coverage measures: each language once, the papers and print sizes in turn; the others lay out the
# same lines again, untraced (tests/untraced.py)
MEASURED = in_turn(LANGS, PRINTS)
DOCUMENTS = {  # `pnpkit demo`'s deal and a kit group's
    "guide": lambda size, texts, large: guide_document(guide_deal(), size, texts, large_print=large),
    "demo": lambda size, texts, large: demo_students(demo_deal(None, None, "A", None), size, texts, large_print=large),
    "key": lambda size, texts, large: demo_answers(demo_deal(None, None, "A", None), size, texts, large_print=large),
    "group's key": lambda size, texts, large: demo_answers(demonstration(1), size, texts, large_print=large),
    "trick rules": lambda size, texts, large: rules_document("trick", size, texts, large),
    "exercises key": lambda size, texts, large: answer_key(worksheets(1, KINDS, 6, 3, 1)[0], size, texts, large),
}


@cache
def laid_pages(name: str, lang: str, paper_name: str, large: bool) -> list:
    with traced_if((lang, paper_name, large) in MEASURED):
        return lay_out(DOCUMENTS[name](paper(paper_name), parse_lang(lang), large), METRICS).children


def lines(blocks: list) -> int:
    """The lines of text a flow's blocks hold (side-by-side columns: the longer); a figure counts as two."""
    count = 0
    for block in blocks:
        if block.tag in ("heading", "p"):
            count += len(block.lines)
        elif block.tag == "columns":
            count += max(lines(column.children) for column in block.children)
        else:
            count += 2
    return count


def flows(page) -> list:
    return [child for child in page.children if child.tag == "flow" and child.children]


@pytest.mark.parametrize(("paper_name", "large"), PRINTS)
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", list(DOCUMENTS))
def test_no_page_holds_only_a_heading_or_a_line_nor_ends_with_a_heading(name, lang, paper_name, large):
    pages = laid_pages(name, lang, paper_name, large)
    for number, page in enumerate(pages, start=1):
        for flow in flows(page):
            tags = [block.tag for block in flow.children]
            assert tags[-1] != "heading", f"page {number} ends with a heading"
            if len(pages) > 1:
                assert set(tags) != {"heading"}, f"page {number} holds only a heading"
                assert lines(flow.children) > 1, f"page {number} holds one line"
    if len(pages) > 1:  # nor is the last page a short tail, a heading and its few lines
        assert "figure" in {block.tag for flow in flows(pages[-1]) for block in flow.children} or sum(
            lines(flow.children) for flow in flows(pages[-1])) >= TAIL_LINES


def paragraphs(element) -> list:
    """The <p> blocks under an element, in reading order (a column's before the next's)."""
    if element.tag == "p":
        return [element]
    return [p for child in element.children for p in paragraphs(child)]


@pytest.mark.parametrize(("paper_name", "large"), PRINTS)
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("key", ["key", "group's key"])
def test_a_tricks_answer_stays_on_one_page_with_its_reasons_in_every_language(key, lang, paper_name, large):
    # a page of the key's reasons opens with an answer ('Trick 2: A leads…', bold) in the first language: never
    # with a reason (a bulleted line) cut from its trick, nor with the trick in the second language
    for number, page in enumerate(laid_pages(key, lang, paper_name, large)[1:], start=2):
        first = next(iter(paragraphs(page)), None)
        if first is not None:  # a page of the questions alone may come first
            assert first.weight == "bold" and first.style == "normal" and not first.bullet, (number, first.lines)


@pytest.mark.parametrize(("paper_name", "large"), PRINTS)
@pytest.mark.parametrize("lang", LANGS)
def test_an_exercises_answer_stays_on_one_page_in_every_language(lang, paper_name, large):
    # a page of the worksheets' key after the first opens with an answer in the first language ('5. Winners…',
    # upright): never with the answer's second language or its reasons cut from it (`exercises --large-print
    # --lang fr+en` parted exercise 5's English from its French)
    for number, page in enumerate(laid_pages("exercises key", lang, paper_name, large)[1:], start=2):
        first = next(block for flow in flows(page) for block in walk(flow) if block.tag in ("heading", "p"))
        assert first.tag == "heading" and first.style == "normal", (number, first.lines)


def walk(element) -> list:
    """Every element under `element`, in reading order."""
    return [element] + [found for child in element.children for found in walk(child)]


def test_a_balanced_handout_keeps_a_section_s_bullets_together_where_the_page_holds_them():
    """Fourth teacher review #6: DREIst! in large print, fr+en on Letter: page 6 held "Jouer seul" bullets 1-2 and
    stood half empty, the third bullet ("Défi") opened page 7 (balancing the last two pages split the section)."""
    texts = parse_lang("fr+en")
    pages = lay_out(rules_document("dreist", paper("letter"), texts, True), METRICS).children
    where: dict[str, set[int]] = {}
    section = None  # a section runs on over a page break
    for index, page in enumerate(pages):
        flow = next(child for child in page.children if child.tag == "flow")
        for block in flow.children:
            if block.tag == "heading":
                section = " ".join(block.lines)
            elif block.tag == "p" and section:
                where.setdefault(section, set()).add(index)
    assert where["Jouer seul"] == {len(pages) - 2} and len(where["Playing alone"]) == 1, where


@pytest.mark.parametrize("lang", ["fr+en", "de+en", "en+fr"])
def test_large_print_twin_it_in_two_languages_takes_two_sheets_its_ring_drawn_once(lang):
    """Fourth teacher review #5: the large-print Twin It handout in two languages took three sheets, its fifth page
    only the English "Other modes", its sixth blank. The ring's drawing has no words: drawn once, with the first
    language's bullet; the second language's bullet says what it shows."""
    texts = parse_lang(lang)
    pages = lay_out(rules_document("twinit", paper("a4"), texts, True), METRICS).children

    def walk(node):
        yield node
        for child in node.children:
            yield from walk(child)

    rings = [node for page in pages for node in walk(page) if node.tag == "figure"
             and sum(child.tag == "rect" for child in node.children) == 11]  # the ring: its mat, five piles of two
    said = " ".join(line for page in pages for node in walk(page) if node.tag == "p" for line in node.lines)
    assert len(pages) == 4 and len(rings) == 1, (len(pages), len(rings))
    for code in texts.langs:
        assert texts.t("twinit_mode_ring", code) in said
