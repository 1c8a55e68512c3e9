"""Where a card sheet's page number ("n / N") goes: the first place clear of the cards and their marks."""

from typing import NamedTuple

from cli.layout.imposition import Box, Imposition, grounds, mark_gap
from cli.layout.measure import text_extent
from cli.layout.sheet_numbers import sheet_numbers


class NumberPlace(NamedTuple):
    """Where a sheet's "n / N" goes: its baseline's start or end, and 0 or 90 (reading downwards)."""

    x: float
    y: float
    rotate: int
    align: str


NUMBER_SIZE = 8.0  # pt: read by whoever sorts the stack, not by the players
NUMBER_MIN_CLEAR = 2.0  # mm from the backs' ground where no margin holds keep_clear (Letter poker)


def _reach() -> tuple[float, float]:
    """How far the number reaches above and below its baseline: the font's ascent and descent."""
    return text_extent(NUMBER_SIZE)


def _number_candidates(imposition: Imposition, kind: str) -> list[NumberPlace]:
    """Bottom right like every other page, else top right; with the bands in the side margins, at the top
    of the right margin reading downwards, ending 4 mm above the ruler's zero (clear of its "0"; the ruler
    stands level with the first row), else of the left one. A front page keeps registration marks' margins."""
    paper, block = imposition.paper, imposition.mark_grid.box
    w, h = paper.width, paper.height
    m, my = (paper.safe_margin, paper.safe_margin) if kind == "backs" else imposition.margin
    if imposition.bands == "side":
        inset = 2.4  # where the ruler's label stands: the digits rise towards the paper's edge
        ruler_zero = block.y + (imposition.mark_grid.card_h - sheet_numbers().ruler) / 2  # see side_bands
        return [NumberPlace(w - m - inset, ruler_zero - 4.0, 90, "right"),
                NumberPlace(m + _reach()[0] + 0.2, block.y + 3.5, 90, "left")]
    return [NumberPlace(w - m - 1.5, h - my - 1.5, 0, "right"),
            NumberPlace(w - m - 1.5, my + 1.5 + _reach()[0], 0, "right")]


def _clear_of(place: NumberPlace, block: Box, gap: float) -> bool:
    """The number stands at least `gap` from the block of cards (on the axis across its baseline)."""
    rise, drop = _reach()
    if place.rotate:
        inner, outer = place.x - drop, place.x + rise
        return inner >= block.x + block.w + gap or outer <= block.x - gap
    top, bottom = place.y - rise, place.y + drop
    return top >= block.y + block.h + gap or bottom <= block.y - gap


def number_place(imposition: Imposition, kind: str, marks: bool = True) -> NumberPlace | None:
    """Where the page number of a fronts, backs or fold page goes: the first place clear of the cards and
    their marks (backs: 4 mm from the backs' ground, wherever --back-offset moved it, or 2 mm where no
    margin holds 4); None if none is."""
    numbers = sheet_numbers()
    front = imposition.mark_grid.box
    reach = mark_gap(imposition) + imposition.mark_length
    for keep in (numbers.keep_clear, NUMBER_MIN_CLEAR):
        ground = (grounds(imposition, marks), keep)
        blocks = [ground] if kind == "backs" else [(front, reach + 0.5)]
        if kind == "fold":
            blocks.append(ground)
        for place in _number_candidates(imposition, kind):
            if all(_clear_of(place, block, gap) for block, gap in blocks):
                return place
    return None
