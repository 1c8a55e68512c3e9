"""Imposition geometry, checked by arithmetic before any PDF is drawn."""

import pytest

from cli.errors import PnpkitError
from cli.layout.imposition import Box, duplex_mirror, impose_cards
from cli.layout.sizes import card_size, paper
from cli.layout.units import parse_offset, parse_size

A4, LETTER = paper("a4"), paper("letter")


def test_poker_cards_fill_a4_three_by_three_centred():
    imposition = impose_cards(A4, 63, 88, "long")
    assert imposition.per_sheet == 9
    first = imposition.fronts[0]
    assert first.x == pytest.approx(10.5)  # (210 - 3 x 63) / 2
    assert first.y == pytest.approx(16.5)  # (297 - 3 x 88) / 2


def test_letter_takes_nine_poker_cards_with_the_bands_in_the_side_margins():
    imposition = impose_cards(LETTER, 63, 88, "long")
    # 3 x 88 = 264 leaves (279.4 - 264) / 2 = 7.7 mm top and bottom: no room for 5 + 6.5 + 3.5 of
    # margin, band and marks, but room for the margin and 2.2 mm marks (with their 0.5 mm gap)
    assert imposition.per_sheet == 9 and imposition.bands == "side"
    assert imposition.mark_grid.y == pytest.approx(7.7)
    assert imposition.mark_length == pytest.approx(7.7 - 5 - 0.5)
    # the side margins, (215.9 - 189) / 2 = 13.45 mm, hold the 5 mm margin and a 7 mm band
    assert imposition.mark_grid.x == pytest.approx(13.45)


def test_a4_keeps_its_bands_above_and_below_the_cards():
    imposition = impose_cards(A4, 63, 88, "long")
    assert imposition.bands == "top" and imposition.mark_length == 3.0
    assert imposition.strip_top == pytest.approx(16.5 - 3.5 - 6.5)  # above the marks


def test_without_crop_marks_more_may_fit():
    assert impose_cards(LETTER, 44, 63, "long", crop_marks=False).per_sheet >= \
        impose_cards(LETTER, 44, 63, "long").per_sheet


@pytest.mark.parametrize(("mode", "expected"), [
    ("long", Box(210 - 10 - 63, 20, 63, 88)),  # x mirrors: 210 - 10 - 63
    ("short", Box(10, 297 - 20 - 88, 63, 88)),  # y mirrors: 297 - 20 - 88
    ("none", Box(10, 20, 63, 88)),
])
def test_duplex_mirror(mode, expected):
    assert duplex_mirror(Box(10, 20, 63, 88), A4, mode) == expected


def test_back_offset_moves_every_back():
    plain = impose_cards(A4, 63, 88, "long")
    moved = impose_cards(A4, 63, 88, "long", back_offset=(1.5, -2.0))
    for a, b in zip(plain.backs, moved.backs, strict=True):
        assert (b.x - a.x, b.y - a.y) == pytest.approx((1.5, -2.0))
    assert moved.fronts == plain.fronts


def test_fold_pairs_each_front_with_its_mirror_across_the_fold():
    imposition = impose_cards(A4, 63, 88, "fold")
    x1, y1, x2, y2 = imposition.fold_line
    assert y1 == y2 == pytest.approx(148.5)
    for front, back in zip(imposition.fronts, imposition.backs, strict=True):
        # both 2 mm off the fold: the backs' ground runs 2 mm past their cut on the fold's side too
        assert front.y + front.h == pytest.approx(146.5) and back.y == pytest.approx(150.5)
        assert back.x == front.x


def test_too_big_a_card_is_refused_with_the_reason():
    with pytest.raises(PnpkitError, match="do not fit on a4 paper"):
        impose_cards(A4, 250, 90, "long")


def test_sizes_and_offsets_parse():
    assert card_size("Bridge") == (57.0, 89.0)
    assert card_size("60x90") == (60.0, 90.0)
    assert parse_size("60 x 90 mm", "--size") == (60.0, 90.0)
    assert parse_offset("1.5,-0.5", "--back-offset") == (1.5, -0.5)
    for bad in ("1.5", "a,b", "1,2,3"):
        with pytest.raises(PnpkitError):
            parse_offset(bad, "--back-offset")
