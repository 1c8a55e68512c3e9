"""Paper and card sizes, read from the data files in layouts/, each number finite and in a sane range.

A custom layout may not print off the page: a paper's safe margin is at least 5 mm (home printers
reach that close to the edge), and a card is at least a playable 30 x 40 mm and at most the paper.
"""

import math
from collections.abc import Callable
from functools import cache

from cli.errors import PnpkitError
from cli.layout.units import parse_size
from cli.records import Record
from cli.resources import data_dir, overridden, shown
from cli.toml_data import key_line, read_toml, toml_value

MIN_MARGIN = 5.0  # mm: nothing is drawn closer to the paper's edge
PAPER_RANGE = (74.0, 1200.0)  # mm per side: from A7 to A0
MIN_CARD_SIDES = (30.0, 40.0)  # mm: the short and the long side of the smallest card a hand can hold
MAX_CARD_SIDE = 500.0  # mm: no sheet of a home printer is longer (a size must still fit its paper)


class SheetKind(Record):
    """What a number of layouts/sheet.toml or styles.toml is, said by the last word of its key, and the range it is
    checked against."""
    words: tuple[str, ...]  # the words a key of this kind ends with
    low: float
    high: float
    unit: str = "mm"
    above_low: bool = False  # the lowest itself refused (a share of nothing)
    whole: bool = False  # a whole number
    listed: bool = False  # a list of such numbers, together at most `high` (read with sheet_shares)


# layouts/sheet.toml: a key's last word (after it, at most a variant: _large, _two or both) names its kind, and its
# kind the range it is checked against: each range has one home, and a new key must be named for what it is.
SHEET_KINDS = {
    "a stroke's width": SheetKind(("line",), 0.05, 2.0),
    "a dash or the space after it": SheetKind(("dash_on", "dash_off"), 0.2, 10.0),
    "a clearance": SheetKind(("clear", "clearance", "slack", "air"), 0.0, 10.0),
    "a distance": SheetKind(("gap", "between", "before", "after", "above", "top", "foot", "end", "pad", "inset",
                             "outset", "indent", "room", "rise", "drop", "less", "bleed", "gutter", "offset", "x", "y"),
                            0.0, 60.0),
    "a height": SheetKind(("row", "head", "band", "height", "h"), 2.0, 60.0),
    "a length": SheetKind(("length", "w", "width"), 0.5, 200.0),
    "a pitch": SheetKind(("step",), 0.1, 20.0),
    "a corner's radius": SheetKind(("radius",), 0.0, 10.0),
    "a factor": SheetKind(("scale",), 0.25, 4.0, ""),
    "a count": SheetKind(("count",), 1.0, 50.0, "", whole=True),
    "a share of a length": SheetKind(("share",), 0.0, 1.0, "", above_low=True),
    "shares of one length": SheetKind(("shares",), 0.0, 1.0, "", above_low=True, listed=True),  # a table's columns
}
SHARES_SLACK = 1e-9  # shares written to two or three places add up to 1 give or take the floats' rounding
SHEET_VARIANTS = ("_large", "_two", "_narrow")  # a key's variants, of its kind: head_large_two is a head


def measure(layout: str, keys: tuple[str, ...], low: float, high: float, *, unit: str = "mm",
            above_low: bool = False, whole: bool = False) -> float:
    """A number of layouts/<layout>.toml, finite and within [low, high] `unit` (above `low` itself if `above_low`,
    a whole number if `whole`), or an error naming its line."""
    path = data_dir("layouts") / f"{layout}.toml"
    value = float(toml_value(path, load_layout(layout), keys, float, "layout file"))
    inside = low < value <= high if above_low else low <= value <= high
    if not (math.isfinite(value) and inside and (value.is_integer() or not whole)):
        wanted = (f"a number above {low:g}, at most {high:g}" if above_low
                  else f"a {'whole ' if whole else ''}number from {low:g} to {high:g}")
        _refuse(layout, keys, f"is {value:g}{_unit(unit)}; write {wanted}")
    return value


def _refuse(layout: str, keys: tuple[str, ...], what: str) -> None:
    """Refuse a key of layouts/<layout>.toml: the file, its line and `what` is wrong with it."""
    path = data_dir("layouts") / f"{layout}.toml"
    line = key_line(path, keys)
    place = f" line {line}" if line else ""
    raise PnpkitError(f"layout file {shown(path)}{place}: '{'.'.join(keys)}' {what}")


def _unit(unit: str) -> str:
    """A unit as written after a number: ' mm', ' pt'; nothing for a factor."""
    return f" {unit}" if unit else ""


# layouts/styles.toml: type sizes in points, the rows, insets and gaps they sit in in mm, and factors; a field's
# kind said by its last word, as in sheet.toml (after it, at most a variant: _large, _two, _alt, _least, _grown).
TYPE_WORDS = ("body", "small", "heading", "title", "subtitle", "cell", "side", "text", "name", "summary", "note",
              "rebuild", "steps", "label", "number", "caption", "ruler", "save", "answer", "code", "value", "hint",
              "tag", "settings", "notice")
STYLE_KINDS = {
    "a type size": SheetKind(TYPE_WORDS, 6.0, 60.0, "pt"),  # from the smallest note read on a sheet to a title
    "a leading": SheetKind(("leading",), 6.0, 60.0, "pt"),  # a line's height in points
    "a line spacing": SheetKind(("spacing",), 1.0, 2.0, ""),  # a factor of the size: from set solid to double
    "points over a size": SheetKind(("over",), 0.0, 4.0, "pt"),
    "a row's height": SheetKind(("row", "head", "band"), 4.0, 40.0),
    "an inset": SheetKind(("inset",), 0.0, 30.0),
    "a gap": SheetKind(("gap",), 0.0, 20.0),
    "a growth factor": SheetKind(("grow",), 1.0, 3.0, ""),
}
STYLE_VARIANTS = ("_large", "_two", "_alt", "_least", "_grown")
# The printed-material minimums (README, "Page frame and typography"), pt, by who reads a type size: layouts/styles.toml
# [readers] names the tables and fields each reader reads; a size named there for no reader is an adult's.
READER_FLOORS = {"child": 11.0, "child_pad": 10.0, "child_pad_four": 9.0, "child_large": 16.0}
READERS = "readers"  # styles.toml's table of who reads what: names, not numbers


@cache
def style(table: tuple[str, ...], fields: tuple[str, ...]) -> dict[str, float]:
    """The `fields` of a table of layouts/styles.toml (('page', 'large'), ('pad', '4'), ('cover',)…), each checked
    against its kind's range, a type size at least its printed-material minimum; a missing one is an error naming
    the file and the key."""
    return {field: _style_field(table, field) for field in fields}


def style_table(table: tuple[str, ...]) -> dict[str, float]:
    """Every field of a table of layouts/styles.toml, checked (a document that reads them all: the calibration
    sheet)."""
    fields = load_layout("styles")
    for name in table:
        fields = fields.get(name, {})
    return style(table, tuple(fields))


def style_value(table: str, field: str) -> float:
    """One number of a flat table of layouts/styles.toml ([cover], [pad_grow], [card_sheet]), checked."""
    return style((table,), (field,))[field]


def _style_field(table: tuple[str, ...], field: str) -> float:
    """One field of layouts/styles.toml, within its kind's range (a type size: at least its floor)."""
    keys = (*table, field)
    name = (_read_kinds(style_kinds).get(keys)  # a missing field: named later
            or _kind_of("styles", STYLE_KINDS, STYLE_VARIANTS, keys))
    kind = STYLE_KINDS[name]
    low = _reader_floor(keys, kind.low) if name == "a type size" else kind.low
    return measure("styles", keys, low, kind.high, unit=kind.unit)


def _reader_floor(keys: tuple[str, ...], low: float) -> float:
    """The least a type size may be: its reader's floor, named for the field or the nearest table holding it, else
    `low` (an adult's)."""
    floors = reader_floors()
    return next((floors[keys[:end]] for end in range(len(keys), 0, -1) if keys[:end] in floors), low)


@cache
def reader_floors() -> dict[tuple[str, ...], float]:
    """layouts/styles.toml [readers]: each table or field named there, and its reader's floor in pt; a reader missing
    or not in READER_FLOORS, a name that is not one of the file's tables or type sizes, or one named twice is
    refused."""
    path, styles = data_dir("layouts") / "styles.toml", load_layout("styles")
    floors: dict[tuple[str, ...], float] = {}
    for reader in toml_value(path, styles, (READERS,), dict, "layout file"):
        if reader not in READER_FLOORS:
            _refuse("styles", (READERS, reader), f"is no reader; name one of {', '.join(READER_FLOORS)}")
    for reader in READER_FLOORS:  # each, so that a copy of the file cannot drop the children's floors
        for name in toml_value(path, styles, (READERS, reader), list, "layout file"):
            keys = tuple(str(name).split("."))
            if keys in floors:
                _refuse("styles", (READERS, reader), f"names {name!r} again; a size has one reader")
            if not isinstance(name, str) or not _style_holds(styles, keys):
                _refuse("styles", (READERS, reader), f"names {name!r}; name a table or a type size of the file, "
                                                      f"as 'page.large' or 'diagram.label'")
            floors[keys] = READER_FLOORS[reader]
    return floors


def _style_holds(styles: dict, keys: tuple[str, ...]) -> bool:
    """Whether layouts/styles.toml has the table or field `keys` (a reader's name), outside [readers]."""
    value = styles
    for key in keys:
        if not isinstance(value, dict) or key not in value:
            return False
        value = value[key]
    return keys[0] != READERS and (isinstance(value, dict) or _kind_of("styles", STYLE_KINDS, STYLE_VARIANTS, keys)
                                   == "a type size")


@cache
def style_kinds() -> dict[tuple[str, ...], str]:
    """The kind of every number of layouts/styles.toml, by its name ([page.regular] and [pad.4] are tables in
    tables): a field named for no kind is refused when the file is first read, as in sheet.toml."""
    kinds: dict[tuple[str, ...], str] = {}

    def walk(table: tuple[str, ...], fields: dict) -> None:
        for name, value in fields.items():
            if isinstance(value, dict):
                walk((*table, name), value)
            else:
                keys = (*table, name)
                kinds[keys] = _kind_of("styles", STYLE_KINDS, STYLE_VARIANTS, keys)

    walk((), {table: fields for table, fields in load_layout("styles").items() if table != READERS})
    reader_floors()  # who reads what: checked with the file
    return kinds


@cache
def sheet_value(table: str, field: str) -> float:
    """A number of layouts/sheet.toml (crop marks, strip, back offset, the page frame's gaps), checked against its
    kind's range; remembered (templates ask for one about 2,000 times in a six-group kit), so whoever clears
    load_layout clears this too."""
    kind = _sheet_kind(table, field)
    if kind.listed:
        raise PnpkitError(f"sheet_value('{table}', '{field}'): a list of shares; read it with sheet_shares")
    return measure("sheet", (table, field), kind.low, kind.high, unit=kind.unit, above_low=kind.above_low,
                   whole=kind.whole)


@cache
def sheet_shares(table: str, field: str) -> tuple[float, ...]:
    """A list of shares of one length in layouts/sheet.toml (a table's columns: `*_shares`), each above 0 and
    together at most the whole; remembered, as sheet_value."""
    path, keys = data_dir("layouts") / "sheet.toml", (table, field)
    kind = _sheet_kind(table, field)
    if not kind.listed:
        raise PnpkitError(f"sheet_shares('{table}', '{field}'): not a list of shares; read it with sheet_value")
    shares = toml_value(path, load_layout("sheet"), keys, list, "layout file")
    if not shares or not all(isinstance(share, (int, float)) and not isinstance(share, bool) and
                             kind.low < share <= kind.high for share in shares):
        _refuse("sheet", keys, f"is {shares}; write a list of numbers each above {kind.low:g}, at most {kind.high:g}")
    if sum(shares) > kind.high + SHARES_SLACK:
        _refuse("sheet", keys, f"adds up to {sum(shares):g}; write shares of one length, together at most "
                               f"{kind.high:g}")
    return tuple(float(share) for share in shares)


def _sheet_kind(table: str, field: str) -> SheetKind:
    """The kind of a key of layouts/sheet.toml (a missing key is named when its value is read)."""
    return SHEET_KINDS[_read_kinds(sheet_kinds).get((table, field)) or sheet_kind(table, field)]


def _read_kinds(kinds: Callable[[], dict]) -> dict:
    """Every key's kind of a layouts file, each checked when the file is first read: for your own layouts folder.
    pnpkit's own files are checked whole by their tests (tests/security/test_layouts.py), and a key's kind is found
    when it is read: checking all of them first was 2.5 % of a deck's instructions."""
    return kinds() if overridden("layouts") else {}


@cache
def sheet_kinds() -> dict[tuple[str, str], str]:
    """The kind of every number of layouts/sheet.toml, by its name: a key named for no kind is refused when the file
    is first read, used or not, so that every number says what it is."""
    return {(table, field): sheet_kind(table, field)
            for table, fields in load_layout("sheet").items() if isinstance(fields, dict) for field in fields}


def sheet_kind(table: str, field: str) -> str:
    """The kind a key of layouts/sheet.toml's [table] names with its last word, or an error listing the kinds."""
    return _kind_of("sheet", SHEET_KINDS, SHEET_VARIANTS, (table, field))


def _kind_of(layout: str, kinds: dict[str, SheetKind], variants: tuple[str, ...], keys: tuple[str, ...]) -> str:
    """The kind of `kinds` a key of layouts/<layout>.toml names with its last word (after at most its `variants`),
    or an error naming the file, the line, the table, the key and every kind's words."""
    name = keys[-1]
    for variant in reversed(variants):  # head_large_two: _two, then _large
        name = name.removesuffix(variant)
    parts = name.split("_")
    tails = {"_".join(parts[start:]) for start in range(len(parts))}  # the name and each of its last words
    for kind, spec in kinds.items():
        if not tails.isdisjoint(spec.words):
            return kind
    path = data_dir("layouts") / f"{layout}.toml"
    line = key_line(path, keys)
    place = f" line {line}" if line else ""
    words = "; ".join(f"{kind} *_{', *_'.join(spec.words)}" for kind, spec in kinds.items())
    raise PnpkitError(f"layout file {shown(path)}{place}: [{'.'.join(keys[:-1])}] '{keys[-1]}' names no kind of "
                      f"number; end its name with its kind's word ({words})")


class Paper(Record):
    name: str
    width: float
    height: float
    safe_margin: float
    display: str = ""  # the name printed for people ("US Letter"); `name` is the option's value ("letter")
    inch_fraction: int = 0  # where rulers are read in inches: lengths given in inches too, to 1/inch_fraction


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
    inches = 0  # rulers read in millimetres only
    if "inch_fraction" in papers[key]:
        inches = int(measure("papers", (key, "inch_fraction"), 1, 64, unit="", whole=True))
    return Paper(key, width, height, margin, shown, inches)


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
