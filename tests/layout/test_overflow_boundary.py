"""The overflow checks to the tenth of a millimetre: 40.0 mm of content fills a 40 mm box, 40.1 mm is refused.

A check loosened by a millimetre or two would let text run past its box on paper and no test of a real
document would notice; these pin every place the layout pass compares content with its box. Heights are
figures of a given h and lines of a given leading (the stand-in font of test_pagination).
"""

import pytest

from cli.errors import ContentOverflow
from cli.layout.units import MM_PER_PT
from tests.layout.test_pagination import doc, laid

BOX = 40.0  # mm
FITS, OVER = 40.0, 40.1  # mm of content


def flow(body: str, thread: str = "") -> str:
    threaded = f' thread="{thread}"' if thread else ""
    return doc(f'<flow x="5" y="5" w="80" h="{BOX:g}" gap="0"{threaded}>{body}</flow>')


def two_figures(total: float) -> str:
    return f'<figure h="20"/><figure h="{total - 20:g}"/>'


def test_a_flow_holds_exactly_its_height():
    result = laid(flow(two_figures(FITS)))
    assert [figure.top for figure in result.children[0].children[0].children] == pytest.approx([5, 25])


def test_a_flow_refuses_a_tenth_of_a_millimetre_more():
    with pytest.raises(ContentOverflow, match=r"<flow> does not fit its box \(needs 40.1 mm, has 40.0 mm\)"):
        laid(flow(two_figures(OVER)))


@pytest.mark.parametrize(("content", "pages"), [(FITS, 1), (OVER, 2)])
def test_a_threaded_flow_moves_on_to_a_new_page_only_past_its_height(content, pages):
    result = laid(flow(two_figures(content), thread="t"))
    assert len(result.children) == pages


@pytest.mark.parametrize(("content", "refused"), [(FITS, False), (OVER, True)])
def test_a_block_as_tall_as_its_threaded_flow_fits_a_page_and_no_more(content, refused):
    markup = flow(f'<figure h="{content:g}"/>', thread="t")
    if refused:
        with pytest.raises(ContentOverflow, match="is 40.1 mm tall but its flow"):
            laid(markup)
    else:
        assert len(laid(markup).children) == 1


def para(content: float) -> str:
    """Two lines ('one', 'two' on a 4 mm measure) whose leading makes them `content` mm tall."""
    leading = repr(content / 2 / MM_PER_PT)
    return doc(f'<para x="5" y="5" w="4" h="{BOX:g}" leading="{leading}">one two</para>')


def test_a_para_holds_exactly_its_height():
    assert laid(para(FITS)).children[0].children[0].lines == ["one", "two"]


def test_a_para_refuses_a_tenth_of_a_millimetre_more():
    with pytest.raises(ContentOverflow, match=r"does not fit its box \(needs 40.1 mm, has 40.0 mm\)"):
        laid(para(OVER))


@pytest.mark.parametrize(("content", "refused"), [(FITS, False), (OVER, True)])
def test_a_repeat_whose_minimum_fills_its_flow_fits_and_a_tenth_more_is_refused(content, refused):
    row = f'<row h="{content / 4:g}"><cell>1</cell><cell/></row>'  # four rows at least: 40.0 or 40.1 mm
    markup = flow(f'<figure><table x="0" y="0" widths="40 40"><repeat min="4">{row * 6}</repeat></table></figure>')
    if refused:
        with pytest.raises(ContentOverflow, match=r"minimum of 4 \(its flow needs 40.1 mm, has 40.0 mm\)"):
            laid(markup)
    else:
        assert len(laid(markup).children[0].children[0].children[0].children[0].children) == 4
