"""Read a laid-out document (the layout pass's final tree, `LaidOut`) as tests read its PDF: the outline,
each page's text, whether a page draws anything.

The tree holds every page, line and position the PDF is drawn from, so a promise about structure (parts,
page ranges, blank backs, which page faces which, page numbers) is asserted here at a fraction of the cost
of drawing the kit and reading it back; a few end-to-end tests per promise read the real PDF
(`tests/pdfcheck.py`) and keep the drawing honest.
"""

from collections.abc import Iterator

from cli.layout.markup import Element

GRAPHICS = frozenset({"rect", "line", "shape", "hatch", "ruler", "tint", "use", "table"})


def outline(laid) -> list[tuple[int, str, int]]:
    """(depth, title, page number) of every outline entry, as the PDF's outline reads: `render_pdf` never
    lets an entry skip a level, so neither does this."""
    entries, depth = [], -1
    for number, page in enumerate(laid.children, start=1):
        marks = page.outline or ([(page.bookmark, page.level)] if page.bookmark else [])
        for title, wanted in marks:
            depth = min(wanted, depth + 1)
            entries.append((depth, title, number))
    return entries


def part_starts(laid) -> dict[str, int]:
    """Each top-level part's title and first page."""
    return {title: page for depth, title, page in outline(laid) if depth == 0}


def _strings(element: Element, number: int, total: int) -> Iterator[str]:
    """The strings an element draws, in drawing order (a table cell's runs joined by a space)."""
    tag = element.tag
    if tag == "text" and element.text:
        yield element.text
    elif tag == "pageno":
        if not (total == 1 and "{pages}" in element.format):  # as the painter: no "1 / 1"
            yield element.format.replace("{page}", str(number)).replace("{pages}", str(total))
    elif tag in ("para", "heading", "p"):
        if tag == "p" and element.bullet:
            yield element.bullet
        yield from element.lines
    elif tag == "cell":
        yield from (" ".join(text for text, _ in runs) for runs in (element.lines or ()))
    elif tag == "use":
        for child in element.symbol.children:
            yield from _strings(child, number, total)
    else:  # page, group, flow, figure, columns, column, table, row: their children
        for child in element.children:
            yield from _strings(child, number, total)


NO_BREAK = str.maketrans({"\u00a0": " ", "\u202f": " "})  # a PDF's text reads them as spaces


def cover_pages(laid) -> list[int]:
    """The 0-based indexes of the kit's cover pages (its part 0)."""
    return [index for index, page in enumerate(laid.children) if page.part == 0]


def contents_fits(laid) -> set[float]:
    """The type sizes of the kit cover's contents tables (its three-column tables), on every page of the cover."""
    def walk(node: Element) -> Iterator[Element]:
        yield node
        for child in node.children:
            yield from walk(child)

    return {cell.fit for index in cover_pages(laid) for node in walk(laid.children[index])
            if node.tag == "table" and len(node.widths) == 3
            for row in node.children for cell in row.children if cell.fit}


def page_strings(laid, index: int) -> list[str]:
    """The strings page `index` (0-based) draws, its "n / N" filled in; no-break spaces read as spaces, as
    in the PDF's text."""
    return [text.translate(NO_BREAK) for text in _strings(laid.children[index], index + 1, len(laid.children))]


def page_text(laid, index: int) -> str:
    """Page `index`'s strings, one a line (a wrapped paragraph: one line per laid-out line)."""
    return "\n".join(page_strings(laid, index))


def texts(laid) -> list[str]:
    """Every page's `page_text`."""
    return [page_text(laid, index) for index in range(len(laid.children))]


def draws_nothing(page: Element) -> bool:
    """A page with no text and no drawing on it (a silently empty page)."""
    def drawn(element: Element) -> bool:
        if element.tag in GRAPHICS or element.tag == "pageno":
            return True
        if element.tag == "text" and element.text or element.tag in ("para", "heading", "p") and element.lines:
            return True
        return any(drawn(child) for child in element.children)

    return not drawn(page)
