"""Content that fills its flow: <repeat> keeps as many copies as fit, then rows with `grow` take up the rest.

A template cannot know how tall text will be (the layout pass measures it with the real font), so it
writes every candidate (a score pad's 30 game rows, its 6 games) in a <repeat min= step=>, and this pass,
run on each flow before pagination, keeps the first min, min + step… children, as many as let the flow's
content fit its box. Several repeats in one flow are filled in order, each as far as it goes. Then the
rows with grow > 1 (in figures of no given h, straight in the flow) grow by one common factor, each up to
its own `grow`, until the content fills the box. A figure without h is as tall as its tables.

In a threaded flow the box is the flow's own (one page's share); when even the minimum does not fit,
pagination runs it on. In any other flow that is an error naming the <repeat>.
"""

from cli.errors import ContentOverflow
from cli.layout.flow import EPS, Stacker
from cli.layout.markup import Element, fail


def fill_flows(pages: list[Element], stacker: Stacker) -> None:
    """Resolve every flow's repeats, growing rows and figure heights, in place."""
    for page in pages:
        for child in page.children:
            if child.tag == "flow":
                _Filler(child, stacker).fill()
            elif child.tag == "group":  # its flows, drawn in the group's frame (moved or turned)
                fill_flows([child], stacker)


class _Filler:
    """One flow: where its repeats stand, which figures take their height from their tables."""

    def __init__(self, flow: Element, stacker: Stacker) -> None:
        self.flow, self.stacker = flow, stacker
        self.parents: list[tuple[Element, list[Element]]] = []  # each holder of a repeat, its children as written
        self.repeats: list[Element] = []
        self.owners: dict[int, Element] = {}  # id(repeated row) -> the repeat that decides it
        self.owners_rows: list[Element] = []
        self.figures: list[Element] = []  # figures without h
        self._scan(flow, None)

    def _scan(self, element: Element, repeat: Element | None) -> None:
        if any(child.tag == "repeat" or getattr(child, "repeated", False) for child in element.children):
            self.parents.append((element, list(element.children)))
        for child in element.children:
            if child.tag == "repeat":
                child.keep = min(child.min, len(child.children))
                self.repeats.append(child)
                self._scan(child, child)
            elif child.tag == "row" and child.repeated:
                if repeat is None:
                    raise fail(child, "is marked repeated but stands in no <repeat>")
                self.owners[id(child)] = repeat
                self.owners_rows.append(child)
            elif child.tag == "figure" and child.h is None:
                if not any(part.tag == "table" for part in child.children):
                    raise fail(child, "needs the attribute 'h' (it holds no table to take its height from)")
                self.figures.append(child)
                self._scan(child, repeat)
            elif child.tag in ("figure", "table", "columns", "column"):
                self._scan(child, repeat)

    def fill(self) -> None:
        if not self.parents and not self.figures:
            return
        room = self.flow.h + EPS
        needed = self.measure()
        if needed > room and self.repeats and self.flow.thread is None:
            first = self.repeats[0]
            raise fail(first, f"does not fit even with its minimum of {first.min} (its flow needs {needed:.1f} mm, "
                              f"has {self.flow.h:.1f} mm)", ContentOverflow)
        for repeat in self.repeats:
            while needed <= room and repeat.keep + repeat.step <= len(repeat.children):
                repeat.keep += repeat.step
                needed = self.measure()
                if needed > room:
                    repeat.keep -= repeat.step
            needed = self.measure()
        for row in self.owners_rows:
            row.repeated = False  # decided: a second pass over the laid-out tree finds nothing to do
        self.grow(self.flow.h - needed)

    def measure(self) -> float:
        """Lay the children out as the repeats now stand; the flow's content height."""
        for parent, written in self.parents:
            parent.children = self.kept(written)
        for figure in self.figures:
            figure.h = figure_height(figure)
        return self.stacker.stack_height(self.flow.children, self.flow.w, self.flow.gap)

    def kept(self, written: list[Element]) -> list[Element]:
        out: list[Element] = []
        for child in written:
            if child.tag == "repeat":
                out.extend(self.kept(child.children[:child.keep]))
            elif not (child.tag == "row" and child.repeated and self.owners[id(child)].keep < 2):
                out.append(child)
        return out

    def grow(self, left: float) -> None:
        """Share what the flow leaves among the growing rows of its own figures (not those in columns)."""
        auto = {id(figure) for figure in self.figures}
        rows = [row for figure in self.flow.children if figure.tag == "figure" and id(figure) in auto
                for table in figure.children if table.tag == "table" for row in table.children if row.grow > 1]
        total = sum(row.h for row in rows)
        if left <= EPS or total <= 0:
            return
        factor = 1 + left / total
        for row in rows:
            row.h *= min(factor, row.grow)
        for figure in self.figures:
            figure.h = figure_height(figure)


def figure_height(figure: Element) -> float:
    """A figure without h: down to the lowest of its tables' bottom edges."""
    return max(table.y + sum(row.h for row in table.children) for table in figure.children if table.tag == "table")
