"""Documents made once for the many uses that differ only in a few texts (a kit group's tag), then copied.

A kit prints the same record sheet and the same deck marks for every group but for the group's tag
("Groupe 7"). Running the template two hundred times for that is much of a school kit's time. A stencil
is the document made for one group; another group's copy swaps the tag's texts in the elements that
hold them (and copies the elements above those), sharing every other element, which the renderer then
draws once (cli/render/stamps.py). The layout pass measures the swapped texts like any other. A template
that measured the tag (to place something by its width) has a stencil for each set of widths only.
"""

from collections.abc import Callable

from cli.documents.templating import measured_texts
from cli.layout.markup import Element
from cli.layout.measure import text_width

_FACES = ("regular", "bold", "italic", "bold-italic")


def widths(texts: list[str]) -> tuple[float, ...]:
    """What a template could learn of these texts: their widths in every face (at 10 pt; widths scale)."""
    return tuple(text_width(text, 10.0, face) for text in texts for face in _FACES)


class Stencil:
    """A document and the texts in it that its copies swap (each the whole text of some element)."""

    def __init__(self, document: Element, texts: list[str]) -> None:
        self.document, self.texts = document, list(texts)
        self._swapped = set(self.texts)
        self._on_path: set[int] = set()
        found = self._mark(document)
        if missing := self._swapped - found:
            raise ValueError(f"stencil: no element's text is {sorted(missing)}")

    def _mark(self, element: Element) -> set[str]:
        """The swapped texts at or below `element`; marks each element on the way to one."""
        found = {element.text} & self._swapped
        for child in element.children:
            found |= self._mark(child)
        if found:
            self._on_path.add(id(element))
        return found

    def filled(self, texts: list[str]) -> Element:
        """The document with `texts` in place of the stencil's (in order); the other elements shared."""
        return self._fill(self.document, dict(zip(self.texts, texts, strict=True)))

    def _fill(self, element: Element, swap: dict[str, str]) -> Element:
        if id(element) not in self._on_path:
            return element
        children = [self._fill(child, swap) for child in element.children] if element.children else element.children
        return element.copy(children=children, text=swap.get(element.text, element.text))


class Stencils:
    """Stencils by kind of document: one for every use when its template never measured the swapped texts,
    else one for each set of their widths."""

    def __init__(self) -> None:
        self._made: dict[tuple, Stencil] = {}

    def document(self, kind: str, texts: list[str], make: Callable[[], Element]) -> Element:
        """The document of this kind holding `texts`: a stencil's copy, or `make()` made into a new stencil."""
        stencil = self._made.get((kind, None)) or self._made.get((kind, widths(texts)))
        if stencil is None:
            with measured_texts() as heard:
                document = make()
            # conservative: a measured text that holds a swapped text, or a piece of one, counts
            free = not any(text and (text in swapped or swapped in text) for text in heard for swapped in texts)
            stencil = self._made[(kind, None if free else widths(texts))] = Stencil(document, texts)
        return stencil.filled(texts)
