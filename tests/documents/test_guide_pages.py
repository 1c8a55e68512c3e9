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
