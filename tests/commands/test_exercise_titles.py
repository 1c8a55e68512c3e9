"""A worksheet that runs over several pages says so on each page after the first, in each language, as the
students' page, the answer key, the handouts and the guide do: a page found on its own is known to continue."""

import pytest

from tests.pdfcheck import pdf_text

pytestmark = pytest.mark.untraced  # bodies read untraced: pnpkit runs through the fixtures, traced

CONTINUED = {"fr": "(suite)", "en": "(continued)", "de": "(Fortsetzung)"}
TITLE = {"fr": "Exercices", "en": "Worksheet", "de": "Übungsblatt"}
KEY = {"fr": "Corrigé", "en": "Answer key", "de": "Lösungsblatt"}


@pytest.mark.parametrize(("lang", "titles"), [("fr", TITLE), ("en+de", TITLE), ("en+de", KEY)],
                         ids=["worksheet-fr", "worksheet-en+de", "key-en+de"])  # the French key takes one page
def test_large_print_worksheet_pages_after_the_first_say_they_continue(built, lang, titles):
    pages = pdf_text(built("exercises", "--large-print", "--lang", lang))
    langs = lang.split("+")
    document = [text for text in pages if text.startswith(titles[langs[0]])]
    assert len(document) >= 2  # large print takes more than one page: the case that matters
    heads = [" ".join(text.splitlines()[:3]) for text in document]  # the titles, and the tag between them
    assert not any(CONTINUED[code] in heads[0] for code in langs)
    for head in heads[1:]:
        assert all(CONTINUED[code] in head for code in langs), head
