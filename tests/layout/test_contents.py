"""A first part made after the others are laid out (cli/layout/contents.py): it is measured with the page numbers it
will show, and its own length moves them. Stand-in text as in test_pagination: every character 1 mm wide."""

import pytest

from cli.layout.contents import with_contents
from cli.layout.markup import make, parse_markup
from cli.layout.pagination import lay_out, page_span
from tests.layout.test_pagination import METRICS, assembled, doc


def contents(pages: int, said: list[str]):
    """A maker of a contents of `pages` pages, each naming part 1's and part 2's pages, that notes what `span`
    told it (what the template measures)."""
    def make_contents(span) -> object:
        said.append(f"{span(1, 1)} / {span(2, 2)}")
        made = parse_markup(doc("", "<page/>" * pages)).children
        for page in made:
            page.children = [make("text", x=5.0, y=5.0, text=f"{page_span(1, 1)} / {page_span(2, 2)}")]
        return make("document", title="t", width=100.0, height=100.0,
                    children=[page.copy(part=0) for page in made])

    return make_contents


@pytest.mark.parametrize(("pages", "sheets", "expected"), [
    (1, True, "3–4 / 5–7"),  # duplex: the contents and its blank back, then part 1 on a front
    (2, True, "3–4 / 5–7"),  # its second page takes the back: nothing moves
    (3, True, "5–6 / 7–9"),  # a third page and its blank back: two pages more
    (1, False, "2–3 / 4–6"),
    (3, False, "4–5 / 6–8"),
])
def test_the_contents_names_the_pages_the_parts_have_once_it_stands_before_them(pages, sheets, expected):
    document, blank = assembled(1, 2, 3, sheets=sheets, new_sheet=(1, 2) if sheets else ())
    said: list[str] = []
    laid = with_contents(lay_out(document, METRICS), contents(pages, said), METRICS)
    assert [page.part if page is not blank else "blank" for page in laid.children][:pages + 1] == \
        [0] * pages + ["blank" if sheets and pages % 2 else 1]
    assert {page.children[0].text for page in laid.children[:pages]} == {expected}
    assert said[-1] == expected  # what it was measured with is what it shows
    assert len(said) == (1 if pages == 1 else 2)  # made for one page, then again for its own length
