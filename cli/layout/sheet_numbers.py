"""The numbers of layouts/sheet.toml (bands, crop marks, ruler, backs, fold, calibration) as typed values.

They have one home: templates and Python read them from here, never restate them.
"""

from functools import cache
from typing import NamedTuple

from cli.errors import PnpkitError
from cli.layout.sizes import load_layout


class SheetNumbers(NamedTuple):
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
    fold_dash: tuple[float, ...]
    fold_line: float
    fold_clearance: float
    cal_step: float
    cal_reach: int
    cal_rise: float
    cal_bar: float
    cal_half_band: float


_KEYS = {  # field: (table, key)
    "strip": ("strip", "height"), "side_band": ("strip", "side_width"),
    "mark_length": ("crop_marks", "length"), "mark_min_length": ("crop_marks", "min_length"),
    "mark_gap": ("crop_marks", "gap"), "mark_line": ("crop_marks", "line"),
    "ruler": ("ruler", "length"),
    "max_offset": ("back", "max_offset"), "bleed": ("back", "bleed"), "keep_clear": ("back", "keep_clear"),
    "fold_dash": ("fold", "dash"), "fold_line": ("fold", "line"), "fold_clearance": ("fold", "clearance"),
    "cal_step": ("calibration", "step"), "cal_reach": ("calibration", "reach"),
    "cal_rise": ("calibration", "rise"), "cal_bar": ("calibration", "bar"),
    "cal_half_band": ("calibration", "half_band"),
}


def _value(data: dict, table: str, key: str, kind: type):
    try:
        raw = data[table][key]
        return tuple(float(v) for v in raw) if kind is tuple else kind(raw)
    except (KeyError, TypeError, ValueError):
        raise PnpkitError(f"layouts/sheet.toml: [{table}] needs a numeric '{key}'; fix or restore it") from None


@cache
def sheet_numbers() -> SheetNumbers:
    """layouts/sheet.toml, checked: a missing or non-numeric entry is named with its table and key."""
    data = load_layout("sheet")
    kinds = {"cal_reach": int, "fold_dash": tuple}
    return SheetNumbers(**{field: _value(data, table, key, kinds.get(field, float))
                           for field, (table, key) in _KEYS.items()})
