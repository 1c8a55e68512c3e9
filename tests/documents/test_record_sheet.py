"""The record sheet a child fills in alone, read on the laid-out tree (no PDF): what to write, who is A, B
and C, the leader of every deal, names never split after an elided article."""

from functools import cache

import pytest

from cli.documents.language import parse_lang
from cli.documents.trick_docs import record_sheet
from cli.layout.pagination import lay_out
from cli.layout.sizes import paper, sheet_value
from cli.render.text import METRICS

WIDE = "W" * 16  # the widest name a cell must take


@cache
def laid(lang: str = "fr", names: tuple[str, ...] | None = None, paper_name: str = "a4", large: bool = False):
    document = record_sheet(paper(paper_name), parse_lang(lang), names=list(names) if names else None,
                            large_print=large)
    return lay_out(document, METRICS).children[0]


def walk(node):
    yield node
    for child in node.children:
        yield from walk(child)


def cell_lines(page) -> list[str]:
    """Every line the layout pass set in a table cell, its runs joined."""
    return [" ".join(text for text, _ in line) for node in walk(page) if node.tag == "cell" and node.lines
            for line in node.lines]


def first_lead_cells(page) -> list:
    """The Lead cell of trick 1 in each deal: the second cell of the row after each deal's band."""
    rows = [node for node in walk(page) if node.tag == "row"]
    bands = [i for i, row in enumerate(rows) if len(row.children) == 1 and row.children[0].span == 6]
    return [rows[i + 1].children[1] for i in bands]


@pytest.mark.parametrize(("lang", "words"), [
    ("fr", ["C = cercle", "T = triangle", "S = carré", "T3 = triangle 3"]),
    ("en", ["C circle", "T triangle", "S square", "T3 = triangle 3"]),
    ("de", ["Schreibe jede Karte", "C = Kreis", "T = Dreieck", "S = Quadrat", "T3 = Dreieck 3"]),
])
def test_one_line_says_what_to_write_with_the_legend_and_an_example(lang, words):
    said = [node.text.replace("\u00a0", " ") for node in walk(laid(lang)) if node.tag == "p"]
    assert any(all(word in text for word in words) for text in said), said


def test_both_languages_say_what_to_write():
    said = " ".join(node.text for node in walk(laid("fr+en")) if node.tag == "p")
    assert "S\u00a0=\u00a0carré" in said and "S square" in said


@pytest.mark.parametrize("lang", ["fr", "en", "de+fr"])
def test_a_blank_sheet_has_a_line_to_write_who_is_a_b_and_c(lang):
    page = laid(lang)
    tags = [node for node in walk(page) if node.tag == "text" and node.text.rstrip(" :").strip() in "ABC"]
    assert [node.text.rstrip(" :\u00a0") for node in tags] == ["A", "B", "C"]
    lines = [node for node in walk(page) if node.tag == "line" and node.y1 == node.y2 and node.line < 1]
    for tag in tags:  # a write-in line right of each letter, on its baseline's level
        assert any(line.x1 > tag.x and abs(line.y1 - tag.y) < 2 for line in lines)
    named = laid(lang, ("Ana", "Bo", "Cy"))
    assert not [node for node in walk(named) if node.tag == "text" and node.text.rstrip(" :\u00a0") in "ABC"]


@pytest.mark.parametrize("names", [
    ("Hélène-Éléonore", "Bo", "Cy"), (WIDE, "Bo", "Cy"), ("Maximilien-Alban", "Élisabeth-Marion", "Hugo-Christophe"),
    ("Bo", WIDE, WIDE),
])
@pytest.mark.parametrize(("lang", "paper_name"), [("fr", "a4"), ("de+en", "letter")])
def test_every_deals_leader_is_printed_whole_whatever_the_names_length(names, lang, paper_name):
    """Names that head the columns at the children's 11 pt are every deal's leader, whole; names too long for
    that leave the table to A, B and C and stand whole on the seats' lines above it ('A: Name')."""
    page = laid(lang, names, paper_name)
    cells = first_lead_cells(page)
    seats = [node.lines for node in walk(page) if node.tag == "p" and node.weight == "bold"]
    if names == ("Hélène-Éléonore", "Bo", "Cy") or cells[0].text != "A":
        assert [cell.text for cell in cells] == list(names)  # A leads deal 1, B deal 2, C deal 3
        assert not seats
    else:
        assert [cell.text for cell in cells] == ["A", "B", "C"]
        said = " ".join(line for lines in seats for line in lines).replace("\u00a0", " ")
        assert said == " · ".join(f"{seat} = {name}" for seat, name in zip("ABC", names, strict=True))
    for cell in cells:
        assert len(cell.lines) == 1 and cell.lines[0][0][0] == cell.text  # on one line, never cut


@pytest.mark.parametrize("lang", ["fr", "fr+en", "en+fr", "de+fr"])
@pytest.mark.parametrize("name", ["Hélène-Éléonore", "Ana", "OOOOOOOOOOOO", "Éloïse-Amandine"])
def test_an_elided_article_stays_with_the_name(lang, name):
    lines = cell_lines(laid(lang, (name, "Bo", "Cy")))
    assert not [line for line in lines if line.endswith(("’", "'"))]
    if "fr" in lang:
        assert any(f"d’{name}" in line for line in lines), lines


@pytest.mark.parametrize(("lang", "names"), [("fr", None), ("fr+en", ("Ana", "Bo", "Cy")), ("de", None)])
def test_the_closing_line_keeps_the_layouts_gap_under_the_totals(lang, names):
    page = laid(lang, names)
    flow = next(node for node in walk(page) if node.tag == "flow")
    totals = [block for block in flow.children if block.tag == "figure"][-2]  # then the gap's own figure
    table = next(node for node in totals.children if node.tag == "table")
    closing = flow.children[-1]  # the winner line (its columns in two languages)
    top = closing.children[0].children[0].top if closing.tag == "columns" else closing.top
    gap = top - (totals.top + table.y + sum(row.h for row in table.children))
    # the layouts' gap, more than the flow's ordinary 2.2 mm
    assert gap == pytest.approx(sheet_value("page", "closing_gap")) and gap >= 2.5


@cache
def large_pages(lang: str, paper_name: str, names: tuple[str, ...] | None) -> list:
    document = record_sheet(paper(paper_name), parse_lang(lang), names=list(names) if names else None,
                            large_print=True)
    return lay_out(document, METRICS).children


def table_kinds(page) -> tuple[str, float]:
    """The page's tables in flow order, H the columns' headings, D a deal, T the totals; how tall its content is."""
    flow = next(node for node in page.children if node.tag == "flow")
    kinds = ""
    for block in flow.children:
        table = next((node for node in block.children if node.tag == "table"), None) if block.tag == "figure" else None
        if table is not None:
            first = table.children[0].children
            kinds += "D" if first[0].span == 6 else "H" if len(first) == 6 else "T"
    last = flow.children[-1]
    bottom = last.top + (last.h if last.tag == "figure" else len(last.lines) * 8)
    return kinds, bottom - flow.y


@pytest.mark.parametrize(("lang", "paper_name", "names"), [
    ("de", "a4", None), ("de", "letter", ("Ana", "Bo", "Cy")), ("fr", "a4", ("Ana", "Bo", "Cy")),
    ("fr", "letter", None),
    ("en", "a4", None), ("en", "letter", ("Bo", WIDE, WIDE)), ("fr+en", "letter", ("Ana", "Bo", "Cy")),
    ("de+fr", "a4", None), ("en+de", "letter", None), ("de+en", "a4", ("Maximilien-Alban", "Bo", "Cy")),
])
def test_large_print_shares_the_deals_between_two_pages_each_table_under_its_headings(lang, paper_name, names):
    """Teacher review 3 #17c: page 2 held only the totals (all three deals fitted page 1). Now both pages hold a
    deal, about as much each, and a page's first deal stands under the columns' headings, repeated there
    (a page head, cli/layout/flow.py) and nowhere else."""
    pages = [table_kinds(page) for page in large_pages(lang, paper_name, names)]
    assert [kinds for kinds, _ in pages] == ["HDD", "HDT"]
    (_, first), (_, second) = pages
    assert abs(first - second) < 0.1 * max(first, second), pages


def trick_cells(page) -> list:
    """The first cell of each trick's row (its label, 'Pli 3'): the four rows after each deal's band."""
    rows = [node for node in walk(page) if node.tag == "row"]
    bands = [i for i, row in enumerate(rows) if len(row.children) == 1 and row.children[0].span == 6]
    return [rows[i + trick].children[0] for i in bands for trick in range(1, 5)]


@pytest.mark.parametrize("names", [None, ("Gabriel-Antoine", "Hélène-Éléonore", "Bo"), ("Ana", WIDE, "Cy"),
                                   ("Anastasia", "Bartholomew", "Cyprienne")])
@pytest.mark.parametrize(("lang", "paper_name"), [("fr", "letter"), ("en", "a4"), ("de", "a4"), ("de+fr", "a4"),
                                                  ("en+de", "letter"), ("fr+en", "letter")])
@pytest.mark.parametrize("large", [False, True])
def test_a_trick_s_label_is_never_broken_nor_shrunk(names, lang, paper_name, large):
    """The lead's decision (s5): "Pli 3" never breaks ("Pli" / "3"), whatever heads the players' columns: the Trick
    column is at least its widest whole label in every language shown, at the labels' own size; names that no
    longer fit go to the key line above the table ("A = …"). s4: long names narrowed it in large print ("Trick" /
    "1"; in two languages all of them at 13.4 pt, under large print's 16)."""
    pages = large_pages(lang, paper_name, names) if large else [laid(lang, names, paper_name)]
    cells = [cell for page in pages for cell in trick_cells(page)]
    assert len(cells) == 12
    for cell in cells:
        assert cell.fit == cell.size, (cell.text, cell.fit)
        labels = [label for label in (cell.text, cell.alt) if label]  # 'Pli 3', 'Trick 3'
        lines = [" ".join(text for text, _ in line) for line in cell.lines]
        assert lines in ([" ".join(labels)], labels), lines  # side by side, or each whole on its own line
