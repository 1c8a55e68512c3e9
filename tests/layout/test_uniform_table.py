"""A table marked `uniform` sets every cell at one size: the smallest any of its cells needs (the kit cover's
contents, where one long note used to stand smaller than its neighbours). Measured with the real font:
'Seventeen' at 10 pt is 16.3 mm, more than an 18 mm cell holds (15.6 mm inside), and fits at 92 %."""

import pytest

from cli.layout.markup import parse_markup
from cli.layout.pagination import cell_height, lay_out
from cli.render.text import METRICS


def fits(uniform: str) -> list[float]:
    markup = (f'<document title="t" width="100" height="100"><page><table x="5" y="5" widths="18 18" size="10"'
              f'{uniform}><row h="6"><cell>Seventeen</cell><cell>abc</cell></row>'
              '<row h="6"><cell>de</cell><cell>fg</cell></row></table></page></document>')
    table = lay_out(parse_markup(markup, source="templates/t.xml.j2"), METRICS).children[0].children[0]
    return [cell.fit for row in table.children for cell in row.children]


def test_a_uniform_table_sets_every_cell_at_the_size_its_tightest_cell_needs():
    assert fits("") == [pytest.approx(9.2), 10, 10, 10]  # each cell its own largest size
    assert fits(' uniform="yes"') == [pytest.approx(9.2)] * 4


def fit_in_row(h: float) -> float:
    markup = (f'<document title="t" width="100" height="100"><page><table x="5" y="5" widths="20" size="10">'
              f'<row h="{h}"><cell>read it first read it first</cell></row></table></page></document>')
    table = lay_out(parse_markup(markup, source="templates/t.xml.j2"), METRICS).children[0].children[0]
    return table.children[0].children[0].fit


def test_a_row_of_cell_height_holds_its_lines_at_full_size():
    # two lines of 'read it first' (17.1 mm each at 10 pt, in 17.6 mm): at full size in a row of cell_height(2, 10),
    # shrunk in a row a hundredth of a millimetre lower
    assert fit_in_row(cell_height(2, 10)) == 10
    assert fit_in_row(cell_height(2, 10) - 0.01) == pytest.approx(9.2)
