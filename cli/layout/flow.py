"""Stack headings, paragraphs, figures and side-by-side columns down a flow's box.

Heights come from wrapped lines (widths measured by the renderer's function); placing a stack writes
each block's position and lines on it, so drawing needs no measuring.

Where a threaded flow breaks (cli/layout/pagination.py asks `share`), the reader's rules hold for every document
alike: a block never splits (a paragraph keeps all its lines, a figure or a <columns> block stays whole: what
must stay together is one block); a heading never ends a page when more content follows it, it goes on with
what it heads, and so does a page head (a figure shown only where it opens a page: a table's column headings
over the rows that page goes on with); and the thread's last page is no short tail (fewer than TAIL_LINES lines
alone): blocks move over from the page before while that page keeps as much (or TAIL_LINES lines). A flow that
asks to `balance` (a rule handout) also gives its last page blocks while that page stays the less full of the two.
"""

import re

from cli.layout.markup import REFERENCE, WIDEST_SPAN, Element
from cli.layout.measure import Metrics, bullet_room, face, leading_mm

EPS = 1e-6  # mm: rounding slack when comparing heights
CLOSER = 0.1  # a balanced flow's last page takes a block more, though it is then the fuller, when the two pages'
#               heights come closer by more than this part of the flow's height
TAIL_LINES = 6  # a thread's last page holds at least this many lines (a figure counts as many), or the
#                 page before gives it blocks


class Stacker:
    """Measures and places flow content at given widths."""

    def __init__(self, metrics: Metrics) -> None:
        self.metrics = metrics

    def text_indent(self, block: Element) -> float:
        if block.tag == "p" and block.bullet:
            bullet = self.metrics.width(block.bullet, block.size, face(block.weight, block.style))
            return block.indent + bullet_room(bullet)
        return block.indent

    def lines(self, block: Element, w: float) -> list[str]:
        """The block's lines at flow width w (kept on the block: the same width asks once). A page reference
        in a paragraph is wrapped as the widest span it could print, and kept for the pass to resolve."""
        if block.lines is None or block.width != w:
            references = [match[0] for match in re.finditer(REFERENCE, block.text)]
            text = re.sub(REFERENCE, WIDEST_SPAN, block.text) if references else block.text
            block.lines = self.metrics.wrap(text, block.size, w - self.text_indent(block),
                                            face(block.weight, block.style))
            if references:  # each stand-in, in order, its reference again
                found = iter(references)
                block.lines = ["".join(piece if index == 0 else next(found) + piece
                                       for index, piece in enumerate(line.split(WIDEST_SPAN)))
                               for line in block.lines]
            block.width = w
        return block.lines

    def height(self, block: Element, w: float, gap: float) -> float:
        """How tall a flow child is at width w."""
        if block.tag in ("heading", "p"):
            leading = block.leading if block.tag == "p" else None
            before = block.before if block.tag == "heading" else 0.0  # a heading sits closer to what follows
            return before + len(self.lines(block, w)) * leading_mm(block.size, leading)
        if block.tag == "figure":
            return block.h
        if block.tag == "columns":
            col_w = column_width(block, w)
            return max((self.stack_height(col.children, col_w, gap) for col in block.children), default=0.0)
        return 0.0

    def stack_height(self, blocks: list[Element], w: float, gap: float) -> float:
        blocks = shown(blocks)
        heights = [self.height(block, w, gap) + space_after(block, gap) for block in blocks]
        return sum(heights) - (space_after(blocks[-1], gap) if blocks else 0.0)

    def place(self, blocks: list[Element], x: float, y: float, w: float, gap: float) -> float:
        """Write each block's position, top-down from y; the y reached."""
        for block in blocks:
            height = self.height(block, w, gap)
            if block.tag == "heading":
                block.left, block.top = x + self.text_indent(block), y + block.before
            elif block.tag == "p":
                block.left, block.top = x + self.text_indent(block), y
                block.bullet_left = x + block.indent
            elif block.tag == "figure":
                block.left, block.top = x, y
            elif block.tag == "columns":
                self._place_columns(block, x, y, w, gap, height)
            y += height + space_after(block, gap)
        return y

    def _place_columns(self, block: Element, x: float, y: float, w: float, gap: float, height: float) -> None:
        col_w = column_width(block, w)
        count = len(block.children)
        for i, column in enumerate(block.children):
            self.place(column.children, x + i * (col_w + block.gap), y, col_w, gap)
        block.rules = [(x + i * (col_w + block.gap) - block.gap / 2, y, y + height)
                       for i in range(1, count)] if block.rule else []

    def share(self, flow: Element, blocks: list[Element], start: int, must_take: bool,
              page_break: bool = True) -> int:
        """How far (an index into blocks, from start) fills the flow; keep-with-next applied and, where the
        flow ends its page (`page_break`), no short tail left for the last page.

        With `must_take` the flow takes at least one block, so a repeated page always makes progress.
        """
        used, end, last = 0.0, start, None  # last: the page's last block shown so far
        while end < len(blocks):
            if end > start and page_head(blocks[end]):
                end += 1  # not shown here: it opens no page
                continue
            extra = self.height(blocks[end], flow.w, flow.gap)
            if last is not None:
                extra += space_after(last, flow.gap)
            if used + extra > flow.h + EPS:
                if self._opened(flow, blocks, end):
                    continue  # its children in its place: this page takes what it can of them
                break
            used, last = used + extra, blocks[end]
            end += 1
        if page_break:
            end = self._no_short_tail(flow, blocks, start, end)
            if flow.balance:
                end = self._balanced(flow, blocks, start, end)
        while end > start and end < len(blocks) and goes_on(blocks[end - 1]):
            end -= 1  # a heading goes on with what it heads
        if must_take and end == start and start < len(blocks):
            # a heading with its next block taller than the flow: the heading stands alone
            end = start + 1 if self.height(blocks[start], flow.w, flow.gap) <= flow.h + EPS else start
        return end

    def _opened(self, flow: Element, blocks: list[Element], at: int) -> bool:
        """Whether blocks[at], a block kept together (a <columns> of one column) taller than a whole flow like
        this one, was replaced by its children: no page can hold it, so it flows on rather than being refused
        (large print in two languages: the guide's open deal, words, hands and tricks)."""
        block = blocks[at]
        if block.tag != "columns" or len(block.children) != 1 or self.height(block, flow.w, flow.gap) <= flow.h + EPS:
            return False
        blocks[at:at + 1] = block.children[0].children
        return True

    def _no_short_tail(self, flow: Element, blocks: list[Element], start: int, end: int) -> int:
        """`end`, moved back so that the rest, when it is the thread's last page, is no short tail; the page
        gives while it keeps TAIL_LINES lines or as many as it gives, and while the rest fits one flow like this."""
        if end == len(blocks) or self.stack_height(blocks[end:], flow.w, flow.gap) > flow.h + EPS:
            return end  # nothing follows, or more than a page does: not the last page
        while end - 1 > start:
            tail = self.line_count(blocks[end - 1:], flow.w)  # the rest, given one more block
            kept = self.line_count(blocks[start:end - 1], flow.w)
            if self.line_count(blocks[end:], flow.w) >= TAIL_LINES or kept < min(tail, TAIL_LINES):
                break
            if self.stack_height(blocks[end - 1:], flow.w, flow.gap) > flow.h + EPS:
                break
            end -= 1
        return end

    def _balanced(self, flow: Element, blocks: list[Element], start: int, end: int) -> int:
        """`end`, moved back so that the thread's last two pages are about as full (a `balance` flow: a handout's
        second page not left nearly empty): the page gives blocks while the rest, given one more, still fits one
        flow like this and is no taller than what the page keeps, or while the two pages' heights come closer by
        more than CLOSER of the flow (a worksheet's six exercises 3 + 3 where 4 + 2 left the second page a third
        full, even if the second page is then the fuller)."""
        if end == len(blocks) or self.stack_height(blocks[end:], flow.w, flow.gap) > flow.h + EPS:
            return end  # nothing follows, or more than a page does: not the page before the last
        kept, rest = (self.stack_height(part, flow.w, flow.gap) for part in (blocks[start:end], blocks[end:]))
        while end - 1 > start:
            given = end - 1
            while given > start and goes_on(blocks[given - 1]):
                given -= 1  # a heading goes on with what it heads: the rest takes it too
            more = self.stack_height(blocks[given:], flow.w, flow.gap)
            less = self.stack_height(blocks[start:given], flow.w, flow.gap)
            closer = abs(less - more) < abs(kept - rest) - flow.h * CLOSER and not mid_section(blocks, given)
            if given == start or more > flow.h + EPS or not (more <= less or closer):
                break
            end, kept, rest = given, less, more
        return end

    def line_count(self, blocks: list[Element], w: float) -> int:
        """How many lines of text the blocks hold (side-by-side columns: the longest); a figure counts as
        TAIL_LINES, never a short tail."""
        count = 0
        for block in shown(blocks):
            if block.tag in ("heading", "p"):
                count += len(self.lines(block, w))
            elif block.tag == "columns":
                col_w = column_width(block, w)
                count += max((self.line_count(col.children, col_w) for col in block.children), default=0)
            else:
                count += TAIL_LINES
        return count


def mid_section(blocks: list[Element], at: int) -> bool:
    """Whether a break before blocks[at] falls between two paragraphs (a section's text, e.g. its bullets): a
    balanced flow does not split a section there only to bring two pages closer when the page holds it (a
    DREIst! handout's "Défi" bullet sent overleaf from a half-empty page: fourth teacher review #6)."""
    return at > 0 and blocks[at].tag == "p" and blocks[at - 1].tag == "p"


def page_head(block: Element) -> bool:
    """A figure shown only where it opens a page of its flow."""
    return block.tag == "figure" and block.page_head


def goes_on(block: Element) -> bool:
    """Whether a block goes on the page of the block after it: a heading, a page head."""
    return block.tag == "heading" or page_head(block)


def shown(blocks: list[Element]) -> list[Element]:
    """The blocks a page shows: a page head only where it opens the page."""
    return [block for index, block in enumerate(blocks) if index == 0 or not page_head(block)]


def column_width(columns: Element, w: float) -> float:
    count = max(1, len(columns.children))
    return (w - columns.gap * (count - 1)) / count


def space_after(block: Element, gap: float) -> float:
    """The room under a block: a heading's own, a paragraph's own where it says, else the flow's gap."""
    if block.tag == "heading" or (block.tag == "p" and block.space is not None):
        return block.space
    return gap
