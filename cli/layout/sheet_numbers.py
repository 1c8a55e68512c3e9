"""The numbers of layouts/sheet.toml (bands, crop marks, ruler, backs, fold, calibration) as typed values.

They have one home: templates and Python read them from here, never restate them.
"""

from functools import cache

from cli.layout.sizes import sheet_value
from cli.records import Record


class SheetNumbers(Record):
    strip: float
    side_band: float
    mark_length: float
    mark_min_length: float
    mark_gap: float
    mark_line: float
    ruler: float
    max_offset: float
    bleed: float
    keep_clear: float
    fold_dash: tuple[float, float]
    fold_line: float
    fold_clearance: float
    cal_step: float
    cal_reach: int
    cal_rise: float
    cal_rise_y: float
    cal_bar: float
    cal_half_band: float
    min_bleed: float
    cut_gutter: float


@cache
def sheet_numbers() -> SheetNumbers:
    """layouts/sheet.toml, checked: a missing or out-of-range entry is named with its line (exit 2)."""
    v = sheet_value
    return SheetNumbers(
        v("strip", "height"), v("strip", "side_width"),
        v("crop_marks", "length"), v("crop_marks", "min_length"), v("crop_marks", "gap"), v("crop_marks", "line"),
        v("ruler", "length"),
        v("back", "max_offset"), v("back", "bleed"), v("back", "keep_clear"),
        (v("fold", "dash_on"), v("fold", "dash_off")), v("fold", "line"), v("fold", "clearance"),
        v("calibration", "bar_step"), int(v("calibration", "bar_count")), v("calibration", "rise_step"),
        v("calibration", "rise_y_step"), v("calibration", "bar_length"), v("calibration", "half_band"),
        v("back", "min_bleed"), v("cut", "gutter"),
    )
