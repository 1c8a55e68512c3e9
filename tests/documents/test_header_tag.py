"""A page's title and the group's tag share the title's line (the kit's group documents): a long title, in large
print and '(continued)', ends before the tag, never under it; in two languages the second language's tag then
stands under the first, on the second title's line, so the title keeps its large-print size. Read on the laid-out
tree."""

import pytest

from cli.documents.language import parse_lang
from cli.documents.trick_docs import demo_answers, demo_students
from cli.games.policy import demonstration
from cli.layout.measure import face
from cli.layout.pagination import lay_out
from cli.layout.sizes import paper
from cli.render.text import METRICS


def extent(text) -> tuple[float, float]:
    """Where a page's <text> starts and ends, in mm."""
    width = METRICS.width(text.text, text.size, face(text.weight, text.style))
    left = {"left": text.x, "center": text.x - width / 2, "right": text.x - width}[text.align]
    return left, left + width


@pytest.mark.parametrize("make", [demo_students, demo_answers])
@pytest.mark.parametrize(("lang", "paper_name"), [("en+fr", "letter"), ("en", "letter"), ("de", "a4"),
                                                  ("fr+en", "a4"), ("en+fr", "a4"), ("de+fr", "a4")])
def test_the_title_ends_before_the_group_tag_on_every_page(make, lang, paper_name):
    pages = lay_out(make(demonstration(1), paper(paper_name), parse_lang(lang), group=12, large_print=True),
                    METRICS).children
    assert len(pages) > 1  # '(continued)' pages too
    for page in pages:
        texts = [child for child in page.children if child.tag == "text"]
        # the frame writes the title first, then its translation (pairs), then the tags on their lines
        titles = texts[:1 + ("+" in lang)]
        tags = [text for text in texts[len(titles):] if text.align == "right" and text.y in {t.y for t in titles}]
        assert len(tags) == len(titles)
        assert titles[0].size >= 16  # never shrunk under the large-print floor
        for title in titles:
            beside = [tag for tag in tags if tag.y == title.y]
            assert all(extent(title)[1] + 2 <= extent(tag)[0] for tag in beside), (title.text, title.size)
