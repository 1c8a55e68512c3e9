"""Where a card sheet's page number ("n / N") goes: the first place clear of the cards and their marks."""


from cli.layout.band_text import BandText, number_size
from cli.layout.imposition import Box, Imposition, grounds, mark_gap
from cli.layout.measure import text_extent
from cli.layout.sheet_numbers import sheet_numbers
from cli.layout.sizes import Paper, sheet_value
from cli.records import Record


class NumberPlace(Record):
    """Where a sheet's "n / N" goes: its baseline's start or end, and 0, 90 (reading downwards) or -90
    (reading upwards)."""

    x: float
    y: float
    rotate: int
    align: str


def _end_inset() -> float:
    """How far inside the safe margin a number at a corner stands (layouts/sheet.toml [band_text])."""
    return sheet_value("band_text", "number_end_inset")


def _reach() -> tuple[float, float]:
    """How far the number reaches above and below its baseline: the font's ascent and descent."""
    return text_extent(number_size())


def number_depths(paper: Paper) -> dict[str, float]:
    """How deep from each edge of a back page its number and keep_clear reach (see `_back_place`): the
    room the imposition keeps free of the backs' ground on the side it picks."""
    rise, drop = _reach()
    m, keep = paper.safe_margin, sheet_numbers().keep_clear
    side = m + rise + drop + keep
    return {"right": side, "left": side, "bottom": m + _end_inset() + rise + keep,
            "top": m + _end_inset() + rise + drop + keep}


def _back_place(imposition: Imposition, side: str) -> NumberPlace:
    """The back page's number on one side: at the right of the bottom or top margin, or at the top of a side
    margin, reading away from the cards (its letters' tops towards the paper's edge)."""
    paper, block = imposition.paper, imposition.mark_grid.box
    w, h, m = paper.width, paper.height, paper.safe_margin
    rise = _reach()[0]
    return {"bottom": NumberPlace(w - m - _end_inset(), h - m - _end_inset(), 0, "right"),
            "top": NumberPlace(w - m - _end_inset(), m + _end_inset() + rise, 0, "right"),
            "right": NumberPlace(w - m - rise, block.y + 3.5, 90, "left"),
            "left": NumberPlace(m + rise, block.y + 3.5, -90, "right")}[side]


def _number_candidates(imposition: Imposition, kind: str) -> list[NumberPlace]:
    """Bottom right like every other page, else top right; with the bands in the side margins, at the top
    of the right margin reading downwards on the ruler's label's baseline, ending `number_clear` before the
    ruler's "0" (the ruler stands level with the first row), else of the left one. A front page keeps
    registration marks' margins. A back page (custom sizes: see number_place) or a fold page may also take the
    side margins."""
    paper, block = imposition.paper, imposition.mark_grid.box
    w, h = paper.width, paper.height
    m, my = (paper.safe_margin, paper.safe_margin) if kind == "backs" else imposition.margin
    if imposition.bands == "side":
        ruler_zero = block.y + (imposition.mark_grid.card_h - sheet_numbers().ruler) / 2  # see side_bands
        places = [NumberPlace(BandText.downwards(w - m), BandText.before_ruler(ruler_zero, clear="number_clear"),
                              90, "right"),
                  NumberPlace(m + _reach()[0] + 0.2, block.y + 3.5, 90, "left")]
    else:
        places = [NumberPlace(w - m - _end_inset(), h - my - _end_inset(), 0, "right"),
                  NumberPlace(w - m - _end_inset(), my + _end_inset() + _reach()[0], 0, "right")]
    if kind != "fronts":  # where the bands leave the side margins free, level with the cards
        places += [_back_place(imposition, side) for side in ("right", "left")]
    return places


def _clear_of(place: NumberPlace, block: Box, gap: float) -> bool:
    """The number stands at least `gap` from the block of cards (on the axis across its baseline)."""
    rise, drop = _reach()
    if place.rotate:
        # reading downwards the letters' tops point right (+x), reading upwards left
        inner, outer = (place.x - drop, place.x + rise) if place.rotate > 0 else (place.x - rise, place.x + drop)
        return inner >= block.x + block.w + gap or outer <= block.x - gap
    top, bottom = place.y - rise, place.y + drop
    return top >= block.y + block.h + gap or bottom <= block.y - gap


def number_place(imposition: Imposition, kind: str, marks: bool = True) -> NumberPlace | None:
    """Where the page number of a fronts, backs or fold page goes: the first place clear of the cards and
    their marks (backs: 4 mm from the backs' ground, on the side the imposition reserved for it; custom
    sizes, which reserve none, 2 mm where no margin holds 4); None if none is."""
    numbers = sheet_numbers()
    if kind == "backs" and imposition.number_side:
        return _back_place(imposition, imposition.number_side)
    front = imposition.mark_grid.box
    reach = mark_gap(imposition) + imposition.mark_length
    for keep in (numbers.keep_clear, sheet_value("band_text", "number_least_clear")):
        ground = (grounds(imposition, marks), keep)
        blocks = [ground] if kind == "backs" else [(front, reach + 0.5)]
        if kind == "fold":
            blocks.append(ground)
        for place in _number_candidates(imposition, kind):
            if all(_clear_of(place, block, gap) for block, gap in blocks):
                return place
    return None
