"""The two-language students' page on Letter (the shortest paper) keeps a real margin of safety: with
the seats line of a names file and the longest names, its content ends well above the footer."""

import pytest

from cli.documents.language import parse_lang
from tests import laidcheck
from tests.pdfcheck import PT, plumbed
from tests.untraced import traced

pytestmark = pytest.mark.untraced  # bodies read untraced: pnpkit runs through the fixtures, traced

LONGEST = "Anastasia-Maria,Bartholomew Jr,Christopher-Leo\n"  # 15-16 characters, near the 16 allowed


def _students_pages(laid_kit, lang) -> list[int]:
    """The students' pages (0-based), found by their title on the laid-out tree (no page read for it)."""
    with traced():
        title = parse_lang(lang).each("demo_title")[0].translate(laidcheck.NO_BREAK)
    return [index for index in range(len(laid_kit.children))
            if laidcheck.page_text(laid_kit, index).startswith(title)]


@pytest.mark.parametrize("lang", ["fr+en", "de+fr", "en+de"])
def test_the_bilingual_students_page_on_letter_ends_well_above_its_footer(kit_pdf, laid, class_list, lang):
    args = ("--names-file", class_list(LONGEST), "--lang", lang, "--paper", "letter")
    path = kit_pdf(*args)  # made, or the test fails: it once did not fit by 6 mm
    indexes = _students_pages(laid(*args).kit, lang)  # the same layout the PDF was drawn from
    assert len(indexes) == 3  # one per child, the longest name on its own name line
    with plumbed(path) as pdf:  # measured in the PDF
        for index, name in zip(indexes, LONGEST.strip().split(","), strict=True):
            page = pdf.pages[index]
            table = max(r["bottom"] for r in page.rects) / PT
            footer = min(w["top"] for w in page.extract_words() if w["top"] / PT > table) / PT
            assert "Anastasia-Maria" in page.extract_text() and name in page.extract_text()
            assert footer - table >= 8.0, footer - table  # the 4 mm the frame keeps, and 4 mm more to spare
