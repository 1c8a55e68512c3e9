"""Put several documents' pages into one: bookmarks per part, and parts that start a new sheet."""

from dataclasses import dataclass

from cli.documents.language import Texts
from cli.documents.templating import build_document
from cli.layout.markup import Node
from cli.layout.schema import ELEMENTS
from cli.layout.sizes import Paper


@dataclass(frozen=True)
class Part:
    document: Node
    bookmarks: tuple[tuple[str, int], ...] = ()  # outline entries (title, level) on the part's first page
    new_sheet: bool = False  # start on a fresh sheet of paper when printed duplex

    @property
    def pages(self) -> int:
        return len(self.document.children)


def page_ranges(parts: list[Part], duplex: bool) -> list[tuple[int, int]]:
    """First and last page number (1-based) of each part once assembled, blank pages included."""
    ranges, count = [], 0
    for part in parts:
        if duplex and part.new_sheet and count % 2 == 1:
            count += 1
        ranges.append((count + 1, count + part.pages))
        count += part.pages
    return ranges


def _with(node: Node, **attrs) -> Node:
    """A copy of the node with some attributes changed."""
    return Node(node.tag, {**node.attrs, **attrs}, node.lineno, node.children, node.text)


def make_document(pages: list[Node], **attrs) -> Node:
    """A <document> node around pages, defaults filled in as the parser would."""
    values = {name: spec.default for name, spec in ELEMENTS["document"].items()}
    values.update(attrs)
    return Node("document", values, 0, pages)


def assemble(parts: list[Part], paper: Paper, texts: Texts, sheets: bool = True, **attrs) -> Node:
    """One document of all parts in order; with `sheets` (duplex printing), a blank page keeps a
    new-sheet part off the back of the previous part."""
    blank = None
    pages: list[Node] = []
    for part in parts:
        if sheets and part.new_sheet and len(pages) % 2 == 1:
            blank = blank or build_document("blank.xml.j2", paper=paper, texts=texts).children[0]
            pages.append(blank)
        own = list(part.document.children)
        if part.bookmarks and own:
            own[0] = _with(own[0], outline=list(part.bookmarks))
        pages.extend(own)
    return make_document(pages, width=paper.width, height=paper.height, lang=texts.primary, **attrs)
