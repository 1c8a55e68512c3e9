"""Draw markup nodes on a ReportLab canvas, converting top-left millimetres to PDF points.

    markup (mm)                 PDF (pt)
    (0,0) ───── x               y ▲
      │                           │
      y ▼                   (0,0) └───── x
"""

import math
from collections.abc import Callable
from functools import cache

from reportlab.lib.colors import HexColor
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from cli.errors import ContentOverflow, MarkupError
from cli.layout.markup import Node
from cli.layout.tint import tint_tile
from cli.layout.units import MM_PER_PT
from cli.render.fonts import font_name
from cli.render.text import leading_mm, width_mm, wrap

CELL_PADDING = 1.2  # mm between a table cell's edge and its text


@cache
def _colour(value: str) -> HexColor:
    return HexColor(value)


def _clip(ox: float, oy: float, dx: float, dy: float, reach: float,
          box: tuple[float, float, float, float]) -> tuple[float, float, float, float] | None:
    """The part of the line through (ox, oy) along (dx, dy), |t| <= reach, inside the box."""
    low, high = -reach, reach
    for origin, direction, lo, hi in ((ox, dx, box[0], box[2]), (oy, dy, box[1], box[3])):
        if abs(direction) < 1e-12:
            if not lo <= origin <= hi:
                return None
            continue
        t1, t2 = sorted(((lo - origin) / direction, (hi - origin) / direction))
        low, high = max(low, t1), min(high, t2)
    if high - low <= 1e-9:
        return None
    return ox + dx * low, oy + dy * low, ox + dx * high, oy + dy * high


class Painter:
    """Knows one canvas and the page height; draws any markup element handed to it."""

    def __init__(self, canvas: Canvas, page_height: float, source: str) -> None:
        self.c, self.page_h, self.source = canvas, page_height, source
        self.forms: dict[tuple, str] = {}
        self.draw_for: dict[str, Callable[[Node], None]] = {
            "rect": self.rect, "line": self.line, "text": self.text, "para": self.para,
            "shape": self.shape, "tint": self.tint, "hatch": self.hatch, "ruler": self.ruler,
            "group": self.group, "table": self.table, "flow": self.flow,
        }

    def fail(self, node: Node, message: str, kind: type[MarkupError] = MarkupError) -> MarkupError:
        return kind(f"{self.source}, markup line {node.lineno}: <{node.tag}> {message}")

    def pt(self, x: float, y: float) -> tuple[float, float]:
        return x * mm, (self.page_h - y) * mm

    def draw(self, node: Node) -> None:
        self.draw_for[node.tag](node)

    def draw_all(self, nodes: list[Node]) -> None:
        for node in nodes:
            self.draw(node)

    # -- paint state -------------------------------------------------------------------------
    def _stroke(self, node: Node) -> bool:
        if node.stroke is None or node.line <= 0:
            return False
        self.c.setStrokeColor(_colour(node.stroke))
        self.c.setLineWidth(node.line * mm)
        self.c.setDash([d * mm for d in node.dash] if node.dash else [])
        return True

    def _fill(self, value: str | None) -> bool:
        if value is None:
            return False
        self.c.setFillColor(_colour(value))
        return True

    # -- primitives --------------------------------------------------------------------------
    def rect(self, node: Node) -> None:
        stroke, fill = self._stroke(node), self._fill(node.fill)
        x, y = self.pt(node.x, node.y + node.h)
        if node.radius > 0:
            self.c.roundRect(x, y, node.w * mm, node.h * mm, node.radius * mm, stroke=stroke, fill=fill)
        else:
            self.c.rect(x, y, node.w * mm, node.h * mm, stroke=stroke, fill=fill)

    def line(self, node: Node) -> None:
        if self._stroke(node):
            self.c.line(*self.pt(node.x1, node.y1), *self.pt(node.x2, node.y2))

    def draw_string(self, x: float, y: float, text: str, size: float, weight: str, align: str) -> None:
        self.c.setFont(font_name(weight), size)
        px, py = self.pt(x, y)
        if align == "center":
            self.c.drawCentredString(px, py, text)
        elif align == "right":
            self.c.drawRightString(px, py, text)
        else:
            self.c.drawString(px, py, text)

    def text(self, node: Node) -> None:
        self._fill(node.color)
        self.draw_string(node.x, node.y, node.text, node.size, node.weight, node.align)

    def paragraph(self, node: Node, x: float, y: float, w: float, indent: float = 0.0) -> float:
        """Draw wrapped text from top y; the height used in mm."""
        self._fill(node.color)
        step = leading_mm(node.size, getattr(node, "leading", None))
        lines = wrap(node.text, node.size, w - indent, node.weight)
        ascent = node.size * MM_PER_PT * 0.78
        align = getattr(node, "align", "left") or "left"
        for i, text in enumerate(lines):
            baseline = y + ascent + i * step
            if align == "center":
                self.draw_string(x + w / 2, baseline, text, node.size, node.weight, "center")
            else:
                self.draw_string(x + indent, baseline, text, node.size, node.weight, "left")
        return len(lines) * step

    def para(self, node: Node) -> None:
        needed = len(wrap(node.text, node.size, node.w, node.weight)) * leading_mm(node.size, node.leading)
        if node.h is not None and needed > node.h + 1e-6:
            raise self.fail(node, f"text needs {needed:.1f} mm but its box is {node.h:.1f} mm high", ContentOverflow)
        self.paragraph(node, node.x, node.y, node.w)

    def shape(self, node: Node) -> None:
        stroke, fill = self._stroke(node), self._fill(node.fill)
        r = node.size / 2
        cx, cy = node.cx, node.cy
        if node.kind == "circle":
            self.c.circle(*self.pt(cx, cy), r * mm, stroke=stroke, fill=fill)
            return
        if node.kind == "square":
            points = [(cx - r, cy - r), (cx + r, cy - r), (cx + r, cy + r), (cx - r, cy + r)]
        elif node.kind == "diamond":
            points = [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)]
        else:  # triangle pointing up, its bounding box centred on (cx, cy)
            half_h = node.size * math.sqrt(3) / 4
            points = [(cx, cy - half_h), (cx + r, cy + half_h), (cx - r, cy + half_h)]
        path = self.c.beginPath()
        path.moveTo(*self.pt(*points[0]))
        for point in points[1:]:
            path.lineTo(*self.pt(*point))
        path.close()
        self.c.drawPath(path, stroke=stroke, fill=fill)

    def tint(self, node: Node) -> None:
        """The tint tile, drawn once per document as a reusable form: every back shares it."""
        key = (node.w, node.h, node.fill)
        name = self.forms.get(key)
        if name is None:
            name = self.forms[key] = f"tint{len(self.forms) + 1}"
            outlines = tint_tile(node.w, node.h)
            xs = [p for outline in outlines for p in outline[0::2]]
            ys = [p for outline in outlines for p in outline[1::2]]
            low, high = self.pt(min(xs), max(ys)), self.pt(max(xs), min(ys))
            self.c.beginForm(name, *low, *high)
            self._fill(node.fill)
            path = self.c.beginPath()
            for outline in outlines:
                path.moveTo(*self.pt(outline[0], outline[1]))
                for i in range(2, len(outline), 2):
                    path.lineTo(*self.pt(outline[i], outline[i + 1]))
                path.close()
            self.c.drawPath(path, stroke=0, fill=1)
            self.c.endForm()
        self.c.saveState()
        self.c.translate(node.x * mm, -node.y * mm)
        self.c.doForm(name)
        self.c.restoreState()

    def hatch(self, node: Node) -> None:
        """Two families of parallel lines at ±angle, one through the centre, cut to the box."""
        if not self._stroke(node):
            return
        cx, cy = node.x + node.w / 2, node.y + node.h / 2
        reach = math.hypot(node.w, node.h) / 2
        count = int(reach / node.step) + 1
        box = (node.x, node.y, node.x + node.w, node.y + node.h)
        for sign in (1, -1):
            angle = math.radians(node.angle * sign)
            dx, dy = math.cos(angle), math.sin(angle)  # along the lines
            for k in range(-count, count + 1):
                ox, oy = cx - dy * k * node.step, cy + dx * k * node.step
                segment = _clip(ox, oy, dx, dy, reach, box)
                if segment:
                    self.c.line(*self.pt(*segment[:2]), *self.pt(*segment[2:]))

    def ruler(self, node: Node) -> None:
        """A millimetre ruler: its baseline starts at (x, y), ticks hang below it."""
        self.c.setStrokeColor(_colour("#000000"))
        self.c.setDash([])
        self.c.setLineWidth(0.2 * mm)
        self.c.line(*self.pt(node.x, node.y), *self.pt(node.x + node.length, node.y))
        steps = int(round(node.length))
        self._fill("#000000")
        for i in range(steps + 1):
            tick = 3.0 if i % 10 == 0 else 2.0 if i % 5 == 0 else 1.2
            self.c.line(*self.pt(node.x + i, node.y), *self.pt(node.x + i, node.y + tick))
            if i % 10 == 0:
                self.draw_string(node.x + i, node.y + 5.4, str(i), 6, "regular", "center")

    def group(self, node: Node) -> None:
        self.c.saveState()
        if node.clip:  # before the move: clip rectangles are in page coordinates
            region = self.c.beginPath()
            for x, y, w, h in node.clip:
                region.rect(*self.pt(x, y + h), w * mm, h * mm)
            self.c.clipPath(region, stroke=0, fill=0)
        self.c.translate(node.dx * mm, -node.dy * mm)
        if node.rotate:
            px, py = self.pt(node.cx, node.cy)
            self.c.translate(px, py)
            self.c.rotate(-node.rotate)
            self.c.translate(-px, -py)
        self.draw_all(node.children)
        self.c.restoreState()

    def table(self, node: Node) -> None:
        """Rows of cells on a grid of column widths; text centred vertically in each cell."""
        top = node.y
        for row in node.children:
            col, x = 0, node.x
            for cell in row.children:
                if col + cell.span > len(node.widths):
                    raise self.fail(cell, f"row at markup line {row.lineno} has more cells than columns")
                w = sum(node.widths[col:col + cell.span])
                self._cell(node, row, cell, x, top, w)
                col, x = col + cell.span, x + w
            top += row.h

    def _cell(self, table: Node, row: Node, cell: Node, x: float, top: float, w: float) -> None:
        fill = cell.fill or row.fill
        stroke = table.line > 0 and table.stroke is not None
        if stroke:
            self.c.setStrokeColor(_colour(table.stroke))
            self.c.setLineWidth(table.line * mm)
            self.c.setDash([])
        self._fill(fill)
        self.c.rect(*self.pt(x, top + row.h), w * mm, row.h * mm, stroke=stroke, fill=fill is not None)
        if not cell.text:
            return
        weight = cell.weight or row.weight or table.weight
        size, lines = self._fit_cell(cell, cell.size or table.size, weight, w - 2 * CELL_PADDING, row.h)
        self._fill(table.color)
        anchor = {"left": x + CELL_PADDING, "center": x + w / 2, "right": x + w - CELL_PADDING}[cell.align]
        step = leading_mm(size, None)
        first = top + row.h / 2 - (len(lines) - 1) * step / 2 + size * MM_PER_PT * 0.35
        for i, line in enumerate(lines):
            self.draw_string(anchor, first + i * step, line, size, weight, cell.align)

    def _fit_cell(self, cell: Node, size: float, weight: str, room: float, height: float) -> tuple[float, list[str]]:
        """The largest size, down to 60 %, at which the text fits the cell on one line or wrapped."""
        for scale in (1.0, 0.92, 0.84, 0.76, 0.68, 0.6):
            trial = size * scale
            if width_mm(cell.text, trial, weight) <= room:
                return trial, [cell.text]
            lines = wrap(cell.text, trial, room, weight)
            if len(lines) * leading_mm(trial, None) <= height - 0.6 and all(
                    width_mm(line, trial, weight) <= room for line in lines):
                return trial, lines
        raise self.fail(cell, f"text '{cell.text}' cannot fit its {room:.0f} x {height:.0f} mm cell", ContentOverflow)

    def flow(self, node: Node) -> None:
        from cli.render.flow import draw_flow

        draw_flow(self, node)
