"""Layout numbers (yours or ours) are finite and sane: nothing prints off the page, no card is too
small to play with or larger than the paper."""

import re
from pathlib import Path

import pytest

from cli.errors import PnpkitError
from cli.layout.sizes import (
    SHARES_SLACK,
    SHEET_KINDS,
    STYLE_KINDS,
    SheetKind,
    sheet_kind,
    sheet_kinds,
    sheet_shares,
    sheet_value,
    style,
    style_kinds,
    style_value,
)
from tests.security.conftest import one_line


@pytest.mark.parametrize(("size", "words"), [
    ("0.1x0.1", "--size: 0.1x0.1 mm is too small to play with; a card is at least 30x40 mm"),
    ("0.05x0.05", "too small to play with"),
    ("29x50", "too small to play with"),
    ("99999999999x1", "too small to play with"),
    ("63x600", "--size: 63x600 mm is larger than any paper; a card side is at most"),
])
def test_card_sizes_have_a_floor_and_a_ceiling(pnpkit, tmp_path, size, words):
    result = pnpkit("cards", "--size", size, "-o", "c.pdf")
    assert result.code == 2 and one_line(result) and words in result.err
    assert not (tmp_path / "c.pdf").exists()


def test_the_smallest_playable_card_prints(pnpkit, pdf_path):
    assert pnpkit("cards", "--size", "30x40", "-o", pdf_path).code == 0


@pytest.mark.parametrize(("file", "old", "new", "words"), [
    ("papers.toml", "safe_margin = 5.0", "safe_margin = -50", "'a4.safe_margin' is -50 mm; write a number from 5"),
    ("papers.toml", "safe_margin = 5.0", "safe_margin = nan", "'a4.safe_margin' is nan mm"),
    ("papers.toml", "width = 210.0", "width = 1e308", "'a4.width' is 1e+308 mm"),
    ("papers.toml", "width = 210.0", "width = \"wide\"", "'a4.width' must be a number"),
    ("cards.toml", "width = 63.0", "width = nan", "'poker.width' is nan mm"),
    ("cards.toml", "width = 63.0", "width = 0", "too small to play with"),
    ("cards.toml", "width = 63.0", "width = \"big\"", "'poker.width' must be a number"),
    ("sheet.toml", "gap = 0.5", "gap = inf", "'crop_marks.gap' is inf mm"),
    ("sheet.toml", "height = 6.5", "height = -6.5", "'strip.height' is -6.5 mm"),
    ("sheet.toml", "length = 3.0", "length = 3e9", "'crop_marks.length' is 3e+09 mm"),
])
def test_a_layout_number_out_of_range_is_named_with_its_file_and_line(pnpkit, own_folder, tmp_path,
                                                                     file, old, new, words):
    layouts = own_folder("layouts")
    path = layouts / file
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))
    result = pnpkit("cards", "-o", "c.pdf")
    assert result.code == 2 and one_line(result) and words in result.err and file in result.err
    assert not (tmp_path / "c.pdf").exists()


@pytest.mark.parametrize(("old", "new", "args", "words"), [
    ("body = 11.0", "body = 10", ("record-sheet",), "'page.regular.body' is 10 pt; write a number from 11 to 60"),
    ("body = 16.0", "body = 14", ("rules", "trick", "--large-print"), "'page.large.body' is 14 pt; write a number"
     " from 16 "),
    ("text = 9.0", "text = 8.5", ("score", "dreist", "--per-page", "4"), "'pad.4.text' is 8.5 pt; write a number"
     " from 9 "),
    ("row = 11.0", "row = 0.5", ("record-sheet",), "'page.regular.row' is 0.5 mm"),
    ("series_grow = 1.5", "series_grow = 30", ("score", "dreist"), "'pad_grow.series_grow' is 30; write a number from"
     " 1 to 3"),
    ("answer_least = 14.0", "answer_least = 10", ("demo",), "'tricks.answer_least' is 10 pt; write a number from 11"),
    # sizes children read outside the page frame (layouts/styles.toml says which): the same floor
    ("label_grown = 12.0", "label_grown = 10.5", ("rules", "trick"), "'diagram.label_grown' is 10.5 pt; write a"
     " number from 11 "),
    ("grid_code = 12.0", "grid_code = 10", ("exercises",), "'worksheet.grid_code' is 10 pt; write a number from 11"),
    ("value_large = 16.0", "value_large = 14", ("demo", "--large-print"), "'mini_card.value_large' is 14 pt; write a"
     " number from 16 "),
    ("code_large = 16.0", "code_large = 12", ("exercises", "--large-print"), "'mini_card.code_large' is 12 pt; write"
     " a number from 16 "),
    ("text = 10.0", "text = 9.5", ("score", "dreist", "--per-page", "2"), "'pad.2.text' is 9.5 pt; write a number"
     " from 10 "),
    ("start_over = 2.0", "start_over = 5", ("score", "dreist", "--players", "1"), "'dreist.start_over' is 5 pt; write"
     " a number from 0 to 4"),
])
def test_a_type_size_under_the_printed_material_minimum_is_refused(pnpkit, own_folder, tmp_path, old, new, args, words):
    """layouts/styles.toml keeps the house's minimums: child-facing body 11 pt, pads 10 (9 at four a page), large
    print 16; a row is in mm, a growth factor has no unit."""
    path = own_folder("layouts") / "styles.toml"
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))
    result = pnpkit(*args, "-o", "s.pdf")
    assert result.code == 2 and one_line(result) and words in result.err and "styles.toml line" in result.err
    assert not (tmp_path / "s.pdf").exists()


def test_who_reads_a_size_is_said_in_styles_toml_and_sets_its_floor(own_folder):
    """[readers] is the one list of what children read: a size taken out of it keeps only the type's range, one
    moved to another reader takes that reader's floor; an adult's size (the cover's notes) is not held to 11 pt."""
    styles = own_folder("layouts") / "styles.toml"
    text = styles.read_text()
    assert text.count('"diagram.label",') == 1 and "label = 11.0" in text and 'child_pad_four = ["pad.4"]' in text
    styles.write_text(text.replace('"diagram.label",', "").replace("label = 11.0", "label = 9.5", 1)
                      .replace('child_pad_four = ["pad.4"]', "child_pad_four = []")
                      .replace('"pad.2"]', '"pad.2", "pad.4"]'))
    assert style_value("diagram", "label") == 9.5
    assert style_value("cover", "note") == 9.0
    with pytest.raises(PnpkitError, match=r"styles.toml line \d+: 'pad.4.text' is 9 pt; write a number from 10 to"):
        style(("pad", "4"), ("text",))


@pytest.mark.parametrize(("old", "new", "words"), [
    ("child_pad_four = [", "child_tiny = [", "'readers.child_tiny' is no reader; name one of child, child_pad, "
                                             "child_pad_four, child_large"),
    ('"worksheet", ', '"worksheets", ', "'readers.child' names 'worksheets'; name a table or a type size of the file"),
    ('"worksheet", ', '"pad.1.row", ', "'readers.child' names 'pad.1.row'; name a table or a type size"),
    ('child_pad = ["pad.1", ', 'child_pad = ["page.large", "pad.1", ',
     "'readers.child_large' names 'page.large' again; a size has one reader"),
    ('child_pad = ["pad.1", "pad.2"]', 'child_pad = "pad.1"', "'readers.child_pad' must be a list"),
    ('child_large = [', 'grown_ups = [', "'readers.grown_ups' is no reader"),
    ('\nchild_large = [', '\n# child_large = [', "'readers.child_large' must be a list, not missing"),
])
def test_a_reader_list_that_names_no_reader_or_no_size_is_refused(pnpkit, own_folder, tmp_path, old, new, words):
    styles = own_folder("layouts") / "styles.toml"
    text = styles.read_text()
    assert old in text
    styles.write_text(text.replace(old, new, 1))
    result = pnpkit("cards", "-o", "c.pdf")
    assert result.code == 2 and one_line(result) and "styles.toml line" in result.err and words in result.err, (
        result.err)
    assert not (tmp_path / "c.pdf").exists()


def _boundaries(kind: SheetKind) -> list[tuple[float, bool]]:
    """A kind's limits and the numbers just past them: (value, accepted)."""
    nudge = 1.0 if kind.whole else 0.01
    low = [(kind.low, False), (kind.low + nudge, True)] if kind.above_low else [(kind.low, True),
                                                                              (kind.low - nudge, False)]
    return [*low, (kind.high, True), (kind.high + nudge, False), *([(kind.low + 0.5, False)] if kind.whole else [])]


@pytest.mark.parametrize(("word", "value", "accepted"), [
    pytest.param(kind.words[0], value, accepted, id=f"{kind.words[0]}={value:g}")
    for kind in SHEET_KINDS.values() for value, accepted in _boundaries(kind)])
def test_a_sheet_number_s_range_is_its_kind_s(own_folder, word, value, accepted):
    """layouts/sheet.toml: a key's last word says its kind (a stroke's width, a distance, a share…), and its kind the
    numbers accepted, up to each limit and not past it (a share is more than 0, a count a whole number)."""
    listed = SHEET_KINDS[sheet_kind("probe", f"probe_{word}")].listed  # a list of shares: one of them
    sheet = own_folder("layouts") / "sheet.toml"
    sheet.write_text(sheet.read_text() + f"\n[probe]\nprobe_{word} = {[value] if listed else value!r}\n")
    read = sheet_shares if listed else sheet_value
    if accepted:
        assert read("probe", f"probe_{word}") == ((value,) if listed else value)
    else:
        shown = re.escape(f"[{value!r}]") if listed else f"{value:g}"
        with pytest.raises(PnpkitError, match=rf"sheet.toml line \d+: 'probe.probe_{word}' is {shown}.*; write a"):
            read("probe", f"probe_{word}")


@pytest.mark.parametrize(("shares", "words"), [
    ("[0.5, 0.3, 0.3]", "'probe.probe_shares' adds up to 1.1; write shares of one length, together at most 1"),
    ("[]", "'probe.probe_shares' is []; write a list of numbers each above 0, at most 1"),
    ("[0.5, true]", "'probe.probe_shares' is [0.5, True]; write a list"),
    ("[0.5, nan]", "'probe.probe_shares' is [0.5, nan]; write a list"),
    ("0.5", "'probe.probe_shares' must be a list, not 0.5"),
])
def test_a_table_s_shares_are_a_list_of_parts_of_one_whole(own_folder, shares, words):
    sheet = own_folder("layouts") / "sheet.toml"
    sheet.write_text(sheet.read_text() + f"\n[probe]\nprobe_shares = {shares}\nprobe_share = 0.5\n")
    with pytest.raises(PnpkitError, match=re.escape(words)):
        sheet_shares("probe", "probe_shares")
    assert sheet_value("probe", "probe_share") == 0.5
    with pytest.raises(PnpkitError, match=r"sheet_value\('probe', 'probe_shares'\): a list of shares; read it with "
                                          r"sheet_shares"):
        sheet_value("probe", "probe_shares")
    with pytest.raises(PnpkitError, match="not a list of shares; read it with sheet_value"):
        sheet_shares("probe", "probe_share")


@pytest.mark.parametrize(("key", "kind"), [("head_large_two", "a height"), ("questions_row_less_large", "a distance"),
                                           ("seat_ring_dash_off", "a dash or the space after it"),
                                           ("w", "a length")])
def test_a_variant_is_of_its_key_s_kind(key, kind):
    assert sheet_kind("probe", key) == kind


@pytest.mark.parametrize("key", ["thickness", "head_large_wide", "probe_large", "line_count_total"])
def test_a_sheet_key_named_for_no_kind_is_refused_when_the_file_is_read(pnpkit, own_folder, tmp_path, key):
    """A new number of layouts/sheet.toml must say what it is, used or not: one line naming the file, the line, the
    table, the key and the kinds' words; nothing written."""
    sheet = own_folder("layouts") / "sheet.toml"
    sheet.write_text(sheet.read_text().replace("height = 6.5", f"height = 6.5\n{key} = 1.0", 1))
    line = sheet.read_text().splitlines().index(f"{key} = 1.0") + 1
    result = pnpkit("cards", "-o", "c.pdf")
    assert result.code == 2 and one_line(result), result.err
    assert f"sheet.toml line {line}: [strip] '{key}' names no kind of number; end its name with its kind's word" in (
        result.err)
    assert "a stroke's width *_line" in result.err and "a share of a length *_share" in result.err
    assert not (tmp_path / "c.pdf").exists()


def test_every_number_of_the_shipped_sheet_is_of_a_kind_and_in_its_range():
    kinds = sheet_kinds()
    assert len(kinds) > 200 and {sheet_kind(*key) for key in kinds} == set(kinds.values())
    for key, kind in kinds.items():
        spec = SHEET_KINDS[kind]
        values = sheet_shares(*key) if spec.listed else (sheet_value(*key),)
        assert all(spec.low <= value <= spec.high for value in values), key
        assert not spec.listed or sum(values) <= spec.high + SHARES_SLACK, key
    assert set(kinds.values()) == set(SHEET_KINDS)  # each kind is one the shipped file uses


def test_every_number_of_the_shipped_styles_is_of_a_kind_and_in_its_range():
    kinds = style_kinds()
    assert len(kinds) > 100 and set(kinds.values()) == set(STYLE_KINDS)  # each kind is one the shipped file uses
    for (*table, field), kind in kinds.items():
        spec = STYLE_KINDS[kind]
        assert spec.low <= style(tuple(table), (field,))[field] <= spec.high, (table, field)


@pytest.mark.parametrize(("word", "value", "accepted"), [
    pytest.param(kind.words[0], value, accepted, id=f"{kind.words[0]}={value:g}")
    for kind in STYLE_KINDS.values() for value, accepted in _boundaries(kind)])
def test_a_style_number_s_range_is_its_kind_s(own_folder, word, value, accepted):
    """layouts/styles.toml: a field's last word says its kind (a type size, a leading, a line spacing, a row…) and
    its kind the numbers accepted, as in sheet.toml (an adult's type size: the house's minimums are tested above)."""
    styles = own_folder("layouts") / "styles.toml"
    styles.write_text(styles.read_text() + f"\n[probe]\nprobe_{word} = {value!r}\n")
    if accepted:
        assert style_value("probe", f"probe_{word}") == value
    else:
        with pytest.raises(PnpkitError, match=rf"styles.toml line \d+: 'probe.probe_{word}' is {value:g}.*; write a"):
            style_value("probe", f"probe_{word}")


@pytest.mark.parametrize("field", ["size", "cell_head_big", "line_ratio"])
def test_a_style_field_named_for_no_kind_is_refused_when_the_file_is_read(pnpkit, own_folder, tmp_path, field):
    """As in sheet.toml: one line naming the file, the line, the table, the field and the kinds' words."""
    styles = own_folder("layouts") / "styles.toml"
    styles.write_text(styles.read_text().replace("[page.regular]\n", f"[page.regular]\n{field} = 1.0\n", 1))
    line = styles.read_text().splitlines().index(f"{field} = 1.0") + 1
    result = pnpkit("score", "twinit", "-o", "s.pdf")
    assert result.code == 2 and one_line(result), result.err
    assert (f"styles.toml line {line}: [page.regular] '{field}' names no kind of number; end its name with its "
            f"kind's word") in result.err
    assert "a line spacing *_spacing" in result.err and "a growth factor *_grow" in result.err
    assert not (tmp_path / "s.pdf").exists()


def test_the_readme_lists_each_kind_as_sizes_checks_it():
    """README, "Your own versions": the tables of kinds say the words and ranges SHEET_KINDS and STYLE_KINDS check."""
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    for kind, spec in {**SHEET_KINDS, **STYLE_KINDS}.items():
        words = ", ".join(f"`{word}`" for word in spec.words)
        accepted = (f"a list, each more than {spec.low:g}, together at most {spec.high:g}" if spec.listed
                    else f"more than {spec.low:g}, at most {spec.high:g}" if spec.above_low
                    else f"a whole number from {spec.low:g} to {spec.high:g}" if spec.whole
                    else f"{spec.low:g} to {spec.high:g}{' ' + spec.unit if spec.unit else ''}")
        assert f"\n| {kind} | {words} | {accepted} |\n" in readme, kind
