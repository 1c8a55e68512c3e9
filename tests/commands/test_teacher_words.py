"""A teacher's review of the printed words (teacher findings #3, #9, #10, #14, #15, #21): one term per idea,
matching the page titles, and nothing on paper that only a terminal understands. Each PDF is made once per
session (`built`), read with pypdfium2; the kits are read on their laid-out tree (`laid`)."""

import re

import pytest

from cli.documents.guide_docs import guide_document
from cli.documents.language import parse_lang
from cli.games.guide_deal import guide_deal
from cli.layout.pagination import lay_out
from cli.layout.sizes import paper
from cli.render.text import METRICS
from tests import laidcheck
from tests.commands.test_words import flat, pdf_text

LANGS = ("fr", "en", "de")
WORKSHEETS = {"fr": "les fiches d'exercices de ce kit (une par élève) et leurs corrigés",
              "en": "the practice worksheets in this kit (one per pupil) and their answer keys",
              "de": "die Übungsblätter dieses Sets (eines pro Kind) und ihre Lösungsblätter"}
NO_WORKSHEETS = {"fr": "des fiches d'exercices, que pnpkit imprime seules ou dans un kit avec exercices",
                 "en": "practice worksheets (pnpkit prints them on their own, or in a kit that includes them)",
                 "de": "Übungsblätter (pnpkit druckt sie einzeln oder in einem Set mit Übungsblättern)"}
# only a kit can say what it lacks: a guide printed alone is no kit (second teacher review #4)
NOT_IN_KIT = {"fr": "(absentes de ce kit)", "en": "(not in this kit;", "de": "(in diesem Set nicht enthalten;"}


def guide_text(lang: str, *, worksheets: bool) -> str:
    laid = lay_out(guide_document(guide_deal(), paper("a4"), parse_lang(lang), worksheets=worksheets), METRICS)
    return flat(" ".join(laidcheck.texts(laid)))


@pytest.mark.parametrize("lang", LANGS)
def test_the_guides_last_step_names_worksheets_in_words_and_only_those_the_kit_has(lang):
    """#3: no terminal command (nor English kind names) in an adult's paper plan; a guide without worksheets
    says how to get them, a kit's guide with worksheets names them as its own."""
    without, with_them = guide_text(lang, worksheets=False), guide_text(lang, worksheets=True)
    for text in (without, with_them):
        assert "--kinds" not in text and "may-play" not in text and "pnpkit exercises" not in text
    assert NO_WORKSHEETS[lang] in without and WORKSHEETS[lang] not in without
    assert NOT_IN_KIT[lang] not in without and NOT_IN_KIT[lang] not in with_them
    assert WORKSHEETS[lang] in with_them and NO_WORKSHEETS[lang] not in with_them


def test_a_kits_guide_names_its_worksheets_only_when_it_has_them(laid):
    with_them = flat(" ".join(laidcheck.texts(laid("--lang", "en", "--groups", "2", "--exercises", "6").kit)))
    without = flat(" ".join(laidcheck.texts(laid("--lang", "en").kit)))
    assert WORKSHEETS["en"] in with_them and NO_WORKSHEETS["en"] not in with_them
    assert NOT_IN_KIT["en"] in without and WORKSHEETS["en"] not in without
    assert "practice worksheets (not in this kit; pnpkit prints them on their own, or in a kit that" in without


def test_german_says_set_never_kit_and_one_bracket_for_the_key(laid):
    """#9: the cover's title says 'Klassen-Set', so the tips and the guide say 'Set' too; the key's title
    carries one bracket, '(Fortsetzung)', on its second page."""
    text = flat(" ".join(laidcheck.texts(laid("--lang", "de").kit)))
    assert "Set: Kartenspiele" in text and "dann das Set damit neu erstellen" in text  # one group: no class
    assert NOT_IN_KIT["de"] in text  # a kit without worksheets says so; the guide printed alone does not
    assert not re.search(r"\bKits?\b", text)
    assert "Lösungsblatt zum Vorführblatt" in text and "(für die Spielleitung)" not in text
    assert "Rückseite einer Seite für die Kinder" in text and "Schüler" not in text  # #10: Kinder, as the guide


@pytest.mark.parametrize("lang", LANGS)
def test_the_pages_footer_names_the_answer_key_by_its_title(built, lang):
    """#10: the students' page and the worksheet send the reader to 'the answer key' (the keys' titles say
    answer key, corrigé, Lösungsblatt), not to a 'facilitator's page' no title names."""
    said = {"fr": "Les réponses sont dans le corrigé, imprimé sur une feuille à part pour l'animateur.",
            "en": "The answers are in the answer key, printed on a separate sheet for the facilitator.",
            "de": "Die Antworten stehen auf dem Lösungsblatt der Spielleitung."}[lang]
    for document in (built("demo", "--lang", lang), built("exercises", "--lang", lang)):
        assert said in pdf_text(document)


def test_english_says_record_sheet_and_pupils_as_its_titles_do(laid):
    """#10: the record sheet's title says 'Record sheet', as the cover, the guide and the trick handout do;
    the children are pupils on every page (never students)."""
    text = flat(" ".join(laidcheck.texts(laid("--lang", "en").kit)))
    assert "Record sheet: three deals" in text and "a record sheet, a pencil" in text
    assert "Trick record" not in text and "trick record sheet" not in text
    assert "pupil" in text and "student" not in text.lower()


@pytest.mark.parametrize(("lang", "ages"), [("fr", "Âge dès 8 ans"), ("en", "Ages 8 and up"),
                                            ("de", "Alter ab 8 Jahren")])
def test_our_trick_game_gives_its_age_plainly(built, lang, ages):
    """#14: the trick game is ours: '8 and up', not 'not given (we suggest…)'."""
    text = pdf_text(built("rules", "trick", "--lang", lang))
    assert ages + " Time" in text.replace("Durée", "Time").replace("Dauer", "Time")


@pytest.mark.parametrize(("lang", "label"), [("fr", "Nom :"), ("en", "Name:"), ("de", "Name:")])
def test_every_childrens_name_label_has_its_colon(built, lang, label):
    """#15: the worksheet's name label (just before its legend, 'C = …') reads as the demonstration
    page's ('Nom :', 'Name:')."""
    assert f" {label} C = " in pdf_text(built("exercises", "--lang", lang))
    assert label in pdf_text(built("demo", "--lang", lang))


@pytest.mark.parametrize(("lang", "said"), [("fr", "Décimales : 1,5 ou 1.5 sur la page web, 1.5 dans un terminal"),
                                            ("de", "Dezimalzahlen: 1,5 oder 1.5 auf der Webseite, 1.5 im Terminal")])
def test_the_calibration_sheet_says_its_values_are_typed_with_a_point(built, lang, said):
    """#21: French and German write 0,25 mm but --back-offset takes 1.5 (the web page takes 1,5 too): the back
    says so."""
    assert said in pdf_text(built("calibrate", "--lang", lang))


@pytest.mark.parametrize(("args", "part", "player"), [(("--lang", "en"), "Score sheets", "Player"),
                                                     (("--large-print",), "Feuilles de marque", "Joueur")])
def test_the_kits_blank_dreist_master_has_a_column_for_each_of_four_players(laid, args, part, player):
    """Second teacher review #11: DREIst! is for 1 to 4 and the master is photocopied for any table (the
    kits are those other tests lay out)."""
    kit = laid(*args).kit
    scores = laidcheck.part_starts(kit)[part]
    master = laidcheck.page_text(kit, scores - 1)
    assert "DREIst!" in master and f"{player} 4" in master and f"{player} 5" not in master
