"""The duplex calibration scales: one line on the front, a numbered staircase on the back.

Each scale is a staircase of 21 short bars, bar j standing 0.5·j mm from the spot where the
front's line shows through (j = -10 … 10, so ±5 mm in 0.5 mm steps), each on its own step with
room for its number. If the printer lands the back d mm off, the front line lies on the bar with
0.5·j = -d: the number read is the --back-offset that cancels the shift, with no arithmetic.
The step, count, rises and bar lengths live in layouts/sheet.toml [calibration].
"""


from cli.layout.imposition import Box, duplex_mirror
from cli.layout.sheet_numbers import sheet_numbers
from cli.layout.sizes import Paper, sheet_value
from cli.records import Record


class Bar(Record):
    pos: float  # where along the axis (x for the X scale, y for the Y scale)
    start: float  # where the bar starts across the axis
    label: str


class Scale(Record):
    axis: str  # "x": vertical bars spread along x; "y": horizontal bars spread along y
    front_band: Box
    back_band: Box
    front_line: float  # position of the front's line along the axis
    back_bars: list[Bar]
    bar: float  # length of each bar


def _label(j: int, step: float) -> str:
    return "0" if j == 0 else f"{j * step:+g}".replace("-", "−")


def _x_scale(paper: Paper, mode: str, line_x: float, top: float) -> Scale:
    n = sheet_numbers()
    reach, half = n.cal_reach, n.cal_half_band
    front = Box(line_x - half, top, 2 * half, (2 * reach + 1) * n.cal_rise)
    back = duplex_mirror(front, paper, mode)
    centre = back.x + half
    bars = [Bar(centre + n.cal_step * j, back.y + n.cal_rise * (j + reach), _label(j, n.cal_step))
            for j in range(-reach, reach + 1)]
    return Scale("x", front, back, line_x, bars, n.cal_bar)


def _y_scale(paper: Paper, mode: str, line_y: float, left: float) -> Scale:
    n = sheet_numbers()
    reach, half, rise = n.cal_reach, n.cal_half_band, n.cal_rise_y
    front = Box(left, line_y - half, (2 * reach + 1) * rise, 2 * half)
    back = duplex_mirror(front, paper, mode)
    centre = back.y + half
    bars = [Bar(centre + n.cal_step * j, back.x + rise * (j + reach), _label(j, n.cal_step))
            for j in range(-reach, reach + 1)]
    return Scale("y", front, back, line_y, bars, n.cal_bar + sheet_value("calibration", "y_bar_longer_length"))


def scales(paper: Paper, mode: str) -> list[Scale]:
    """The X scale right of centre, the Y scale near the bottom; their backs follow the flip."""
    n = sheet_numbers()
    x_scale = _x_scale(paper, mode, paper.width / 2 + 40, 78.0)
    y_length = (2 * n.cal_reach + 1) * n.cal_rise_y
    y_scale = _y_scale(paper, mode, paper.height - 60, (paper.width - y_length) / 2)
    return [x_scale, y_scale]
