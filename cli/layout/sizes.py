"""Paper and card sizes, read from the data files in layouts/, each number finite and in a sane range.

A custom layout may not print off the page: a paper's safe margin is at least 5 mm (home printers
reach that close to the edge), and a card is at least a playable 30 x 40 mm and at most the paper.
"""

import math
from functools import cache

from cli.errors import PnpkitError
from cli.layout.units import parse_size
from cli.records import Record
from cli.resources import data_dir, shown
from cli.toml_data import key_line, read_toml, toml_value

MIN_MARGIN = 5.0  # mm: nothing is drawn closer to the paper's edge
PAPER_RANGE = (74.0, 1200.0)  # mm per side: from A7 to A0
MIN_CARD_SIDES = (30.0, 40.0)  # mm: the short and the long side of the smallest card a hand can hold
MAX_CARD_SIDE = 500.0  # mm: no sheet of a home printer is longer (a size must still fit its paper)
SHEET_RANGES = {  # layouts/sheet.toml: table, field -> (lowest, highest) in mm
    ("strip", "height"): (3.0, 30.0),
    ("strip", "side_width"): (3.0, 30.0),
    ("band_text", "notice_top"): (0.0, 5.0),
    ("band_text", "tag_top"): (0.0, 5.0),
    ("band_text", "hint_clear"): (0.0, 5.0),
    ("band_text", "side_clear"): (0.0, 5.0),
    ("band_text", "column_clear"): (0.0, 5.0),
    ("band_text", "label_clear"): (0.0, 10.0),
    ("band_text", "number_clear"): (0.0, 10.0),
    ("band_text", "settings_top"): (0.0, 10.0),
    ("band_text", "ruler_end"): (0.0, 10.0),
    ("band_text", "ruler_drop"): (0.0, 5.0),
    ("band_text", "tag_centre"): (0.0, 150.0),
    ("band_text", "side_corner"): (0.0, 20.0),
    ("band_text", "side_ruler"): (0.0, 5.0),
    ("band_text", "side_label"): (0.0, 10.0),
    ("band_text", "fewer_gap"): (0.0, 20.0),
    ("band_text", "tag_end"): (0.0, 20.0),
    ("crop_marks", "length"): (1.0, 10.0),
    ("crop_marks", "min_length"): (1.0, 10.0),
    ("crop_marks", "gap"): (0.0, 5.0),
    ("crop_marks", "line"): (0.05, 1.0),
    ("ruler", "length"): (20.0, 100.0),
    ("ruler", "line"): (0.05, 1.0),
    ("ruler", "tick"): (0.5, 5.0),
    ("ruler", "tick_5"): (0.5, 5.0),
    ("ruler", "tick_10"): (0.5, 5.0),
    ("ruler", "label_size"): (4.0, 12.0),  # pt
    ("ruler", "label_drop"): (2.0, 10.0),
    ("back", "max_offset"): (0.0, 20.0),
    ("back", "bleed"): (0.0, 5.0),
    ("back", "keep_clear"): (0.0, 15.0),
    ("back", "min_bleed"): (0.0, 5.0),
    ("fold", "dash_on"): (0.2, 10.0),
    ("fold", "dash_off"): (0.2, 10.0),
    ("fold", "line"): (0.05, 1.0),
    ("fold", "clearance"): (0.0, 5.0),
    ("cut", "gutter"): (3.0, 20.0),
    ("calibration", "step"): (0.1, 2.0),
    ("calibration", "reach"): (2.0, 20.0),
    ("calibration", "rise"): (2.0, 10.0),
    ("calibration", "rise_y"): (2.0, 12.0),
    ("calibration", "bar"): (1.0, 10.0),
    ("calibration", "half_band"): (3.0, 20.0),
    ("calibration", "side_top"): (0.0, 20.0),
    ("calibration", "steps_gap"): (0.0, 20.0),
    ("calibration", "line_label_clear"): (0.0, 20.0),
    ("calibration", "bar_label_clear"): (0.0, 20.0),
    ("calibration", "heading_top"): (0.0, 20.0),
    ("calibration", "caption_top"): (0.0, 20.0),
    ("calibration", "ruler_label_top"): (0.0, 20.0),
    ("calibration", "save_clear"): (0.0, 20.0),
    ("calibration", "save_gap"): (0.0, 20.0),
    ("calibration", "notice_band"): (0.0, 20.0),
    ("calibration", "steps_gap_flow"): (0.0, 10.0),
    ("calibration", "over_x"): (0.0, 30.0),
    ("calibration", "beside_x_top"): (0.0, 10.0),
    ("calibration", "beside_x"): (0.0, 30.0),
    ("calibration", "under_x"): (0.0, 20.0),
    ("calibration", "clear_y"): (0.0, 20.0),
    ("calibration", "foot_clear"): (0.0, 30.0),
    ("calibration", "line"): (0.05, 1.0),
    ("calibration", "back_inset"): (0.0, 40.0),
    ("calibration", "read_under_y"): (0.0, 30.0),
    ("calibration", "read_top"): (0.0, 20.0),
    ("calibration", "read_height"): (10.0, 80.0),
    ("calibration", "read_gap"): (0.0, 10.0),
    ("calibration", "bar_line"): (0.05, 1.0),
    ("calibration", "bar_number_gap"): (0.0, 10.0),
    ("calibration", "heading_gap"): (0.0, 20.0),
    ("calibration", "ruler_rise"): (10.0, 60.0),
    ("calibration", "ruler_label_gap"): (0.0, 20.0),
    ("page", "header_top"): (0.0, 30.0),
    ("page", "rule_gap"): (0.0, 10.0),
    ("page", "content_gap"): (0.0, 20.0),
    ("page", "number_rise"): (0.0, 10.0),
    ("page", "number_gap"): (0.0, 20.0),
    ("page", "footer_rise"): (0.0, 20.0),
    ("page", "footer_gap"): (0.0, 20.0),
    ("page", "closing_gap"): (2.0, 20.0),
    ("page", "flow_gap"): (0.0, 20.0),
    ("page", "column_gap"): (0.0, 30.0),
    ("page", "write_drop"): (0.0, 5.0),
    ("page", "flow_gap_large"): (0.0, 20.0),
    ("page", "dense_gap"): (0.0, 20.0),
    ("page", "dense_gap_large"): (0.0, 20.0),
    ("page", "rule_line"): (0.05, 2.0),
    ("page", "tag_gap"): (0.0, 20.0),
    ("page", "tag_between"): (0.0, 20.0),
    ("page", "heading_between"): (0.0, 5.0),
    ("page", "heading_after"): (0.0, 10.0),
    ("page", "names_after"): (0.0, 5.0),
    ("page", "seat_top"): (0.0, 10.0),
    ("page", "seat_foot"): (0.0, 10.0),
    ("page", "seat_gap"): (0.0, 10.0),
    ("page", "seat_end"): (0.0, 20.0),
    ("page", "seat_line"): (0.05, 2.0),
    ("page", "banner_pad"): (0.0, 10.0),
    ("page", "banner_line"): (0.05, 2.0),
    ("page", "key_gap"): (0.0, 10.0),
    ("page", "reason_indent"): (0.0, 20.0),
    ("page", "name_air"): (0.0, 10.0),
    ("page", "name_line_w"): (10.0, 200.0),
    ("page", "name_row_less"): (0.0, 10.0),
    ("page", "name_row_less_large"): (0.0, 10.0),
    ("page", "name_line_rise"): (0.0, 5.0),
    ("page", "name_line"): (0.05, 2.0),
    ("page", "name_foot"): (0.0, 5.0),
    ("page", "guide_heading_before"): (0.0, 10.0),
    ("page", "guide_plan_before"): (0.0, 10.0),
    ("page", "guide_heading_after"): (0.0, 10.0),
    ("page", "guide_step_after"): (0.0, 10.0),
    ("pad", "goal_line"): (0.3, 2.0),
    ("pad", "cut_gutter"): (0.0, 20.0),
    ("worksheet", "box_line"): (0.05, 2.0),
    ("worksheet", "label_clear"): (0.0, 10.0),
    ("worksheet", "pad_y"): (0.0, 10.0),
    ("worksheet", "chip"): (4.0, 30.0),
    ("worksheet", "chip_large"): (4.0, 30.0),
    ("worksheet", "code_gap"): (0.0, 10.0),
    ("worksheet", "grid_line"): (0.05, 2.0),
    ("worksheet", "missing_out"): (0.0, 10.0),
    ("worksheet", "missing_in"): (0.0, 5.0),
    ("worksheet", "missing_dash_on"): (0.2, 10.0),
    ("worksheet", "missing_dash_off"): (0.2, 10.0),
    ("worksheet", "name_gap"): (0.0, 10.0),
    ("worksheet", "total_narrower"): (0.0, 5.0),
    ("worksheet", "label_gap"): (0.0, 10.0),
    ("worksheet", "measure_slack"): (0.0, 1.0),
    ("worksheet", "card_w"): (10.0, 60.0),
    ("worksheet", "card_h"): (10.0, 80.0),
    ("worksheet", "card_w_large"): (10.0, 60.0),
    ("worksheet", "card_h_large"): (10.0, 80.0),
    ("worksheet", "box_h"): (5.0, 30.0),
    ("worksheet", "pad_x"): (0.0, 10.0),
    ("worksheet", "title_top"): (0.0, 5.0),
    ("worksheet", "task_between"): (0.0, 5.0),
    ("worksheet", "task_after"): (0.0, 10.0),
    ("worksheet", "flow_gap"): (0.0, 20.0),
    ("worksheet", "box_gap"): (0.0, 20.0),
    ("worksheet", "card_gap"): (0.0, 20.0),
    ("worksheet", "hand_card_gap"): (0.0, 20.0),
    ("worksheet", "trick_gap"): (0.0, 30.0),
    ("worksheet", "hand_label_room"): (0.0, 30.0),
    ("worksheet", "block_gap"): (0.0, 20.0),
    ("worksheet", "allowed_box_w"): (10.0, 150.0),
    ("worksheet", "answer_box_w"): (10.0, 150.0),
    ("worksheet", "side_box_least_w"): (10.0, 150.0),
    ("worksheet", "stack_gap"): (0.0, 20.0),
    ("worksheet", "hand_step_gap"): (0.0, 10.0),
    ("worksheet", "hands_gap"): (0.0, 20.0),
    ("worksheet", "grid_head"): (4.0, 40.0),
    ("worksheet", "grid_head_two"): (4.0, 40.0),
    ("worksheet", "grid_row_clear"): (0.0, 10.0),
    ("worksheet", "letter_room"): (0.0, 20.0),
    ("worksheet", "letter_x"): (0.0, 10.0),
    ("worksheet", "side_gap"): (0.0, 20.0),
    ("worksheet", "cell_air"): (0.0, 20.0),
    ("worksheet", "total_box_w"): (10.0, 150.0),
    ("worksheet", "name_line_gap"): (0.0, 20.0),
    ("worksheet", "name_line_length"): (10.0, 200.0),
    ("worksheet", "name_typed_gap"): (0.0, 20.0),
    ("rules", "drawing_large"): (1.0, 3.0),
    ("rules", "facts_pad"): (0.0, 10.0),
    ("rules", "facts_inset"): (0.0, 10.0),
    ("rules", "facts_gap"): (0.0, 10.0),
    ("rules", "facts_line"): (0.05, 2.0),
    ("rules", "facts_slack"): (0.0, 1.0),
    ("page", "heading_after_large"): (0.0, 10.0),
    ("diagram", "link_line"): (0.05, 2.0),
    ("card_drawing", "pip_line"): (0.05, 2.0),
    ("card_drawing", "corner_line"): (0.05, 2.0),
    ("card_drawing", "frame_line"): (0.05, 2.0),
    ("card_drawing", "hatch_line"): (0.05, 2.0),
    ("card_drawing", "emblem_line"): (0.05, 2.0),
    ("card_drawing", "set_label_line"): (0.05, 2.0),
    ("card_drawing", "set_label_inset"): (0.0, 10.0),
    ("card_drawing", "seat_ring_line"): (0.05, 2.0),
    ("card_drawing", "seat_ring_dash_on"): (0.2, 10.0),
    ("card_drawing", "seat_ring_dash_off"): (0.2, 10.0),
    ("card_drawing", "seat_line"): (0.05, 2.0),
    ("card_drawing", "mini_value_x"): (0.0, 10.0),
    ("card_drawing", "mini_value_y"): (0.0, 10.0),
    ("card_drawing", "mini_code_in"): (0.0, 10.0),
    ("card_drawing", "mini_shape_clear"): (0.0, 10.0),
    ("card_drawing", "mini_shape_line"): (0.05, 2.0),
    ("record", "head"): (4.0, 40.0),
    ("record", "head_two"): (4.0, 40.0),
    ("record", "head_large"): (4.0, 40.0),
    ("record", "head_large_two"): (4.0, 40.0),
    ("record", "band"): (2.0, 30.0),
    ("record", "band_large"): (2.0, 30.0),
    ("record", "grow_to"): (4.0, 40.0),
    ("record", "total"): (4.0, 40.0),
    ("record", "deal_rule"): (0.05, 3.0),
    ("record", "after_seats"): (0.0, 10.0),
    ("record", "after_names"): (0.0, 10.0),
    ("record", "stacked_room"): (0.0, 5.0),
    ("record", "stacked_pad"): (0.0, 5.0),
    ("record", "totals_top"): (0.0, 10.0),
    ("tricks", "head"): (4.0, 40.0),
    ("tricks", "head_two"): (4.0, 40.0),
    ("tricks", "head_large"): (4.0, 40.0),
    ("tricks", "head_large_two"): (4.0, 40.0),
    ("tricks", "row_one"): (4.0, 40.0),
    ("tricks", "row_two"): (4.0, 40.0),
    ("tricks", "chip_room"): (0.0, 20.0),
    ("tricks", "chip_gap"): (0.0, 10.0),
    ("tricks", "chip_line"): (0.05, 2.0),
    ("tricks", "chip_shape_line"): (0.05, 2.0),
    ("tricks", "chip_value_inset"): (0.0, 5.0),
    ("tricks", "chip_large_inset"): (0.0, 5.0),
    ("tricks", "legend_step"): (0.0, 5.0),
    ("tricks", "legend_line"): (0.05, 2.0),
    ("tricks", "hands_gap"): (0.0, 20.0),
    ("tricks", "hand_card_large"): (10.0, 40.0),
    ("tricks", "hand_pad"): (0.0, 10.0),
    ("tricks", "hand_card_gap"): (0.0, 10.0),
    ("tricks", "hand_foot"): (0.0, 10.0),
    ("tricks", "hand_frame_inset"): (0.0, 5.0),
    ("tricks", "hand_frame_line"): (0.05, 2.0),
    ("tricks", "hand_head_x"): (0.0, 5.0),
    ("tricks", "hand_head_y"): (0.0, 5.0),
    ("tricks", "questions_head"): (4.0, 40.0),
    ("tricks", "questions_head_two"): (4.0, 40.0),
    ("tricks", "questions_head_large"): (4.0, 60.0),
    ("tricks", "questions_head_large_two"): (4.0, 60.0),
    ("tricks", "questions_row"): (4.0, 40.0),
    ("tricks", "questions_row_less"): (0.0, 10.0),
    ("tricks", "questions_row_less_large"): (0.0, 10.0),
    ("cover", "foot_room"): (0.0, 30.0),
    ("cover", "flow_gap"): (0.0, 5.0),
    ("cover", "heading_above"): (0.0, 10.0),
    ("cover", "rebuild_after"): (0.0, 10.0),
    ("cover", "head_row"): (3.0, 20.0),
    ("cover", "one_line_row"): (3.0, 20.0),
    ("pad", "top_alone"): (0.0, 20.0),
    ("pad", "top_tiled"): (0.0, 20.0),
    ("pad", "number_rise"): (0.0, 10.0),
    ("pad", "heading_after"): (0.0, 10.0),
    ("pad", "cut_dash_on"): (0.2, 10.0),
    ("pad", "cut_dash_off"): (0.2, 10.0),
    ("pad", "cut_line"): (0.05, 1.0),
}


def measure(layout: str, keys: tuple[str, ...], low: float, high: float, *, unit: str = "mm") -> float:
    """A number of layouts/<layout>.toml, finite and within [low, high] `unit`, or an error naming its line."""
    path = data_dir("layouts") / f"{layout}.toml"
    value = float(toml_value(path, load_layout(layout), keys, float, "layout file"))
    if not (math.isfinite(value) and low <= value <= high):
        line = key_line(path, keys)
        place = f" line {line}" if line else ""
        raise PnpkitError(f"layout file {shown(path)}{place}: '{'.'.join(keys)}' is {value:g}{_unit(unit)}; "
                          f"write a number from {low:g} to {high:g}")
    return value


def _unit(unit: str) -> str:
    """A unit as written after a number: ' mm', ' pt'; nothing for a factor."""
    return f" {unit}" if unit else ""


# layouts/styles.toml: type sizes in points, the rows, insets and gaps they sit in in mm, and factors.
STYLE_MM = {"row": (4.0, 40.0), "inset": (0.0, 30.0), "gap": (0.0, 20.0), "head": (4.0, 40.0), "head_two": (4.0, 40.0),
            "band": (4.0, 30.0)}
TYPE_RANGE = (6.0, 60.0)  # pt: from the smallest note read on a sheet to a large-print title
# The printed-material minimums (README, "Page frame and typography"), pt: a table's field (or every size of it)
TYPE_FLOORS = {
    ("page", "regular", "body"): 11.0,  # child-facing pages
    ("pad", "1", "text"): 10.0,  # score pads
    ("pad", "2", "text"): 10.0,
    ("pad", "4", "text"): 9.0,  # four to a page
    ("page", "large"): 16.0,  # large print, every size
    ("pad", "large"): 16.0,
}
STYLE_OTHER = {  # layouts/styles.toml's other tables: field -> (lowest, highest, unit)
    "pad_grow": {"series": (1.0, 3.0, ""), "twinit": (1.0, 3.0, ""), "solo": (1.0, 3.0, "")},
    "cover": {field: (*TYPE_RANGE, "pt") for field in ("heading", "summary", "figure_leading", "note", "note_leading",
                                                       "table_small")},
    "card_sheet": {field: (5.0, 12.0, "pt") for field in ("settings", "number", "notice", "notice_side", "ruler_label",
                                                            "hint", "side_leading", "tag")},
    "key": {"answer": (*TYPE_RANGE, "pt"), "answer_alt": (*TYPE_RANGE, "pt")},
    "blank": {"note": (*TYPE_RANGE, "pt")},
    "worksheet": {**{field: (*TYPE_RANGE, "pt") for field in ("grid_code", "hand_code", "title", "grid_number")},
                  "label_leading": (1.0, 2.0, ""), "title_leading": (1.0, 2.0, "")},
    "mini_card": {field: (*TYPE_RANGE, "pt") for field in ("value", "code", "value_large", "code_large")},
    "tricks": {"code_over": (0.0, 4.0, "pt")},
    "card": {"body": (*TYPE_RANGE, "pt"), "body_least": (*TYPE_RANGE, "pt"), "heading_least": (*TYPE_RANGE, "pt")},
    "calibration": {field: (*TYPE_RANGE, "pt") for field in ("steps", "steps_two", "label", "number", "number_y",
                                                            "caption", "ruler", "save")},
}


@cache
def style(table: tuple[str, ...], fields: tuple[str, ...]) -> dict[str, float]:
    """The `fields` of a table of layouts/styles.toml (('page', 'large'), ('pad', '4'), ('cover',)…), each checked:
    a type size in pt at least its printed-material minimum, a row, inset or gap in mm, a factor; a missing one is
    an error naming the file and the key."""
    return {field: _style_field(table, field) for field in fields}


def style_value(table: str, field: str) -> float:
    """One number of a flat table of layouts/styles.toml ([cover], [pad_grow], [card_sheet]), checked."""
    return style((table,), (field,))[field]


def _style_field(table: tuple[str, ...], field: str) -> float:
    """One field of layouts/styles.toml, within its range."""
    keys, span = (*table, field), STYLE_OTHER.get(table[0], {}).get(field)
    if span:
        return measure("styles", keys, span[0], span[1], unit=span[2])
    if field in STYLE_MM:
        return measure("styles", keys, *STYLE_MM[field])
    floor = TYPE_FLOORS.get(keys, TYPE_FLOORS.get(table, TYPE_RANGE[0]))
    return measure("styles", keys, floor, TYPE_RANGE[1], unit="pt")


@cache
def sheet_value(table: str, field: str) -> float:
    """A number of layouts/sheet.toml (crop marks, strip, back offset, the page frame's gaps), checked; remembered
    (templates ask for one about 2,000 times in a six-group kit), so whoever clears load_layout clears this too."""
    return measure("sheet", (table, field), *SHEET_RANGES[table, field])


class Paper(Record):
    name: str
    width: float
    height: float
    safe_margin: float
    display: str = ""  # the name printed for people ("US Letter"); `name` is the option's value ("letter")


@cache
def load_layout(name: str) -> dict:
    """One TOML file of layouts/, parsed; a broken file is reported with its name."""
    return read_toml(data_dir("layouts") / f"{name}.toml", "layout file")


def paper(name: str) -> Paper:
    """The named paper, or a clear error listing the known ones."""
    papers = load_layout("papers")
    key = name.strip().lower()
    if key not in papers:
        raise PnpkitError(f"unknown paper '{name}'; use one of: {', '.join(papers)}")
    width, height = (measure("papers", (key, field), *PAPER_RANGE) for field in ("width", "height"))
    margin = measure("papers", (key, "safe_margin"), MIN_MARGIN, min(width, height) / 4)
    shown = key
    if "display" in papers[key]:
        shown = toml_value(data_dir("layouts") / "papers.toml", papers, (key, "display"), str, "layout file")
    return Paper(key, width, height, margin, shown)


def card_size(text: str) -> tuple[float, float]:
    """A named card size (poker, bridge, mini) or 'WxH' in millimetres."""
    sizes = load_layout("cards")
    key = text.strip().lower()
    if key in sizes:
        width, height = (measure("cards", (key, field), 0.0, MAX_CARD_SIDE) for field in ("width", "height"))
        return check_card(width, height, f"layouts/cards.toml: size '{key}'")
    if any(ch.isdigit() for ch in key):
        return check_card(*parse_size(text, "--size"), "--size")  # the line quotes the size once, as read
    raise PnpkitError.of("size_form.unknown", value=text, sizes=", ".join(sizes))


def named_card_sizes() -> dict[str, tuple[float, float]]:
    """Every named card size of layouts/cards.toml (width, height in mm), in the file's order."""
    return {name: card_size(name) for name in load_layout("cards")}


def paper_names() -> tuple[str, ...]:
    """The papers of layouts/papers.toml, in the file's order (the values `--paper` takes)."""
    return tuple(load_layout("papers"))


def poker_scale(width: float, height: float) -> float:
    """How a card of width x height mm is scaled from the poker card (layouts/cards.toml) its drawings are
    designed for: the smaller of the two ratios."""
    poker_w, poker_h = card_size("poker")
    return min(width / poker_w, height / poker_h)


def check_card(width: float, height: float, what: str) -> tuple[float, float]:
    """A card size between a playable card and MAX_CARD_SIDE (whether it fits the paper is checked later)."""
    short, long = sorted((width, height))
    if short < MIN_CARD_SIDES[0] or long < MIN_CARD_SIDES[1]:
        raise PnpkitError.of("size_small", what=what, value=f"{width:g}x{height:g}",
                              min=f"{MIN_CARD_SIDES[0]:g}x{MIN_CARD_SIDES[1]:g}")
    if long > MAX_CARD_SIDE:
        raise PnpkitError.of("size_large", what=what, value=f"{width:g}x{height:g}", max=f"{MAX_CARD_SIDE:g}")
    return width, height
