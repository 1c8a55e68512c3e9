"""A kit for one group (a family at home) says what is true for one group: its guide makes no groups and has nobody
left over, its cover photocopies nothing for a class and hands the rules out once, not "per group"; from two groups
on, the class's words stay. The words are the catalogue's, read on the laid-out kit (`laid`, made once per session).
"""

import pytest

from cli.documents.language import parse_lang
from tests import laidcheck
from tests.commands.test_words import flat

LANGS = ("fr", "en", "de")
CLASS_ONLY = ("how_scores", "how_scores_single", "how_rules", "how_rules_single", "kit_handouts_group",
              "kit_leftover")  # notes that speak of several groups or of photocopies for a class


def said(lang: str, key: str) -> str:
    return flat(parse_lang(lang).t(key))


def kit_text(kit) -> str:
    return flat(" ".join(laidcheck.texts(kit)))


def cover_text(kit) -> str:
    return flat(" ".join(laidcheck.page_text(kit, i) for i in laidcheck.cover_pages(kit)))


@pytest.mark.parametrize("lang", LANGS)
def test_a_one_group_guide_seats_three_players_and_makes_no_groups(laid, lang):
    text = kit_text(laid("--lang", lang).kit)
    assert said(lang, "guide_s1_text_one") in text and said(lang, "guide_intro_one") in text
    assert said(lang, "guide_s1_text") not in text and said(lang, "guide_intro") not in text
    for key in ("guide_s1_uses", "guide_s5_uses"):  # the material of one group, not of each
        assert said(lang, f"{key}_one") in text and said(lang, key) not in text


@pytest.mark.parametrize("lang", LANGS)
def test_a_one_group_cover_photocopies_nothing_for_a_class(laid, lang):
    cover = cover_text(laid("--lang", lang).kit)
    assert said(lang, "how_scores_one") in cover and said(lang, "how_rules_one") in cover
    assert not [key for key in CLASS_ONLY if said(lang, key) in cover]


@pytest.mark.parametrize("lang", LANGS)
def test_a_one_group_cover_hands_each_rule_out_once_not_per_group(laid, lang):
    cover = cover_text(laid("--lang", lang, "--rules-per-group").kit)
    assert said(lang, "kit_handouts_group_one") in cover
    assert not [key for key in CLASS_ONLY if said(lang, key) in cover]


def test_two_groups_keep_the_class_words_in_the_guide_and_on_the_cover(laid):
    kit = laid("--groups", "2", "--lang", "en").kit
    text, cover = kit_text(kit), cover_text(kit)
    assert said("en", "guide_s1_text") in text and said("en", "guide_intro") in text
    assert said("en", "how_scores") in cover and said("en", "how_scores_one") not in cover


def test_a_one_group_class_list_is_a_family_too(laid, class_list):
    """One group named from a class list (Ana, Bo, Cy): its own score sheets carry the names, the blank ones are
    printed again, not photocopied, and its guide makes no groups."""
    kit = laid("--names-file", class_list("Ana,Bo,Cy\n"), "--lang", "en").kit
    text, cover = kit_text(kit), cover_text(kit)
    assert said("en", "how_scores_one") in cover and said("en", "guide_s1_text_one") in text
    assert not [key for key in CLASS_ONLY if said("en", key) in cover] and said("en", "guide_s1_text") not in text
