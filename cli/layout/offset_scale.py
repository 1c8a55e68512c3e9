"""The duplex calibration scales: one line on the front, a numbered staircase on the back.

Each scale is a staircase of 21 short bars, bar j standing 0.5·j mm from the spot where the
front's line shows through (j = -10 … 10, so ±5 mm in 0.5 mm steps), each on its own step with
room for its number. If the printer lands the back d mm off, the front line crosses the bar with
0.5·j = -d: the number read is the --back-offset that cancels the shift, with no arithmetic.
"""

from typing import NamedTuple

from cli.layout.imposition import Box, duplex_mirror
from cli.layout.sizes import Paper

STEP, REACH = 0.5, 10  # mm between bars, bars on each side of zero
RISE = 4.5  # mm from one step of the staircase to the next
BAR = 3.5  # length of a bar
HALF_BAND = 6.0  # half the scale's thickness across its axis


class Bar(NamedTuple):
    pos: float  # where along the axis (x for the X scale, y for the Y scale)
    start: float  # where the bar starts across the axis
    label: str


class Scale(NamedTuple):
    axis: str  # "x": vertical bars spread along x; "y": horizontal bars spread along y
    front_band: Box
    back_band: Box
    front_line: float  # position of the front's line along the axis
    back_bars: list[Bar]


def _label(j: int) -> str:
    return "0" if j == 0 else f"{j * STEP:+g}".replace("-", "−")


def _x_scale(paper: Paper, mode: str, line_x: float, top: float) -> Scale:
    length = (2 * REACH + 1) * RISE
    front = Box(line_x - HALF_BAND, top, 2 * HALF_BAND, length)
    back = duplex_mirror(front, paper, mode)
    centre = back.x + HALF_BAND
    bars = [Bar(centre + STEP * j, back.y + RISE * (j + REACH), _label(j)) for j in range(-REACH, REACH + 1)]
    return Scale("x", front, back, line_x, bars)


def _y_scale(paper: Paper, mode: str, line_y: float, left: float) -> Scale:
    rise = RISE + 1.5  # horizontal steps carry their number above the bar: a wider step
    length = (2 * REACH + 1) * rise
    front = Box(left, line_y - HALF_BAND, length, 2 * HALF_BAND)
    back = duplex_mirror(front, paper, mode)
    centre = back.y + HALF_BAND
    bars = [Bar(centre + STEP * j, back.x + rise * (j + REACH), _label(j)) for j in range(-REACH, REACH + 1)]
    return Scale("y", front, back, line_y, bars)


def scales(paper: Paper, mode: str) -> list[Scale]:
    """The X scale right of centre, the Y scale near the bottom; their backs follow the flip."""
    x_scale = _x_scale(paper, mode, paper.width / 2 + 40, 70.0)
    y_length = (2 * REACH + 1) * (RISE + 1.5)
    y_scale = _y_scale(paper, mode, paper.height - 60, (paper.width - y_length) / 2)
    return [x_scale, y_scale]
