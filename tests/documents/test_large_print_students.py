"""The large-print students' page, read on the laid-out tree: the hands two to a row in frames as wide as their
cards (no half-empty frames stacked down the page), and every page after the first saying it continues, in
the catalogue's word, in each language; the answer key's and the record sheet's pages too."""

from functools import cache

import pytest

from cli.documents.language import parse_lang
from cli.documents.trick_docs import demo_answers, demo_students, record_sheet
from cli.games.policy import demonstration
from cli.layout.pagination import lay_out
from cli.layout.sizes import paper
from cli.render.text import METRICS


@cache
def pages(lang: str, paper_name: str = "a4"):
    document = demo_students(demonstration(1), paper(paper_name), parse_lang(lang), large_print=True)
    return lay_out(document, METRICS).children


def walk(node):
    yield node
    for child in node.children:
        yield from walk(child)


def hand_frames(page) -> list:
    """The hands' frames: the rounded rectangles wider than any card (4 cards and their gaps)."""
    return [node for node in walk(page) if node.tag == "rect" and node.radius and node.w > 60]


@pytest.mark.parametrize("paper_name", ["a4", "letter"])
def test_large_print_hands_stand_two_to_a_row_in_frames_as_wide_as_their_cards(paper_name):
    frames = hand_frames(pages("fr", paper_name)[0])
    assert len(frames) == 3
    assert len({round(frame.y, 1) for frame in frames}) == 2  # A and B side by side, C under A
    column = paper(paper_name).width - 2 * paper(paper_name).safe_margin - 14  # the page frame's column
    assert all(frame.w < column / 2 for frame in frames)


@pytest.mark.parametrize("lang", ["fr", "en", "de"])
def test_the_large_print_students_page_takes_two_pages_not_three(lang):
    assert len(pages(lang)) == 2  # the hands in two rows leave room for the tricks under them
    # (German: the rule reminder on two lines at 16 pt; on three it pushed the tricks to a page of their own)


@pytest.mark.parametrize("lang", ["fr", "en", "de", "fr+en"])
def test_every_large_print_page_after_the_first_says_it_continues(lang):
    texts = parse_lang(lang)
    laid = pages(lang)
    assert len(laid) >= 2
    for page in laid[1:]:
        said = [node.text for node in page.children if node.tag == "text"]
        for code in texts.langs:
            assert f"{texts.t('demo_title', code)} {texts.t('continued', code)}" in said, said


@pytest.mark.parametrize(("lang", "large"), [("fr", True), ("fr+en", False), ("de", True)])
def test_the_answer_keys_pages_after_the_first_say_they_continue(lang, large):
    texts = parse_lang(lang)
    laid = lay_out(demo_answers(demonstration(1), paper("a4"), texts, large_print=large), METRICS).children
    assert len(laid) >= 2  # the reasons run on
    for page in laid[1:]:
        said = [node.text for node in page.children if node.tag == "text"]
        for code in texts.langs:
            assert f"{texts.t('answers_title', code)} {texts.t('continued', code)}" in said, said


@pytest.mark.parametrize("lang", ["de", "en+fr"])
def test_the_large_print_record_sheets_pages_after_the_first_say_they_continue(lang):
    texts = parse_lang(lang)
    laid = lay_out(record_sheet(paper("letter"), texts, names=None, large_print=True), METRICS).children
    assert len(laid) >= 2  # the totals run on
    assert all(f"{texts.t('record_title', code)} {texts.t('continued', code)}" not in
               [node.text for node in laid[0].children if node.tag == "text"] for code in texts.langs)
    for page in laid[1:]:
        said = [node.text for node in page.children if node.tag == "text"]
        for code in texts.langs:
            assert f"{texts.t('record_title', code)} {texts.t('continued', code)}" in said, said


def strings(page) -> list[str]:
    return [line for node in walk(page) if node.tag == "p" for line in node.lines]


def drawn_sizes(page) -> set[float]:
    return {node.size for node in walk(page) if node.tag in ("text", "p", "heading") and node.size}


@pytest.mark.parametrize("paper_name", ["a4", "letter"])
@pytest.mark.parametrize("lang", ["fr+en", "de+en", "en+fr", "fr+de"])
def test_two_languages_in_large_print_take_one_sheet_hands_and_tricks_on_the_front_questions_on_the_back(
        lang, paper_name):
    """Teacher review 4 #1: each pupil's demonstration took two sheets, questions split 2 + 2 from their
    translation and the grid away from half of them. Now: front = hands and the tricks table, back = both
    languages' four questions whole and their grid."""
    texts = parse_lang(lang)
    front, back = pages(lang, paper_name)  # one sheet
    tables = [[node for node in walk(page) if node.tag == "table" and len(node.widths) == 6] for page in (front, back)]
    assert len(tables[0]) == 1 and len(tables[1]) == 1  # the tricks on the front, the questions' grid on the back
    said_back = " ".join(strings(back))
    for code in texts.langs:
        for key in ("question1", "question2", "question4"):
            assert texts.t(key, code).split()[0] in said_back
        assert texts.t("questions_heading", code) in [line for node in walk(back) if node.tag == "heading"
                                                      for line in node.lines]
    assert min(drawn_sizes(front) | drawn_sizes(back)) >= 12  # the cards' codes 12 pt, every word 16 or more


@pytest.mark.parametrize("paper_name", ["a4", "letter"])
def test_large_print_hands_side_by_side_keep_16_pt_values_and_shapes_at_least_that_large(paper_name):
    front = pages("fr+en", paper_name)[0]
    hands = next(node for node in front.children[-1].children if node.tag == "figure"
                 and sum(child.tag == "rect" and child.w > 40 for child in node.children) == 3)
    frames = [node for node in hands.children if node.tag == "rect" and node.w > 40]
    assert len({round(frame.y, 1) for frame in frames}) == 1  # one row
    top, bottom = frames[0].y, frames[0].y + frames[0].h
    shapes = [node for node in hands.children if node.tag == "shape" and top < node.cy < bottom]  # the cards'
    assert len(shapes) == 12 and min(shape.size for shape in shapes) >= 16 * 0.3528 - 0.01
    values = [node for node in hands.children if node.tag == "text" and node.text.isdigit() and top < node.y < bottom]
    assert len(values) == 12 and min(value.size for value in values) >= 16


def test_each_question_is_followed_by_its_translation():
    texts = parse_lang("fr+en")
    back = pages("fr+en")[1]
    paras = [node for node in walk(back) if node.tag == "p"]
    firsts = [" ".join(p.lines) for p in paras]
    for number, key in enumerate(("question1", "question2", "question3", "question4")):
        assert firsts[2 * number].startswith(texts.t(key, "fr").split(" (")[0][:15])
        assert firsts[2 * number + 1].startswith(texts.t(key, "en").split(" (")[0][:15])
        assert paras[2 * number + 1].style == "italic"
