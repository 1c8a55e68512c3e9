"""French and English spacing around punctuation, and French elision before names."""

import re
from pathlib import Path

import pytest

from cli.documents.language import parse_lang
from cli.documents.typography import NBSP, NNBSP, curl_quotes, french_of, typeset

CATALOGUES = Path(__file__).resolve().parents[2] / "templates" / "catalogues"


def test_french_spaces_are_made_unbreakable_and_the_right_width():
    assert typeset("Gagnant : A ; pli ? oui ! « entame » 100 %", "fr") == (
        f"Gagnant{NBSP}: A{NNBSP}; pli{NNBSP}? oui{NNBSP}! «{NBSP}entame{NBSP}» 100{NBSP}%")


def test_french_leaves_names_and_notation_without_a_space_alone():
    assert typeset("DREIst! A:C1,C4", "fr") == "DREIst! A:C1,C4"


def test_english_has_no_space_before_a_colon():
    assert typeset("Clan 1 : Ana ; Winner ?", "en") == "Clan 1: Ana; Winner?"


def test_labels_and_the_values_put_into_them_are_typeset():
    texts = parse_lang("fr+en")
    assert texts.each("winner_blank") == [f"Gagnant{NBSP}:", "Winner:"]
    fr = parse_lang("fr").each("deal_recap", deal="A:C1 X ?", leader="A")[0]
    assert fr.startswith(f"Donne{NBSP}: A:C1 X{NNBSP}?")


@pytest.mark.parametrize(("name", "expected"), [
    ("Ana", "d’Ana"), ("Élise", "d’Élise"), ("Hugo", "d’Hugo"), ("Œdipe", "d’Œdipe"), ("Yves", "d’Yves"),
    ("Bo", "de Bo"), ("Yann", "de Yann"), ("Hans", "de Hans"), ("A", "de A"), ("ugo", "d’ugo"),
    ("Hélène", "d’Hélène"), ("Henri", "d’Henri"), ("Hector", "d’Hector"), ("Hugues", "d’Hugues"),
    ("Hyacinthe", "d’Hyacinthe"), ("Inès", "d’Inès"), ("Ugo", "d’Ugo"), ("Yvan", "d’Yvan"), ("Éva", "d’Éva"),
    ("Harry", "de Harry"), ("Heidi", "de Heidi"), ("Hamza", "de Hamza"), ("Henry", "de Henry"),
    ("Hans-Peter", "de Hans-Peter"), ("Yasmine", "de Yasmine"), ("Ouassim", "de Ouassim"), ("Ouiam", "de Ouiam"),
    ("B", "de B"), ("E", "de E"), ("Hrvoje", "de Hrvoje"), ("Wassim", "de Wassim"),
])
def test_de_elides_before_a_vowel_or_a_mute_h(name, expected):
    assert french_of(name) == expected


def test_english_quotes_and_apostrophes_are_curly_and_percent_is_closed_up():
    assert typeset(curl_quotes("A's hand, the students' page, never 'fit to page', \"Lead\" at 100 %", "en"),
                   "en") == "A’s hand, the students’ page, never ‘fit to page’, “Lead” at 100%"
    assert parse_lang("en").each("answers_elsewhere")[0] == (
        "The answers are in the answer key, printed on a separate sheet for the facilitator.")
    assert curl_quotes("l'entame", "fr") == "l'entame"  # French catalogues already write ’


@pytest.mark.parametrize(("text", "lang", "bound"), [
    ("the 50 mm ruler", "en", f"50{NBSP}mm"), ("first to 7 Fänge wins", "de", f"7{NBSP}Fänge"),
    ("règle de 50 mm", "fr", f"50{NBSP}mm"),
])
def test_a_number_stays_with_its_unit_even_in_a_narrow_column(text, lang, bound):
    from cli.render.text import wrap
    typeset_text = typeset(text, lang)
    assert bound in typeset_text
    for limit in (18, 21, 24, 27, 30):  # mm: every break a narrow column forces (the pair itself fits)
        lines = wrap(typeset_text, 11, limit)
        assert any(bound in line for line in lines), (limit, lines)


def test_card_codes_and_notation_are_not_bound():
    assert typeset("C1 C4 A:C1 x", "en") == "C1 C4 A:C1 x"


@pytest.mark.parametrize("lang", ["fr", "en", "de"])
def test_equals_and_minus_stay_on_the_line_of_their_neighbours(lang):
    from cli.render.text import wrap
    text = typeset("Net = prises − erreurs : le premier gagne", lang)
    assert f"Net{NBSP}={NBSP}prises{NBSP}−{NBSP}erreurs" in text
    for limit in (20, 30, 40, 50):  # mm: no break beside a sign, however narrow the column
        for line in wrap(text, 11, limit):
            assert not line.startswith(("=", "−")) and not line.rstrip().endswith(("=", "−")), (limit, line)


def test_the_signs_are_bound_by_the_typography_pass_not_by_hand_in_the_catalogues():
    """A catalogue writes plain spaces around '=' and '−' (the pass binds them for every language); and every
    label, typeset, holds no breakable space beside a sign."""
    from cli.documents.language import catalogue
    from cli.documents.languages import known
    by_hand = re.compile(r"\\u00A0[=−]|[=−]\\u00A0(?![:;!?])", re.I)  # (French sets a space before ':')
    written = [path.name for path in CATALOGUES.glob("*.toml") if by_hand.search(path.read_text())]
    assert not written, f"no-break spaces around '=' or '−' written by hand in {written}"
    breakable = re.compile(r"\S [=−]|[=−] \S")
    signs = 0
    for lang in known():
        for key, label in catalogue(lang).items():
            signs += label.count("=") + label.count("−")
            assert not breakable.search(typeset(label, lang)), (lang, key)
    assert signs > 10  # the catalogues do hold such labels
