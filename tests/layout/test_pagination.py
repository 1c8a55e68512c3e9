"""The layout pass on its own: flows that make pages, keep-with-next, and every overflow it refuses.

Text is measured by a stand-in font: every character is 1 mm wide at any size, lines break between
words, and a line is 10 pt x 1.25 = 12.5 pt = 4.41 mm tall. So the arithmetic in each test can be
checked by hand.
"""

import pytest

from cli.errors import ContentOverflow, MarkupError
from cli.layout import pagination
from cli.layout.markup import parse_markup
from cli.layout.measure import Metrics
from cli.layout.pagination import lay_out, page_span

LINE = 10 * 1.25 * 25.4 / 72  # mm: one line of 10 pt text


def width(text: str, size: float, face: str) -> float:
    return float(len(text))


def wrap(text: str, size: float, limit: float, face: str) -> list[str]:
    lines: list[str] = []
    for word in text.split():
        if lines and len(lines[-1]) + 1 + len(word) <= limit:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


METRICS = Metrics(width, wrap)


def doc(body: str, pages: str = "") -> str:
    return f'<document title="t" width="100" height="100">{pages or f"<page>{body}</page>"}</document>'


def laid(markup: str):
    return lay_out(parse_markup(markup, source="templates/t.xml.j2"), METRICS)


def blocks(count: int, word: str = "aaaa") -> str:
    return "".join(f"<p>{word}{i:03d}</p>" for i in range(count))


# -- flows make the pages they need ---------------------------------------------------------------
def test_a_threaded_flow_repeats_its_last_page_as_often_as_its_content_needs():
    # each <p> is one line (4.41 mm) + gap 2 mm = 6.41 mm; a 40 mm flow holds 6 (6 x 6.41 - 2 = 36.5)
    page = '<page><text x="5" y="5">head</text><flow thread="b" x="5" y="10" w="80" h="40">{}</flow></page>'
    result = laid(doc("", page.format(blocks(24))))
    shares = [len(p.children[1].children) for p in result.children]
    assert shares == [6, 6, 6, 6]
    assert all(p.children[0].text == "head" for p in result.children)  # the page's furniture repeats


def test_an_optional_page_left_empty_is_dropped():
    pages = ('<page><flow thread="b" x="5" y="10" w="80" h="40">' + blocks(3) + '</flow></page>'
             '<page optional="yes"><flow thread="b" x="5" y="10" w="80" h="40"/></page>')
    assert len(laid(doc("", pages)).children) == 1


def test_threads_of_different_parts_never_mix():
    from cli.layout.markup import make

    one, two = (parse_markup(doc("", '<page><flow thread="b" x="5" y="10" w="80" h="40">'
                                     + blocks(4) + '</flow></page>')).children[0] for _ in range(2))
    document = make("document", title="t", width=100.0, height=100.0,
                    children=[one.copy(part=1), two.copy(part=2)])
    assert [len(p.children[0].children) for p in lay_out(document, METRICS).children] == [4, 4]


def test_keep_with_next_moves_a_heading_that_would_end_a_flow():
    # 5 paragraphs fill 5 x 6.41 - 2 = 30.05 mm; a heading (4.41 + 1.5 space) still fits the 40 mm
    # flow, but its paragraph would not: the heading moves to the next page with it. (Four paragraphs
    # more make the next page no short tail.)
    page = ('<page><flow thread="b" x="5" y="10" w="80" h="40">' + blocks(5)
            + "<heading>Title</heading><p>after</p>" + blocks(4) + "</flow></page>")
    first, second = laid(doc("", page)).children
    assert [b.tag for b in first.children[0].children] == ["p"] * 5
    assert [b.text for b in second.children[0].children][:2] == ["Title", "after"]


def test_a_heading_never_ends_a_page_even_after_several_headings():
    page = ('<page><flow thread="b" x="5" y="10" w="80" h="40">' + blocks(4)
            + "<heading>One</heading><heading>Two</heading><p>after</p>" + blocks(3) + "</flow></page>")
    first, second = laid(doc("", page)).children
    assert first.children[0].children[-1].tag == "p"
    assert [b.text for b in second.children[0].children][:3] == ["One", "Two", "after"]


# -- the thread's last page is no short tail --------------------------------------------------------
def shares(markup: str) -> list[list[str]]:
    """Each page's blocks (tag, or a paragraph's text) of a laid-out threaded document."""
    return [[b.text if b.tag == "p" else b.tag for b in flow.children]
            for page in laid(doc("", markup)).children for flow in page.children if flow.tag == "flow"]


def threaded(body: str, h: float = 40) -> str:
    return f'<page><flow thread="b" x="5" y="10" w="80" h="{h}">{body}</flow></page>'


def test_a_short_last_page_takes_blocks_from_the_page_before_while_that_page_keeps_as_much():
    # 6 one-line paragraphs fit a page: 8 would leave 2 alone; 4 and 4 (the page gives while it keeps as many
    # lines as the last page gets: 5 and 3, then 4 and 4; 3 and 5 would turn the short page round)
    assert [len(page) for page in shares(threaded(blocks(8)))] == [4, 4]
    assert [len(page) for page in shares(threaded(blocks(12)))] == [6, 6]  # a full last page stays


def test_a_page_that_keeps_six_lines_gives_a_short_tail_more_than_it_keeps():
    # 6 lines and a paragraph of 5 fill the page, 2 lines are left: the 5 move over to them, the page keeping 6
    body = blocks(6) + "<p>" + " ".join(["w"] * 200) + "</p>" + blocks(2, "bbbb")  # 40 one-letter words a line
    assert [len(page) for page in shares(threaded(body, h=62))] == [6, 3]


def test_a_last_page_of_six_lines_is_no_short_tail():
    body = blocks(6) + "<p>" + " ".join(["w"] * 240) + "</p>"  # 40 one-letter words a line: 6 lines
    assert [len(page) for page in shares(threaded(body))] == [6, 1]


def test_a_figure_is_never_a_short_tail():
    assert [len(page) for page in shares(threaded(blocks(6) + '<figure h="10"/>'))] == [6, 1]


def test_a_heading_left_last_by_the_tail_goes_on_with_it():
    # 3 paragraphs, a heading and 2 of its 4 paragraphs fill the page; the 2 left over are a short tail, so
    # its paragraphs follow them, and the heading, left last on the page, goes on with what it heads
    pages = shares(threaded(blocks(3) + "<heading>H</heading>" + blocks(4, "bbbb")))
    assert pages == [["aaaa000", "aaaa001", "aaaa002"], ["heading", "bbbb000", "bbbb001", "bbbb002", "bbbb003"]]


def test_a_page_head_shows_only_where_it_opens_a_page_and_costs_nothing_elsewhere():
    # figures of 10 mm, gap 2: a 40 mm page holds 3 (34 mm); a page head (8 mm) before each but the first
    # shows on the second page's top only (the first page keeps its 3 figures, its heads taking no room)
    head = '<figure h="8" page_head="yes"/>'
    body = '<figure h="10"/>' + (head + '<figure h="10"/>') * 4
    pages = laid(doc("", threaded(body))).children
    assert [[(b.h, b.page_head) for b in page.children[0].children] for page in pages] == [
        [(10, False)] * 3, [(8, True), (10, False), (10, False)]]


def test_a_page_head_never_ends_a_page():
    # 3 paragraphs (17.2 mm), a head and a 20 mm figure: the figure does not fit, the head goes on with it
    body = blocks(3) + '<figure h="8" page_head="yes"/><figure h="20"/>'
    assert shares(threaded(body, h=30)) == [["aaaa000", "aaaa001", "aaaa002"], ["figure", "figure"]]


def test_a_page_break_inside_a_page_leaves_no_tail_rule():
    # two flows of one thread on a page: the first's end is no page break, it fills as far as it goes
    page = ('<page><flow thread="b" x="5" y="10" w="80" h="40">' + blocks(8) + '</flow>'
            '<flow thread="b" x="5" y="55" w="80" h="40"/></page>')
    assert [len(flow) for flow in shares(page)] == [6, 2]


def test_blocks_are_placed_top_down_with_gaps():
    result = laid(doc('<flow x="5" y="10" w="80" h="40" gap="2"><heading space="1">H</heading>'
                      '<p indent="3">a</p><figure h="7"/><p>b</p></flow>'))
    heading, p, figure, last = result.children[0].children[0].children
    assert (heading.left, heading.top) == (5, 10)
    assert p.left == 8 and p.top == pytest.approx(10 + LINE + 1)
    assert figure.top == pytest.approx(10 + 2 * LINE + 1 + 2)
    assert last.top == pytest.approx(figure.top + 7 + 2)


# -- every overflow is refused, naming the template line -----------------------------------------
def test_a_flow_whose_content_is_taller_than_its_box_is_refused():
    # 7 lines: 7 x 4.41 + 6 x 2 = 42.9 mm in a 40 mm box
    with pytest.raises(ContentOverflow) as caught:
        laid(doc(f'<flow x="5" y="10" w="80" h="40">{blocks(7)}</flow>'))
    assert str(caught.value) == ("templates/t.xml.j2 line 1: <flow> does not fit its box "
                                 "(needs 42.9 mm, has 40.0 mm)")


def test_a_block_taller_than_every_page_of_its_thread_is_refused():
    page = '<page><flow thread="b" x="5" y="10" w="6" h="40"><p>{}</p></flow></page>'
    with pytest.raises(ContentOverflow) as caught:
        laid(doc("", page.format(" ".join(["word"] * 10))))  # a word a line: 10 x 4.41 = 44.1 mm
    assert "<p> 'word word word word word word…' is 44.1 mm tall but its flow" in str(caught.value)


def test_a_para_taller_than_its_box_is_refused():
    with pytest.raises(ContentOverflow) as caught:
        laid(doc('<para x="5" y="5" w="6" h="8">one two three</para>'))  # 3 lines: 13.2 mm
    assert str(caught.value) == ("templates/t.xml.j2 line 1: <para> 'one two three' does not fit its "
                                 "box (needs 13.2 mm, has 8.0 mm)")


def test_a_para_that_fits_gets_its_lines():
    result = laid(doc('<para x="5" y="5" w="6" h="9">one two</para>'))
    assert result.children[0].children[0].lines == ["one", "two"]


def test_a_cell_whose_text_cannot_fit_even_smaller_is_refused():
    table = ('<table x="5" y="5" widths="10.4"><row h="5"><cell>{}</cell></row></table>')
    laid(doc(table.format("eight ch")))  # 8 mm in 10.4 - 2 x 1.2 = 8 mm: fits
    with pytest.raises(ContentOverflow) as caught:
        laid(doc(table.format("nine char")))  # one line of 9 mm, or 2 lines (too tall for 5 mm)
    assert "<cell> 'nine char' does not fit its 8.0 x 5.0 mm cell, even at 6.0 pt" in str(caught.value)


def test_a_cell_with_user_input_names_the_input_first():
    table = '<table x="5" y="5" widths="10"><row h="5"><cell input="player name">Bartholomew</cell></row></table>'
    with pytest.raises(ContentOverflow) as caught:
        laid(doc(table))
    assert str(caught.value).startswith("player name 'Bartholomew' is too long for its place; shorten it "
                                        "(templates/t.xml.j2 line 1: <cell>")


def test_a_row_with_more_cells_than_columns_is_refused():
    with pytest.raises(MarkupError) as caught:
        laid(doc('<table x="5" y="5" widths="10 10"><row h="5"><cell/><cell/><cell>x</cell></row></table>'))
    assert "<cell> 'x' is one cell too many: the table has 2 columns" in str(caught.value)


@pytest.mark.parametrize(("x", "align"), [(-1, "left"), (95, "left"), (2.9, "center"), (97.1, "center"),
                                          (5, "right")])
def test_text_running_off_the_paper_is_refused(x, align):
    with pytest.raises(ContentOverflow) as caught:
        laid(doc(f'<text x="{x}" y="5" align="{align}">sixsix</text>'))  # 6 mm wide on a 100 mm page
    assert "runs off the 100 mm wide page" in str(caught.value)


def test_text_inside_the_paper_is_fine():
    laid(doc('<text x="0" y="5">sixsix</text><text x="100" y="9" align="right">sixsix</text>'))


def test_a_document_longer_than_the_page_limit_is_refused(monkeypatch):
    monkeypatch.setattr(pagination, "MAX_PAGES", 3)
    page = '<page><flow thread="b" x="5" y="10" w="80" h="10">{}</flow></page>'  # one block a page
    laid(doc("", page.format(blocks(3))))
    with pytest.raises(MarkupError) as caught:
        laid(doc("", page.format(blocks(4))))
    assert "the document needs more than 3 pages" in str(caught.value)


# -- references, page numbers, new sheets --------------------------------------------------------
def assembled(*part_pages: int, sheets: bool = False, new_sheet: tuple[int, ...] = (),
              shares_back: tuple[int, ...] = ()):
    from cli.layout.markup import make

    blank = make("page", text="", children=[])
    pages = []
    for part, count in enumerate(part_pages):
        for index in range(count):
            body = parse_markup(doc('<text x="5" y="5">x</text>')).children[0]
            pages.append(body.copy(part=part, new_sheet=index == 0 and part in new_sheet,
                                   shares_back=index == 0 and part in shares_back))
    document = make("document", title="t", width=100.0, height=100.0, children=pages)
    document.sheets, document.blank = sheets, blank
    return document, blank


def test_a_new_sheet_part_never_starts_on_a_back():
    document, blank = assembled(1, 2, 1, sheets=True, new_sheet=(1, 2))
    pages = lay_out(document, METRICS).children
    assert [p.part if p is not blank else "blank" for p in pages] == [0, "blank", 1, 1, 2]


def test_a_one_page_part_that_may_share_a_back_takes_the_empty_back():
    # parts of 1, 1, 1, 2, 1 pages, each on a new sheet, parts 1, 3 and 4 allowed to share: part 1 takes part
    # 0's empty back; part 2 starts a sheet; part 3 (two pages) would straddle two sheets, so a blank keeps it
    # on a front; part 4 finds no empty back (part 3 fills its sheet) and starts the next
    document, blank = assembled(1, 1, 1, 2, 1, sheets=True, new_sheet=(1, 2, 3, 4), shares_back=(1, 3, 4))
    pages = lay_out(document, METRICS).children
    assert [p.part if p is not blank else "blank" for p in pages] == [0, 1, 2, "blank", 3, 3, 4]


def test_page_references_name_the_parts_final_pages():
    document, _ = assembled(1, 2, 3, sheets=True, new_sheet=(1, 2))
    cover = document.children[0].children[0]
    cover.text = f"cover {page_span(0, 0)}, second {page_span(1, 1)}, rest {page_span(1, 2)}"
    lay_out(document, METRICS)
    assert cover.text == "cover 1, second 3–4, rest 3–7"  # a blank page 2 keeps part 1 off a back


def test_a_page_reference_to_a_part_without_pages_is_refused():
    document, _ = assembled(1)
    document.children[0].children[0].text = page_span(0, 4)
    with pytest.raises(MarkupError, match="refers to part 4, which has no pages"):
        lay_out(document, METRICS)


# -- a block kept together, a paragraph's own space ---------------------------------------------------
def test_a_block_kept_together_goes_to_the_next_page_whole_where_it_fits_there():
    together = "<columns><column>" + blocks(4, "bbbb") + "</column></columns>"  # 4 x 6.41 - 2 = 23.6 mm
    assert [len(page) for page in shares(threaded(blocks(3) + together))] == [3, 1]


def test_a_block_kept_together_that_no_page_holds_flows_on_instead_of_being_refused():
    together = "<columns><column>" + blocks(8, "bbbb") + "</column></columns>"  # 49.3 mm: more than a page
    assert shares(threaded(blocks(2) + together)) == [  # the page before takes what it can of it
        ["aaaa000", "aaaa001", "bbbb000", "bbbb001", "bbbb002"], [f"bbbb00{i}" for i in range(3, 8)]]
    with pytest.raises(ContentOverflow, match="<figure> is 50.0 mm tall"):  # a figure still cannot split
        laid(doc("", threaded('<figure h="50"/>')))


def test_a_paragraph_with_its_own_space_sits_that_far_from_the_next():
    first, second, third = laid(doc("", threaded('<p space="0.5">one</p><p>two</p><p>three</p>'))).children[0] \
        .children[0].children
    assert second.top - first.top == pytest.approx(LINE + 0.5)
    assert third.top - second.top == pytest.approx(LINE + 2.0)  # the flow's gap


def test_a_paragraph_holds_a_page_reference_wrapped_as_the_widest_span_it_could_print():
    """The pass writes the pages once every flow is poured: the paragraph was wrapped with the widest span a
    reference can print in its place (00000–00000), so the numbers never need another line."""
    document, _ = assembled(1, 2)
    flow = parse_markup(doc(f'<flow x="0" y="0" w="14" h="50"><p>see {page_span(1, 1)} now, and '
                            f'{page_span(0, 1)}</p></flow>')).children[0].children[0]
    document.children[0].children = [flow]
    lay_out(document, METRICS)
    assert flow.children[0].lines == ["see", "2–3", "now, and", "1–3"]  # "see 2–3 now," would fit 14 characters
    assert flow.children[0].text == "see 2–3 now, and 1–3"


def test_a_heading_cannot_hold_a_page_reference():
    document, _ = assembled(1)
    flow = parse_markup(doc(f'<flow x="0" y="0" w="14" h="50"><heading>see {page_span(0, 0)}</heading>'
                            '<p>text</p></flow>')).children[0].children[0]
    document.children[0].children = [flow]
    with pytest.raises(MarkupError, match="cannot hold a page reference"):
        lay_out(document, METRICS)
