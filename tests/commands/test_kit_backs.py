"""What shares a sheet in the kit, read on the laid-out tree: a page is left blank only before a part that
changes hands (the cards, a record sheet, a child's page, the answer keys, a handout of two pages); the blank
score sheets print back to back, and a one-page handout takes the back of the one before. The cover says so."""

import pytest

from cli.documents.language import parse_lang
from tests.commands.test_words import flat
from tests.laidcheck import outline, page_text, texts

pytestmark = pytest.mark.untraced  # bodies read untraced: pnpkit runs through the fixtures, traced

BLANKS = {"fr": "Page volontairement laissée blanche.", "en": "This page is intentionally blank.",
          "de": "Diese Seite bleibt absichtlich leer."}


def blank_pages(laid, lang: str) -> list[int]:
    return [number for number, text in enumerate(texts(laid), start=1) if BLANKS[lang] in text]


def starts(laid, wanted: str, after: int = 0) -> int:
    """The first page of the first outline entry titled `wanted` on or after page `after`."""
    return next(page for _, title, page in outline(laid) if title == wanted and page >= after)


def test_the_default_kit_leaves_blank_only_the_backs_the_rules_of_the_house_need(laid):
    kit = laid().kit  # French, A4, one group without names
    scores, rules = starts(kit, "Feuilles de marque"), starts(kit, "Règles")
    # the cover's back (the cards start a sheet), the record sheet's, each child's page's, the answer key's, the
    # trick handout's (Twin It, two pages in French with its figure drawn large, starts a sheet)
    assert blank_pages(kit, "fr") == [2, 8, 10, 12, 14, scores - 1, rules + 1]
    dreist, twinit = starts(kit, "DREIst!", scores), starts(kit, "Twin It", scores)
    assert scores % 2 == 1 and (dreist, twinit) == (scores, scores + 1)  # the blank masters back to back
    trick, twinit_rules, dreist_rules = (starts(kit, title, rules) for title in ("Plis\u00a0: fournir la couleur",
                                                                                "Twin It", "DREIst!"))
    assert (trick, twinit_rules, dreist_rules) == (rules, rules + 2, rules + 4)  # two-page handouts take no back
    assert rules % 2 == 1 and dreist_rules % 2 == 1 and len(kit.children) == dreist_rules + 1


def test_a_two_page_handout_never_takes_a_back(laid):
    kit = laid("--lang", "fr+en").kit  # the trick handout in French, then in English; Twin It in each
    rules = starts(kit, "Règles / Rules")
    twinit = starts(kit, "Twin It", rules)
    assert twinit == rules + 2 and "Tricks: follow suit" in page_text(kit, rules)  # page rules + 1: its English


@pytest.mark.parametrize(("lang", "words", "copy"), [
    ("fr", "recto verso", "photocop"), ("en", "back to back", "photocop"), ("de", "beidseitig", "kopieren")])
def test_the_cover_says_what_starts_a_sheet_and_what_goes_back_to_back(laid, lang, words, copy):
    """A class's cover (one group's photocopies nothing: tests/commands/test_one_group_words.py)."""
    cover = flat(page_text(laid("--groups", "2", "--lang", lang).kit, 0))
    said = {"fr": "Ce qui passe en d'autres mains commence au recto",
            "en": "Whatever goes to someone else starts on the front",
            "de": "Was ausgeteilt wird, beginnt auf der Vorderseite eines Blatts"}
    assert said[lang] in cover
    scores = flat(parse_lang(lang).t("how_scores"))  # the blank score sheets' row
    assert words in scores and copy in scores and scores in cover


def test_the_german_cover_speaks_of_helpers_without_a_formal_sie_and_its_blank_pages_say_so(laid):
    """After a colon "Sie halten" reads as the formal "you" (the reader): the helpers are said without it (a
    class's cover: one group has no pupils left over)."""
    kit = laid("--lang", "de", "--groups", "2").kit
    cover = " ".join(page_text(kit, 0).split())
    assert "helfen einer Gruppe mit und halten die Karten" in cover and ": Sie " not in cover
    assert blank_pages(kit, "de")[0] == 2  # the cover's back


@pytest.mark.parametrize(("lang", "words", "copy"), [
    ("fr", "recto verso", "photocop"), ("en", "back to back", "photocop"), ("de", "beidseitig", "kopieren")])
def test_a_single_sided_cover_asks_for_no_copy_back_to_back(laid, lang, words, copy):
    """Single-sided, each master and handout page is a page of its own: the rows say to copy, not how."""
    cover = " ".join(page_text(laid("--groups", "2", "--lang", lang, "--single-sided").kit, 0).split())
    assert words not in cover
    assert cover.count(copy) >= 2  # the blank score sheets' row and the rules' row still say to copy them
