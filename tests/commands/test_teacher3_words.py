"""The third teacher review's words (findings #5, #6, #8, #9, #14): names that match the pages they point to, one
German term per idea, a cover that speaks to a family when the kit is for one group and says what to do before
and after printing. Read on the laid-out tree of each kit (`laid`, made once per session)."""

import re
from pathlib import Path

import pytest

from cli.documents.language import parse_lang
from tests import laidcheck
from tests.commands.test_teacher_words import guide_text
from tests.commands.test_words import flat

LANGS = ("fr", "en", "de")
TRICK_HANDOUT = {"fr": "Plis : fournir la couleur", "en": "Tricks: follow suit", "de": "Stiche: Farbe bedienen"}
REMINDER = {"fr": "Aide-mémoire : les plis", "en": "Reminder: tricks", "de": "Merkkarte: Stiche"}
RULES_ROW = {"fr": "Règles (« Plis : fournir la couleur », Twin It, DREIst!)",
             "en": "Rules ('Tricks: follow suit', Twin It, DREIst!)",
             "de": "Regeln („Stiche: Farbe bedienen“, Twin It, DREIst!)"}
GUIDE_USES = {"fr": "la fiche « Plis : fournir la couleur » et la carte « Aide-mémoire : les plis »",
              "en": "the handout 'Tricks: follow suit' and the card 'Reminder: tricks'",
              "de": "das Regelblatt „Stiche: Farbe bedienen“ und die „Merkkarte: Stiche“"}
DEMO = {"fr": ("démonstration", "Démonstration : une donne jouée"),
        "en": ("demonstration", "Demonstration: one deal played out"),
        "de": ("Vorführblatt", "Vorführblatt: eine gespielte Runde")}  # the cover's item, the page's title


def cover_text(kit) -> str:
    return flat(" ".join(laidcheck.page_text(kit, i) for i in laidcheck.cover_pages(kit)))


def page_with(kit, words: str) -> str:
    """The text of the first page after the cover that holds `words`."""
    return next(text for text in (flat(laidcheck.page_text(kit, i)) for i, page in enumerate(kit.children)
                                  if page.part != 0) if words in text)


@pytest.mark.parametrize("lang", LANGS)
def test_the_cover_and_the_guide_name_the_handout_and_the_reminder_card_by_their_titles(laid, lang):
    """#9: the cover's rules row names the trick handout by its title; the reminder card carries a title of its
    own, not the handout's, and the guide names both by their titles."""
    kit = laid("--lang", lang).kit
    assert RULES_ROW[lang] in cover_text(kit)
    assert page_with(kit, TRICK_HANDOUT[lang]).count(TRICK_HANDOUT[lang]) >= 1
    cards = page_with(kit, REMINDER[lang])  # the card sheet with the seat and reminder cards
    assert TRICK_HANDOUT[lang] not in cards and REMINDER[lang] != TRICK_HANDOUT[lang]
    assert GUIDE_USES[lang] in flat(" ".join(laidcheck.texts(kit)))


@pytest.mark.parametrize("lang", LANGS)
def test_the_demonstration_page_has_one_name_on_the_cover_in_the_guide_and_on_its_title(laid, lang):
    """#9: German said 'Vorführung' on the cover and the page, 'Vorführblatt' in the bullet and the guide; the
    cover's item is the word the page's title begins with, in every language."""
    kit = laid("--lang", lang).kit
    item, title = DEMO[lang]
    assert f"{item}: " in cover_text(kit).replace(" :", ":")  # the group's row: 'demonstration: 9–11'
    assert title in page_with(kit, title) and title.lower().startswith(item.lower())
    if lang == "de":
        text = flat(" ".join(laidcheck.texts(kit)))
        assert "Vorführung" not in text and "ein Vorführblatt" in cover_text(kit) and "Das Vorführblatt" in text


@pytest.mark.parametrize("lang", LANGS)
def test_a_group_rows_items_are_the_words_of_the_bullet_that_hands_them_out(lang):
    """#9: the cover's group row said 'Vorführung' and 'practice exercises' where the bullet under it (and the
    guide) say 'Vorführblatt' and 'worksheet'."""
    texts = parse_lang(lang)
    bullet = texts.t("kit_copies_exercises").lower()
    for key in ("part_demo", "part_exercises", "part_record"):
        assert texts.t(key).lower() in bullet, key


def test_german_says_uebungen_only_for_the_worksheets():
    """#8: the guide's activities on the open deal are 'Aktivitäten'; 'Übungen' is the worksheets' word."""
    text = guide_text("de", worksheets=True)
    assert "Aktivitäten zur offenen Runde" in text and "(offene Runde, Aktivitäten)" in text
    assert "für eine der Aktivitäten unter der Tabelle" in text
    assert "Übungen zur" not in text and "Übungen)" not in text
    assert parse_lang("de").t("exercises_title").startswith("Übungsblatt")  # the worksheets' own word


ONE_GROUP = {"fr": ("Kit : jeux de cartes à imprimer", "Pour les joueurs", "Les cartes et un relevé des plis",
                    "un exemplaire de chaque : assez pour une table"),
             "en": ("Kit: card games to print", "For the players", "The cards and one record sheet",
                    "one copy of each: enough for one table"),
             "de": ("Set: Kartenspiele zum Ausdrucken", "Für die Spieler", "Die Karten und eine Stichliste",
                    "je ein Exemplar: genug für einen Tisch")}
CLASS = {"fr": ("Kit de classe", "Pour la classe", "Un ou deux élèves en trop"),
         "en": ("Classroom kit", "For the class", "One or two pupils left over"),
         "de": ("Klassen-Set", "Für die Klasse", "Ein oder zwei übrige Kinder")}


@pytest.mark.parametrize("lang", LANGS)
def test_a_one_group_cover_speaks_to_a_family_not_a_class(laid, lang):
    """#5: one group is a family at home: no 'classroom' title, no 'for the class', no pupils left over, and
    one copy of each handout is enough for its one table."""
    cover = cover_text(laid("--lang", lang).kit)
    title, heading, copies, rules = ONE_GROUP[lang]
    assert cover.startswith(title) and heading in cover and copies in cover and rules in cover
    assert not any(words in cover for words in CLASS[lang])


def test_a_class_cover_keeps_its_class_words(laid):
    """#5: from two groups on, the classroom words stay, the pupils left over with them."""
    cover = cover_text(laid("--groups", "2", "--lang", "en").kit)
    assert cover.startswith("Classroom kit") and all(words in cover for words in CLASS["en"])
    # #14: the rules' row says what to do without a photocopier, on the page and in a terminal
    assert "one copy of each: photocopy back to back, one per table (no photocopier: 'Rules with each group' or " \
           "--rules-per-group)" in cover


BEFORE = {"fr": "Avant d'imprimer, une fois par imprimante : mesurez le décalage de son verso, gardez-le",
          "en": "Before you print, once per printer: measure how far it shifts the backs and save that in a printer "
                "profile",
          "de": "Vor dem Drucken, einmal pro Drucker: den Versatz der Rückseite messen und in einem "
                "Druckerprofil speichern"}
AFTER = {"fr": ("Après l'impression", "Vérifiez l'échelle", "Découpez les cartes le long des traits de coupe"),
         "en": ("After printing", "Check the scale", "Cut out the cards along the crop marks"),
         "de": ("Nach dem Drucken", "Maßstab prüfen", "Die Karten an den Schnittmarken ausschneiden")}
KNOW = {"fr": ("Bon à savoir", "commence au recto d'une feuille"),
        "en": ("Good to know", "starts on the front of a sheet"),
        "de": ("Gut zu wissen", "beginnt auf der Vorderseite eines Blatts")}


@pytest.mark.parametrize("lang", LANGS)
def test_the_cover_says_what_to_do_before_and_after_printing_and_what_is_good_to_know(laid, lang):
    """#6: 'Before you print' held mostly what can only be done after printing, and two facts: before printing
    only the calibration, after it the ruler and the cutting (the reminder card named by its title), then the
    facts under their own heading, in that order."""
    cover = cover_text(laid("--lang", lang).kit)
    (after, ruler, cut), (know, front) = AFTER[lang], KNOW[lang]
    places = [cover.find(words) for words in (BEFORE[lang], after, ruler, cut, REMINDER[lang], know, front)]
    assert -1 not in places and places == sorted(places), places
    assert cover.find(BEFORE[lang]) < cover.find(RULES_ROW[lang])  # with how to print, before the contents


def test_a_single_sided_cover_folds_after_printing_and_has_nothing_to_do_before(laid):
    cover = cover_text(laid("--groups", "2", "--lang", "en", "--single-sided").kit)
    assert "Before you print" not in cover and "calibrate" not in cover
    assert "After printing" in cover
    assert "Fold each card sheet on the dashed fold line, glue, then cut out the cards" in cover
    assert cover.index("Good to know") > cover.index("After printing")
    assert "group number" in cover  # the facts: decks sorted by their backs' number


GLUE = {"fr": ("Découpez les faces et les dos", "collez chaque dos derrière sa face", "Pliez"),
        "en": ("Cut out the fronts and the backs", "glue each back behind its front", "Fold"),
        "de": ("Vorder- und Rückseiten", "jede Rückseite hinter ihre Vorderseite kleben", "falten")}


@pytest.mark.parametrize("lang", LANGS)
def test_backs_on_pages_of_their_own_are_glued_not_folded(laid, lang):
    """--duplex none prints the backs on pages of their own, with no fold line: the cover said to fold each sheet
    on the dashed line; it says to cut out fronts and backs and glue each back behind its front."""
    cover = cover_text(laid("--lang", lang, "--duplex", "none").kit)
    cut, glue, fold = GLUE[lang]
    assert cut in cover and glue in cover and REMINDER[lang] in cover
    assert fold not in cover


README = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")


def _recipe() -> str:
    start = README.index("\n## Print for tomorrow\n")
    return " ".join(README[start:README.index("\n## ", start + 1)].split())


def test_the_recipe_says_what_a_family_and_eight_groups_print_as_the_kits_measure(laid):
    """#5, #14: the README's at-home line and the 8 groups' paper and ink are the figures of the kits they name
    (their laid-out pages), and a teacher without a photocopier is told which option to add."""
    recipe = _recipe()
    home = re.search(r"At home, one family of three: `\./pnpkit kit --lang en --paper letter` \((\d+) sheets; on A4, "
                     r"`\./pnpkit kit --lang en`: (\d+) sheets\)", recipe)
    assert home, "the at-home line"
    assert int(home[1]) == laid("--lang", "en", "--paper", "letter").figures.sheets
    assert int(home[2]) == laid("--lang", "en").figures.sheets
    class_kit = laid("--groups", "8", "--lang", "en", measured=False).figures
    eight = re.search(r"The 8 groups take (\d+) sheets of A4 and ink for about (\d+) ordinary pages in English .*?"
                      r"(\d+) with `--back light`", recipe)
    assert eight and (int(eight[1]), int(eight[2]), int(eight[3])) == (
        class_kit.sheets, round(class_kit.ink), round(class_kit.light_ink))
    own = re.search(r"no photocopier: add `--rules-per-group` \(each group gets its own copy, (\d+) sheets\)", recipe)
    assert own and int(own[1]) == laid("--groups", "8", "--lang", "en", "--rules-per-group",
                                       measured=False).figures.sheets


def test_the_low_vision_recipe_names_the_pages_of_the_reprint_it_describes(laid):
    """#16: the README says what `--only-group N --large-print` reprints and which of its pages one pupil needs;
    the pages it names are that reprint's demonstration copy and its handouts."""
    text = " ".join(README.split())
    said = re.search(r"with `--groups 3 --only-group 2 --large-print --lang en`: (\d+) sheets\).*?in that example "
                     r"pages (\d+)–(\d+) and (\d+)–(\d+): (\d+) sheets\)", text)
    assert said, "the low-vision recipe"
    kit = laid("--groups", "3", "--only-group", "2", "--large-print", "--lang", "en", measured=False)
    sheets, demo, demo_end, rules, rules_end, kept = (int(n) for n in said.groups())
    assert sheets == kit.figures.sheets and rules_end == kit.figures.pages
    assert laidcheck.page_text(kit.kit, demo - 1).startswith("Demonstration")
    copy_end = laidcheck.page_text(kit.kit, demo_end - 1)  # the copy's second page or its blank back
    assert "(continued)" in copy_end or "intentionally blank" in copy_end
    assert laidcheck.page_text(kit.kit, demo_end).startswith("Demonstration: one deal played out\n")  # the next copy
    assert dict(kit.figures.starts)["Rules"] == rules
    assert kept == (demo_end - demo + 1 + rules_end - rules + 1 + 1) // 2
