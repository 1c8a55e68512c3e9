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
from cli.layout.units import MM_PER_PT
from cli.render.fonts import face, font_name
from cli.render.text import NARROW_EM, NNBSP, leading_mm, width_mm, wrap

CELL_PADDING = 1.2  # mm between a table cell's edge and its text
ALT_GAP = 2.0  # mm between a cell's text and its second-language text on the same line

Run = tuple[str, str]  # text, face


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
        self.draw_for: dict[str, Callable[[Node], None]] = {
            "rect": self.rect, "line": self.line, "text": self.text, "para": self.para,
            "shape": self.shape, "hatch": self.hatch, "ruler": self.ruler, "cropmarks": self.cropmarks,
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
        """One line at baseline y; `weight` is a face (regular, bold, italic, bold-italic)."""
        self.c.setFont(font_name(weight), size)
        if NNBSP not in text:
            px, py = self.pt(x, y)
            if align == "center":
                self.c.drawCentredString(px, py, text)
            elif align == "right":
                self.c.drawRightString(px, py, text)
            else:
                self.c.drawString(px, py, text)
            return
        if align != "left":
            x -= width_mm(text, size, weight) / (2 if align == "center" else 1)
        narrow = NARROW_EM * size * MM_PER_PT
        for piece in text.split(NNBSP):  # the font has no narrow space: leave its width blank
            if piece:
                self.c.drawString(*self.pt(x, y), piece)
            x += width_mm(piece, size, weight) + narrow

    def draw_runs(self, x: float, y: float, runs: list[Run], size: float, align: str) -> None:
        """Pieces of one line in different faces, `ALT_GAP` apart, aligned as one."""
        total = sum(width_mm(text, size, f) for text, f in runs) + ALT_GAP * (len(runs) - 1)
        x -= {"left": 0.0, "center": total / 2, "right": total}[align]
        for text, f in runs:
            self.draw_string(x, y, text, size, f, "left")
            x += width_mm(text, size, f) + ALT_GAP

    def text(self, node: Node) -> None:
        self._fill(node.color)
        self.draw_string(node.x, node.y, node.text, node.size, face(node.weight, node.style), node.align)

    def paragraph(self, node: Node, x: float, y: float, w: float, indent: float = 0.0) -> float:
        """Draw wrapped text from top y; the height used in mm."""
        self._fill(node.color)
        font = face(node.weight, node.style)
        step = leading_mm(node.size, getattr(node, "leading", None))
        lines = wrap(node.text, node.size, w - indent, font)
        ascent = node.size * MM_PER_PT * 0.78
        align = getattr(node, "align", "left") or "left"
        for i, text in enumerate(lines):
            baseline = y + ascent + i * step
            if align == "center":
                self.draw_string(x + w / 2, baseline, text, node.size, font, "center")
            else:
                self.draw_string(x + indent, baseline, text, node.size, font, "left")
        return len(lines) * step

    def para(self, node: Node) -> None:
        font = face(node.weight, node.style)
        needed = len(wrap(node.text, node.size, node.w, font)) * leading_mm(node.size, node.leading)
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

    def cropmarks(self, node: Node) -> None:
        """Marks outside the block's edges, on every grid line, pointing at the cuts."""
        self.c.setStrokeColor(_colour("#000000"))
        self.c.setDash([])
        self.c.setLineWidth(node.line * mm)
        near, far = node.gap, node.gap + node.length
        for i in range(node.cols + 1):
            x = node.x + i * node.w / node.cols
            self.c.line(*self.pt(x, node.y - near), *self.pt(x, node.y - far))
            self.c.line(*self.pt(x, node.y + node.h + near), *self.pt(x, node.y + node.h + far))
        for j in range(node.rows + 1):
            y = node.y + j * node.h / node.rows
            self.c.line(*self.pt(node.x - near, y), *self.pt(node.x - far, y))
            self.c.line(*self.pt(node.x + node.w + near, y), *self.pt(node.x + node.w + far, y))

    def group(self, node: Node) -> None:
        self.c.saveState()
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
        if not cell.text and not cell.alt:
            return
        weight = cell.weight or row.weight or table.weight
        main = face(weight, cell.style or row.style or table.style)
        size, lines = self._fit_cell(cell, cell.size or table.size, (main, face(weight, "italic")),
                                     w - 2 * CELL_PADDING, row.h)
        self._fill(table.color)
        anchor = {"left": x + CELL_PADDING, "center": x + w / 2, "right": x + w - CELL_PADDING}[cell.align]
        step = leading_mm(size, None)
        first = top + row.h / 2 - (len(lines) - 1) * step / 2 + size * MM_PER_PT * 0.35
        for i, runs in enumerate(lines):
            self.draw_runs(anchor, first + i * step, runs, size, cell.align)

    def _fit_cell(self, cell: Node, size: float, faces: tuple[str, str], room: float,
                  height: float) -> tuple[float, list[list[Run]]]:
        """The largest size, down to 60 %, at which the text (and its second-language text, in
        italic) fits the cell: on one line, else each on its own lines."""
        parts = [(text, f) for text, f in zip((cell.text, cell.alt), faces, strict=True) if text]
        for scale in (1.0, 0.92, 0.84, 0.76, 0.68, 0.6):
            trial = size * scale
            one_line = sum(width_mm(text, trial, f) for text, f in parts) + ALT_GAP * (len(parts) - 1)
            if one_line <= room:
                return trial, [parts]
            lines = [[(line, f)] for text, f in parts for line in wrap(text, trial, room, f)]
            if len(lines) * leading_mm(trial, None) <= height - 0.6 and all(
                    width_mm(run[0][0], trial, run[0][1]) <= room for run in lines):
                return trial, lines
        raise self.fail(cell, f"text '{cell.text}' cannot fit its {room:.0f} x {height:.0f} mm cell", ContentOverflow)

    def flow(self, node: Node) -> None:
        from cli.render.flow import draw_flow

        draw_flow(self, node)
