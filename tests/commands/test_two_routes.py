"""The printed words that say how to do something name both routes: the web page, by its own labels, and the
terminal. The PDF is the same from either (byte for byte), so a parent who never opens a terminal reads on the
cover and the calibration sheet where the page does it, and a terminal user the command."""

import pytest

from cli.documents.language import PAGE_LABELS
from cli.web.words import Words
from tests.commands.test_words import flat
from tests.laidcheck import page_text
from tests.pdfcheck import all_text

LANGS = ("fr", "en", "de")


def page_says(lang: str, placeholder: str) -> str:
    """The web page's own label that a printed {placeholder} names, as the page shows it."""
    return flat(Words(lang)(PAGE_LABELS[placeholder]))


@pytest.mark.parametrize("lang", LANGS)
def test_the_class_covers_routes_name_the_pages_own_labels_and_the_commands(laid, lang):
    cover = flat(page_text(laid("--groups", "2", "--lang", lang).kit, 0))
    for placeholder in PAGE_LABELS:
        assert page_says(lang, placeholder) in cover, placeholder
    for command in ("pnpkit calibrate", "pnpkit printer save", "--printer", "--rules-per-group"):
        assert command in cover, command
    told = cover[:cover.index("pnpkit kit ")]  # before the command that makes the kit again
    assert "--back-offset" not in told and "{page_" not in told
    # the ink line names light backs as both routes do (the page's 'Card backs' choice reads 'Light'), no option
    light = {"fr": "avec des dos clairs", "en": "with light backs", "de": "mit hellen Rückseiten"}[lang]
    assert light in told and "--back" not in told


@pytest.mark.parametrize("lang", LANGS)
def test_the_calibration_sheet_names_the_pages_printer_profiles_and_its_decimal_mark_for_each_route(built, lang):
    front, back = (flat(text) for text in all_text(built("calibrate", "--lang", lang))[:2])
    profiles = page_says(lang, "page_printers")
    assert profiles in front and profiles in back
    assert "--" not in front  # no option names on the steps: the page user has none to type
    assert "--back-offset X,Y" in back  # the terminal's command, at the foot
    decimals = {"fr": "1,5 ou 1.5 sur la page web, 1.5 dans un terminal",
                "de": "1,5 oder 1.5 auf der Webseite, 1.5 im Terminal"}
    assert lang not in decimals or decimals[lang] in back
    assert "1.5 et non 1,5" not in back and "nicht 1,5" not in back  # the page takes 1,5: never said otherwise


def test_a_language_without_a_page_names_the_english_pages_labels():
    from cli.documents.language import page_label

    assert page_label("printers_heading", "xx") == Words("en")("printers_heading")
