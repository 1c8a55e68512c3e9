"""The kit's cover is one page for a few groups, in every language and every ordered pair, on A4 and Letter,
with or without a class list; three groups in two languages on Letter, their rows listing every item with its
pages, may take the back of the cover's own sheet (the lead's decision on the teacher's review #7), never a sheet more.

Read on the laid-out tree (`laid`): the cover's pages are those of part 0. Three named groups on Letter is
the tightest case (three two-line rows, the class list's bullet, Letter's shorter page): one kit per language
here; the bug's own unnamed kits (fr+de, de+fr) too.
"""

import pytest

from cli.layout.sizes import style_value
from tests import laidcheck

pytestmark = pytest.mark.untraced  # bodies read untraced: pnpkit runs through the fixtures, traced

LANGS = ("fr", "en", "de", "fr+en", "fr+de", "en+fr", "en+de", "de+fr", "de+en")
NAMES = "Anastasia,Bartholomew,Cyprienne\nDee,Eli,Fay\nGus,Hal,Ivy\n"  # long names: the rows' second line fills
MEASURED = ("fr", "fr+de", "en+de")  # the kits coverage measures (en+de: a cover table squeezed); the rest: untraced


@pytest.mark.parametrize("lang", LANGS)
def test_a_named_three_group_letter_cover_takes_its_own_sheet_at_most(laid, class_list, lang):
    kit = laid("--names-file", class_list(NAMES), "--lang", lang, "--paper", "letter", measured=lang in MEASURED).kit
    assert laidcheck.cover_pages(kit) == ([0, 1] if "+" in lang else [0])  # the groups' list on the cover's back
    assert "pnpkit kit --" in laidcheck.page_text(kit, 0)  # the rebuild command, last on the first page, kept
    assert sorted(laidcheck.part_starts(kit).values())[1] == 3  # the first group on the next sheet's front


@pytest.mark.parametrize("lang", ["fr+de", "de+fr"])
def test_the_reported_letter_cover_in_french_and_german_keeps_its_sheet_at_the_notes_size(laid, lang):
    """Three groups' rows do not fit its first page even at the table's floor (8.5 pt, 3.8 mm short): their list
    takes the back of the cover's sheet, the table at the notes' 9 pt (s4: the first page held them at 5.1 pt)."""
    kit = laid("--groups", "3", "--lang", lang, "--paper", "letter", measured=lang in MEASURED).kit
    assert laidcheck.cover_pages(kit) == [0, 1]
    assert "pnpkit kit --" in laidcheck.page_text(kit, 0)
    assert sorted(laidcheck.part_starts(kit).values())[1] == 3  # the first group on the next sheet's front
    assert laidcheck.contents_fits(kit) == {style_value("cover", "note")}
