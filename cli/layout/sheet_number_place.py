"""Where a card sheet's page number ("n / N") goes: the first place clear of the cards and their marks."""

from typing import NamedTuple

from cli.layout.imposition import Box, Imposition
from cli.layout.measure import text_extent
from cli.layout.sheet_numbers import sheet_numbers
from cli.layout.sizes import Paper


class NumberPlace(NamedTuple):
    """Where a sheet's "n / N" goes: its baseline's start or end, and 0 or 90 (reading downwards)."""

    x: float
    y: float
    rotate: int
    align: str


NUMBER_SIZE = 8.0  # pt: read by whoever sorts the stack, not by the players


def _reach() -> tuple[float, float]:
    """How far the number reaches above and below its baseline: the font's ascent and descent."""
    return text_extent(NUMBER_SIZE)


def _number_candidates(paper: Paper, block: Box, bands: str) -> list[NumberPlace]:
    """Bottom right like every other page, else top right; with the bands in the side margins, at the top
    of the right margin reading downwards (above the ruler), else of the left one."""
    m, w, h = paper.safe_margin, paper.width, paper.height
    if bands == "side":
        inset = 2.4  # where the ruler's label stands: the digits rise towards the paper's edge
        return [NumberPlace(w - m - inset, block.y + 3.5, 90, "left"),
                NumberPlace(m + _reach()[0] + 0.2, block.y + 3.5, 90, "left")]
    return [NumberPlace(w - m - 1.5, h - m - 1.5, 0, "right"),
            NumberPlace(w - m - 1.5, m + 1.5 + _reach()[0], 0, "right")]


def _clear_of(place: NumberPlace, block: Box, gap: float) -> bool:
    """The number stands at least `gap` from the block of cards (on the axis across its baseline)."""
    rise, drop = _reach()
    if place.rotate:
        inner, outer = place.x - drop, place.x + rise
        return inner >= block.x + block.w + gap or outer <= block.x - gap
    top, bottom = place.y - rise, place.y + drop
    return top >= block.y + block.h + gap or bottom <= block.y - gap


def number_place(imposition: Imposition, kind: str) -> NumberPlace | None:
    """Where the page number of a fronts, backs or fold page goes: the first place clear of the cards and
    their marks (backs: of the backs, by `keep_clear`, wherever --back-offset moved them); None if none is."""
    numbers = sheet_numbers()
    paper = imposition.paper
    front = imposition.mark_grid.box
    reach = numbers.mark_gap + imposition.mark_length
    blocks = [(_bounds(imposition.backs), numbers.keep_clear)] if kind == "backs" else [(front, reach + 0.5)]
    if kind == "fold":
        blocks.append((_bounds(imposition.backs), numbers.keep_clear))
    for place in _number_candidates(paper, front, imposition.bands):
        if all(_clear_of(place, block, gap) for block, gap in blocks):
            return place
    return None


def _bounds(boxes: list[Box]) -> Box:
    x0, y0 = min(b.x for b in boxes), min(b.y for b in boxes)
    x1, y1 = max(b.x + b.w for b in boxes), max(b.y + b.h for b in boxes)
    return Box(x0, y0, x1 - x0, y1 - y0)
