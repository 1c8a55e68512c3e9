"""The two-language students' page on Letter (the shortest paper) keeps a real margin of safety: with
the seats line of a names file and the longest names, its content ends well above the footer."""

import pytest

from cli.documents.language import parse_lang
from tests.pdfcheck import PT, all_text, plumbed

LONGEST = "Anastasia-Maria,Bartholomew Jr,Christopher-Leo\n"  # 15-16 characters, near the 16 allowed


def _students_pages(path, lang):
    title = parse_lang(lang).each("demo_title")[0].replace("\u00a0", " ").replace("\u202f", " ")
    with plumbed(path) as pdf:  # found by their text (fast), measured with pdfplumber
        for index, text in enumerate(all_text(path)):
            if text.startswith(title):
                yield pdf.pages[index]


@pytest.mark.parametrize("lang", ["fr+en", "de+fr", "en+de"])
def test_the_bilingual_students_page_on_letter_ends_well_above_its_footer(pnpkit, tmp_path, lang):
    names = tmp_path / "names.csv"
    names.write_text(LONGEST, encoding="utf-8")
    path = tmp_path / "kit.pdf"
    result = pnpkit("kit", "--names-file", names, "--lang", lang, "--paper", "letter", "-o", path)
    assert result.code == 0, result.err  # it once did not fit by 6 mm
    pages = list(_students_pages(path, lang))
    assert len(pages) == 3  # one per child, the longest name on its own name line
    for page, name in zip(pages, LONGEST.strip().split(","), strict=True):
        table = max(r["bottom"] for r in page.rects) / PT
        footer = min(w["top"] for w in page.extract_words() if w["top"] / PT > table) / PT
        assert "Anastasia-Maria" in page.extract_text() and name in page.extract_text()
        assert footer - table >= 8.0, footer - table  # the 4 mm the frame keeps, and 4 mm more to spare
