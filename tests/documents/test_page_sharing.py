"""Short parts share a page when they fit, read on the laid-out tree: a large-print worksheet's two short exercises
(who leads next, the points) on one page, so each child's worksheet takes two sheets, not three (the teacher's
review #20: `exercises --versions 2 --lang de --paper letter --large-print`); a large-print demonstration's hands
and the tricks table under them on its first page, the questions on the next, where the note for adults stands (one
sheet per child, not two); a two-page rule handout balanced, its second page never one lone section (Twin It in
French and German)."""

import pytest

from cli.documents.exercise_docs import worksheet
from cli.documents.handouts import rules_document
from cli.documents.language import parse_lang
from cli.documents.trick_docs import demo_students
from cli.games.demo_deal import demo_deal
from cli.games.exercises import parse_kinds, worksheets
from cli.layout.flow import Stacker
from cli.layout.pagination import lay_out
from cli.layout.sizes import paper
from cli.render.text import METRICS
from tests.laidcheck import page_text


def exercise_numbers(page) -> list[str]:
    """The numbers of the exercises a worksheet's page holds, read off their titles ('4.  Wer spielt…', set larger
    than the body: a table's '1. Karte' is not one)."""
    found = []

    def visit(element) -> None:
        if element.tag == "cell" and element.lines and element.fit > 17:
            first = element.lines[0][0][0].split()[0]  # a line's runs: (text, weight)
            if first[:-1].isdigit() and first.endswith("."):
                found.append(first[:-1])
        for child in element.children:
            visit(child)

    visit(page)
    return found


@pytest.mark.parametrize("paper_name", ["a4", "letter"])
@pytest.mark.parametrize("lang", ["fr", "en", "de"])
def test_a_large_print_worksheet_takes_two_sheets_its_short_exercises_sharing_a_page(lang, paper_name):
    sheet = worksheets(1, parse_kinds(None, 3), 6, 3, 2)[0]  # `pnpkit exercises --versions 2`'s version A
    pages = lay_out(worksheet(sheet, paper(paper_name), parse_lang(lang), True), METRICS).children
    assert [exercise_numbers(page) for page in pages] == [["1", "2"], ["3"], ["4", "5"], ["6"]]


@pytest.mark.parametrize("paper_name", ["a4", "letter"])
@pytest.mark.parametrize("lang", ["fr", "en", "de"])
def test_a_large_print_demonstrations_hands_share_their_page_with_the_tricks_table(lang, paper_name):
    texts = parse_lang(lang)
    laid = lay_out(demo_students(demo_deal(None, None, "A", None), paper(paper_name), texts, large_print=True), METRICS)
    first, second = (" ".join(page_text(laid, index).split()) for index in range(2))
    words = {key: texts.t(key).replace("\u00a0", " ") for key in ("tricks_heading", "questions_heading",
                                                                    "answers_elsewhere")}
    assert len(laid.children) == 2
    assert texts.t("hand_of", player="C") in first and words["tricks_heading"] in first
    assert words["questions_heading"] in second and words["answers_elsewhere"] in second
    assert words["answers_elsewhere"] not in first


@pytest.mark.parametrize("paper_name", ["a4", "letter"])
@pytest.mark.parametrize("lang", ["fr", "en", "de"])
def test_a_two_page_twin_it_handout_fills_its_second_page_about_as_much_as_its_first(lang, paper_name):
    pages = lay_out(rules_document("twinit", paper(paper_name), parse_lang(lang), large=False), METRICS).children
    stacker = Stacker(METRICS)
    used = [stacker.stack_height(flow.children, flow.w, flow.gap) for page in pages for flow in page.children
            if flow.tag == "flow"]
    assert len(used) <= 2 and (len(used) == 1 or used[1] >= used[0] / 2), used


@pytest.mark.parametrize(("lang", "paper_name", "ring"), [("fr", "letter", "Le ring"), ("de+en", "a4", "Der Ring"),
                                                          ("en", "a4", "The ring")])
def test_a_large_print_twin_it_handout_ends_with_a_balanced_page_and_the_ring_beside_its_drawing(lang, paper_name,
                                                                                                 ring):
    """Large print (teacher reviews, session 4): the handout's last page was "Tous ensemble" and the ring's drawing
    alone (the drawing tied to the section's last bullet, the last page not balanced); now the drawing follows the
    ring's own bullet in the same block, and the last page holds at least half what the page before holds."""
    pages = lay_out(rules_document("twinit", paper(paper_name), parse_lang(lang), large=True), METRICS).children
    stacker = Stacker(METRICS)
    used = [stacker.stack_height(flow.children, flow.w, flow.gap) for page in pages for flow in page.children
            if flow.tag == "flow"]
    assert used[-1] >= used[-2] / 2, used
    last = [block for page in pages for flow in page.children if flow.tag == "flow" for block in flow.children
            if block.tag == "columns" and any(node.tag == "figure" for node in walk(block))]
    rings = [block for block in last if any(node.tag == "p" and node.text.startswith(ring) for node in walk(block))]
    assert rings, "the ring's drawing and its bullet in one block"  # two languages: the first's (drawn once)


def walk(node):
    yield node
    for child in node.children:
        yield from walk(child)


@pytest.mark.parametrize("paper_name", ["a4", "letter"])
@pytest.mark.parametrize("lang", ["fr", "en", "de"])
@pytest.mark.parametrize(("kinds", "level"), [(None, 1), ("who-wins", 3)])
def test_a_worksheets_second_page_holds_more_than_one_lone_exercise(kinds, level, lang, paper_name):
    """`exercises --level 1` and `--kinds who-wins` (the second teacher review's #5, the third's #13): the sheet's two
    pages balanced, three exercises each (level 1 was 4 + 2, its second page a third full); still two pages."""
    sheet = worksheets(1, parse_kinds(kinds, level), 6, level, 1)[0]
    pages = lay_out(worksheet(sheet, paper(paper_name), parse_lang(lang), False), METRICS).children
    stacker = Stacker(METRICS)
    used = [stacker.stack_height(flow.children, flow.w, flow.gap) for page in pages for flow in page.children
            if flow.tag == "flow"]
    assert len(used) == 2 and used[1] >= used[0] / 2, used
    assert [len(exercise_titles(page)) for page in pages] == [3, 3]


def exercise_titles(page) -> list:
    """A worksheet page's exercises: its <columns> blocks (an exercise's frame, title and task kept whole)."""
    return [block for flow in page.children if flow.tag == "flow" for block in flow.children if block.tag == "columns"]


def _cells(node):
    if node.tag == "cell":
        yield node
    for child in node.children:
        yield from _cells(child)


@pytest.fixture(scope="module")
def large_worksheets():
    """`exercises --large-print` version A, laid out once per language and paper asked."""
    made = {}

    def make(lang: str, paper_name: str):
        if (lang, paper_name) not in made:
            sheet = worksheets(1, parse_kinds(None, 3), 6, 3, 1)[0]
            made[lang, paper_name] = lay_out(worksheet(sheet, paper(paper_name), parse_lang(lang), True), METRICS)
        return made[lang, paper_name]

    return make


def test_a_large_print_two_language_worksheet_shares_a_page_between_exercises_4_and_5(large_worksheets):
    """`exercises --large-print --lang fr+en` (the second teacher review's #3): the points exercise, its totals at
    the right of its grid, fits whole under 'who leads next' (one exercise a page before: six pages, not five)."""
    pages = large_worksheets("fr+en", "a4").children
    held = [sum(block.tag == "columns" for flow in page.children if flow.tag == "flow" for block in flow.children)
            for page in pages]
    assert held == [1, 1, 1, 2, 1], held


@pytest.mark.parametrize(("lang", "paper_name"), [("fr+en", "a4"), ("de+fr", "a4"), ("en+de", "letter"),
                                                 ("de", "a4"), ("fr", "letter")])
def test_a_large_print_worksheets_grids_set_their_headings_at_full_size(large_worksheets, lang, paper_name):
    """The points grid's columns, narrowed for its totals at the right, still hold each heading at the body size
    (16 pt: 'Stich', 'Gewinner' never shrunk to fit)."""
    laid = large_worksheets(lang, paper_name)
    shrunk = [(cell.text, cell.fit) for cell in _cells(laid) if cell.fit and cell.fit < 16 - 1e-6]
    assert not shrunk, shrunk
