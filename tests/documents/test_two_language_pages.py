"""Two languages on the framed pages, read on the laid-out tree: the header's group tag (the second language in
italic, both on the title's line, clear of the title: the widest group number, every pair, A4 the narrower) and
the students' yes/no cells (both languages at the children's 11 pt)."""

from functools import cache

import pytest

from cli.documents.language import parse_lang
from cli.documents.trick_docs import demo_answers, demo_students, record_sheet
from cli.games.policy import demonstration
from cli.layout.measure import face
from cli.layout.pagination import lay_out
from cli.layout.sizes import paper
from cli.render.text import METRICS

GROUP = 200  # the kit's most groups: the widest tag
LANGS = ["fr", "fr+en", "en+fr", "fr+de", "de+fr", "de+en", "en+de"]
DOCUMENTS = {
    "students": lambda texts, sheet: demo_students(demonstration(1), sheet, texts, group=GROUP,
                                                   names=["Hélène-Éléonore", "Bo", "Cy"], pupil="Hélène-Éléonore"),
    "answers": lambda texts, sheet: demo_answers(demonstration(1), sheet, texts, group=GROUP),
    "record": lambda texts, sheet: record_sheet(sheet, texts, names=None, group=GROUP),
}


@cache
def first_page_texts(kind: str, lang: str):
    page = lay_out(DOCUMENTS[kind](parse_lang(lang), paper("a4")), METRICS).children[0]
    return [node for node in page.children if node.tag == "text"]


def span(node) -> tuple[float, float]:
    """The text's left and right edges (mm), from its anchor and its measured width."""
    width = METRICS.width(node.text, node.size, face(node.weight, node.style))
    left = node.x - width if node.align == "right" else node.x - width / 2 if node.align == "center" else node.x
    return left, left + width


@pytest.mark.parametrize("kind", DOCUMENTS)
@pytest.mark.parametrize("lang", LANGS)
def test_the_group_tag_says_each_language_the_second_italic_clear_of_the_title(kind, lang):
    texts = parse_lang(lang)
    tags = list(dict.fromkeys(texts.each("group_label", group=GROUP)))
    nodes = first_page_texts(kind, lang)
    tagged = [node for node in nodes if node.text in tags]
    assert [node.text for node in tagged] == tags, "one tag per language, nothing joined with ' / '"
    assert [node.style == "italic" for node in tagged] == [False] + [True] * (len(tags) - 1)
    title = nodes[0]  # the header's first text: the title in the first language
    assert title.y == tagged[0].y and all(node.y == title.y for node in tagged), "on the title's line"
    edges = sorted(span(node) for node in [title, *tagged])
    assert all(right + 1.0 <= left for (_, right), (left, _) in zip(edges, edges[1:], strict=False)), edges


@cache
def students_page(lang: str, paper_name: str):
    return lay_out(demo_students(demonstration(1), paper(paper_name), parse_lang(lang)), METRICS).children[0]


def walk(node):
    yield node
    for child in node.children:
        yield from walk(child)


@pytest.mark.parametrize("paper_name", ["a4", "letter"])
@pytest.mark.parametrize("lang", LANGS[1:])
def test_the_students_yes_no_cells_keep_the_childrens_11_pt_in_two_languages(lang, paper_name):
    first, second = parse_lang(lang).each("yes_no")
    cells = [node for node in walk(students_page(lang, paper_name)) if node.tag == "cell" and node.text == first]
    assert len(cells) == 12  # 4 tricks x 3 players
    assert all(cell.alt == second and cell.fit >= 11 and len(cell.lines) == 1 for cell in cells), \
        sorted({cell.fit for cell in cells})
