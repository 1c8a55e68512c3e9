"""What the layout markup may contain: each element, its attributes, their types and defaults.

Lengths are millimetres, font sizes points, colours #rrggbb or 'none'.
"""

import re
from collections.abc import Callable
from typing import Any, NamedTuple


class Attr(NamedTuple):
    convert: Callable[[str], Any]
    default: Any = None
    required: bool = False


def number(text: str) -> float:
    return float(text)


def integer(text: str) -> int:
    return int(text)


def color(text: str) -> str | None:
    if text == "none":
        return None
    if not re.fullmatch(r"#[0-9a-fA-F]{6}", text):
        raise ValueError("expected #rrggbb or none")
    return text.lower()


def numbers(text: str) -> list[float]:
    return [float(part) for part in text.replace(",", " ").split()]


def rects(text: str) -> list[list[float]]:
    """Rectangles 'x y w h; x y w h …' (a clip region is their union)."""
    boxes = [numbers(part) for part in text.split(";") if part.strip()]
    if not boxes or any(len(b) != 4 for b in boxes):
        raise ValueError("expected rectangles 'x y w h', separated by ';'")
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


_STROKE = {"stroke": opt(color, "#000000"), "line": opt(number, 0.3), "dash": opt(numbers)}
_FONT = {"size": opt(number, 10.0), "weight": opt(one_of("regular", "bold"), "regular"),
         "color": opt(color, "#000000")}
_XY = {"x": req(number), "y": req(number)}
_BOX = {**_XY, "w": req(number), "h": req(number)}

ELEMENTS: dict[str, dict[str, Attr]] = {
    "document": {
        "title": req(text), "subject": opt(text, ""), "lang": opt(text, "fr"), "creator": opt(text, ""),
        "width": req(number), "height": req(number), "margin": opt(number, 5.0),
        "duplex": opt(one_of("long", "short", "none"), "none"),
    },
    # optional: dropped when every threaded flow on it is left empty
    "page": {"bookmark": opt(text), "level": opt(integer, 0), "optional": opt(flag, False)},
    "rect": {**_BOX, **_STROKE, "fill": opt(color), "radius": opt(number, 0.0)},
    "line": {"x1": req(number), "y1": req(number), "x2": req(number), "y2": req(number), **_STROKE},
    "text": {**_XY, **_FONT, "align": opt(one_of("left", "center", "right"), "left")},
    "para": {**_XY, "w": req(number), "h": opt(number), **_FONT,
             "leading": opt(number), "align": opt(one_of("left", "center"), "left")},
    "shape": {"kind": req(one_of("circle", "triangle", "square", "diamond")), "cx": req(number),
              "cy": req(number), "size": req(number), "fill": opt(color), **_STROKE},
    # A card back's security tint (cli/layout/tint.py) for a w x h card whose corner is (x, y); its
    # pebbles run past the card's edges, so it stands in a clipped <group>.
    "tint": {**_BOX, "fill": req(color)},
    # Crossed lines through the box's centre (symmetric under a half turn), clipped to the box.
    "hatch": {**_BOX, "step": req(number), "angle": opt(number, 45.0), **_STROKE},
    "ruler": {**_XY, "length": req(number)},
    "group": {"dx": opt(number, 0.0), "dy": opt(number, 0.0), "rotate": opt(number, 0.0),
              "cx": opt(number, 0.0), "cy": opt(number, 0.0),
              "clip": opt(rects)},  # children drawn only inside these rectangles (page coordinates)
    "table": {**_XY, "widths": req(numbers), **_FONT, "line": opt(number, 0.3),
              "stroke": opt(color, "#000000")},
    "row": {"h": req(number), "fill": opt(color), "weight": opt(one_of("regular", "bold"))},
    "cell": {"align": opt(one_of("left", "center", "right"), "center"), "span": opt(integer, 1),
             "size": opt(number), "fill": opt(color), "weight": opt(one_of("regular", "bold"))},
    # A vertical flow: its children stack downwards and must fit its box.
    # flows sharing a thread are filled in page order: what does not fit one moves on to the next
    "flow": {**_BOX, "gap": opt(number, 2.0), "thread": opt(text)},
    "heading": {**_FONT, "space": opt(number, 1.5), "indent": opt(number, 0.0)},
    "p": {**_FONT, "leading": opt(number), "indent": opt(number, 0.0), "bullet": opt(text)},
    "figure": {"h": req(number)},
    "columns": {"gap": opt(number, 6.0), "rule": opt(flag, False)},
    "column": {},
}

# Which elements may hold which; text-bearing elements hold character data only.
CHILDREN: dict[str, tuple[str, ...]] = {
    "document": ("page",),
    "page": ("rect", "line", "text", "para", "shape", "tint", "hatch", "ruler", "group", "table",
             "flow"),
    "group": ("rect", "line", "text", "para", "shape", "tint", "hatch", "ruler", "group"),
    "table": ("row",),
    "row": ("cell",),
    "flow": ("heading", "p", "figure", "columns"),
    "columns": ("column",),
    "column": ("heading", "p", "figure"),
    "figure": ("rect", "line", "text", "para", "shape", "group", "table"),
}
TEXT_ELEMENTS = frozenset({"text", "para", "cell", "heading", "p"})
