"""What the layout markup may contain: each element, its attributes, their types, ranges and defaults.

Lengths are millimetres, font sizes points, colours #rrggbb or 'none'. Every number must be finite and
inside a sane range, so a template can never ask the renderer for a billion hatch lines or a NaN box.
"""

import math
from collections.abc import Callable
from typing import Any

from cli.records import Record

MAX_LENGTH = 2000.0  # mm: no coordinate or length beyond two metres


class Attr(Record):
    convert: Callable[[str], Any]
    default: Any = None
    required: bool = False


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError("expected a finite number")
    return value


def _ranged(parse: Callable[[str], Any], low: float, high: float, expected: str) -> Callable[[str], Any]:
    """A converter: `parse`, then refused outside low..high with the message `expected`."""
    def convert(text: str) -> Any:
        value = parse(text)
        if not low <= value <= high:
            raise ValueError(expected)
        return value

    return convert


def number(low: float = -MAX_LENGTH, high: float = MAX_LENGTH) -> Callable[[str], float]:
    """A finite number from `low` to `high`."""
    return _ranged(_finite, low, high, f"expected a number from {low:g} to {high:g}")


def integer(low: int, high: int) -> Callable[[str], int]:
    """A whole number from `low` to `high`."""
    return _ranged(int, low, high, f"expected a whole number from {low} to {high}")


_HEX = frozenset("0123456789abcdefABCDEF")


def color(text: str) -> str | None:
    if text == "none":
        return None
    if len(text) != 7 or text[0] != "#" or not _HEX.issuperset(text[1:]):
        raise ValueError("expected #rrggbb or none")
    return text.lower()


def numbers(low: float, high: float, most: int) -> Callable[[str], tuple[float, ...]]:
    """A list of at most `most` numbers, each from `low` to `high`."""
    one = number(low, high)

    def convert(text: str) -> tuple[float, ...]:
        values = tuple(one(part) for part in text.replace(",", " ").split())
        if len(values) > most:
            raise ValueError(f"expected at most {most} numbers")
        return values

    return convert


def rects(text: str) -> tuple[tuple[float, ...], ...]:
    """Rectangles 'x y w h; x y w h …' (a clip region is their union)."""
    one = number()
    boxes = tuple(tuple(one(v) for v in part.replace(",", " ").split()) for part in text.split(";") if part.strip())
    if not boxes or len(boxes) > 100 or any(len(b) != 4 for b in boxes):
        raise ValueError("expected up to 100 rectangles 'x y w h', separated by ';'")
    return boxes


def one_of(*choices: str) -> Callable[[str], str]:
    def convert(text: str) -> str:
        if text not in choices:
            raise ValueError(f"expected one of {', '.join(choices)}")
        return text

    return convert


def flag(text: str) -> bool:
    if text not in ("yes", "no"):
        raise ValueError("expected yes or no")
    return text == "yes"


def text(value: str) -> str:
    return value


def req(convert: Callable[[str], Any]) -> Attr:
    return Attr(convert, required=True)


def opt(convert: Callable[[str], Any], default: Any = None) -> Attr:
    return Attr(convert, default)


COORD = number()
SIZE = number(0.0, MAX_LENGTH)  # widths, heights, gaps: never negative
FONT_SIZE = number(1.0, 200.0)
LINE_WIDTH = number(0.0, 20.0)
ANGLE = number(-360.0, 360.0)

_STROKE = {"stroke": opt(color, "#000000"), "line": opt(LINE_WIDTH, 0.3), "dash": opt(numbers(0.0, 100.0, 8))}
# input: which user input the text shows (e.g. 'player name'), named first when it does not fit
_STYLE = one_of("normal", "italic")  # italic marks the second language of a bilingual page
_FONT = {"size": opt(FONT_SIZE, 10.0), "weight": opt(one_of("regular", "bold"), "regular"),
         "style": opt(_STYLE, "normal"), "color": opt(color, "#000000"), "input": opt(text)}
_XY = {"x": req(COORD), "y": req(COORD)}
_BOX = {**_XY, "w": req(SIZE), "h": req(SIZE)}

ELEMENTS: dict[str, dict[str, Attr]] = {
    "document": {
        "title": req(text), "subject": opt(text, ""), "lang": opt(text, "fr"), "creator": opt(text, ""),
        "width": req(number(1.0, MAX_LENGTH)), "height": req(number(1.0, MAX_LENGTH)),
        "margin": opt(SIZE, 5.0), "duplex": opt(one_of("long", "short", "none"), "none"),
    },
    # A drawing made once (in its own w x h box, origin top-left) and placed by <use> as often as
    # needed: the PDF holds it once, as a reusable form. Written before the pages.
    "symbol": {"id": req(text), "w": req(SIZE), "h": req(SIZE)},
    "use": {"ref": req(text), **_XY},
    # optional: dropped when every threaded flow on it is left empty
    "page": {"bookmark": opt(text), "level": opt(integer(0, 9), 0), "optional": opt(flag, False)},
    "rect": {**_BOX, **_STROKE, "fill": opt(color), "radius": opt(SIZE, 0.0)},
    "line": {"x1": req(COORD), "y1": req(COORD), "x2": req(COORD), "y2": req(COORD), **_STROKE},
    # picture: a letter or number that is part of a drawing (a card's code under its value, a colour's
    # initial), read off the drawing, not as text: the size floor of children's pages does not bind it
    "text": {**_XY, **_FONT, "align": opt(one_of("left", "center", "right"), "left"), "picture": opt(flag, False)},
    "para": {**_XY, "w": req(SIZE), "h": opt(SIZE), **_FONT,
             "leading": opt(FONT_SIZE), "align": opt(one_of("left", "center"), "left")},
    # The page number, written by the layout pass: format's {page} and {pages} are filled in.
    "pageno": {**_XY, "size": opt(FONT_SIZE, 8.0), "weight": opt(one_of("regular", "bold"), "regular"),
               "style": opt(_STYLE, "normal"),
               "color": opt(color, "#000000"), "align": opt(one_of("left", "center", "right"), "center"),
               "format": opt(text, "{page} / {pages}")},
    "shape": {"kind": req(one_of("circle", "triangle", "square", "diamond")), "cx": req(COORD),
              "cy": req(COORD), "size": req(SIZE), "fill": opt(color), **_STROKE},
    # Crossed lines through the box's centre (symmetric under a half turn), clipped to the box.
    "hatch": {**_BOX, "step": req(number(0.5, MAX_LENGTH)), "angle": opt(ANGLE, 45.0), **_STROKE},
    # A millimetre ruler; its length may not exceed the page.
    "ruler": {**_XY, "length": req(SIZE)},
    # A card back's security tint (cli/layout/tint.py) for a w x h card whose corner is (x, y); its
    # pebbles run past the card's edges, so it stands in a clipped <group>.
    "tint": {"x": req(COORD), "y": req(COORD), "w": req(number(5.0, 500.0)), "h": req(number(5.0, 500.0)),
             "fill": req(color)},
    "group": {"dx": opt(COORD, 0.0), "dy": opt(COORD, 0.0), "rotate": opt(ANGLE, 0.0),
              "cx": opt(COORD, 0.0), "cy": opt(COORD, 0.0),
              "clip": opt(rects)},  # children drawn only inside these rectangles (page coordinates)
    # uniform: every cell at the one size the tightest of them allows (the pass shrinks a cell's text to fit)
    "table": {**_XY, "widths": req(numbers(0.0, MAX_LENGTH, 100)), **_FONT, "line": opt(LINE_WIDTH, 0.3),
              "stroke": opt(color, "#000000"), "uniform": opt(flag, False)},
    # grow: in a flow's figure of no given h, the row may grow up to this many times its h to take up
    # what the flow leaves (cli/layout/fill.py); repeated: drawn only when its <repeat> keeps two or more
    "row": {"h": req(SIZE), "fill": opt(color), "weight": opt(one_of("regular", "bold")), "style": opt(_STYLE),
            "grow": opt(number(1.0, 10.0), 1.0), "repeated": opt(flag, False)},
    # alt: the same label in the second language, set in italic after the text (or under it);
    # after: what follows both labels in the text's own face (a name written after "Nom : Name:");
    # edge: the cell's right wall drawn this thick (mm), over the grid (a score pad's goal box);
    # valign top: the text in the cell's top corner, not its middle (a small number leaving room to tick)
    "cell": {"align": opt(one_of("left", "center", "right"), "center"), "span": opt(integer(1, 100), 1),
             "size": opt(FONT_SIZE), "fill": opt(color), "weight": opt(one_of("regular", "bold")),
             "style": opt(_STYLE), "alt": opt(text), "after": opt(text), "input": opt(text),
             "edge": opt(LINE_WIDTH), "valign": opt(one_of("middle", "top"), "middle"), "color": opt(color)},
    # A vertical flow: its children stack downwards and must fit its box.
    # Flows sharing a thread are filled in page order: what does not fit moves on to the next, and when
    # the last one is full its page is repeated as often as the content needs.
    # valign center: the content sits in the middle of the box (a score pad in its tile)
    # balance: a thread's last two pages about as full (the break moves back while the rest fits its page)
    "flow": {**_BOX, "gap": opt(SIZE, 2.0), "thread": opt(text), "valign": opt(one_of("top", "center"), "top"),
             "balance": opt(flag, False)},
    # space: below the heading; before: added above it, so a heading sits closer to what it heads
    "heading": {**_FONT, "space": opt(SIZE, 1.5), "before": opt(SIZE, 0.0), "indent": opt(SIZE, 0.0)},
    # space: below the paragraph instead of the flow's gap (a question closer to its translation under it)
    "p": {**_FONT, "leading": opt(FONT_SIZE), "indent": opt(SIZE, 0.0), "bullet": opt(text), "space": opt(SIZE)},
    # without h, a figure is as tall as its tables (rows kept and grown by the layout pass)
    # page_head: in a threaded flow, shown only where it opens a page (a table's column headings repeated over the
    # rows a page goes on with), dropped elsewhere; a break never falls just after it
    "figure": {"h": opt(SIZE), "page_head": opt(flag, False)},
    # In a <flow> (its blocks) or a table of a flow's figure (its rows): the layout pass keeps the first
    # min, min + step, min + 2 x step… children, as many as let the flow fit its box (cli/layout/fill.py);
    # refused, naming the <repeat>, when even min do not fit.
    "repeat": {"min": opt(integer(0, 1000), 1), "step": opt(integer(1, 1000), 1)},
    "columns": {"gap": opt(SIZE, 6.0), "rule": opt(flag, False)},
    "column": {},
}

_DRAWN = ("rect", "line", "text", "para", "pageno", "shape", "tint", "hatch", "ruler", "use")
# Which elements may hold which; text-bearing elements hold character data only.
CHILDREN: dict[str, tuple[str, ...]] = {
    "document": ("symbol", "page"),
    "symbol": ("rect", "line", "text", "para", "shape", "hatch", "ruler", "group", "table"),
    "page": (*_DRAWN, "group", "table", "flow"),
    "group": (*_DRAWN, "group", "flow"),  # a flow in a group (a turned card's text) holds no thread
    "table": ("row", "repeat"),
    "row": ("cell",),
    "flow": ("heading", "p", "figure", "columns", "repeat"),
    "repeat": ("heading", "p", "figure", "columns", "row"),  # what its parent may hold, no <repeat>
    "columns": ("column",),
    "column": ("heading", "p", "figure", "columns"),  # a figure with its captions beside it, in a section
    "figure": ("rect", "line", "text", "para", "shape", "group", "table", "use"),
}
TEXT_ELEMENTS = frozenset({"text", "para", "cell", "heading", "p"})

# What the layout pass writes on elements (not markup attributes).
LAYOUT_SLOTS: dict[str, tuple[str, ...]] = {
    "document": ("blank", "sheets"),  # the page that keeps a part off a sheet's back, and whether to
    "page": ("outline", "part", "new_sheet", "shares_back"),  # shares_back: a one-page part may take a back
    "para": ("lines",),
    "heading": ("lines", "left", "top", "width"),
    "p": ("lines", "left", "top", "width", "bullet_left"),
    "figure": ("left", "top"),
    "columns": ("rules",),
    "cell": ("fit", "lines"),
    "use": ("symbol",),  # the <symbol> element its ref names
    "repeat": ("keep",),  # how many children the layout pass keeps
}
