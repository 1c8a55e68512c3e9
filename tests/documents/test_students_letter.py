"""A students' page on Letter, read on the laid-out tree: who sits at A, B and C (named from a class list, or
a line to write them on) takes a line, so the question rows give it back, from 11 mm down to no less than a
worksheet's 9 mm write-in row."""

import pytest

from cli.documents.language import parse_lang
from cli.documents.trick_docs import demo_students
from cli.games.policy import demonstration
from cli.layout.pagination import lay_out
from cli.layout.sizes import paper
from cli.render.text import METRICS

SEATS = ["Hélène-Éléonore", "Bo", "Cy"]


def question_rows(lang: str, names: list[str] | None) -> list[float]:
    """The heights of the questions grid's four answer rows (the page's last table)."""
    page = lay_out(demo_students(demonstration(1), paper("letter"), parse_lang(lang), names=names,
                                 pupil=names[0] if names else ""), METRICS).children[0]

    def tables(node):
        if node.tag == "table":
            yield node
        for child in node.children:
            yield from tables(child)

    return [row.h for row in list(tables(page))[-1].children[1:]]


@pytest.mark.parametrize("lang", ["fr", "en", "de"])
def test_a_letter_students_page_naming_the_seats_fits_with_rows_of_9_mm_or_more(lang):
    rows = question_rows(lang, SEATS)  # refused before: the flow ran 6 mm over its box
    assert len(rows) == 4 and all(row >= 9 for row in rows) and len(set(rows)) == 1


def test_without_names_the_seats_line_to_write_in_still_leaves_rows_of_9_mm():
    """A blank page has a line to write who sits at A, B and C (as the record sheet): the rows give it room
    and stay writable."""
    rows = question_rows("fr", None)
    assert all(row >= 9 for row in rows) and len(set(rows)) == 1
