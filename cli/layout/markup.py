"""Turn layout markup (XML written by a template) into a validated tree of typed, located elements.

Each element is a small object of its tag's class (attributes in slots, defaults from the schema) that
remembers where it was written: `at` holds 'templates/x.xml.j2:31', or for an element written by a
macro 'templates/macros/m.xml.j2:12|templates/x.xml.j2:8' (the macro's line, then its caller's).
Every problem is reported as one line naming that place and quoting the element.
"""

import re
from typing import Any, ClassVar
from xml.parsers import expat

from cli.errors import ContentOverflow, MarkupError
from cli.layout.schema import CHILDREN, ELEMENTS, LAYOUT_SLOTS, TEXT_ELEMENTS

LOCATION = "_at"  # the hidden attribute the template loader adds to every element

# Counted limits: the same markup always passes or fails, whatever the machine.
MAX_DEPTH = 32
MAX_TEXT = 20_000  # characters in one element
MAX_ELEMENTS = 2_000_000  # in one markup document
MAX_PER_PAGE = 20_000  # elements on one page
MAX_PAGES = 20_000  # enough for a kit of 200 groups
REFERENCE = r"\{pages:(\d+):(\d+)\}"  # pages from part A's first to part B's last, written by the layout pass
# A paragraph holding a reference is wrapped with this in its place, the widest any reference prints within
# MAX_PAGES ('0' is the font's widest figure): the page numbers written in later never need another line.
WIDEST_SPAN = "0" * len(str(MAX_PAGES)) + "\u2013" + "0" * len(str(MAX_PAGES))
# Template whitespace collapses to one space; the no-break spaces typography wrote (U+00A0, U+202F) are
# text, not layout, and stay (str.split() would turn them into breakable spaces).
_LAYOUT_SPACE = re.compile(r"[ \t\n\r\f\v]+")


class Element:
    """One markup element. Subclasses (one per tag) add a slot per attribute."""

    __slots__ = ("children", "text", "at")
    tag: ClassVar[str] = ""
    FIELDS: ClassVar[tuple[str, ...]] = ()
    DEFAULTS: ClassVar[dict[str, Any]] = {}

    def __init__(self, at: str = "", children: list["Element"] | tuple = (), text: str = "", **values: Any) -> None:
        self.at, self.children, self.text = at, children, text
        for name, value in self.DEFAULTS.items():
            setattr(self, name, values.pop(name, value))
        for name, value in values.items():
            setattr(self, name, value)

    def copy(self, **changes: Any) -> "Element":
        """A shallow copy (children shared) with some slots changed."""
        twin = object.__new__(type(self))
        for name in _all_slots(type(self)):
            if hasattr(self, name):
                setattr(twin, name, getattr(self, name))
        for name, value in changes.items():
            setattr(twin, name, value)
        return twin

    def __repr__(self) -> str:
        return f"<{self.tag}> at {self.at} ({len(self.children)} children)"


def _all_slots(cls: type) -> tuple[str, ...]:
    return tuple(name for klass in cls.__mro__ for name in getattr(klass, "__slots__", ()))


def _element_class(tag: str) -> type[Element]:
    fields = tuple(ELEMENTS[tag])
    extra = LAYOUT_SLOTS.get(tag, ())
    defaults = {name: attr.default for name, attr in ELEMENTS[tag].items()}
    defaults.update(dict.fromkeys(extra))
    name = "".join(part.capitalize() for part in tag.split("_")) + "Element"
    return type(name, (Element,), {"__slots__": fields + extra, "tag": tag, "FIELDS": fields,
                                   "DEFAULTS": defaults})


CLASSES: dict[str, type[Element]] = {tag: _element_class(tag) for tag in ELEMENTS}


def make(tag: str, at: str = "", children: list[Element] | tuple = (), text: str = "", **values: Any) -> Element:
    """An element built in code, defaults filled in as the parser would."""
    return CLASSES[tag](at, children, text, **values)


def where(at: str) -> str:
    """'templates/m.xml.j2:12|templates/x.xml.j2:8' as 'templates/m.xml.j2 line 12 (called from …)'."""
    places = []
    for place in at.split("|"):
        file, _, line = place.rpartition(":")
        places.append(f"{file} line {line}" if file else place)
    if not places or not places[0]:
        return "markup"
    first, *callers = places
    return first + "".join(f" (called from {caller})" for caller in callers)


def quote(element: Element) -> str:
    """The element as a reader finds it in the template: its tag and the start of its text."""
    text = element.text if len(element.text) <= 30 else element.text[:29] + "…"
    return f"<{element.tag}>" + (f" '{text}'" if text else "")


def fail(element: Element, message: str, kind: type[MarkupError] = MarkupError) -> MarkupError:
    """One line naming where the element was written, the element and what is wrong.

    Text that does not fit and came from the user (the element's `input`) is named first.
    """
    said = f"{where(element.at)}: {quote(element)} {message}"
    given = element.input if kind is ContentOverflow and "input" in element.FIELDS else None
    if given:
        return kind(f"{given} '{element.text}' is too long for its place; shorten it ({said})")
    return kind(said)


class _Builder:
    def __init__(self, source: str, parser: expat.XMLParserType) -> None:
        self.source, self.parser = source, parser
        self.stack: list[Element] = []
        self.texts: list[list[str]] = []
        self.sizes: list[int] = []
        self.root: Element | None = None
        self.count = self.on_page = 0
        self.places: dict[str, str] = {}  # one string per place, shared by its elements
        self.values: dict[tuple[str, str, str], Any] = {}  # converted attribute values, reused
        self.limit_length = 2000.0
        self.symbols: dict[str, Element] = {}

    def place(self, raw: str | None) -> str:
        if raw is None:
            raw = f"{self.source}:{self.parser.CurrentLineNumber}"
        return self.places.setdefault(raw, raw)

    def fail(self, message: str, at: str | None = None) -> MarkupError:
        return MarkupError(f"{where(at or self.place(None))}: {message}")

    def start(self, tag: str, raw: dict[str, str]) -> None:
        at = self.place(raw.pop(LOCATION, None))
        if tag not in ELEMENTS:
            raise self.fail(f"unknown element <{tag}>", at)
        parent = self.stack[-1] if self.stack else None
        if parent is None and tag != "document":
            raise self.fail(f"the markup must start with <document>, not <{tag}>", at)
        if parent is not None and tag not in CHILDREN.get(parent.tag, ()):
            raise self.fail(f"<{tag}> cannot stand inside <{parent.tag}>", at)
        if tag == "flow" and parent is not None and parent.tag == "group" and "thread" in raw:
            raise self.fail("a <flow> with a thread stands on its page, not inside <group>", at)
        if parent is not None and "repeat" in (tag, parent.tag):
            self._check_repeat(tag, parent, at)
        self._count(tag, at)
        element = object.__new__(CLASSES[tag])
        element.at, element.children, element.text = at, (), ""
        self._attributes(element, raw)
        if tag == "use":
            element.symbol = self.symbols.get(element.ref)
            if element.symbol is None:
                raise self.fail(f"<use ref=\"{element.ref}\"> names no <symbol> written before it", at)
        if parent is None:
            self.root = element
            self.limit_length = max(element.width, element.height)
        elif tag == "symbol":
            pass  # kept apart from the pages; <use> elements hold it
        elif parent.children:
            parent.children.append(element)
        else:
            parent.children = [element]
        self.stack.append(element)
        self.texts.append([])
        self.sizes.append(0)

    def _check_repeat(self, tag: str, parent: Element, at: str) -> None:
        """A <repeat> holds what its own parent may hold (blocks or rows), and a table's stands in a
        figure: the layout pass fills a flow, so a repeat outside one could never be filled."""
        outer = self.stack[-2] if len(self.stack) > 1 else None
        if parent.tag == "repeat" and tag not in CHILDREN.get(outer.tag, ()):
            raise self.fail(f"<{tag}> cannot stand inside a <repeat> in <{outer.tag}>", at)
        if tag == "repeat" and parent.tag == "table" and (outer is None or outer.tag != "figure"):
            raise self.fail("a table's <repeat> must stand in a <figure> of a <flow>", at)

    def _count(self, tag: str, at: str) -> None:
        self.count += 1
        self.on_page = 0 if tag == "page" else self.on_page + 1
        if len(self.stack) >= MAX_DEPTH:
            raise self.fail(f"<{tag}> is nested more than {MAX_DEPTH} deep", at)
        if self.count > MAX_ELEMENTS:
            raise self.fail(f"the markup holds more than {MAX_ELEMENTS} elements", at)
        if self.on_page > MAX_PER_PAGE:
            raise self.fail(f"a page holds more than {MAX_PER_PAGE} elements", at)
        if tag == "page" and len(self.root.children) >= MAX_PAGES:
            raise self.fail(f"the markup holds more than {MAX_PAGES} pages", at)

    def _attributes(self, element: Element, raw: dict[str, str]) -> None:
        tag = element.tag
        spec = ELEMENTS[tag]
        for name in raw:
            if name not in spec:
                raise self.fail(f"<{tag}> has no attribute '{name}'", element.at)
        for name, default in element.DEFAULTS.items():
            setattr(element, name, default)
        values = self.values
        for name, text in raw.items():
            key = (tag, name, text)
            value = values.get(key, values)
            if value is values:
                try:
                    value = values[key] = spec[name].convert(text)
                except ValueError as error:
                    raise self.fail(f"<{tag} {name}=\"{text}\">: {error}", element.at) from None
            setattr(element, name, value)
        for name, attr in spec.items():
            if attr.required and name not in raw:
                raise self.fail(f"<{tag}> needs the attribute '{name}'", element.at)
        if tag == "ruler" and element.length > self.limit_length:
            raise self.fail(f"<ruler length=\"{element.length:g}\"> is longer than the page", element.at)

    def end(self, tag: str) -> None:
        element = self.stack.pop()
        if tag == "symbol":
            if element.id in self.symbols:
                raise self.fail(f"<symbol id=\"{element.id}\"> is written twice", element.at)
            self.symbols[element.id] = element
        chunks = self.texts.pop()
        self.sizes.pop()
        if chunks:
            element.text = _LAYOUT_SPACE.sub(" ", "".join(chunks)).strip(" ")

    def data(self, chunk: str) -> None:
        if not self.stack:
            return
        element = self.stack[-1]
        if element.tag in TEXT_ELEMENTS:
            self.texts[-1].append(chunk)  # joined once at the end: linear in the text's length
            self.sizes[-1] += len(chunk)
            if self.sizes[-1] > MAX_TEXT:
                raise self.fail(f"<{element.tag}> holds more than {MAX_TEXT} characters of text", element.at)
        elif chunk.strip():
            raise self.fail(f"<{element.tag}> holds elements, not text ('{chunk.strip()[:30]}')", element.at)

    def refuse_doctype(self, *args: object) -> None:
        raise self.fail("a DOCTYPE or entity declaration is not allowed in markup")


def _last_place(markup: str, line: int) -> str | None:
    """The template place of the last element written before a markup line (for XML syntax errors)."""
    end = 0
    for _ in range(line):
        end = markup.find("\n", end) + 1
        if end == 0:
            end = len(markup)
            break
    start = markup.rfind(f'{LOCATION}="', 0, end)
    if start < 0:
        return None
    start += len(LOCATION) + 2
    return markup[start:markup.find('"', start)]


def parse_markup(markup: str, source: str = "markup") -> Element:
    """The validated <document> tree of a markup string."""
    parser = expat.ParserCreate("utf-8")
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    builder = _Builder(source, parser)
    parser.StartElementHandler = builder.start
    parser.EndElementHandler = builder.end
    parser.CharacterDataHandler = builder.data
    parser.StartDoctypeDeclHandler = builder.refuse_doctype
    parser.EntityDeclHandler = builder.refuse_doctype
    parser.buffer_text = True
    try:
        parser.Parse(markup, True)
    except expat.ExpatError as error:
        near = _last_place(markup, error.lineno) or f"{source}:{error.lineno}"
        raise MarkupError(f"{where(near)}: {expat.errors.messages[error.code]}") from None
    finally:  # the parser holds the builder's methods and the builder the parser: a cycle that kept every
        builder.parser = None  # parsed tree alive until the next garbage collection (a kit's peak memory)
    if builder.root is None:
        raise MarkupError(f"{source}: empty markup")
    return builder.root
