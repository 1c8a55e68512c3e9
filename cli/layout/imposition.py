"""Place cards on sheets: the centred grid, and where each back goes for each duplex mode.

Coordinates are millimetres from the page's top-left corner, y growing downwards:

    (0,0) ──────────── x
      │   ┌──────┐
      │   │ card │ h
      │   └──────┘
      y      w
"""

import math
from typing import Literal, NamedTuple

from cli.errors import PnpkitError
from cli.layout.sheet_numbers import sheet_numbers
from cli.layout.sizes import Paper

DuplexMode = Literal["long", "short", "fold", "none"]
DUPLEX_FLIPS: tuple[str, ...] = ("long", "short")  # one duplex job, the sheet flipped on that edge
DUPLEX_MODES: tuple[str, ...] = (*DUPLEX_FLIPS, "fold", "none")  # fold: fronts and backs on one side, folded
# what the card sheets' notice says of each mode (a catalogue key)
MODE_NOTICES = {"long": "duplex_long", "short": "duplex_short", "fold": "fold_notice", "none": "duplex_none"}


class Box(NamedTuple):
    x: float
    y: float
    w: float
    h: float

    def moved(self, dx: float, dy: float) -> "Box":
        return self._replace(x=self.x + dx, y=self.y + dy)


class Grid(NamedTuple):
    """A block of cols x rows cards whose top-left corner is (x, y)."""

    x: float
    y: float
    cols: int
    rows: int
    card_w: float
    card_h: float

    def slots(self) -> list[Box]:
        return [
            Box(self.x + c * self.card_w, self.y + r * self.card_h, self.card_w, self.card_h)
            for r in range(self.rows)
            for c in range(self.cols)
        ]

    @property
    def box(self) -> Box:
        return Box(self.x, self.y, self.cols * self.card_w, self.rows * self.card_h)


class Imposition(NamedTuple):
    """Where fronts and backs of one sheet go; the same for every sheet of a run."""

    paper: Paper
    mode: str
    fronts: list[Box]
    backs: list[Box]  # backs[i] belongs to fronts[i]; on the next page, or the same page for fold
    mark_grid: Grid  # the block of cards whose outer edges get crop marks
    fold_line: tuple[float, float, float, float] | None  # x1, y1, x2, y2
    strip_top: float  # top of the band for the notice and ruler above the cards
    bands: str = "top"  # "top": notice and ruler above the cards, hints below; "side": in the side margins
    mark_length: float = 3.0

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


def _count(space: float, size: float) -> int:
    return max(0, math.floor(round(space / size, 6)))


def _too_big(paper: Paper, w: float, h: float) -> PnpkitError:
    return PnpkitError(
        f"cards of {w:g}x{h:g} mm do not fit on {paper.name} paper inside its "
        f"{paper.safe_margin:g} mm safe margin; choose a smaller --size"
    )


def impose_cards(
    paper: Paper, card_w: float, card_h: float, mode: str, crop_marks: bool = True,
    back_offset: tuple[float, float] = (0.0, 0.0),
) -> Imposition:
    """The centred arrangement of as many cards as fit, and the matching backs.

    The notice and ruler go above the cards and the hints below them, unless moving them into the
    side margins wins cards (nine poker cards on Letter): then the crop marks shrink to what the
    top and bottom margins hold, never into the safe margin.
    """
    if mode not in DUPLEX_MODES:
        raise PnpkitError(f"unknown duplex mode '{mode}'; use one of: {', '.join(DUPLEX_MODES)}")
    numbers = sheet_numbers()
    zone = numbers.mark_gap + numbers.mark_length if crop_marks else 0.0
    top = _arrange(paper, card_w, card_h, mode, paper.safe_margin + zone,
                   paper.safe_margin + numbers.strip + zone)
    imposition = top
    if mode != "fold":
        short = numbers.mark_gap + numbers.mark_min_length if crop_marks else 0.0
        side = _arrange(paper, card_w, card_h, mode, paper.safe_margin + max(zone, numbers.side_band),
                        paper.safe_margin + short)
        if side and (not top or side.per_sheet > top.per_sheet):
            room = side.mark_grid.y - paper.safe_margin - numbers.mark_gap
            imposition = side._replace(bands="side", mark_length=min(numbers.mark_length, room))
    if imposition is None:
        raise _too_big(paper, card_w, card_h)
    if imposition.bands == "top":
        imposition = imposition._replace(mark_length=numbers.mark_length,
                                         strip_top=imposition.mark_grid.y - zone - numbers.strip)
    return _with_offset(imposition, back_offset)


def _arrange(paper: Paper, w: float, h: float, mode: str, edge_x: float, edge_y: float) -> Imposition | None:
    """The centred grid keeping `edge_x`, `edge_y` clear at the sides and top and bottom; None if none fits."""
    if mode == "fold":
        return _impose_fold(paper, w, h, edge_x, edge_y)
    cols = _count(paper.width - 2 * edge_x, w)
    rows = _count(paper.height - 2 * edge_y, h)
    if cols * rows == 0:
        return None
    grid = Grid((paper.width - cols * w) / 2, (paper.height - rows * h) / 2, cols, rows, w, h)
    fronts = grid.slots()
    backs = [duplex_mirror(box, paper, mode) for box in fronts]
    return Imposition(paper, mode, fronts, backs, grid, None, 0.0)


def _impose_fold(paper: Paper, w: float, h: float, edge_x: float, edge_y: float) -> Imposition | None:
    """Fronts on one half, backs on the other, each front facing its back across the fold."""
    # Fold across the page (horizontal line): fronts above, backs below.
    across = (_count(paper.width - 2 * edge_x, w), _count(paper.height / 2 - edge_y, h))
    # Fold down the page (vertical line): fronts left, backs right.
    down = (_count(paper.width / 2 - edge_x, w), _count(paper.height - 2 * edge_y, h))
    if max(across[0] * across[1], down[0] * down[1]) == 0:
        return None
    mid_x, mid_y = paper.width / 2, paper.height / 2
    if across[0] * across[1] >= down[0] * down[1]:
        cols, rows = across
        grid = Grid((paper.width - cols * w) / 2, mid_y - rows * h, cols, rows, w, h)
        fronts = grid.slots()
        backs = [b._replace(y=2 * mid_y - b.y - b.h) for b in fronts]
        block = grid._replace(rows=2 * rows)
        line = (paper.safe_margin, mid_y, paper.width - paper.safe_margin, mid_y)
    else:
        cols, rows = down
        grid = Grid(mid_x - cols * w, (paper.height - rows * h) / 2, cols, rows, w, h)
        fronts = grid.slots()
        backs = [b._replace(x=2 * mid_x - b.x - b.w) for b in fronts]
        block = grid._replace(cols=2 * cols)
        line = (mid_x, paper.safe_margin, mid_x, paper.height - paper.safe_margin)
    return Imposition(paper, "fold", fronts, backs, block, line, 0.0)


def _with_offset(imposition: Imposition, offset: tuple[float, float]) -> Imposition:
    """Shift every back by the offset, refusing one that pushes a back into the safe margin."""
    dx, dy = offset
    if (dx, dy) == (0.0, 0.0):
        return imposition
    if imposition.mode == "fold":
        raise PnpkitError("--back-offset applies to duplex long, short or none, not to fold")
    limit = sheet_numbers().max_offset
    backs = [b.moved(dx, dy) for b in imposition.backs]
    paper = imposition.paper
    m = paper.safe_margin
    inside = all(
        b.x >= m - 1e-9 and b.y >= m - 1e-9 and b.x + b.w <= paper.width - m + 1e-9
        and b.y + b.h <= paper.height - m + 1e-9 for b in backs
    )
    if abs(dx) > limit or abs(dy) > limit or not inside:
        raise PnpkitError(
            f"--back-offset {dx:g},{dy:g} moves the backs into the {m:g} mm safe margin; "
            f"measure it again with 'pnpkit calibrate' (offsets are a few mm at most)"
        )
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
    """Where backs may spread their bleed: the printable area, or for a fold its half beyond the fold."""
    paper = imposition.paper
    m = paper.safe_margin
    area = Box(m, m, paper.width - 2 * m, paper.height - 2 * m)
    if imposition.fold_line is None:
        return area
    x1, y1, _, y2 = imposition.fold_line
    if y1 == y2:
        return Box(area.x, y1, area.w, area.y + area.h - y1)
    return Box(x1, area.y, area.x + area.w - x1, area.h)


def bleed_area(box: Box, bleed: float, within: Box) -> Box:
    """The card grown by the bleed on every side, cut back to `within` (see back_half)."""
    x0, y0 = max(box.x - bleed, within.x), max(box.y - bleed, within.y)
    x1, y1 = min(box.x + box.w + bleed, within.x + within.w), min(box.y + box.h + bleed, within.y + within.h)
    return Box(x0, y0, x1 - x0, y1 - y0)
