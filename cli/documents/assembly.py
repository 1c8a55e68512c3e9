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
    bookmark: str | None = None
    level: int = 0
    new_sheet: bool = False  # start on a fresh sheet of paper when printed duplex


def _with(node: Node, **attrs) -> Node:
    """A copy of the node with some attributes changed."""
    return Node(node.tag, {**node.attrs, **attrs}, node.lineno, node.children, node.text)


def make_document(pages: list[Node], **attrs) -> Node:
    """A <document> node around pages, defaults filled in as the parser would."""
    values = {name: spec.default for name, spec in ELEMENTS["document"].items()}
    values.update(attrs)
    return Node("document", values, 0, pages)


def assemble(parts: list[Part], paper: Paper, texts: Texts, **attrs) -> Node:
    """One document of all parts in order; a blank page keeps a new-sheet part off a back side."""
    blank = None
    pages: list[Node] = []
    for part in parts:
        if part.new_sheet and len(pages) % 2 == 1:
            blank = blank or build_document("blank.xml.j2", paper=paper, texts=texts).children[0]
            pages.append(blank)
        own = list(part.document.children)
        if part.bookmark and own:
            own[0] = _with(own[0], bookmark=part.bookmark, level=part.level)
        pages.extend(own)
    return make_document(pages, width=paper.width, height=paper.height, lang=texts.primary, **attrs)
