"""Turn layout markup (XML written by a template) into a validated tree of typed nodes.

Every problem is reported as one line naming the source, the markup line and what is wrong.
"""

import re
from typing import Any
from xml.parsers import expat

from cli.errors import MarkupError
from cli.layout.schema import CHILDREN, ELEMENTS, TEXT_ELEMENTS


class Node:
    """One markup element: its tag, typed attributes (also readable as node.x), children and text."""

    def __init__(self, tag: str, attrs: dict[str, Any], lineno: int,
                 children: list["Node"] | None = None, text: str = "") -> None:
        # Attributes read as plain Python attributes (node.x): fast, and typos fail loudly.
        self.__dict__.update(attrs)
        self.tag, self.attrs, self.lineno = tag, attrs, lineno
        self.children = children if children is not None else []
        self.text = text

    def __repr__(self) -> str:
        return f"Node({self.tag!r}, line {self.lineno}, {len(self.children)} children)"


def _squash(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


class _Builder:
    def __init__(self, source: str, parser: expat.XMLParserType) -> None:
        self.source, self.parser = source, parser
        self.stack: list[Node] = []
        self.root: Node | None = None

    def fail(self, message: str, line: int | None = None) -> MarkupError:
        return MarkupError(f"{self.source}, markup line {line or self.parser.CurrentLineNumber}: {message}")

    def start(self, tag: str, raw: dict[str, str]) -> None:
        line = self.parser.CurrentLineNumber
        if tag not in ELEMENTS:
            raise self.fail(f"unknown element <{tag}>")
        parent = self.stack[-1] if self.stack else None
        if parent is None and tag != "document":
            raise self.fail(f"the markup must start with <document>, not <{tag}>")
        if parent is not None and tag not in CHILDREN.get(parent.tag, ()):
            raise self.fail(f"<{tag}> cannot stand inside <{parent.tag}>")
        node = Node(tag, self._attributes(tag, raw), line)
        if parent is None:
            self.root = node
        else:
            parent.children.append(node)
        self.stack.append(node)

    def _attributes(self, tag: str, raw: dict[str, str]) -> dict[str, Any]:
        spec = ELEMENTS[tag]
        for name in raw:
            if name not in spec:
                raise self.fail(f"<{tag}> has no attribute '{name}'")
        values: dict[str, Any] = {}
        for name, attr in spec.items():
            if name not in raw:
                if attr.required:
                    raise self.fail(f"<{tag}> needs the attribute '{name}'")
                values[name] = attr.default
                continue
            try:
                values[name] = attr.convert(raw[name])
            except ValueError as error:
                raise self.fail(f"<{tag} {name}=\"{raw[name]}\">: {error}") from None
        return values

    def end(self, tag: str) -> None:
        node = self.stack.pop()
        node.text = _squash(node.text)

    def data(self, chunk: str) -> None:
        if not self.stack:
            return
        node = self.stack[-1]
        if node.tag in TEXT_ELEMENTS:
            node.text += chunk
        elif chunk.strip():
            raise self.fail(f"<{node.tag}> holds elements, not text ('{chunk.strip()[:30]}')")


def parse_markup(markup: str, source: str = "markup") -> Node:
    """The validated <document> tree of a markup string."""
    parser = expat.ParserCreate("utf-8")
    builder = _Builder(source, parser)
    parser.StartElementHandler = builder.start
    parser.EndElementHandler = builder.end
    parser.CharacterDataHandler = builder.data
    try:
        parser.Parse(markup, True)
    except expat.ExpatError as error:
        raise builder.fail(expat.errors.messages[error.code], error.lineno) from None
    if builder.root is None:
        raise builder.fail("empty markup", 1)
    return builder.root
