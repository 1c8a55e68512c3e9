"""Place cards on sheets: the centred grid, and where each back goes for each duplex mode.

Coordinates are millimetres from the page's top-left corner, y growing downwards:

    (0,0) ──────────── x
      │   ┌──────┐
      │   │ card │ h
      │   └──────┘
      y      w
"""

import math
from typing import Literal

from cli.errors import PnpkitError
from cli.layout.sheet_numbers import sheet_numbers
from cli.layout.sizes import Paper
from cli.records import Record

DuplexMode = Literal["long", "short", "fold", "none"]
DUPLEX_FLIPS: tuple[str, ...] = ("long", "short")  # one duplex job, the sheet flipped on that edge
DUPLEX_MODES: tuple[str, ...] = (*DUPLEX_FLIPS, "fold", "none")  # fold: fronts and backs on one side, folded
# what the card sheets' notice says of each mode (a catalogue key)
MODE_NOTICES = {"long": "duplex_long", "short": "duplex_short", "fold": "fold_notice", "none": "duplex_none"}


class Box(Record):
    x: float
    y: float
    w: float
    h: float

    def moved(self, dx: float, dy: float) -> "Box":
        return self._replace(x=self.x + dx, y=self.y + dy)


class Grid(Record):
    """A block of cols x rows cards whose top-left corner is (x, y), `gap` mm apart (0: butted)."""

    x: float
    y: float
    cols: int
    rows: int
    card_w: float
    card_h: float
    gap: float = 0.0

    def slots(self) -> list[Box]:
        return [
            Box(self.x + c * (self.card_w + self.gap), self.y + r * (self.card_h + self.gap), self.card_w, self.card_h)
            for r in range(self.rows)
            for c in range(self.cols)
        ]

    @property
    def box(self) -> Box:
        return Box(self.x, self.y, self.cols * (self.card_w + self.gap) - self.gap,
                   self.rows * (self.card_h + self.gap) - self.gap)

    def moved(self, dx: float, dy: float) -> "Grid":
        return self._replace(x=self.x + dx, y=self.y + dy)


class Imposition(Record):
    """Where fronts and backs of one sheet go; the same for every sheet of a run."""

    paper: Paper
    mode: str
    fronts: list[Box]
    backs: list[Box]  # backs[i] belongs to fronts[i]; on the next page, or the same page for fold
    mark_grid: Grid  # the block of cards whose outer edges get crop marks
    fold_line: tuple[float, float, float, float] | None  # x1, y1, x2, y2
    strip_top: float  # top of the band for the notice and ruler above the cards
    mark_length: float  # layouts/sheet.toml's, or shorter where the margins hold less (side bands)
    bands: str = "top"  # "top": notice and ruler above the cards, hints below; "side": in the side margins
    frame: Box | None = None  # where the fronts' block may move to (its marks and bands still on the page)
    full: int = 0  # with fewer cards than the default grid holds (a back offset needed room): that number
    margin: tuple[float, float] = (0.0, 0.0)  # the front page's margins (x, y): the paper's, or registration's
    # the back page's number: on which side ("right", "left", "bottom", "top"; "" where not reserved) and how
    # deep from the paper's edge it and its keep_clear reach; the backs' ground stops there
    number_side: str = ""
    number_depth: float = 0.0
    turned: bool = False  # every card lies on its side (a quarter turn clockwise): the boxes are landscape

    @property
    def per_sheet(self) -> int:
        return len(self.fronts)


def duplex_mirror(box: Box, paper: Paper, mode: str) -> Box:
    """Where a front's back must be drawn on the back page so the two coincide after the flip.

    Long edge (portrait): the sheet turns about its vertical axis, so x mirrors.
    Short edge: it turns about its horizontal axis, so y mirrors. Otherwise: same place.
    """
    if mode == "long":
        return box._replace(x=paper.width - box.x - box.w)
    if mode == "short":
        return box._replace(y=paper.height - box.y - box.h)
    return box


# how a shift of the fronts moves their backs on the back page, per axis (x, y)
_MIRROR_SIGN = {"long": (-1.0, 1.0), "short": (1.0, -1.0), "none": (1.0, 1.0), "fold": (1.0, 1.0)}


def _count(space: float, size: float, gap: float = 0.0) -> int:
    return max(0, math.floor(round((space + gap) / (size + gap), 6)))


def _too_big(paper: Paper, w: float, h: float) -> PnpkitError:
    return PnpkitError(
        f"cards of {w:g}x{h:g} mm do not fit on {paper.name} paper inside its "
        f"{paper.safe_margin:g} mm safe margin; choose a smaller --size"
    )


def impose_cards(
    paper: Paper, card_w: float, card_h: float, mode: str, crop_marks: bool = True,
    back_offset: tuple[float, float] = (0.0, 0.0), *, fit: bool = True, gutter: float = 0.0,
    margin: tuple[float, float] | None = None, number_depths: dict[str, float] | None = None, turn: bool = True,
) -> Imposition:
    """The centred arrangement of as many cards as fit, and the matching backs.

    The notice and ruler go above the cards and the hints below them, unless moving them into the
    side margins wins cards (nine poker cards on Letter): then the crop marks shrink to what the
    top and bottom margins hold, never into the safe margin.

    fit (the built-in sizes): every back keeps `min_bleed` of ground inside the safe margin whatever
    offset the calibration sheet reads (±5 mm; beyond, up to max_offset, none is promised): the
    fronts take half the correction where the backs alone have no room, and where that is not
    enough a smaller grid is used (`full` says how many the default one held), the cards turned a quarter
    where that holds more (Letter poker: 2 x 4 turned, not 3 x 2; `turn` False: never). Without fit (custom
    sizes) the default grid is kept and only an offset that leaves the safe margin is refused.
    gutter: mm between cards (cut files); margin: the front page's margins when wider than the paper's
    (registration marks reserve the edges). number_depths (with fit): how deep from each edge of a back page
    its number and keep_clear reach; the grid and its shift are chosen so one side holds them with every
    back keeping `min_bleed` of ground short of that depth.
    """
    if mode not in DUPLEX_MODES:
        raise PnpkitError(f"unknown duplex mode '{mode}'; use one of: {', '.join(DUPLEX_MODES)}")
    numbers = sheet_numbers()
    margin = margin or (paper.safe_margin, paper.safe_margin)
    layouts = _layouts(paper, card_w, card_h, mode, crop_marks, gutter, margin)
    if fit and turn and layouts and mode != "fold":
        layouts = _with_turned(layouts, _layouts(paper, card_h, card_w, mode, crop_marks, gutter, margin))
    if not layouts:
        raise _too_big(paper, card_w, card_h)
    dx, dy = back_offset
    if (dx, dy) != (0.0, 0.0) and mode == "fold":
        raise PnpkitError.of("offset_fold")
    if abs(dx) > numbers.max_offset or abs(dy) > numbers.max_offset:
        raise OffsetOutside.of("offset_large", x=f"{dx:g}", y=f"{dy:g}", max=f"{numbers.max_offset:g}")
    if mode == "fold" or not fit:
        return _with_offset(layouts[0], back_offset)
    reach = numbers.cal_step * numbers.cal_reach
    need = numbers.min_bleed if max(abs(dx), abs(dy)) <= reach + 1e-9 else 0.0
    for layout in layouts:
        placed = _with_number(layout, back_offset, need, number_depths)
        if placed is not None:
            full = layouts[0].per_sheet
            return placed._replace(full=full if placed.per_sheet < full else 0)
    raise _off_margin(paper, back_offset)


class OffsetOutside(PnpkitError):
    """A back offset that pushes a back into the safe margin (the command says where the offset came from)."""


def _off_margin(paper: Paper, offset: tuple[float, float]) -> PnpkitError:
    return OffsetOutside.of("offset_margin", x=f"{offset[0]:g}", y=f"{offset[1]:g}", margin=f"{paper.safe_margin:g}")


def _layouts(paper: Paper, w: float, h: float, mode: str, crop_marks: bool, gutter: float,
             margin: tuple[float, float]) -> list[Imposition]:
    """Every grid that fits, the default first (the most cards; bands above and below unless the side
    margins win cards), then smaller ones, most cards first."""
    numbers = sheet_numbers()
    mx, my = margin
    if mode == "fold":
        zone = numbers.min_bleed + numbers.mark_gap + numbers.mark_length if crop_marks else numbers.min_bleed
        fold = _impose_fold(paper, w, h, mx + zone, my + numbers.strip + zone)
        return [fold._replace(margin=margin, strip_top=fold.mark_grid.y - zone - numbers.strip)] if fold else []
    zone = numbers.mark_gap + numbers.mark_length if crop_marks else 0.0
    short = numbers.mark_gap + numbers.mark_min_length if crop_marks else 0.0
    edges = {"top": (mx + zone, my + numbers.strip + zone), "side": (mx + max(zone, numbers.side_band), my + short)}
    most = {bands: (_count(paper.width - 2 * ex, w, gutter), _count(paper.height - 2 * ey, h, gutter))
            for bands, (ex, ey) in edges.items()}
    grids = [(c * r, bands, c, r)
             for bands, (cols, rows) in most.items() for c in range(cols, 0, -1) for r in range(rows, 0, -1)]
    grids.sort(key=lambda g: (-g[0], g[1] != "top"))  # the side bands only where they win cards
    return [_grid_layout(paper, mode, w, h, gutter, bands, c, r, edges[bands], margin, zone)
            for _, bands, c, r in grids]


def _with_turned(layouts: list[Imposition], turned: list[Imposition]) -> list[Imposition]:
    """The fallbacks merged with the grids of turned cards, most cards first (of as many, upright first);
    the default grid stays first and no turned grid holds more: turning is only to save cards."""
    default = layouts[0]
    smaller = [layout._replace(turned=True) for layout in turned if layout.per_sheet < default.per_sheet]
    rest = sorted(layouts[1:] + smaller, key=lambda layout: (-layout.per_sheet, layout.turned))
    return [default, *rest]


def _grid_layout(paper: Paper, mode: str, w: float, h: float, gutter: float, bands: str, cols: int, rows: int,
                 edge: tuple[float, float], margin: tuple[float, float], zone: float) -> Imposition:
    """The centred cols x rows grid; `edge` is what its block keeps clear at the sides and top and bottom."""
    grid = Grid(0.0, 0.0, cols, rows, w, h, gutter)
    block = grid.box
    grid = grid.moved((paper.width - block.w) / 2, (paper.height - block.h) / 2)
    frame = Box(edge[0], edge[1], paper.width - 2 * edge[0], paper.height - 2 * edge[1])
    layout = Imposition(paper, mode, [], [], grid, None, 0.0, sheet_numbers().mark_length, bands, frame=frame,
                        margin=margin)
    return _placed(layout, grid, (0.0, 0.0), zone)


def _placed(layout: Imposition, grid: Grid, offset: tuple[float, float], zone: float | None = None) -> Imposition:
    """The layout with its block at `grid`: fronts, their backs moved by `offset`, bands and marks (`zone`:
    what the crop marks take beyond the block; None: as in `layout`)."""
    numbers = sheet_numbers()
    fronts = grid.slots()
    backs = [duplex_mirror(box, layout.paper, layout.mode).moved(*offset) for box in fronts]
    if layout.bands == "side":
        block = grid.box
        room = min(block.y, layout.paper.height - block.y - block.h) - layout.margin[1] - numbers.mark_gap
        return layout._replace(fronts=fronts, backs=backs, mark_grid=grid,
                               mark_length=min(numbers.mark_length, room))
    if zone is None:
        zone = layout.mark_grid.y - layout.strip_top - numbers.strip
    return layout._replace(fronts=fronts, backs=backs, mark_grid=grid, mark_length=numbers.mark_length,
                           strip_top=grid.y - zone - numbers.strip)


# where a back page's number is looked for first: below the cards like every other page, or with the bands
# in the side margins, at the top of the right margin
_NUMBER_SIDES = {"top": ("bottom", "top", "right", "left"), "side": ("right", "left", "bottom", "top")}


def _with_number(layout: Imposition, offset: tuple[float, float], need: float,
                 depths: dict[str, float] | None) -> Imposition | None:
    """`_shifted` with room for the back page's number on the first side that can hold it (see impose_cards)."""
    if depths is None:
        return _shifted(layout, offset, need)
    for side in _NUMBER_SIDES[layout.bands]:
        placed = _shifted(layout, offset, need, (side, depths[side]))
        if placed is not None:
            return placed._replace(number_side=side, number_depth=depths[side])
    return None


_EDGES = (("left", "right"), ("top", "bottom"))  # each axis's low and high edge of the paper


def _shifted(layout: Imposition, offset: tuple[float, float], need: float,
             number: tuple[str, float] | None = None) -> Imposition | None:
    """The layout with its backs moved by `offset` and every back `need` mm of ground inside the safe
    margin (and on the `number` side, short of its depth from the edge): the fronts stay where they are if
    they can, else take half the correction (or what their frame allows: the printer only sees the
    difference); None if no shift of the fronts makes room."""
    paper, frame, block = layout.paper, layout.frame, layout.mark_grid.box
    backs = bounds(layout.backs)
    m = paper.safe_margin + need
    shift = []
    for axis, (d, sign) in enumerate(zip(offset, _MIRROR_SIGN[layout.mode], strict=True)):
        size = paper.width if axis == 0 else paper.height
        pos, length, low, span = ((block.x, block.w, frame.x, frame.w) if axis == 0
                                  else (block.y, block.h, frame.y, frame.h))
        back_pos, back_len = (backs.x, backs.w) if axis == 0 else (backs.y, backs.h)
        front = (low - pos, low + span - pos - length)  # how far the block may move
        lo_m, hi_m = (number[1] + need if number and number[0] == edge else m for edge in _EDGES[axis])
        room = (lo_m - back_pos - d, size - hi_m - back_pos - back_len - d)  # sign * shift, for the backs
        back = room if sign > 0 else (-room[1], -room[0])
        lo, hi = max(front[0], back[0]), min(front[1], back[1])
        if lo > hi + 1e-9:
            return None
        shift.append(0.0 if lo - 1e-9 <= 0.0 <= hi + 1e-9 else min(max(-sign * d / 2, lo), hi))
    return _placed(layout, layout.mark_grid.moved(*shift), offset)


def _impose_fold(paper: Paper, w: float, h: float, edge_x: float, edge_y: float) -> Imposition | None:
    """Fronts on one half, backs on the other, each front facing its back across the fold; both stand
    `min_bleed` off the fold line, so the backs' ground runs that far past their cut on the fold's side."""
    gap = sheet_numbers().min_bleed
    # Fold across the page (horizontal line): fronts above, backs below.
    across = (_count(paper.width - 2 * edge_x, w), _count(paper.height / 2 - gap - edge_y, h))
    # Fold down the page (vertical line): fronts left, backs right.
    down = (_count(paper.width / 2 - gap - edge_x, w), _count(paper.height - 2 * edge_y, h))
    if max(across[0] * across[1], down[0] * down[1]) == 0:
        return None
    mid_x, mid_y = paper.width / 2, paper.height / 2
    if across[0] * across[1] >= down[0] * down[1]:
        cols, rows = across
        grid = Grid((paper.width - cols * w) / 2, mid_y - gap - rows * h, cols, rows, w, h)
        fronts = grid.slots()
        backs = [b._replace(y=2 * mid_y - b.y - b.h) for b in fronts]
        block = Grid(grid.x, grid.y, cols, 2 * rows, w, h + gap / rows)  # its box spans the gap at the fold
        line = (paper.safe_margin, mid_y, paper.width - paper.safe_margin, mid_y)
    else:
        cols, rows = down
        grid = Grid(mid_x - gap - cols * w, (paper.height - rows * h) / 2, cols, rows, w, h)
        fronts = grid.slots()
        backs = [b._replace(x=2 * mid_x - b.x - b.w) for b in fronts]
        block = Grid(grid.x, grid.y, 2 * cols, rows, w + gap / cols, h)
        line = (mid_x, paper.safe_margin, mid_x, paper.height - paper.safe_margin)
    return Imposition(paper, "fold", fronts, backs, block, line, 0.0, sheet_numbers().mark_length)


def _with_offset(imposition: Imposition, offset: tuple[float, float]) -> Imposition:
    """Shift every back by the offset, refusing one that pushes a back into the safe margin."""
    dx, dy = offset
    if (dx, dy) == (0.0, 0.0):
        return imposition
    backs = [b.moved(dx, dy) for b in imposition.backs]
    paper = imposition.paper
    m = paper.safe_margin
    inside = all(
        b.x >= m - 1e-9 and b.y >= m - 1e-9 and b.x + b.w <= paper.width - m + 1e-9
        and b.y + b.h <= paper.height - m + 1e-9 for b in backs
    )
    if not inside:
        raise _off_margin(paper, offset)
    return imposition._replace(backs=backs)


def crop_marks(boxes: list[Box], gap: float, length: float) -> list[tuple[float, float, float, float]]:
    """Marks (x1, y1, x2, y2) on every cut line of the printed cards, just beyond the outermost card
    on that line at each end; empty slots get none."""
    marks = []
    for edge in sorted({round(v, 6) for b in boxes for v in (b.x, b.x + b.w)}):
        on = [b for b in boxes if abs(b.x - edge) < 1e-6 or abs(b.x + b.w - edge) < 1e-6]
        top, bottom = min(b.y for b in on), max(b.y + b.h for b in on)
        marks += [(edge, top - gap, edge, top - gap - length), (edge, bottom + gap, edge, bottom + gap + length)]
    for edge in sorted({round(v, 6) for b in boxes for v in (b.y, b.y + b.h)}):
        on = [b for b in boxes if abs(b.y - edge) < 1e-6 or abs(b.y + b.h - edge) < 1e-6]
        left, right = min(b.x for b in on), max(b.x + b.w for b in on)
        marks += [(left - gap, edge, left - gap - length, edge), (right + gap, edge, right + gap + length, edge)]
    return marks


def back_half(imposition: Imposition) -> Box:
    """Where backs may spread their bleed: the printable area short of the page number's room, or for a
    fold its half beyond the fold."""
    paper = imposition.paper
    m = paper.safe_margin
    area = Box(m, m, paper.width - 2 * m, paper.height - 2 * m)
    if imposition.fold_line is None:
        return _short_of_number(area, imposition)
    return _fold_half(area, imposition)


def _short_of_number(area: Box, imposition: Imposition) -> Box:
    """The area without the strip along its edge that the back page's number and its keep_clear take."""
    side, depth = imposition.number_side, imposition.number_depth
    for axis, (low_edge, high_edge) in enumerate(_EDGES):
        start, length = area[axis], area[axis + 2]  # x and w, or y and h
        if side == low_edge:  # the area starts `depth` from the paper's low edge
            start, length = depth, start + length - depth
        elif side == high_edge:  # it ends `depth` short of the high edge
            length = (imposition.paper.width, imposition.paper.height)[axis] - depth - start
        else:
            continue
        return area._replace(**{"xy"[axis]: start, "wh"[axis]: length})
    return area


def _fold_half(area: Box, imposition: Imposition) -> Box:
    """The half of the printable area beyond the fold line, where a fold sheet's backs stand."""
    x1, y1, _, y2 = imposition.fold_line
    if y1 == y2:
        return Box(area.x, y1, area.w, area.y + area.h - y1)
    return Box(x1, area.y, area.x + area.w - x1, area.h)


def bounds(boxes: list[Box]) -> Box:
    x0, y0 = min(b.x for b in boxes), min(b.y for b in boxes)
    x1, y1 = max(b.x + b.w for b in boxes), max(b.y + b.h for b in boxes)
    return Box(x0, y0, x1 - x0, y1 - y0)


def bleed_area(box: Box, bleed: float, within: Box) -> Box:
    """The card grown by the bleed on every side, cut back to `within` (see back_half)."""
    x0, y0 = max(box.x - bleed, within.x), max(box.y - bleed, within.y)
    x1, y1 = min(box.x + box.w + bleed, within.x + within.w), min(box.y + box.h + bleed, within.y + within.h)
    return Box(x0, y0, x1 - x0, y1 - y0)


def back_bleed(imposition: Imposition, marks: bool) -> float:
    """How far the backs' ground runs past their cut (before the safe margin clips it): on a fold sheet
    with crop marks, `min_bleed`, short of the marks; between cards a gutter apart, half the gutter."""
    numbers = sheet_numbers()
    bleed = numbers.bleed
    if imposition.mode == "fold" and marks:
        bleed = numbers.min_bleed
    if imposition.mark_grid.gap:
        bleed = min(bleed, imposition.mark_grid.gap / 2)
    return bleed


def mark_gap(imposition: Imposition) -> float:
    """The crop marks' distance off the cards: beyond the backs' ground on a fold sheet."""
    numbers = sheet_numbers()
    return numbers.mark_gap + (numbers.min_bleed if imposition.mode == "fold" else 0.0)


def grounds(imposition: Imposition, marks: bool) -> Box:
    """The bounds of every back's ground (the card and its bleed, inside the printable area)."""
    within, bleed = back_half(imposition), back_bleed(imposition, marks)
    return bounds([bleed_area(box, bleed, within) for box in imposition.backs])


def strip_bottom(imposition: Imposition) -> float:
    """Where the band of hints below the cards ends: as far below the block as the notice band starts above."""
    block = imposition.mark_grid.box
    return 2 * block.y + block.h - imposition.strip_top
