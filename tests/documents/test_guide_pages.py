"""The facilitator's guide in two languages, read on the laid-out tree: its pages reasonably full. A section
never splits, so the activities on the open deal stay together: on the open deal's page when they fit, else
on the next, never two of them alone on a last page that stands four-fifths empty."""

import pytest

from cli.documents.guide_docs import guide_document
from cli.documents.language import parse_lang
from cli.games.guide_deal import guide_deal
from cli.layout.flow import Stacker
from cli.layout.pagination import lay_out
from cli.layout.sizes import paper
from cli.render.text import METRICS


def filled(lang: str, paper_name: str) -> list[float]:
    """How full each page's flow is (its blocks' height over the flow's)."""
    stacker = Stacker(METRICS)
    laid = lay_out(guide_document(guide_deal(), paper(paper_name), parse_lang(lang)), METRICS)
    return [stacker.stack_height(flow.children, flow.w, flow.gap) / flow.h
            for page in laid.children for flow in page.children if flow.tag == "flow"]


@pytest.mark.parametrize("paper_name", ["a4", "letter"])
@pytest.mark.parametrize("lang", ["de+en", "fr+de", "en+de", "de+fr", "fr+en", "en+fr"])
def test_no_page_of_a_two_language_guide_stands_mostly_empty(lang, paper_name):
    pages = filled(lang, paper_name)
    assert 2 <= len(pages) <= 3 and min(pages) >= 0.45, [round(share, 2) for share in pages]


def _walk(node):
    yield node
    for child in node.children:
        yield from _walk(child)


def _page_of(pages, found) -> list[int]:
    return [index for index, page in enumerate(pages) for node in _walk(page) if found(node)]


@pytest.mark.parametrize("large", [False, True])
@pytest.mark.parametrize("paper_name", ["a4", "letter"])
@pytest.mark.parametrize("lang", ["en", "de", "fr+en", "de+fr"])
def test_the_open_deal_s_hands_and_tricks_share_a_page_and_a_step_keeps_its_uses(lang, paper_name, large):
    """Third teacher review #7: the hands of the open deal ended page 1 and its tricks began page 2 (large print:
    another sheet), so the adult turned the sheet over and back; and a step's "Uses:" line stood at the top of the
    next page, cut off from its step. Now the hands (twelve cards' suit shapes) and the tricks table (six
    columns) are one block, and each step with its "Uses:" line another, in large print too."""
    texts = parse_lang(lang)
    pages = lay_out(guide_document(guide_deal(), paper(paper_name), texts, large_print=large), METRICS).children
    hands = _page_of(pages, lambda node: node.tag == "figure" and sum(n.tag == "shape" for n in _walk(node)) >= 12
                     and not any(n.tag == "table" and len(n.widths) == 6 for n in _walk(node)))  # twelve cards
    table = _page_of(pages, lambda node: node.tag == "table" and len(node.widths) == 6)
    assert hands and table and set(hands) == set(table), (hands, table)
    uses = [texts.t("guide_uses", lang, what="").strip() for lang in texts.langs]
    for block in (node for page in pages for flow in page.children if flow.tag == "flow" for node in flow.children):
        said = [node for node in _walk(block) if node.tag == "p" and node.text.startswith(tuple(uses))]
        if said:  # the step's heading and text in the same block
            assert any(node.tag == "heading" for node in _walk(block)), said[0].text


@pytest.mark.parametrize("paper_name", ["a4", "letter"])
@pytest.mark.parametrize("lang", ["fr", "de", "en", "fr+en", "de+fr"])
def test_the_open_deal_s_heading_and_words_go_with_its_hands(lang, paper_name):
    """Fourth teacher review #13c: "La donne ouverte" and its two paragraphs ended page 1, its hands and tricks
    stood overleaf. Now heading, words, hands and tricks are one block (where a page holds it: not large print
    in two languages)."""
    texts = parse_lang(lang)
    pages = lay_out(guide_document(guide_deal(), paper(paper_name), texts), METRICS).children
    heading = texts.t("guide_deal_heading", texts.langs[0])
    words = texts.t("guide_deal_private", texts.langs[-1]).split()[0]
    table = _page_of(pages, lambda node: node.tag == "table" and len(node.widths) == 6)
    headed = _page_of(pages, lambda node: node.tag == "heading" and node.lines == [heading])
    said = _page_of(pages, lambda node: node.tag == "p" and node.lines and node.lines[0].startswith(words))
    assert len(table) == 1 and headed == table and table[0] in said, (headed, said, table)
