"""The one layout pass: flows filled (repeats, growing rows: cli/layout/fill.py), threaded flows poured
into as many pages as they need, blank pages that start parts on a new sheet, page numbers and page
references, and every box checked for overflow.

Text widths come from a measuring function the renderer hands in; the pass writes lines and positions
on the elements, so drawing measures nothing. The result is a new <document> whose pages are final.
"""

import math
import re
from collections import Counter
from collections.abc import Callable

from cli.errors import ContentOverflow, MarkupError
from cli.layout.fill import fill_flows
from cli.layout.flow import EPS, Stacker, shown
from cli.layout.markup import MAX_PAGES, REFERENCE, Element, fail, where
from cli.layout.measure import Metrics, face, leading_mm, metrics, text_width

CELL_PADDING = 1.2  # mm between a table cell's edge and its text
CELL_SCALES = (1.0, 0.92, 0.84, 0.76, 0.68, 0.6)  # a cell's text shrinks to 60 % before it is refused
CELL_ROOM = 0.6  # mm a cell keeps above and below its lines together
ALT_GAP = 2.0  # mm between a cell's text and its second-language text on the same line


def cell_height(lines: int, size: float) -> float:
    """How tall a table row must be for a cell of `lines` lines at `size` pt, as the pass fits cells."""
    return lines * leading_mm(size, None) + CELL_ROOM


def cell_width(text: str, size: float, weight: str = "regular", alt: str = "") -> float:
    """How wide a table column must be for a cell's text (and `alt`, its second language in italic after it)
    on one line at `size` pt, as the pass fits cells; rounded up to the thousandth, as the markup writes it."""
    parts = [(text, face(weight, None)), *([(alt, face(weight, "italic"))] if alt else [])]
    width = sum(text_width(part, size, style) for part, style in parts) + ALT_GAP * (len(parts) - 1) + 2 * CELL_PADDING
    return math.ceil(width * 1000) / 1000


def wrapped_height(labels: list[str], size: float, width: float, weight: str = "regular") -> float:
    """How tall a table row must be for a cell's label and its second-language label (italic, `labels[1]`) at
    `size` pt in a column `width` mm wide, as the pass sets them without shrinking: on one line when they fit
    side by side, else each wrapped between words on lines of its own. Rounded up to the hundredth, and a
    hundredth more: the markup writes 3 decimals. A template sizes a heading row with it, so that the pass
    never shrinks a heading children read (it would, down to 60 %, to make it fit)."""
    parts = [part for part in dict.fromkeys(labels) if part]
    if not parts or cell_width(parts[0], size, weight, alt=parts[1] if len(parts) > 1 else "") <= width:
        lines = 1
    else:
        room = width - 2 * CELL_PADDING
        lines = sum(len(metrics().wrap(part, size, room, face(weight, "italic" if i else None)))
                    for i, part in enumerate(parts))
    return math.ceil(cell_height(lines, size) * 100) / 100 + 0.01


def page_span(first: int, last: int) -> str:
    """The reference the layout pass replaces by 'start–end' (or 'start'), for parts first to last."""
    return f"{{pages:{first}:{last}}}"


Run = tuple[str, str]  # a piece of a cell's line: text, face


class LaidOut:
    """A document the layout pass has made final (pages, lines and positions written, every box checked):
    the only kind `render_pdf` draws, so nothing is laid out twice. It reads as its <document> does
    (`children`, `width`, `title`…)."""

    __slots__ = ("document",)

    def __init__(self, document: Element) -> None:
        self.document = document

    def __getattr__(self, name: str):
        return getattr(self.document, name)


def lay_out(document: Element, metrics: Metrics, *,
            known: Callable[[int], dict[int, tuple[int, int]]] | None = None) -> LaidOut:
    """The document with its final pages, every flow filled and every box checked. `known`: for a document whose
    page references name parts laid out before it (a contents laid out once its parts' pages are known:
    cli/layout/contents.py), those parts' first and last pages given how many pages it makes."""
    stacker = Stacker(metrics)
    fill_flows(document.children, stacker)
    pages = _paginate(document, stacker)
    ranges = {**(known(len(pages)) if known else {}), **part_ranges(pages)}
    checker = _Boxes(stacker, ranges, document)
    for page in pages:
        checker.page(page)
    return LaidOut(document.copy(children=pages))


def runs_over(document: Element, metrics: Metrics) -> bool:
    """Whether a threaded flow holds more than its own box, so that the pass would pour it onto more pages:
    a document that offers a shorter form asks this (its flows filled as `lay_out` fills them)."""
    stacker = Stacker(metrics)
    fill_flows(document.children, stacker)
    return any(child.tag == "flow" and child.thread is not None
               and stacker.stack_height(child.children, child.w, child.gap) > child.h + EPS
               for page in document.children for child in page.children)


# -- pagination ------------------------------------------------------------------------------------
Thread = tuple[int | None, str]  # a thread is named within its part of an assembled document


def _paginate(document: Element, stacker: Stacker) -> list[Element]:
    queues: dict[Thread, list[Element]] = {}
    last_page: dict[Thread, int] = {}
    for index, page in enumerate(document.children):
        for child in page.children:
            if child.tag == "flow" and child.thread is not None:
                queues.setdefault((page.part, child.thread), []).extend(child.children)
                last_page[page.part, child.thread] = index
    taken = dict.fromkeys(queues, 0)
    out: list[Element] = []

    def emit(page: Element) -> None:
        out.append(page)
        _within_page_limit(len(out), place=f"{where(page.at)}: ")  # as pages come: a long flow stops early

    for index, page in enumerate(document.children):
        if not queues:
            emit(page)
            continue
        filled, took = _fill(page, queues, taken, stacker, must_take=False)
        if not (page.optional and took == 0 and filled is not page):
            emit(filled)
        for thread, at in last_page.items():
            while at == index and taken[thread] < len(queues[thread]):
                again, took = _fill(page.copy(bookmark=None, outline=None, new_sheet=False), queues, taken,
                                    stacker, must_take=True)
                emit(again)
    if not document.sheets:
        return out
    sheets = _sheets(out, document.blank)
    _within_page_limit(len(sheets), cause=" with the blank backs that start its parts")
    return sheets


def _within_page_limit(count: int, *, place: str = "", cause: str = "") -> None:
    """The one page limit (MAX_PAGES) of a laid-out document: `place` and `cause` say what made it long."""
    if count > MAX_PAGES:
        raise MarkupError(f"{place}the document needs more than {MAX_PAGES} pages{cause}")


def _sheets(pages: list[Element], blank: Element) -> list[Element]:
    """Every new-sheet part on a front (an odd page), behind a blank page where needed; a part that may share
    a back (`shares_back`) takes the empty back instead when it is one page long, so it never straddles two
    sheets. Done once every flow is poured: only then is a part's length known."""
    length = Counter(page.part for page in pages)
    out: list[Element] = []
    for page in pages:
        if page.new_sheet and len(out) % 2 == 1 and not (page.shares_back and length[page.part] == 1):
            out.append(blank)
        out.append(page)
    return out


def _fill(page: Element, queues: dict[Thread, list[Element]], taken: dict[Thread, int], stacker: Stacker,
          must_take: bool) -> tuple[Element, int]:
    """The page with each threaded flow holding its share; how many blocks it took."""
    if not any(child.tag == "flow" and child.thread is not None for child in page.children):
        return page, 0
    children, took = [], 0
    last_flow = {child.thread: index for index, child in enumerate(page.children) if child.tag == "flow"}
    for index, child in enumerate(page.children):
        if child.tag == "flow" and child.thread is not None:
            thread = (page.part, child.thread)
            blocks, start = queues[thread], taken[thread]
            end = stacker.share(child, blocks, start, must_take and start < len(blocks),
                                page_break=last_flow[child.thread] == index)
            if must_take and end == start and start < len(blocks):
                raise fail(blocks[start], f"is {stacker.height(blocks[start], child.w, child.gap):.1f} mm tall "
                                          f"but its flow ({where(child.at)}) is {child.h:.1f} mm high",
                           ContentOverflow)
            taken[thread] = end
            took += end - start
            child = child.copy(thread=None, children=shown(blocks[start:end]))
        children.append(child)
    return page.copy(children=children), took


def part_ranges(pages: list[Element]) -> dict[int, tuple[int, int]]:
    """Each part's first and last page (numbered from 1)."""
    ranges: dict[int, tuple[int, int]] = {}
    for number, page in enumerate(pages, start=1):
        if page.part is not None:
            first = ranges.get(page.part, (number, number))[0]
            ranges[page.part] = (first, number)
    return ranges


# -- boxes -----------------------------------------------------------------------------------------
class _Boxes:
    """Resolves page references and checks every fixed box on a page; writes lines and cell fits."""

    def __init__(self, stacker: Stacker, ranges: dict[int, tuple[int, int]], document: Element) -> None:
        self.stacker, self.metrics, self.ranges = stacker, stacker.metrics, ranges
        self.width, self.height = document.width, document.height
        self.symbols: set[int] = set()  # symbols already laid out (each once, however often it is used)
        self.done: set[int] = set()  # elements already laid out: one that stands on several pages, once

    def page(self, page: Element) -> None:
        for child in page.children:
            if id(child) in self.done:
                continue
            self.done.add(id(child))
            self.element(child)
            if child.tag == "text":
                self.on_paper(child)

    def element(self, element: Element) -> None:
        tag = element.tag
        if tag in ("text", "para", "cell") and "{pages:" in element.text:
            element.text = self.resolve(element)
        if tag == "para":
            self.para(element)
        elif tag == "table":
            self.table(element)
        elif tag == "flow":
            self.flow(element)
        elif tag in ("group", "figure", "columns", "column"):
            for child in element.children:
                self.element(child)
        elif tag == "use" and id(element.symbol) not in self.symbols:
            self.symbols.add(id(element.symbol))
            for child in element.symbol.children:
                self.element(child)
        elif tag == "p" and "{pages:" in element.text:  # its lines wrapped with the widest span in its place
            element.lines = [self.resolve(element, line) for line in element.lines]
            element.text = self.resolve(element)
        elif tag == "heading" and "{pages:" in element.text:
            raise fail(element, "cannot hold a page reference (it goes on with what it heads); use <p>")

    def resolve(self, element: Element, text: str | None = None) -> str:
        """The element's text (or `text`, e.g. a cell's second language) with its page references made numbers."""
        def span(match: re.Match) -> str:
            first, last = int(match[1]), int(match[2])
            if first not in self.ranges or last not in self.ranges:
                raise fail(element, f"refers to part {first if first not in self.ranges else last}, "
                                    "which has no pages")
            start, end = self.ranges[first][0], self.ranges[last][1]
            return f"{start}" if start == end else f"{start}–{end}"

        value = element.text if text is None else text
        return re.sub(REFERENCE, span, value) if "{pages:" in value else value

    def on_paper(self, element: Element) -> None:
        """A line of text placed on the page itself must stay on the paper."""
        width = self.metrics.width(element.text, element.size, face(element.weight, element.style))
        left = {"left": element.x, "center": element.x - width / 2, "right": element.x - width}[element.align]
        if left < -EPS or left + width > self.width + EPS:
            raise fail(element, f"runs off the {self.width:.0f} mm wide page (from {left:.1f} to "
                                f"{left + width:.1f} mm)", ContentOverflow)

    def para(self, element: Element) -> None:
        element.lines = self.metrics.wrap(element.text, element.size, element.w, face(element.weight, element.style))
        needed = len(element.lines) * leading_mm(element.size, element.leading)
        if element.h is not None and needed > element.h + EPS:
            raise fail(element, f"does not fit its box (needs {needed:.1f} mm, has {element.h:.1f} mm)",
                       ContentOverflow)

    def flow(self, element: Element) -> None:
        element.children = shown(element.children)  # an unthreaded flow is one page
        needed = self.stacker.stack_height(element.children, element.w, element.gap)
        if needed > element.h + EPS:
            raise fail(element, f"does not fit its box (needs {needed:.1f} mm, has {element.h:.1f} mm)",
                       ContentOverflow)
        top = element.y + ((element.h - needed) / 2 if element.valign == "center" else 0.0)
        self.stacker.place(element.children, element.x, top, element.w, element.gap)
        for child in element.children:
            self.element(child)

    def table(self, table: Element) -> None:
        """Every cell fitted; a `uniform` table's cells all at the smallest scale any of them needs (one type
        size across the table, its longer texts wrapped)."""
        largest = 1.0
        while True:
            scales = [self.row(table, row, largest) for row in table.children]
            least = min((scale for row in scales for scale in row), default=1.0)
            if not table.uniform or least >= largest - EPS:
                return
            largest = least

    def row(self, table: Element, row: Element, largest: float) -> list[float]:
        """Fit a row's cells at `largest` of their size or less; the scale each took."""
        col, scales = 0, []
        for cell in row.children:
            if col + cell.span > len(table.widths):
                raise fail(cell, f"is one cell too many: the table has {len(table.widths)} columns")
            if "{pages:" in cell.text:
                cell.text = self.resolve(cell)
            if cell.alt and "{pages:" in cell.alt:
                cell.alt = self.resolve(cell, cell.alt)
            if cell.text or cell.alt or cell.after:
                w = sum(table.widths[col:col + cell.span])
                weight = cell.weight or row.weight or table.weight
                own = face(weight, cell.style or row.style or table.style)
                faces = (own, face(weight, "italic"), own)
                size = cell.size or table.size
                self.cell(cell, faces, size, w - 2 * CELL_PADDING, row.h, largest=largest)
                scales.append(cell.fit / size)
            col += cell.span
        return scales

    def cell(self, cell: Element, faces: tuple[str, str, str], size: float, room: float, height: float, *,
             largest: float = 1.0) -> None:
        """The largest size, down to 60 % (and at most `largest` of `size`), at which the text (its
        second-language text, in italic, and what comes after) fits the cell: on one line, else each on its
        own lines. Lines are lists of runs."""
        width, wrap = self.metrics.width, self.metrics.wrap
        parts = [(text, f) for text, f in zip((cell.text, cell.alt, cell.after), faces, strict=True) if text]
        for scale in (scale for scale in CELL_SCALES if scale <= largest + EPS):
            trial = size * scale
            if sum(width(text, trial, f) for text, f in parts) + ALT_GAP * (len(parts) - 1) <= room:
                cell.fit, cell.lines = trial, [parts]
                return
            if any(width(word, trial, f) > room for text, f in parts for word in text.split()):
                continue  # a word would be cut in two: a smaller size first
            lines = [[(line, f)] for text, f in parts for line in wrap(text, trial, room, f)]
            if len(lines) * leading_mm(trial, None) <= height - CELL_ROOM and all(
                    width(run[0][0], trial, run[0][1]) <= room for run in lines):
                cell.fit, cell.lines = trial, lines
                return
        for scale in CELL_SCALES[-1:]:  # no size keeps every word whole: cut words at the smallest
            trial = size * scale
            lines = [[(line, f)] for text, f in parts for line in wrap(text, trial, room, f)]
            if len(lines) * leading_mm(trial, None) <= height - CELL_ROOM and all(
                    width(run[0][0], trial, run[0][1]) <= room for run in lines):
                cell.fit, cell.lines = trial, lines
                return
        raise fail(cell, f"does not fit its {room:.1f} x {height:.1f} mm cell, even at "
                         f"{size * CELL_SCALES[-1]:.1f} pt", ContentOverflow)


def sheets_for(pages: int, flip: str) -> int:
    """The sheets of paper `pages` take: two pages a sheet when printed on both sides (`flip` long or short)."""
    return (pages + 1) // 2 if flip in ("long", "short") else pages
