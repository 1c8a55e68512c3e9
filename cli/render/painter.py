"""Draw laid-out markup elements on a ReportLab canvas, converting top-left millimetres to PDF points.

The layout pass has already wrapped, fitted and placed everything: drawing measures nothing.

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

from cli.layout.markup import Element
from cli.layout.measure import ASCENT, face, leading_mm, middle_to_baseline
from cli.layout.pagination import ALT_GAP, CELL_PADDING, Run, cell_height
from cli.layout.ruler import ruler_marks
from cli.layout.tint import tint_tile
from cli.layout.units import MM_PER_PT
from cli.render.stamps import Key, Stamps
from cli.render.text import draw_line, width_mm


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
    """Knows one canvas and the page height; draws any laid-out element handed to it."""

    def __init__(self, canvas: Canvas, page_height: float, page_width: float = 0.0,
                 stamps: Stamps | None = None) -> None:
        self.c, self.page_h, self.page_w = canvas, page_height, page_width
        self.page_number, self.page_count = 1, 1
        self.forms: dict[int, tuple[Element, str]] = {}  # symbol (by identity) -> (symbol, form name)
        self.stamps, self.stamped = stamps or Stamps([]), {}  # what repeats across pages; key -> form name
        self.tints: dict[tuple, str] = {}  # (w, h, fill) -> form name of that tint tile
        self.draw_for: dict[str, Callable[[Element], None]] = {
            "rect": self.rect, "line": self.line, "text": self.text, "para": self.para, "pageno": self.pageno,
            "shape": self.shape, "tint": self.tint, "hatch": self.hatch, "ruler": self.ruler,
            "group": self.group, "table": self.table, "flow": self.flow, "use": self.use,
        }

    def pt(self, x: float, y: float) -> tuple[float, float]:
        return x * mm, (self.page_h - y) * mm

    def draw(self, element: Element) -> None:
        self.draw_for[element.tag](element)

    def draw_all(self, elements: list[Element]) -> None:
        for element in elements:
            self.draw(element)

    def draw_page(self, elements: list[Element]) -> None:
        """A page's elements in order; a run that repeats on other pages is drawn once, as a form."""
        for key, run in self.stamps.pieces(elements):
            if key is None:
                self.draw_all(run)
            else:
                self.stamp(key, run)

    def stamp(self, key: Key, run: list[Element]) -> None:
        """A run of elements drawn into a page-sized form the first time, the form placed every time."""
        self.c.saveState()
        name = self.stamped.get(key)
        if name is None:
            name = self.stamped[key] = f"P{len(self.stamped)}"
            self.c.beginForm(name, 0, 0, self.page_w * mm, self.page_h * mm)
            self.draw_all(run)
            self.c.endForm()
        self.c.doForm(name)
        self.c.restoreState()

    # -- paint state -------------------------------------------------------------------------
    def _stroke(self, element: Element) -> bool:
        if element.stroke is None or element.line <= 0:
            return False
        self.c.setStrokeColor(_colour(element.stroke))
        self.c.setLineWidth(element.line * mm)
        self.c.setDash([d * mm for d in element.dash] if element.dash else [])
        return True

    def _fill(self, value: str | None) -> bool:
        if value is None:
            return False
        self.c.setFillColor(_colour(value))
        return True

    # -- primitives --------------------------------------------------------------------------
    def rect(self, element: Element) -> None:
        stroke, fill = self._stroke(element), self._fill(element.fill)
        x, y = self.pt(element.x, element.y + element.h)
        if element.radius > 0:
            self.c.roundRect(x, y, element.w * mm, element.h * mm, element.radius * mm, stroke=stroke, fill=fill)
        else:
            self.c.rect(x, y, element.w * mm, element.h * mm, stroke=stroke, fill=fill)

    def line(self, element: Element) -> None:
        if self._stroke(element):
            self.c.line(*self.pt(element.x1, element.y1), *self.pt(element.x2, element.y2))

    def draw_string(self, x: float, y: float, text: str, size: float, weight: str, align: str) -> None:
        """One line at baseline y; `weight` is a face (regular, bold, italic, bold-italic)."""
        draw_line(self.c, *self.pt(x, y), text, size, weight, align)  # the pieces width_mm measured

    def draw_runs(self, x: float, y: float, runs: list[Run], size: float, align: str) -> None:
        """Pieces of one line in different faces, `ALT_GAP` apart, aligned as one."""
        total = sum(width_mm(text, size, f) for text, f in runs) + ALT_GAP * (len(runs) - 1)
        x -= {"left": 0.0, "center": total / 2, "right": total}[align]
        for text, f in runs:
            self.draw_string(x, y, text, size, f, "left")
            x += width_mm(text, size, f) + ALT_GAP

    def text(self, element: Element) -> None:
        self._fill(element.color)
        self.draw_string(element.x, element.y, element.text, element.size, face(element.weight, element.style),
                         element.align)

    def pageno(self, element: Element) -> None:
        """"n / N"; nothing on a one-page document, where "1 / 1" tells the reader nothing (a kit has
        many pages, so each keeps its kit number)."""
        if self.page_count == 1 and "{pages}" in element.format:
            return
        self._fill(element.color)
        label = element.format.replace("{page}", str(self.page_number)).replace("{pages}", str(self.page_count))
        self.draw_string(element.x, element.y, label, element.size, face(element.weight, element.style),
                         element.align)

    def lines(self, element: Element, x: float, y: float, w: float, leading: float | None, align: str) -> None:
        """The element's laid-out lines from top y: left-aligned at x, or centred in width w."""
        step = leading_mm(element.size, leading)
        ascent = element.size * MM_PER_PT * ASCENT
        font = face(element.weight, element.style)
        for i, text in enumerate(element.lines):
            baseline = y + ascent + i * step
            if align == "center":
                self.draw_string(x + w / 2, baseline, text, element.size, font, "center")
            else:
                self.draw_string(x, baseline, text, element.size, font, "left")

    def para(self, element: Element) -> None:
        self._fill(element.color)
        self.lines(element, element.x, element.y, element.w, element.leading, element.align)

    def block(self, element: Element) -> None:
        """A heading, paragraph, figure or columns placed in a flow by the layout pass."""
        if element.tag in ("heading", "p"):
            self._fill(element.color)  # the bullet too: it once took whatever colour came before
        if element.tag == "heading":
            self.lines(element, element.left, element.top, 0.0, None, "left")
        elif element.tag == "p":
            if element.bullet:
                self.draw_string(element.bullet_left, element.top + element.size * MM_PER_PT * ASCENT,
                                 element.bullet, element.size, face(element.weight, element.style), "left")
            self.lines(element, element.left, element.top, 0.0, element.leading, "left")
        elif element.tag == "figure":
            self.c.saveState()
            self.c.translate(element.left * mm, -element.top * mm)
            self.draw_all(element.children)
            self.c.restoreState()
        elif element.tag == "columns":
            for column in element.children:
                for child in column.children:
                    self.block(child)
            if element.rules:
                self.c.setLineWidth(0.2 * mm)
                self.c.setDash([])
                for x, top, bottom in element.rules:
                    self.c.line(*self.pt(x, top), *self.pt(x, bottom))

    def use(self, element: Element) -> None:
        """A symbol placed with its top-left at (x, y): drawn once into a PDF form, then reused."""
        symbol = element.symbol
        known = self.forms.get(id(symbol))
        if known is None:
            known = self.forms[id(symbol)] = (symbol, f"S{len(self.forms)}")
            page_h, self.page_h = self.page_h, symbol.h  # the symbol's own box is the page while it is drawn
            self.c.beginForm(known[1], 0, 0, symbol.w * mm, symbol.h * mm)
            self.draw_all(symbol.children)
            self.c.endForm()
            self.page_h = page_h
        self.c.saveState()
        self.c.translate(element.x * mm, (self.page_h - element.y - symbol.h) * mm)
        self.c.doForm(known[1])
        self.c.restoreState()

    def flow(self, element: Element) -> None:
        for child in element.children:
            self.block(child)
    def shape(self, element: Element) -> None:
        stroke, fill = self._stroke(element), self._fill(element.fill)
        r = element.size / 2
        cx, cy = element.cx, element.cy
        if element.kind == "circle":
            self.c.circle(*self.pt(cx, cy), r * mm, stroke=stroke, fill=fill)
            return
        if element.kind == "square":
            points = [(cx - r, cy - r), (cx + r, cy - r), (cx + r, cy + r), (cx - r, cy + r)]
        elif element.kind == "diamond":
            points = [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)]
        else:  # triangle pointing up, its bounding box centred on (cx, cy)
            half_h = element.size * math.sqrt(3) / 4
            points = [(cx, cy - half_h), (cx + r, cy + half_h), (cx - r, cy + half_h)]
        path = self.c.beginPath()
        path.moveTo(*self.pt(*points[0]))
        for point in points[1:]:
            path.lineTo(*self.pt(*point))
        path.close()
        self.c.drawPath(path, stroke=stroke, fill=fill)

    def tint(self, element: Element) -> None:
        """The tint tile, drawn once per document as a reusable form: every back shares it."""
        key = (element.w, element.h, element.fill)
        name = self.tints.get(key)
        if name is None:
            name = self.tints[key] = f"tint{len(self.tints) + 1}"
            outlines = tint_tile(element.w, element.h)
            xs = [p for outline in outlines for p in outline[0::2]]
            ys = [p for outline in outlines for p in outline[1::2]]
            low, high = self.pt(min(xs), max(ys)), self.pt(max(xs), min(ys))
            self.c.beginForm(name, *low, *high)
            self._fill(element.fill)
            path = self.c.beginPath()
            for outline in outlines:
                path.moveTo(*self.pt(outline[0], outline[1]))
                for i in range(2, len(outline), 2):
                    path.lineTo(*self.pt(outline[i], outline[i + 1]))
                path.close()
            self.c.drawPath(path, stroke=0, fill=1)
            self.c.endForm()
        self.c.saveState()
        self.c.translate(element.x * mm, -element.y * mm)
        self.c.doForm(name)
        self.c.restoreState()

    def hatch(self, element: Element) -> None:
        """Two families of parallel lines at ±angle, one through the centre, cut to the box."""
        if not self._stroke(element):
            return
        cx, cy = element.x + element.w / 2, element.y + element.h / 2
        reach = math.hypot(element.w, element.h) / 2
        count = int(reach / element.step) + 1
        box = (element.x, element.y, element.x + element.w, element.y + element.h)
        for sign in (1, -1):
            angle = math.radians(element.angle * sign)
            dx, dy = math.cos(angle), math.sin(angle)  # along the lines
            for k in range(-count, count + 1):
                ox, oy = cx - dy * k * element.step, cy + dx * k * element.step
                segment = _clip(ox, oy, dx, dy, reach, box)
                if segment:
                    self.c.line(*self.pt(*segment[:2]), *self.pt(*segment[2:]))

    def ruler(self, element: Element) -> None:
        """A millimetre ruler: its baseline starts at (x, y), ticks hang below it."""
        self.c.setStrokeColor(_colour("#000000"))
        self.c.setDash([])
        marks = ruler_marks(element.length)
        self.c.setLineWidth(marks.line * mm)
        self.c.line(*self.pt(element.x, element.y), *self.pt(element.x + element.length, element.y))
        self._fill("#000000")
        labelled = set(marks.labels)
        for i, tick in marks.ticks:
            self.c.line(*self.pt(element.x + i, element.y), *self.pt(element.x + i, element.y + tick))
            if i in labelled:
                self.draw_string(element.x + i, element.y + marks.label_drop, str(i), marks.label_size, "regular",
                                 "center")

    def group(self, element: Element) -> None:
        self.c.saveState()
        if element.clip:  # before the move: clip rectangles are in page coordinates
            region = self.c.beginPath()
            for x, y, w, h in element.clip:
                region.rect(*self.pt(x, y + h), w * mm, h * mm)
            self.c.clipPath(region, stroke=0, fill=0)
        self.c.translate(element.dx * mm, -element.dy * mm)
        if element.rotate:
            px, py = self.pt(element.cx, element.cy)
            self.c.translate(px, py)
            self.c.rotate(-element.rotate)
            self.c.translate(-px, -py)
        self.draw_all(element.children)
        self.c.restoreState()

    def table(self, element: Element) -> None:
        """Rows of cells on a grid of column widths; text centred vertically in each cell."""
        top = element.y
        stroke = element.line > 0 and element.stroke is not None
        if stroke:  # once for the whole grid: drawing a cell's text leaves the stroke as it was
            self.c.setStrokeColor(_colour(element.stroke))
            self.c.setLineWidth(element.line * mm)
            self.c.setDash([])
        edges = []  # drawn after every cell, so that no neighbour's fill covers half of them
        for row in element.children:
            col, x = 0, element.x
            for cell in row.children:
                w = sum(element.widths[col:col + cell.span])
                self._cell(element, row, cell, x, top, w, stroke)
                if cell.edge and stroke:
                    edges.append((x + w, top, row.h, cell.edge))
                col, x = col + cell.span, x + w
            top += row.h
        for x, top, h, width in edges:
            self._edge(element, x, top, h, width)

    def _edge(self, table: Element, x: float, top: float, h: float, width: float) -> None:
        """A cell's right wall drawn thicker, as a mark (the goal box of a pad); the grid's width kept after."""
        self.c.setLineWidth(width * mm)
        self.c.line(*self.pt(x, top), *self.pt(x, top + h))
        self.c.setLineWidth(table.line * mm)

    def _cell(self, table: Element, row: Element, cell: Element, x: float, top: float, w: float,
              stroke: bool) -> None:
        fill = cell.fill or row.fill
        self._fill(fill)
        self.c.rect(*self.pt(x, top + row.h), w * mm, row.h * mm, stroke=stroke, fill=fill is not None)
        if not cell.lines:
            return
        size, lines = cell.fit, cell.lines
        self._fill(cell.color or table.color)
        anchor = {"left": x + CELL_PADDING, "center": x + w / 2, "right": x + w - CELL_PADDING}[cell.align]
        step = leading_mm(size, None)
        # top: the lines stand as they would in the middle of a row just tall enough for them (the pass's fit)
        height = cell_height(len(lines), size) if cell.valign == "top" else row.h
        first = top + height / 2 - (len(lines) - 1) * step / 2 + middle_to_baseline(size)
        for i, runs in enumerate(lines):
            self.draw_runs(anchor, first + i * step, runs, size, cell.align)
