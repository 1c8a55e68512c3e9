"""Children's pages at their sizes, read on the laid-out tree: no text a child reads is drawn under 11 pt
(16 pt in large print), whatever the language or pair, the paper or a long name, so the layout pass never
shrank a heading to fit (it would, down to 60 %, where a row is too short) and no template chose a smaller
size. A letter or number that is part of a drawing (`<text picture="yes">`: a card's code under its value,
a DREIst! colour's initial) is read off the picture and is not held to it in ordinary print (large print: 16 pt
too; which pictures and how small: tests/documents/test_house_minimums.py EXCEPTIONS). The adults' pages (answer keys,
the guide, the cover) are not children's pages."""

from functools import cache

import pytest

from cli.documents.exercise_docs import worksheet
from cli.documents.handouts import GAMES, rules_document
from cli.documents.language import parse_lang
from cli.documents.trick_docs import demo_students, record_sheet
from cli.games.exercises import parse_kinds, worksheets
from cli.games.policy import demonstration
from cli.layout.markup import Element, parse_markup
from cli.layout.pagination import lay_out
from cli.layout.sizes import paper
from cli.render.text import METRICS
from tests.documents.test_house_minimums import runs
from tests.untraced import PRINTS, in_turn, traced_if

LANGS = ["fr", "en", "de", "fr+en", "en+fr", "fr+de", "de+fr", "de+en", "en+de"]
LONG = ["Hélène-Éléonore", "Wolfgang-Amadeus", "Bo"]  # names of 15 and 16 characters (the most a cell takes)
# the cases whose layout coverage measures: each language once, the papers and print sizes in turn; the other
# cases lay out the same templates' same lines again, untraced (tests/untraced.py)
MEASURED = in_turn(LANGS, PRINTS)


def _documents(texts, sheet, large: bool) -> dict[str, Element]:
    """Every document a child holds, in one language or pair, on one paper."""
    exercises = worksheets(1, parse_kinds("all", 3), 6, 3, 1)[0]
    made = {
        "demo": demo_students(demonstration(1), sheet, texts, large_print=large),
        "demo named": demo_students(demonstration(1), sheet, texts, group=12, large_print=large, names=LONG,
                                    pupil=LONG[0]),
        "record": record_sheet(sheet, texts, names=None, large_print=large),
        "record named": record_sheet(sheet, texts, names=LONG, group=12, large_print=large),
        "exercises": worksheet(exercises, sheet, texts, large),
    }
    made.update({f"rules {game}": rules_document(game, sheet, texts, large=large) for game in GAMES})
    return made


@cache
def too_small(lang: str, paper_name: str, large: bool) -> tuple[str, ...]:
    """'document p. N: size pt 'text'' for every run drawn under the floor, in every child's document."""
    floor = 16.0 if large else 11.0
    found = []
    for name, document in _documents(parse_lang(lang), paper(paper_name), large).items():
        for number, page in enumerate(lay_out(document, METRICS).children, start=1):
            found += [f"{name} p. {number}: {size:.2f} pt {text!r}" for size, text, picture in runs(page)
                      if size < floor - 1e-6 and (large or not picture)]
    return tuple(found)


@pytest.mark.parametrize("large", [False, True], ids=["regular", "large"])
@pytest.mark.parametrize("paper_name", ["a4", "letter"])
@pytest.mark.parametrize("lang", LANGS)
def test_no_childrens_text_under_its_floor(lang, paper_name, large):
    with traced_if((lang, paper_name, large) in MEASURED):
        found = too_small(lang, paper_name, large)
    assert found == ()


def test_the_walk_reads_a_shrunk_cell_and_skips_only_pictures():
    """A heading squeezed into a short row is read at the size the pass fitted it to; a small text counts
    unless it is a picture's letter."""
    laid = lay_out(parse_markup("""<document title="t" width="210" height="297"><page>
<table x="10" y="10" widths="20" size="11"><row h="9.9"><cell>Couleur demandée</cell></row></table>
<text x="10" y="40" size="8">small</text><text x="10" y="50" size="6" picture="yes">C1</text>
</page></document>"""), METRICS)
    found = {text: size for size, text, picture in runs(laid.children[0]) if not picture}
    assert found["small"] == 8 and "C1" not in found
    assert found["Couleur"] == found["demandée"] == 11 * 0.92  # two lines of 11 pt need 10.3 mm
