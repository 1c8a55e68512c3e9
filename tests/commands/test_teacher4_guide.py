"""Fourth teacher review, what the cover and the guide tell a teacher: the ruler's length in inches too on US Letter
(#11), German "mit 100 %" (#13b), the named kit's class bullet naming the groups' own score sheets (#13d), the open
deal played in every group on its own deck (#7). Words are read from the catalogues, on the laid-out kit (`laid`,
made once per session)."""

import pytest

from cli.documents.kit_cover import inches
from cli.documents.language import parse_lang
from cli.layout.sizes import sheet_value
from tests import laidcheck
from tests.commands.test_words import flat

LANGS = ("fr", "en", "de")


def said(lang: str, key: str, **values) -> str:
    return flat(parse_lang(lang).t(key, lang, **values))


def cover_text(kit) -> str:
    return flat(" ".join(laidcheck.page_text(kit, i) for i in laidcheck.cover_pages(kit)))


def kit_text(kit) -> str:
    return flat(" ".join(laidcheck.texts(kit)))


def test_inches_to_the_sixteenth_as_a_ruler_reads_them():
    assert [flat(inches(mm, 16)) for mm in (50, 25.4, 19.05, 3.2)] == ["1 15/16", "1", "3/4", "1/8"]


@pytest.mark.parametrize("lang", LANGS)
def test_a_letter_cover_gives_the_ruler_in_inches_too_an_a4_cover_in_millimetres(laid, lang):
    mm = f"{sheet_value('ruler', 'length'):g}"
    letter = cover_text(laid("--groups", "2", "--lang", lang, "--paper", "letter", measured=lang == "en").kit)
    metric = said(lang, "length_mm", mm=mm)
    assert said(lang, "length_mm_inches", mm=mm, inches=inches(float(mm), 16)) in letter
    assert "1 15/16" in letter
    a4 = cover_text(laid("--groups", "2", "--lang", lang, measured=False).kit)
    assert said(lang, "kit_after_ruler", length=metric) in a4 and "15/16" not in a4


def test_the_german_cover_prints_mit_100_percent():
    kit = parse_lang("de")
    for key in ("kit_print_duplex", "kit_print_single"):
        assert "mit 100 %" in flat(kit.t(key, "de", flip="x")) and "in 100" not in kit.t(key, "de", flip="x")


@pytest.mark.parametrize("lang", LANGS)
def test_a_named_kit_names_each_groups_own_score_sheets_for_the_class(laid, class_list, lang):
    names = class_list("Ana,Bo,Cy\nDriss,Éloïse,Farid\n")
    cover = cover_text(laid("--names-file", names, "--lang", lang, measured=lang == "fr").kit)
    assert said(lang, "kit_copies_named") in cover
    assert flat(parse_lang(lang).t("item_scores", lang)) in said(lang, "kit_copies_named")
    one = cover_text(laid("--names-file", class_list("Ana,Bo,Cy\n"), "--lang", lang, measured=False).kit)
    assert said(lang, "kit_copies_named_one") in one and said(lang, "kit_copies_named") not in one


@pytest.mark.parametrize("lang", LANGS)
def test_a_class_plays_the_open_deal_on_each_groups_deck_a_family_on_its_one(laid, lang):
    two = kit_text(laid("--groups", "2", "--lang", lang, measured=False).kit)
    assert said(lang, "guide_s3_text") in two and said(lang, "guide_s3_uses") in two
    one = kit_text(laid("--lang", lang, measured=False).kit)
    assert said(lang, "guide_s3_text_one") in one and said(lang, "guide_s3_text") not in one
