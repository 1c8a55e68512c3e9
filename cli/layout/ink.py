"""Estimate the ink a document uses from the areas and tones it draws, without rasterising a page.

The unit is the *ordinary page*: a page with 5 % of its area in black (on A4, 0.05 × 210 × 297 = 3118.5
mm²), the page printer makers count cartridge yields in (ISO/IEC 19752 and 24711, on A4 or Letter): a kit
counts in pages of its own paper, so a Letter kit's figure is in Letter pages. A colour's
darkness is 1 − its luminance (Rec. 709 weights on the sRGB values), so a grey of luminance 0.8
costs a fifth of black. What each element costs, in mm² of black:
- filled rectangles and shapes: their area × darkness; strokes: length × line width × darkness;
- hatching: its box × the share the two families of lines cover;
- text: each character covers GLYPH_COVER of its em square (size × size); spaces are free. Measured
  once on a full A4 page of 10 pt body text in the default font, rendered at 600 dpi: 5,380
  characters inked 9.9 % of the page (so such a page is about 2 ordinary pages).
"""

import math
from functools import cache

from cli.layout.ruler import ruler_marks
from cli.layout.units import MM_PER_PT

COVERAGE = 0.05  # the share of an ordinary page in black
GLYPH_COVER = 0.092


TINT_COVER = 0.5  # share of a tint's box its pebbles cover (cli/layout/tint.py's pattern)


@cache
def darkness(colour: str | None) -> float:
    """0 for white or no colour, 1 for black."""
    if not colour:
        return 0.0
    red, green, blue = (int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5))
    return 1.0 - (0.2126 * red + 0.7152 * green + 0.0722 * blue)


class _Ground:
    """What is already painted beneath a point: later elements replace it, they do not add to it.

    Filled rectangles and shapes are remembered by their bounding boxes, in drawing order; an element
    then costs (its darkness − the darkness under its centre) × its area, less than nothing for light
    lines drawn over a dark ground. Coordinates are the container's own (a page, a group, a figure).
    """

    def __init__(self) -> None:
        self.boxes: list[tuple[float, float, float, float, float]] = []

    def under(self, x: float, y: float) -> float:
        for x0, y0, x1, y1, dark in reversed(self.boxes):
            if x0 <= x <= x1 and y0 <= y <= y1:
                return dark
        return 0.0

    def paint(self, x0: float, y0: float, x1: float, y1: float, dark: float) -> None:
        self.boxes.append((x0, y0, x1, y1, dark))


def _text(text: str, size: float, colour: str | None, under: float = 0.0) -> float:
    characters = len(text) - text.count(" ")
    return characters * GLYPH_COVER * (size * MM_PER_PT) ** 2 * (darkness(colour) - under)


def _stroke(node, length: float, under: float = 0.0) -> float:
    if node.stroke is None or node.line <= 0:
        return 0.0
    share = 1.0
    if node.dash:
        on = sum(node.dash[0::2])
        share = on / max(on + sum(node.dash[1::2]), 1e-9)
    return length * node.line * share * (darkness(node.stroke) - under)


_SHAPE_AREA = {"circle": math.pi / 4, "square": 1.0, "diamond": 0.5, "triangle": math.sqrt(3) / 4}
_SHAPE_EDGE = {"circle": math.pi, "square": 4.0, "diamond": 2 * math.sqrt(2), "triangle": 3.0}


def _rect(node, ground: _Ground) -> float:
    under = ground.under(node.x + node.w / 2, node.y + node.h / 2)
    cost = _stroke(node, 2 * (node.w + node.h), under)
    if node.fill is not None:
        cost += node.w * node.h * (darkness(node.fill) - under)
        ground.paint(node.x, node.y, node.x + node.w, node.y + node.h, darkness(node.fill))
    return cost


def _line(node, ground: _Ground) -> float:
    under = ground.under((node.x1 + node.x2) / 2, (node.y1 + node.y2) / 2)
    return _stroke(node, math.hypot(node.x2 - node.x1, node.y2 - node.y1), under)


def _shape(node, ground: _Ground) -> float:
    under = ground.under(node.cx, node.cy)
    cost = _stroke(node, _SHAPE_EDGE[node.kind] * node.size, under)
    if node.fill is not None:
        cost += _SHAPE_AREA[node.kind] * node.size ** 2 * (darkness(node.fill) - under)
        half = node.size / 2 * (0.7 if node.kind in ("circle", "diamond") else 1.0)  # the box mostly inside
        ground.paint(node.cx - half, node.cy - half, node.cx + half, node.cy + half, darkness(node.fill))
    return cost


def _hatch(node, ground: _Ground) -> float:
    if node.stroke is None or node.line <= 0:
        return 0.0
    one = min(1.0, node.line / node.step)  # share of the box one family of lines covers
    under = ground.under(node.x + node.w / 2, node.y + node.h / 2)
    return node.w * node.h * (1 - (1 - one) ** 2) * (darkness(node.stroke) - under)


def _ruler(node, ground: _Ground) -> float:
    marks = ruler_marks(node.length)
    ticks = sum(tick for _, tick in marks.ticks)
    labels = sum(len(str(i)) for i in marks.labels)
    return (node.length + ticks) * marks.line + labels * GLYPH_COVER * (marks.label_size * MM_PER_PT) ** 2


def _table(node, ground: _Ground) -> float:
    total, size, stroke = 0.0, node.size, darkness(node.stroke) if node.line > 0 else 0.0
    width = sum(node.widths)
    for row in node.children:
        col = 0
        for cell in row.children:
            w = sum(node.widths[col:col + cell.span])
            fill = darkness(cell.fill or row.fill)
            words = cell.text + (cell.alt or "") + (cell.after or "")
            total += w * row.h * fill + _text(words, cell.size or size, cell.color or node.color, fill)
            total += row.h * max(0.0, (cell.edge or 0.0) - node.line) * stroke  # a wall drawn thicker
            col += cell.span
        total += (width + row.h * (len(node.widths) + 1)) * node.line * stroke  # one rule and the cell walls
    return total + width * node.line * stroke  # the closing rule


def _tint(node, ground: _Ground) -> float:
    """The pebble tint covers a fixed share of its box (measured once on rendered backs)."""
    under = ground.under(node.x + node.w / 2, node.y + node.h / 2)
    return node.w * node.h * TINT_COVER * max(0.0, darkness(node.fill) - under)


def _use(node, ground: _Ground) -> float:
    """A reused drawing costs its symbol's ink each time it is placed."""
    ground = _Ground()  # its own: a symbol is drawn in its own box, its children over one another
    return max(0.0, sum(ink_mm2(child, ground) for child in node.symbol.children))


def _text_node(node, ground: _Ground) -> float:
    x, y = (node.x, node.y) if node.tag in ("text", "para") else (-1.0, -1.0)
    return _text(node.text, node.size, node.color, ground.under(x, y))


_COST = {"rect": _rect, "line": _line, "shape": _shape, "hatch": _hatch, "ruler": _ruler,
         "table": _table, "text": _text_node, "para": _text_node,
         "heading": _text_node, "p": _text_node, "tint": _tint, "use": _use}
_NEW_GROUND = frozenset({"page", "figure", "group"})  # containers with coordinates of their own


def ink_mm2(node, ground: _Ground | None = None) -> float:
    """Black-equivalent area (mm²) of a node and everything inside it (never less than nothing)."""
    cost = _COST.get(node.tag)
    if cost is not None:
        return cost(node, ground or _Ground())  # tables hold their own rows; text elements hold no children
    inner = _Ground() if ground is None or node.tag in _NEW_GROUND else ground
    return max(0.0, sum(ink_mm2(child, inner) for child in node.children))
def ordinary_pages(area_mm2: float, width: float, height: float) -> float:
    """How many ordinary pages of a paper `width` × `height` mm `area_mm2` of black makes."""
    return area_mm2 / (COVERAGE * width * height)
