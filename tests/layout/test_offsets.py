"""Every back offset the calibration sheet can read (±5 mm each axis) is printable with the built-in sizes.

Pure geometry on the imposition (fast): for every size, paper and flip, on a grid of 0, ±2.5 and ±5 mm per
axis, the backs land behind their fronts, every back keeps 2 mm of ground past each cut, nothing comes
within 5 mm of the paper's edge; PDFs are rendered only at the grid's corners.
"""

import itertools

import pytest

from cli.documents.card_sheets import sheet_imposition
from cli.errors import PnpkitError
from cli.layout.imposition import (
    back_bleed,
    back_half,
    bleed_area,
    crop_marks,
    duplex_mirror,
    grounds,
    impose_cards,
    mark_gap,
    strip_bottom,
)
from cli.layout.measure import text_extent
from cli.layout.sheet_number_place import number_depths, number_place, number_size
from cli.layout.sheet_numbers import sheet_numbers
from cli.layout.sizes import card_size, paper

STEPS = (-5.0, -2.5, 0.0, 2.5, 5.0)
SIZES = ("poker", "bridge", "mini")
PAPERS = ("a4", "letter")
EPS = 1e-6


def _inside(box, sheet, margin=5.0) -> bool:
    x0, y0, x1, y1 = box
    return (min(x0, x1) >= margin - EPS and min(y0, y1) >= margin - EPS
            and max(x0, x1) <= sheet.width - margin + EPS and max(y0, y1) <= sheet.height - margin + EPS)


def _number_keeps_clear(imposition, marks: bool, where) -> None:
    """The back page's number (a fold page's: the one number) keeps keep_clear from the backs' ground, and
    stays inside the safe margin: the ground's bounds on the axis across the number's baseline."""
    kind = "fold" if imposition.mode == "fold" else "backs"
    place = number_place(imposition, kind, marks)
    assert place is not None, where
    rise, drop = text_extent(number_size())
    ground, sheet, keep = grounds(imposition, marks), imposition.paper, sheet_numbers().keep_clear
    if place.rotate:
        inner, outer = (place.x - drop, place.x + rise) if place.rotate > 0 else (place.x - rise, place.x + drop)
        gaps = (inner - ground.x - ground.w, ground.x - outer)
        assert min(inner, outer) >= sheet.safe_margin - EPS and max(inner, outer) <= sheet.width - 5 + EPS, where
    else:
        gaps = (place.y - rise - ground.y - ground.h, ground.y - place.y - drop)
        assert place.y - rise >= sheet.safe_margin - EPS and place.y + drop <= sheet.height - 5 + EPS, where
    assert max(gaps) >= keep - EPS, (where, place, gaps)


def _check(sheet, size, mode, offset, marks: bool = True) -> None:
    w, h = card_size(size)
    imposition = sheet_imposition(sheet, w, h, mode, offset, marks)
    numbers = sheet_numbers()
    within, bleed = back_half(imposition), back_bleed(imposition, marks)
    where = (sheet.name, size, mode, offset, marks)
    _number_keeps_clear(imposition, marks, where)
    for front, back in zip(imposition.fronts, imposition.backs, strict=True):
        if mode == "fold":  # the back faces its front across the fold
            x1, y1, x2, y2 = imposition.fold_line
            expected = (front._replace(y=2 * y1 - front.y - front.h) if y1 == y2
                        else front._replace(x=2 * x1 - front.x - front.w))
        else:
            expected = duplex_mirror(front, sheet, mode).moved(*offset)
        assert all(abs(a - b) < EPS for a, b in zip(back, expected, strict=True)), where
        ground = bleed_area(back, bleed, within)
        sides = (back.x - ground.x, back.y - ground.y, ground.x + ground.w - back.x - back.w,
                 ground.y + ground.h - back.y - back.h)
        assert min(sides) >= numbers.min_bleed - EPS, (where, sides)
        assert _inside((ground.x, ground.y, ground.x + ground.w, ground.y + ground.h), sheet), where
    if marks:
        cuts = crop_marks(imposition.fronts, mark_gap(imposition), imposition.mark_length)
        assert all(_inside(mark, sheet) for mark in cuts), where
    if imposition.bands == "top":  # the notice above the cards, the hints below, both on the paper
        assert imposition.strip_top >= sheet.safe_margin - EPS, where
        assert strip_bottom(imposition) <= sheet.height - sheet.safe_margin + EPS, where


@pytest.mark.parametrize("marks", [True, False], ids=["marks", "no-marks"])
@pytest.mark.parametrize("name", PAPERS)
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("mode", ["long", "short", "none"])
def test_every_offset_calibrate_reads_is_printable_with_full_bleed(name, size, mode, marks):
    """...and the back page's number keeps 4 mm from the backs' ground (Letter poker included)."""
    sheet = paper(name)
    for offset in itertools.product(STEPS, STEPS):
        _check(sheet, size, mode, offset, marks)


@pytest.mark.parametrize("marks", [True, False], ids=["marks", "no-marks"])
@pytest.mark.parametrize("name", PAPERS)
@pytest.mark.parametrize("size", SIZES)
def test_fold_sheets_give_the_backs_full_bleed(name, size, marks):
    _check(paper(name), size, "fold", (0.0, 0.0), marks)


def test_letter_poker_backs_keep_their_number_4_mm_off_by_moving_the_fronts():
    """The side margins of a centred 3 x 3 hold no number 4 mm off the ground: the fronts move towards the
    margin whose mirror takes the number (at most what the bands allow), the ground stops short of it with
    at least min_bleed, and the sheet still holds nine cards."""
    letter = paper("letter")
    for mode in ("long", "short"):
        imposition = sheet_imposition(letter, 63, 88, mode)
        assert imposition.per_sheet == 9 and imposition.number_side == "right"
        right_margin = letter.width - max(b.x + b.w for b in imposition.backs)
        assert right_margin > (letter.width - 3 * 63) / 2 + 0.5, mode  # no longer centred
        ground = grounds(imposition, True)
        assert letter.width - ground.x - ground.w == pytest.approx(imposition.number_depth)


def test_the_default_grid_stays_where_it_holds_and_fronts_take_half_where_backs_alone_cannot():
    a4 = paper("a4")
    plain = sheet_imposition(a4, 63, 88, "long")
    assert sheet_imposition(a4, 63, 88, "long", (1.5, -2.0)).fronts == plain.fronts
    # A4 poker: 2.5 mm of ground room at the sides; 5 mm right is split between the two sides
    moved = sheet_imposition(a4, 63, 88, "long", (5.0, 0.0))
    shift = moved.fronts[0].x - plain.fronts[0].x
    assert moved.per_sheet == 9 and shift != 0
    assert moved.backs[0].x - duplex_mirror(moved.fronts[0], a4, "long").x == pytest.approx(5.0)


def test_letter_poker_turns_its_cards_to_keep_eight_when_the_backs_shift_4_mm_down():
    """3 x 3 cannot hold it; turned 2 x 4 (landscape places, bands in the side margins) holds more than 3 x 2."""
    letter = paper("letter")
    imposition = sheet_imposition(letter, 63, 88, "long", (0.0, 4.0))
    assert (imposition.per_sheet, imposition.full, imposition.bands, imposition.turned) == (8, 9, "side", True)
    assert {(box.w, box.h) for box in imposition.fronts + imposition.backs} == {(88, 63)}
    assert (imposition.mark_grid.cols, imposition.mark_grid.rows) == (2, 4)


@pytest.mark.parametrize("name", PAPERS)
@pytest.mark.parametrize("size", SIZES)
def test_cards_turn_only_to_save_cards_an_offset_would_cost(name, size):
    """The default grid stays upright (even where turned cards would hold more, A4 mini), and a turned grid is
    chosen only over a smaller upright one."""
    sheet, (w, h) = paper(name), card_size(size)
    for offset in itertools.product(STEPS, STEPS):
        imposition = sheet_imposition(sheet, w, h, "long", offset)
        if imposition.turned:
            assert imposition.full > imposition.per_sheet, (name, size, offset)
            upright = impose_cards(sheet, w, h, "long", True, offset, number_depths=number_depths(sheet), turn=False)
            assert upright.per_sheet < imposition.per_sheet, (name, size, offset)
        else:
            assert not imposition.full or offset != (0.0, 0.0)
    assert not sheet_imposition(sheet, w, h, "long").turned


def test_offsets_beyond_the_scale_stay_accepted_where_they_fit_and_custom_sizes_keep_todays_rule():
    a4 = paper("a4")
    assert sheet_imposition(a4, 63, 88, "long", (7.0, 0.0)).per_sheet == 9
    with pytest.raises(PnpkitError, match="is more than 10 mm one way"):
        sheet_imposition(a4, 63, 88, "long", (10.5, 0.0))  # beyond max_offset
    with pytest.raises(PnpkitError, match="safe margin"):
        sheet_imposition(a4, 64, 88, "long", (-5.0, 0.0))  # a custom size: the default grid, no split
