"""The kit cover of many groups, read on the laid-out tree: its first page stays one page (what is in the kit, how
to print it, the print order). Groups of no names show their pattern there (the first two, a row for those
between, the last); named groups get one row there and their list, titled as such, on the pages after. A
single-sided kit's cover gives only the tips that apply (no calibration, no backs). Its contents table is set at one
size, the largest the page has room for: the notes' size (9 pt, the bullets') where it fits, each row as tall as its
texts need (the second teacher review's #9: `kit --lang fr+en --groups 2` was set at 7.8 pt with a quarter page
free), else all of it at the size the tightest needs."""

import re

import pytest

from cli.layout.measure import leading_mm
from cli.layout.pagination import CELL_ROOM, cell_height
from cli.layout.sizes import sheet_value, style_value
from tests import laidcheck
from tests.laidcheck import contents_fits, cover_pages

pytestmark = pytest.mark.untraced  # bodies read untraced: pnpkit runs through the fixtures, traced

GROUPS = ["Anastasia, Bartholomew, Cyprienne", "Dee, Eli, Fay", "Gus, Hal, Ivy", "Jo, Kim, Lou", "Max, Ned, Oz"]
NAMES = "".join(group.replace(", ", ",") + "\n" for group in GROUPS)  # more named groups than a Letter cover in two
#                                                                      languages holds with the rest


def test_forty_groups_of_no_names_keep_the_cover_to_one_page_by_their_pattern(laid):
    kit = laid("--groups", "40", "--lang", "fr").kit  # tests/commands/test_kit.py's kit40: laid out once
    assert cover_pages(kit) == [0]
    said = laidcheck.page_strings(kit, 0)
    assert [s for s in said if s.startswith("Groupe")] == ["Groupe 1", "Groupe 2", "Groupes 3 à 39", "Groupe 40"]
    assert "de même, un groupe après l’autre" in said
    assert any(s.startswith("pnpkit kit --groups 40") for s in said)  # the rebuild command, the cover's last


def test_named_groups_too_many_for_the_cover_are_listed_on_the_pages_after_it(laid, class_list):
    kit = laid("--names-file", class_list(NAMES), "--lang", "fr+en", "--paper", "letter").kit
    pages = cover_pages(kit)
    assert len(pages) == 2 and sorted(laidcheck.part_starts(kit).values())[1] == 3  # the list on the back
    front, listed = laidcheck.page_text(kit, 0), laidcheck.page_text(kit, 1)
    assert "Groupes 1 à 5 Groups 1–5" in front and "Groupe 1 (" not in front
    assert "voir la page suivante" in front and "pnpkit kit --" in front
    assert "Les groupes, page par page Groups, page by page" in listed
    assert "(continued)" in listed  # its title says the cover goes on
    for number, names in enumerate(GROUPS, start=1):  # who sits at A, B and C (fourth teacher review #8)
        seats = " · ".join(f"{seat} = {name}" for seat, name in zip("ABC", names.split(", "), strict=True))
        assert f"Groupe {number} ({seats})" in " ".join(listed.split())


@pytest.mark.parametrize(("args", "shown"), [((), True), (("--single-sided",), False)])
def test_only_a_duplex_kit_s_cover_tells_to_calibrate_and_about_backs(laid, args, shown):
    cover = laidcheck.page_text(laid("--groups", "2", "--lang", "en", *args).kit, 0).replace("\n", " ")
    assert ("pnpkit calibrate" in cover) is shown
    assert ("starts on the front of a sheet" in cover) is shown
    assert "Check the scale" in cover  # the 50 mm ruler is on every card sheet, folded or not


NOTE = style_value("cover", "note")  # layouts/styles.toml, pt


TITLE = ("Classe de CM2 B, Mme Diallo, école Jules-Ferry, Saint-Étienne-du-Rouvray " * 2)[:100]  # the longest


@pytest.mark.parametrize(("args", "pages", "size"), [
    (("--groups", "2", "--lang", "en"), [0], NOTE),
    (("--groups", "2", "--lang", "fr+en"), [0], NOTE),
    (("--groups", "2", "--lang", "de+fr", "--paper", "letter"), [0], NOTE),
    (("--groups", "2", "--lang", "de+fr", "--paper", "letter", "--rules-per-group"), [0], NOTE),
    (("--groups", "3", "--lang", "fr+de", "--paper", "letter"), [0, 1], NOTE),
    (("--groups", "4", "--lang", "fr+de", "--paper", "letter", "--exercises", "6", "--rules-per-group"), [0, 1], NOTE),
    (("--groups", "3", "--lang", "fr+de", "--paper", "letter", "--title", TITLE), [0, 1], 7.82),
])
def test_the_cover_s_contents_table_is_set_at_one_size_the_notes_where_it_fits(laid, args, pages, size):
    """The table is made once the other parts are laid out, its rows measured with the page numbers they show: two
    groups de+fr on Letter with --rules-per-group fit at the notes' 9 pt (s4: under 8.5 pt, the rows sized for
    "000–000" when the kit has 56 pages). Three groups fr+de on Letter: a row per group does not fit the first page
    even at the floor, so their list goes on its back (s4: all of the table at 5.1 pt); the pages column as wide as
    its heading "Pages Seiten" (a heading shrunk took the table down to 8.28 pt with it). Four groups with worksheets
    and rules per group: not even their pattern, cards alone, fits at the floor: their list too (s4: 7.8 pt). Only
    where no form fits at the floor (the longest --title over that cover) is the table smaller, at the pass's next
    step (8.5 x 0.92), not 5.1 pt."""
    kit = laid(*args).kit
    fits = contents_fits(kit)
    assert fits == {size}, fits  # one size, no note smaller than its neighbours
    assert cover_pages(kit) == pages and "pnpkit kit --" in laidcheck.page_text(kit, 0)  # the first page whole


def test_each_group_s_row_lists_every_item_with_the_page_it_starts_on(laid, class_list):
    """The teacher's review #7: a group's row names its cards, record sheet, demonstration pages, worksheets, score
    sheets and rules, each with its pages, as the outline finds them."""
    kit = laid("--names-file", class_list("Ana,Bo,Cy\nDee,Eli,Fay\n"), "--lang", "en", "--exercises", "2",
               "--rules-per-group").kit
    cover = " ".join(" ".join(laidcheck.page_strings(kit, page)) for page in cover_pages(kit))
    entries = laidcheck.outline(kit)
    items = {"cards": "cards", "record sheet": "record sheet", "demonstration": "demonstration",
             "worksheet": "worksheet", "DREIst!": "score sheets", "Rules": "rules"}
    for group in (1, 2):
        at = next(i for i, (depth, title, _) in enumerate(entries) if depth == 0 and title.startswith(f"Group {group}"))
        own = entries[at + 1:next((i for i, (depth, _, _) in enumerate(entries) if depth == 0 and i > at),
                                  len(entries))]
        starts = {items[title]: page for depth, title, page in own if depth == 1 and title in items}
        assert len(starts) == len(items), own
        row = re.search(rf"Group {group} \(.*?\) \d+–\d+ (.*?)(?= Group \d| Facilitator|$)", cover)[1]
        row = row.replace(" · ", " ·").replace("\u00a0", " ")  # 'score sheets' is kept on one line
        said = {item: int(first) for item, first in re.findall(r"([a-z ]+?): (\d+)", row)}
        assert {item.strip("· "): page for item, page in said.items()} == starts, row


def test_the_contents_table_never_leaves_a_row_alone_under_a_repeated_heading_row(laid, class_list):
    """Nine named groups and the kit's four other rows: blocks as even as they can be (7 and 6 rows), never 12 and
    the rules' row alone under a heading row of its own."""
    names = "".join(f"A{n},B{n},C{n}\n" for n in range(1, 10))
    kit = laid("--names-file", class_list(names), "--lang", "en").kit
    heads = [index for index in cover_pages(kit) for text in laidcheck.page_strings(kit, index)
             if text == "What to do with it"]
    rows = [sum(text.startswith("Group ") for text in laidcheck.page_strings(kit, index)) for index in cover_pages(kit)]
    assert sum(rows) == 9 and len(heads) == 2
    blocks = [len(block.children) - 1 for index in cover_pages(kit) for block in _tables(kit.children[index])
              if len(block.widths) == 3]
    assert min(blocks[1:]) >= 6, blocks


def _tables(node):
    if node.tag == "table":
        yield node
    for child in node.children:
        yield from _tables(child)


def test_a_pattern_too_long_with_every_item_names_the_cards_alone_and_keeps_one_page(laid):
    """Four groups of no names in two languages on A4, with worksheets and rules per group: their rows listing
    every item would push the cover's end to a second page, so the rows after the first name the cards' pages alone
    (every group's pages follow the first's order), and a group alone between the pattern's rows has its own. (On
    Letter even that does not fit at the table's floor: their list goes on the cover's back.)"""
    kit = laid("--groups", "4", "--lang", "fr+de", "--paper", "a4", "--exercises", "6", "--rules-per-group").kit
    assert cover_pages(kit) == [0]
    said = " ".join(laidcheck.page_strings(kit, 0))
    assert "Groupes 3 à 3" not in said and "Groupe 3" in said  # a group alone between the pattern's rows: its own
    assert said.count("relevé :") == 1 and len(re.findall(r"cartes : \d+–\d+", said)) == 4  # group 1: all items
    assert "pnpkit kit --" in said


def _contents_rows(kit):
    """The rows of the cover's contents tables (three columns), on every page of the cover."""
    def walk(node):
        yield node
        for child in node.children:
            yield from walk(child)

    return [row for index in cover_pages(kit) for node in walk(kit.children[index])
            if node.tag == "table" and len(node.widths) == 3 for row in node.children[1:]]


def _line_texts(cell) -> list[str]:
    return ["".join(text for text, _ in line) for line in cell.lines]


@pytest.mark.parametrize("args", [("--groups", "2", "--lang", "fr+en"), ("--groups", "3", "--lang", "fr+de",
                                                                      "--paper", "letter")])
def test_every_contents_row_keeps_room_around_its_lines(laid, args):
    """Teacher review 3 (#17b): the score sheets' and rules' two lines touched the rules above and below them. Every
    row of the contents keeps the room a one-line row has around its line (1.8 mm over its lines' leading)."""
    rows = _contents_rows(laid(*args).kit)
    assert len(rows) >= 6
    for row in rows:
        lines = max(len(cell.lines) * leading_mm(cell.fit, None) for cell in row.children if cell.lines)
        assert row.h - lines >= 1.8 - 0.05, (row.children[0].text, row.h, lines)


@pytest.mark.parametrize("args", [("--groups", "2", "--lang", "fr"), ("--groups", "2", "--lang", "fr+en"),
                                  ("--groups", "2", "--lang", "de+fr", "--paper", "letter"),
                                  ("--groups", "3", "--lang", "fr+de", "--paper", "letter"),
                                  ("--groups", "40", "--lang", "fr")])
def test_a_group_s_row_is_as_tall_as_its_real_page_numbers_need(laid, args):
    """A group's row is measured with the page numbers it shows (the cover is made once the other parts are laid
    out): it takes only what its lines need (a small kit's "3–6" on one line, not two lines' room), and no
    item is parted from its pages ("feuilles de marque :" at a line's end) nor "à part" left alone on a line."""
    kit = laid(*args).kit
    rows = _contents_rows(kit)
    groups = [row for row in rows if row.children[0].text.startswith(("Groupe ", "Group ", "Gruppe "))]
    assert groups
    one_line = sheet_value("cover", "one_line_row")
    for row in rows:
        cells = [cell for cell in row.children if cell.lines]
        pad = one_line - cell_height(1, cells[0].fit)
        needed = max(len(cell.lines) * leading_mm(cell.fit, None) for cell in cells) + CELL_ROOM + pad
        if row in groups:
            assert row.h <= max(one_line, needed) + 0.02, (row.children[0].text, row.h, needed)
        for cell in cells:
            lines = _line_texts(cell)
            assert not any(line.rstrip().endswith(":") for line in lines[:-1]), lines
            assert not any(line.strip().replace("\u00a0", " ") in ("à part", "part") for line in lines), lines
    if args == ("--groups", "2", "--lang", "fr"):  # a small kit's rows hold one line each
        assert all(len(row.children[2].lines) == 1 and row.h == pytest.approx(one_line, abs=0.02) for row in groups)


@pytest.mark.parametrize("args", [("--exercises", "6", "--rules-per-group"),
                                  ("--groups", "3", "--exercises", "6", "--rules-per-group", "--lang", "en")])
def test_no_line_of_a_group_s_row_starts_with_the_separator(laid, args):
    """Native readers (s4): a row wrapped before its '·' began a line with it ('· règles : 21–26')."""
    kit = laid(*args).kit
    lines = [line for page in cover_pages(kit) for line in laidcheck.page_strings(kit, page)]
    assert any("·" in line for line in lines)
    assert [line for line in lines if line.lstrip().startswith("·")] == []
