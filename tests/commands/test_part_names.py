"""One name per thing: the name the kit's cover and outline give a part is the name its own pages print first in
their title, in every language (the cover said "lesson guide" of the "Facilitator's guide", "Übungsblatt" of "Übungen"),
and the web page names the documents and what their sheets ask as the sheets do. Read on the laid-out kit (`laid`,
made once per session) and the catalogues. The card sheets carry no title: the cover's "cards" has none to match."""

import pytest

from cli.documents.language import parse_lang
from cli.web.words import catalogue
from tests import laidcheck
from tests.commands.test_words import flat

LANGS = ("fr", "en", "de")
ITEMS = ("part_record", "part_demo", "part_exercises")  # a group's items on the cover, each a part of its own
TICK = {"fr": "coch", "en": "tick", "de": "kreuz"}  # the Twin It pad's verb for marking a catch: its stem
CALIBRATION = {"fr": "calibrage", "en": "calibration", "de": "kalibrier"}  # the calibration sheet's word


def name(title: str) -> str:
    """A title's name, what comes before its colon: "Record sheet: three deals" is a record sheet."""
    return flat(title).split(":")[0].strip().lower()


def title_of(kit, entries, wanted: str, *, after: int = 0) -> str:
    """The first line (the title) of the page the first outline entry `wanted` (after entry `after`) opens."""
    page = next(page for _, title, page in entries[after:] if title == wanted)
    return laidcheck.page_text(kit, page - 1).split("\n")[0]


@pytest.fixture(scope="module")
def kits(laid):
    return {lang: laid("--lang", lang, "--exercises", "1").kit for lang in LANGS}


@pytest.mark.parametrize("lang", LANGS)
def test_a_groups_items_are_named_on_the_cover_as_their_pages_title_them(kits, lang):
    kit, texts = kits[lang], parse_lang(lang)
    entries = laidcheck.outline(kit)
    cover = flat(laidcheck.page_text(kit, 0)).replace(" :", ":")
    for key in ITEMS:
        item = flat(texts.t(key))
        assert f"{item}: " in cover, key  # the group's row: "record sheet: 7"
        assert name(title_of(kit, entries, texts.t(key))).startswith(item.lower()), key  # "relevé des plis"


@pytest.mark.parametrize("lang", LANGS)
def test_the_facilitators_part_names_the_guide_and_the_worksheets_key_by_their_titles(kits, lang):
    kit, texts = kits[lang], parse_lang(lang)
    entries = laidcheck.outline(kit)
    guide = texts.t("outline_guide")
    assert name(title_of(kit, entries, guide)) == flat(guide).lower()
    for key in ("part_answers", "outline_answers", "answers_file_title"):  # the cover's row, the outline, the file
        assert flat(guide) in flat(texts.t(key)), key
    assert flat(texts.t("part_answers")) in flat(laidcheck.page_text(kit, 0))
    answers = next(i for i, (_, title, _) in enumerate(entries) if title == texts.t("outline_answers"))
    key_title = title_of(kit, entries, texts.t("part_exercises"), after=answers)
    assert flat(texts.t("part_exercises")).lower() in flat(key_title).lower()


@pytest.mark.parametrize("lang", LANGS)
def test_the_web_page_names_the_documents_as_their_pages_do(lang):
    texts, web = parse_lang(lang), catalogue(lang)
    assert flat(web["doc.guide"]) == flat(texts.t("outline_guide"))
    assert flat(web["doc.record-sheet"]).lower() == name(texts.t("record_title"))
    assert name(texts.t("demo_title")) in flat(web["doc.demo"]).lower()
    pad = texts.t("twinit_catch_rule", mistakes="", target="")
    assert CALIBRATION[lang] in texts.t("calibrate_title").lower() and CALIBRATION[lang] in web["doc.calibrate"].lower()
    assert TICK[lang] in web["intro.score twinit"].lower() and TICK[lang] in pad.lower()
    for word in ("twinit_mode_solo", "twinit_mode_ring", "twinit_mode_clans", "twinit_mode_coop", "col_round"):
        assert flat(texts.t(word)).lower() in flat(web["intro.score twinit"]).lower(), word  # the pads' names
