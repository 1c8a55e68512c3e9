"""The renderer's share of the layout pass: page numbers, and symbols drawn once as PDF forms."""

import io

import pypdf
import pytest

from cli.errors import MarkupError
from cli.layout.markup import parse_markup
from cli.layout.pagination import lay_out
from cli.render.pdf import render_pdf
from cli.render.text import METRICS
from tests.pdfcheck import PT, plumbed

DOC = '<document title="t" width="100" height="100">{}</document>'


def pdf_of(markup: str) -> bytes:
    return render_pdf(lay_out(parse_markup(DOC.format(markup), source="templates/t.xml.j2"), METRICS)).data


def test_pageno_prints_each_pages_number_and_the_count():
    flow = '<flow thread="b" x="10" y="10" w="80" h="20">' + "<p>line</p>" * 9 + "</flow>"
    data = pdf_of(f'<page><pageno x="50" y="95" format="Page {{page}} of {{pages}}"/>{flow}</page>')
    with plumbed(data) as pdf:
        texts = [page.extract_text() for page in pdf.pages]
    assert len(texts) == 3  # 9 lines of 4.4 mm + gaps: 4 fit a 20 mm flow, the page repeats
    assert [t.splitlines()[-1] for t in texts] == ["Page 1 of 3", "Page 2 of 3", "Page 3 of 3"]


def test_a_symbol_is_drawn_once_and_placed_many_times():
    symbol = '<symbol id="s" w="20" h="10"><rect x="0" y="0" w="20" h="10" fill="#ff0000"/></symbol>'
    uses = "".join(f'<use ref="s" x="{5 + 22 * i}" y="30"/>' for i in range(4))
    data = pdf_of(symbol + f"<page>{uses}</page><page>{uses}</page>")
    forms = {name for page in pypdf.PdfReader(io.BytesIO(data)).pages
             for name, ref in page["/Resources"]["/XObject"].items() if ref.get_object()["/Subtype"] == "/Form"}
    assert len(forms) == 1
    with plumbed(data) as pdf:
        placed = sorted((round(r["x0"] / PT, 1), round(r["top"] / PT, 1)) for r in pdf.pages[1].rects)
    assert placed == [(5.0, 30.0), (27.0, 30.0), (49.0, 30.0), (71.0, 30.0)]


@pytest.mark.parametrize(("markup", "message"), [
    ('<page><use ref="s" x="1" y="1"/></page>', '<use ref="s"> names no <symbol> written before it'),
    ('<symbol id="s" w="1" h="1"/><symbol id="s" w="1" h="1"/><page/>', '<symbol id="s"> is written twice'),
])
def test_a_use_needs_one_symbol_written_before_it(markup, message):
    with pytest.raises(MarkupError) as caught:
        pdf_of(markup)
    assert str(caught.value).startswith("templates/t.xml.j2 line 1: ") and message in str(caught.value)
