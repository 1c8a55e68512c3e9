"""Find the drawings that repeat from page to page, so the painter draws each once as a PDF form.

Documents share elements between pages rather than copy them: a kit's deck lies under every group's
marks, the copies of a students' page with blank name lines are one page, every blank back is one
element. A run of consecutive elements of a page that stands, the same objects in the same order, on
another page too is a stamp: drawn once into a form, then placed on each page (smaller files, faster
drawing, the same pixels). A page number differs on every page: an element holding one is never part
of a stamp, and drawn on each page in its place.
"""

from collections import Counter
from collections.abc import Iterator

from cli.layout.markup import Element

Key = tuple[int, ...]  # the ids of a run's elements, in drawing order


def _numbered(element: Element) -> bool:
    """Whether `element` draws the page number somewhere inside it."""
    return element.tag == "pageno" or any(_numbered(child) for child in element.children)


class Stamps:
    """The repeating runs of a document's pages (found once, before drawing)."""

    def __init__(self, pages: list[Element]) -> None:
        found: dict[int, Element] = {}
        seen: Counter[int] = Counter()
        for page in pages:
            for child in page.children:
                found[id(child)] = child
                seen[id(child)] += 1
        self._shared = {key for key, count in seen.items() if count > 1 and not _numbered(found[key])}
        runs = Counter(key for page in pages for key, _ in self.pieces(page.children, every=True) if key)
        self._repeated = {key for key, count in runs.items() if count > 1}

    def pieces(self, children: list[Element], every: bool = False) -> Iterator[tuple[Key | None, list[Element]]]:
        """A page's elements in drawing order: each run of shared elements with its key when it repeats
        (every run with `every`), the other elements one by one with None."""
        run: list[Element] = []
        for child in [*children, None]:
            if child is not None and id(child) in self._shared:
                run.append(child)
                continue
            if run:
                key = tuple(map(id, run))
                if every or key in self._repeated:
                    yield key, run
                else:
                    yield from ((None, [element]) for element in run)
                run = []
            if child is not None:
                yield None, [child]
