"""<repeat> and growing rows: content that fills its flow, measured by the layout pass.

The stand-in font of test_pagination: every character 1 mm wide, a 10 pt line 4.41 mm tall, so each
count below can be checked by hand.
"""

import pytest

from cli.errors import ContentOverflow, MarkupError
from cli.layout.markup import parse_markup
from tests.layout.test_pagination import LINE, doc, laid


def flow(body: str, h: float = 60, gap: float = 2, thread: str = "") -> str:
    threaded = f' thread="{thread}"' if thread else ""
    return doc(f'<flow x="5" y="5" w="80" h="{h}" gap="{gap}"{threaded}>{body}</flow>')


def table(rows: str, y: float = 0) -> str:
    return f'<figure><table x="0" y="{y}" widths="40 40">{rows}</table></figure>'


def rows(count: int, h: float = 10, extra: str = "") -> str:
    return "".join(f'<row h="{h}"{extra}><cell>{i}</cell><cell/></row>' for i in range(1, count + 1))


def figure_of(result):
    return result.children[0].children[0].children


def test_a_table_repeat_keeps_as_many_rows_as_fit_below_the_text():
    # a line of text (4.41 mm) + gap 2, a 10 mm heading row: 43.6 mm left in 60 hold 4 rows of 10
    result = laid(flow("<p>title</p>" + table(rows(1) + f'<repeat min="2">{rows(12)}</repeat>')))
    p, figure = figure_of(result)
    assert len(figure.children[0].children) == 1 + 4
    assert figure.h == pytest.approx(50)
    assert figure.top == pytest.approx(5 + LINE + 2)


def test_a_repeat_keeps_whole_steps():
    # room for 5 rows of 10 mm (a 55 mm flow), in steps of 2 after a minimum of 2: 4 rows
    result = laid(flow(table(f'<repeat min="2" step="2">{rows(12)}</repeat>'), h=55))
    assert len(figure_of(result)[0].children[0].children) == 4


def test_a_repeat_never_keeps_more_children_than_it_has():
    result = laid(flow(table(f'<repeat min="1">{rows(3)}</repeat>'), h=200))
    assert len(figure_of(result)[0].children[0].children) == 3


def test_rows_grow_to_fill_the_flow_each_up_to_its_own_factor():
    # 4 rows of 10 kept in 45 mm: the 5 mm left grows the growing rows (2 x 10 mm) by a quarter
    growing = rows(6, extra=' grow="1.6"')
    body = table(rows(2) + f'<repeat min="1">{growing}</repeat>')
    result = laid(flow(body, h=45))
    heights = [row.h for row in figure_of(result)[0].children[0].children]
    assert heights[:2] == [10, 10]
    assert heights[2:] == pytest.approx([12.5, 12.5])
    assert figure_of(result)[0].h == pytest.approx(45)
    capped = laid(flow(table(rows(2, extra=' grow="1.2"')), h=45))  # 20 mm may grow to 24, no more
    assert [row.h for row in figure_of(capped)[0].children[0].children] == pytest.approx([12, 12])


def test_a_flow_repeat_keeps_blocks_and_rows_marked_repeated_show_only_with_two_copies():
    game = table('<row h="5" repeated="yes"><cell>band</cell></row>' + rows(2))  # 25 mm, 20 alone
    one = laid(flow(f'<repeat>{game * 3}</repeat>', h=30))
    assert [len(f.children[0].children) for f in figure_of(one)] == [2]  # one game: no band
    two = laid(flow(f'<repeat>{game * 3}</repeat>', h=60))  # 25 + 2 + 25 = 52 mm; three would need 79
    assert [len(f.children[0].children) for f in figure_of(two)] == [3, 3]


def test_several_repeats_in_a_flow_fill_in_order():
    body = table(f'<repeat min="1">{rows(5)}</repeat>') + table(f'<repeat min="1">{rows(5)}</repeat>')
    result = laid(flow(body, h=50))  # the second keeps its one row (10 + 2 gap): the first takes 38 mm
    first, second = figure_of(result)
    assert (len(first.children[0].children), len(second.children[0].children)) == (3, 1)


def test_a_repeat_whose_minimum_does_not_fit_is_refused_where_it_was_written():
    with pytest.raises(ContentOverflow, match=r"templates/t.xml.j2 line 1: <repeat> does not fit even with its "
                                              r"minimum of 4 \(its flow needs 40.0 mm, has 30.0 mm\)"):
        laid(flow(table(f'<repeat min="4">{rows(6)}</repeat>'), h=30))


def test_in_a_threaded_flow_the_minimum_runs_on_over_pages():
    figures = '<figure h="20"/>' * 5
    result = laid(flow(f'<repeat min="3">{figures}</repeat>', h=30, thread="t"))
    assert [len(page.children[0].children) for page in result.children] == [1, 1, 1]


def test_a_figure_without_h_takes_its_tables_height():
    result = laid(flow(table(rows(3), y=4) + "<p>after</p>"))
    figure, after = figure_of(result)
    assert figure.h == pytest.approx(34) and after.top == pytest.approx(5 + 34 + 2)


@pytest.mark.parametrize(("body", "message"), [
    ('<figure><rect x="0" y="0" w="1" h="1"/></figure>', "<figure> needs the attribute 'h'"),
    (table('<row h="5" repeated="yes"><cell/></row>'), "<row> is marked repeated but stands in no <repeat>"),
    ('<repeat><row h="5"/></repeat>', "<row> cannot stand inside a <repeat> in <flow>"),
    (table('<repeat><p>x</p></repeat>'), "<p> cannot stand inside a <repeat> in <table>"),
    ('<repeat><repeat/></repeat>', "<repeat> cannot stand inside <repeat>"),
    ('<repeat min="-1"/>', "expected a whole number from 0 to 1000"),
])
def test_misplaced_repeats_are_refused_in_one_line(body, message):
    with pytest.raises(MarkupError) as caught:
        laid(flow(body))
    assert message in str(caught.value) and "\n" not in str(caught.value)


def test_a_table_repeat_outside_a_flow_is_refused():
    with pytest.raises(MarkupError, match="a table's <repeat> must stand in a <figure> of a <flow>"):
        parse_markup(doc(f'<table x="0" y="0" widths="10"><repeat>{rows(1)}</repeat></table>'))


def test_a_cell_sets_what_follows_its_labels_in_its_own_face():
    result = laid(flow(table('<row h="8"><cell alt="Name:" after="Ana" weight="bold">Nom :</cell></row>')))
    cell = figure_of(result)[0].children[0].children[0].children[0]
    assert cell.lines == [[("Nom :", "bold"), ("Name:", "bold-italic"), ("Ana", "bold")]]
