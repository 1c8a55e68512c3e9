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
from cli.layout.sizes import Paper, sheet_value

DuplexMode = Literal["long", "short", "fold", "none"]
DUPLEX_MODES: tuple[str, ...] = ("long", "short", "fold", "none")


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
    strip_top: float  # baseline band for the notice and ruler above the cards

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


def _marks_zone(crop_marks: bool) -> float:
    return sheet_value("crop_marks", "gap") + sheet_value("crop_marks", "length") if crop_marks else 0.0


def _strip() -> float:
    return sheet_value("strip", "height")


def _too_big(paper: Paper, w: float, h: float) -> PnpkitError:
    return PnpkitError(
        f"cards of {w:g}x{h:g} mm do not fit on {paper.name} paper inside its "
        f"{paper.safe_margin:g} mm safe margin; choose a smaller --size"
    )


def impose_cards(
    paper: Paper, card_w: float, card_h: float, mode: str, crop_marks: bool = True,
    back_offset: tuple[float, float] = (0.0, 0.0),
) -> Imposition:
    """The centred arrangement of as many cards as fit, and the matching backs."""
    if mode not in DUPLEX_MODES:
        raise PnpkitError(f"unknown duplex mode '{mode}'; use one of: {', '.join(DUPLEX_MODES)}")
    zone, strip = _marks_zone(crop_marks), _strip()
    edge_x = paper.safe_margin + zone
    edge_y = paper.safe_margin + strip + zone
    if mode == "fold":
        imposition = _impose_fold(paper, card_w, card_h, edge_x, edge_y)
    else:
        cols = _count(paper.width - 2 * edge_x, card_w)
        rows = _count(paper.height - 2 * edge_y, card_h)
        if cols * rows == 0:
            raise _too_big(paper, card_w, card_h)
        grid = Grid((paper.width - cols * card_w) / 2, (paper.height - rows * card_h) / 2,
                    cols, rows, card_w, card_h)
        fronts = grid.slots()
        backs = [duplex_mirror(box, paper, mode) for box in fronts]
        imposition = Imposition(paper, mode, fronts, backs, grid, None, grid.y - zone - strip)
    return _with_offset(imposition, back_offset)


def _impose_fold(paper: Paper, w: float, h: float, edge_x: float, edge_y: float) -> Imposition:
    """Fronts on one half, backs on the other, each front facing its back across the fold."""
    zone = edge_x - paper.safe_margin
    # Fold across the page (horizontal line): fronts above, backs below.
    across = (_count(paper.width - 2 * edge_x, w), _count(paper.height / 2 - edge_y, h))
    # Fold down the page (vertical line): fronts left, backs right.
    down = (_count(paper.width / 2 - edge_x, w), _count(paper.height - 2 * edge_y, h))
    if max(across[0] * across[1], down[0] * down[1]) == 0:
        raise _too_big(paper, w, h)
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
    return Imposition(paper, "fold", fronts, backs, block, line, block.y - zone - _strip())


def _with_offset(imposition: Imposition, offset: tuple[float, float]) -> Imposition:
    """Shift every back by the offset, refusing one that pushes a back into the safe margin."""
    dx, dy = offset
    if (dx, dy) == (0.0, 0.0):
        return imposition
    if imposition.mode == "fold":
        raise PnpkitError("--back-offset applies to duplex long, short or none, not to fold")
    limit = sheet_value("back", "max_offset")
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
