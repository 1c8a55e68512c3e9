"""A document's first part laid out after the others: a contents that names their real pages.

The parts after the first never depend on it: they start on a new sheet (on a front, printed duplex) and nothing in
them refers to a page. So the document is laid out once with a stand-in first part, and the contents is made
afterwards from the pages the others really have, sized for the numbers it will print rather than for the widest
they could be. Its own length moves the others' pages (and, duplex, whether a blank back follows it): it is made for
a length, and made again when it turns out longer or shorter.
"""

from collections.abc import Callable

from cli.errors import MarkupError
from cli.layout.markup import MAX_PAGES, Element
from cli.layout.measure import Metrics
from cli.layout.pagination import LaidOut, lay_out, part_ranges

Ranges = dict[int, tuple[int, int]]  # a part's first and last page, numbered from 1
Span = Callable[[int, int], str]  # the pages of parts first to last as the pass writes them: '3–13', '7'
ATTEMPTS = 3  # lengths a contents is made for before the last one made is kept
ELSEWHERE = MAX_PAGES  # a reference to part ELSEWHERE + k names part k of a document laid out before (`elsewhere`)


def span_text(ranges: Ranges) -> Span:
    """What the pass writes for `page_span(first, last)`, given the parts' pages."""
    def span(first: int, last: int) -> str:
        start, end = ranges[first][0], ranges[last][1]
        return f"{start}" if start == end else f"{start}–{end}"

    return span


def elsewhere(laid: LaidOut) -> Callable[[int], Ranges]:
    """`known` for a document laid out after `laid` whose references name `laid`'s parts (a kit's answer keys in
    a file of their own, its guide naming the kit file's pages): part ELSEWHERE + k is `laid`'s part k."""
    ranges = {ELSEWHERE + part: span for part, span in part_ranges(laid.children).items()}
    return lambda count: ranges


def with_contents(laid: LaidOut, make: Callable[[Span], Element], metrics: Metrics) -> LaidOut:
    """`laid` (its part 0 a stand-in) with part 0 made by `make` (its pages marked part 0) for the pages the other
    parts have once it stands before them, and laid out: its references resolved to those pages, whatever length
    it takes."""
    pages = laid.children
    body = pages[next(index for index, page in enumerate(pages) if page.part not in (None, 0)):]
    own = part_ranges(body)
    sheets = bool(laid.sheets) and body[0].new_sheet  # duplex: the other parts start on a front

    def ranges(count: int) -> Ranges:
        before = count + count % 2 if sheets else count
        return {part: (first + before, last + before) for part, (first, last) in own.items()}

    count = 1
    for _ in range(ATTEMPTS):
        contents = lay_out(make(span_text({0: (1, count), **ranges(count)})), metrics, known=ranges)
        if len(contents.children) == count:
            break
        count = len(contents.children)
    made = contents.children
    blank = [laid.blank] if sheets and len(made) % 2 else []
    if len(made) + len(blank) + len(body) > MAX_PAGES:
        raise MarkupError(f"the document needs more than {MAX_PAGES} pages with its contents")
    return LaidOut(laid.document.copy(children=[*made, *blank, *body]))
