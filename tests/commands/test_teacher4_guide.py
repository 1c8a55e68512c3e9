"""Fourth teacher review, what the cover and the guide tell a teacher: the ruler's length in inches too on US Letter
(#11), German "mit 100 %" (#13b), the named kit's class bullet naming the groups' own score sheets (#13d), the open
deal played in every group on its own deck (#7), who sits at A, B, C on the cover's group rows (#8), each group's
own deal and key and the kit's pages of what each step of the guide uses (#3). Words are read from the catalogues,
on the laid-out kit (`laid`, made once per session)."""

import re

import pytest

from cli.documents.guide_docs import guide_document
from cli.documents.kit_cover import inches
from cli.documents.language import parse_lang
from cli.games.guide_deal import guide_deal
from cli.layout.measure import metrics
from cli.layout.pagination import lay_out
from cli.layout.sizes import paper, sheet_value
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


@pytest.mark.parametrize("lang", LANGS)
def test_a_named_kits_cover_says_who_sits_at_a_b_and_c_in_each_group(laid, class_list, lang):
    cover = cover_text(laid("--names-file", class_list("Ana,Bo,Cy\nDriss,Éloïse,Farid\n"), "--lang", lang,
                            measured=False).kit)
    for names in (("Ana", "Bo", "Cy"), ("Driss", "Éloïse", "Farid")):
        seats = zip("ABC", names, strict=True)
        assert " · ".join(said(lang, "seat_name", seat=seat, name=name) for seat, name in seats) in cover


def cover_items(cover: str, lang: str, key: str) -> list[str]:
    """The pages the cover's group rows give item `key`, group after group ('cards: 3–6')."""
    return re.findall(rf"{re.escape(said(lang, key))} ?: ?(\d+(?:–\d+)?)", cover)


def guide_item(lang: str, key: str, pages: list[str]) -> str:
    """What the guide says of item `key` on `pages` (one a group; no group named in a kit of one)."""
    listed = pages if len(pages) == 1 else [said(lang, "guide_group_pages", pages=shown, group=group)
                                            for group, shown in enumerate(pages, start=1)]
    return said(lang, "guide_item", item=said(lang, key), pages=", ".join(listed))


def key_pages(kit, lang: str) -> str:
    """The answer keys' pages, from the outline: the first group's key (after the guide's entry) to the last page
    with a part before the next top-level part (the blank score sheets)."""
    entries = laidcheck.outline(kit)
    at = next(index for index, entry in enumerate(entries) if entry[1] == parse_lang(lang).t("outline_guide"))
    after = next(entry[2] for entry in entries[at + 1:] if entry[0] == 0)
    last = max(number for number, page in enumerate(kit.children, start=1) if number < after and page.part is not None)
    return f"{entries[at + 1][2]}–{last}"


@pytest.mark.parametrize("lang", LANGS)
def test_the_guide_gives_the_kits_pages_of_what_each_step_uses_as_the_cover_does(laid, lang):
    kit = laid("--groups", "2", "--lang", lang, measured=lang == "de").kit
    cover, text = cover_text(kit), kit_text(kit)
    for key in ("part_cards", "part_record", "part_demo"):
        pages = cover_items(cover, lang, key)
        assert len(pages) == 2 and guide_item(lang, key, pages) in text, key
    assert said(lang, "guide_s4_text_groups") in text and said(lang, "guide_s4_text") not in text
    assert said(lang, "guide_item", item=said(lang, "item_keys"), pages=key_pages(kit, lang)) in text


@pytest.mark.parametrize("lang", ("en",))
def test_a_one_group_kits_guide_gives_pages_without_a_group(laid, lang):
    kit = laid("--lang", lang, measured=False).kit
    cover, text = cover_text(kit), kit_text(kit)
    pages = cover_items(cover, lang, "part_cards")
    assert len(pages) == 1 and guide_item(lang, "part_cards", pages) in text
    assert said(lang, "guide_group_pages", pages=pages[0], group=1) not in text
    assert said(lang, "guide_s4_text") in text and said(lang, "guide_s4_text_groups") not in text
    # its one answer key (the demonstration's: no worksheets) named in the singular, its one page given
    assert said(lang, "guide_item", item=said(lang, "item_key"), pages=key_pages(kit, lang).split("–")[0]) in text
    assert f"{said(lang, 'item_keys')}\u00a0" not in text


def where_words(lang: str) -> str:
    return said(lang, "guide_where", items="X").split("X")[0].strip()


def test_a_guide_printed_alone_names_no_page():
    alone = flat(" ".join(laidcheck.texts(lay_out(guide_document(guide_deal(), paper("a4"), parse_lang("en")),
                                                  metrics()))))
    assert said("en", "guide_s3_uses") in alone and where_words("en") not in alone


def test_the_guide_in_the_answers_file_gives_the_kit_files_pages(laid):
    """With --split the guide and the keys are a file of their own: the guide names the kit file's pages, as its
    cover does, and no keys' pages (they follow the guide in its own file)."""
    split = laid("--groups", "2", "--lang", "en", "--split", measured=False)
    cover, answers = cover_text(split.kit), kit_text(split.answers)
    for key in ("part_cards", "part_record", "part_demo"):
        pages = cover_items(cover, "en", key)
        assert len(pages) == 2 and guide_item("en", key, pages) in answers, key
    assert said("en", "guide_s4_text_groups") in answers
    assert not re.search(rf"{said('en', 'item_keys')} \d", answers)


def test_a_kit_pages_line_never_breaks_inside_a_things_name(laid):
    """'record sheet 7 (group 1)': a line of the guide's material never ends with 'record' and the next starts with
    'sheet' (nat5-en, the --split answers file's guide)."""
    split = laid("--groups", "2", "--lang", "en", "--split", measured=False)
    names = [said("en", key) for key in ("part_record", "part_demo", "part_cards", "item_keys", "item_handout")]
    lines = [line for index in range(len(split.answers.children))
             for line in laidcheck.page_strings(split.answers, index)]
    for before, after in zip(lines, lines[1:], strict=False):
        for name in (name for name in names if " " in name):
            first, rest = name.split(" ", 1)
            assert not (before.rstrip().endswith(first) and after.startswith(rest.split(" ")[0])), (before, after)
