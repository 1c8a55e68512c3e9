"""Put several documents' pages into one: bookmarks per part, and parts that start a new sheet.

Page numbers are only known once the layout pass has poured every flow, so parts are marked, not
counted: the layout pass inserts the blank pages and resolves `page_span` references to the parts.
"""

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from cli.documents.language import Texts
from cli.documents.templating import build_document
from cli.layout.markup import Element, make
from cli.layout.pagination import page_span
from cli.layout.sizes import Paper

__all__ = ["Part", "assemble", "make_document", "page_span", "pupil_copies"]


@dataclass(frozen=True)
class Part:
    document: Element
    bookmarks: tuple[tuple[str, int], ...] = ()  # outline entries (title, level) on the part's first page
    new_sheet: bool = False  # start on a fresh sheet of paper when printed duplex
    shares_back: bool = False  # ...unless the previous part left an empty back and this one is one page long


def pupil_copies(pupils: Sequence[str], make: Callable[[str], Element], heading: tuple[str, int]) -> list[Part]:
    """One part for each of `pupils` (a name, or blank), `heading` in the outline on the first only. Copies for
    the same pupil (blank name lines) share one document: made, laid out and drawn once."""
    made = {pupil: make(pupil) for pupil in dict.fromkeys(pupils)}
    return [Part(made[pupil], (heading,) if i == 0 else ()) for i, pupil in enumerate(pupils)]


def make_document(pages: list[Element], **attrs) -> Element:
    """A <document> element around pages, defaults filled in as the parser would."""
    return make("document", children=pages, **attrs)


def assemble(parts: list[Part], paper: Paper, texts: Texts, sheets: bool = True, large: bool = False,
             **attrs) -> Element:
    """One document of all parts in order, part k's pages marked as part k (for `page_span`); with
    `sheets` (duplex printing), a blank page keeps a new-sheet part off the back of the previous part
    (its note in large print too when `large`: a large-print document is large throughout)."""
    pages: list[Element] = []
    for number, part in enumerate(parts):
        for index, page in enumerate(part.document.children):
            first = index == 0
            pages.append(page.copy(part=number, new_sheet=first and part.new_sheet,
                                   shares_back=first and part.shares_back,
                                   outline=list(part.bookmarks) if first and part.bookmarks else None))
    document = make_document(pages, width=paper.width, height=paper.height, lang=texts.primary, **attrs)
    if sheets:
        document.sheets = True
        document.blank = build_document("blank.xml.j2", paper=paper, texts=texts, large=large).children[0]
    return document
