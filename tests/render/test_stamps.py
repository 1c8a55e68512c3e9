"""Repeated drawings found once: runs of the same elements on several pages become one form each."""

import pypdfium2

from cli.layout.markup import make
from cli.layout.pagination import lay_out
from cli.render.pdf import render_pdf
from cli.render.stamps import Stamps
from cli.render.text import METRICS


def _text(words: str, y: float = 20.0):
    return make("text", x=20.0, y=y, text=words)


def test_a_run_shared_by_two_pages_is_one_stamp_and_the_page_number_stays_apart():
    frame, rule, number = _text("Frame"), make("line", x1=10.0, y1=30.0, x2=100.0, y2=30.0), make("pageno", x=100.0,
                                                                                                    y=280.0)
    own = _text("Only here", 40.0)
    pages = [make("page", children=[frame, rule, number, own]), make("page", children=[frame, rule, number]),
             make("page", children=[own])]
    stamps = Stamps(pages)
    first = list(stamps.pieces(pages[0].children))
    assert first == [((id(frame), id(rule)), [frame, rule]), (None, [number]), ((id(own),), [own])]
    assert [key for key, _ in stamps.pieces(pages[1].children)] == [(id(frame), id(rule)), None]
    assert list(stamps.pieces(pages[2].children)) == [((id(own),), [own])]


def test_a_run_found_on_one_page_only_is_drawn_in_place():
    frame, rule = _text("Frame"), make("line", x1=10.0, y1=30.0, x2=100.0, y2=30.0)
    pages = [make("page", children=[frame, rule]), make("page", children=[frame, _text("Between"), rule])]
    stamps = Stamps(pages)  # both elements stand on both pages, but never as the same run twice
    assert [key for key, _ in stamps.pieces(pages[0].children)] == [None, None]


def test_an_element_holding_the_page_number_is_never_stamped():
    header = make("group", children=[_text("Title"), make("pageno", x=100.0, y=280.0)])
    pages = [make("page", children=[header]) for _ in range(2)]
    assert list(Stamps(pages).pieces(pages[0].children)) == [(None, [header])]


def test_stamped_pages_keep_their_own_page_numbers_and_text():
    frame = _text("Frame")
    pages = [make("page", children=[frame, make("pageno", x=100.0, y=280.0, format="{page} / {pages}")])
             for _ in range(3)]
    document = make("document", children=pages, width=210.0, height=297.0, title="t")
    pdf = pypdfium2.PdfDocument(render_pdf(lay_out(document, METRICS)).data)
    texts = [pdf[i].get_textpage().get_text_range().split() for i in range(3)]
    assert texts == [["Frame", "1", "/", "3"], ["Frame", "2", "/", "3"], ["Frame", "3", "/", "3"]]
    assert pdf[2].get_objects()  # the frame is there, drawn by a form
    assert any(obj.type == pypdfium2.raw.FPDF_PAGEOBJ_FORM for obj in pdf[2].get_objects())
