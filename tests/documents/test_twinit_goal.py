"""Twin It score pads say where the goal is, read on the laid-out tree (no PDF): the goal box holds the goal's
number in its top corner, the rule names the thick line as the goal, and names the mistakes' column as it is
headed ("Mistakes", or "−" in a quarter-page table) in every language (teacher reviews, session 4)."""

import re
from functools import cache

import pytest

from cli.documents.language import parse_lang
from cli.documents.score_docs import SPARE_BOXES, twinit_pad
from cli.layout.pagination import lay_out
from cli.layout.sizes import paper
from cli.render.text import METRICS

THICK_LINE = {"fr": "au gros trait ({target}) gagne", "en": "to the thick line ({target}) wins",
              "de": "dicken Strich ({target})"}
QUOTED = r"[‘«„]\s?{}\s?[’»“]"  # a column named in a sentence, in each language's quotes


def walk(node):
    yield node
    for child in node.children:
        yield from walk(child)


@cache
def first_page(lang: str, variant: str, per_page: int, target: int | None = None, large: bool = False) -> list:
    """The first tile's elements on the first page."""
    document = twinit_pad(paper("a4"), parse_lang(lang), variant=variant, names=[], players=4, target=target,
                          sheets=per_page, per_page=per_page, large_print=large)
    page = lay_out(document, METRICS).children[0]
    return list(walk(next(node for node in page.children if node.tag == "flow")))


def catch_tables(nodes: list) -> list:
    return [node for node in nodes if node.tag == "table" and any(cell.edge for row in node.children
                                                                   for cell in row.children)]


def player_rows(table, target: int) -> list:
    """The rows with tick boxes: a label, the goal and its spare boxes, mistakes, net."""
    return [row for row in table.children if len(row.children) == 1 + target + SPARE_BOXES + 2]


CASES = [(lang, variant, per_page) for lang in ("fr", "en", "de", "fr+en", "de+fr")
         for variant in ("solo", "ring", "clans") for per_page in (1, 2, 4)]


@pytest.mark.parametrize(("lang", "variant", "per_page"), CASES)
def test_the_rule_names_the_mistakes_column_as_headed_and_the_thick_line_as_the_goal(lang, variant, per_page):
    """The quarter-page table heads its mistakes' column "−" (a key under the rule says so): the rule says
    "note it under '−'" there, "under 'Mistakes'" where the heading is the word; and says
    that reaching the thick line wins, with the goal's number."""
    nodes, texts = first_page(lang, variant, per_page), parse_lang(lang)
    target = 7 if variant == "ring" else 5
    table = catch_tables(nodes)[0]
    heading = next(row for row in table.children if 1 < len(row.children) < 1 + target + SPARE_BOXES + 2)
    mistakes = heading.children[-2]
    headed = [mistakes.text, mistakes.alt or mistakes.text]
    rules = [node for node in nodes if node.tag == "p" and ("−" in node.text and "=" in node.text)]
    assert len(rules) == len(texts.langs)
    for i, (lang_i, rule) in enumerate(zip(texts.langs, rules, strict=True)):
        column = headed[i]
        assert column == ("−" if per_page == 4 else texts.t("col_mistakes", lang_i))
        assert re.search(QUOTED.format(re.escape(column)), rule.text), (column, rule.text)
        assert THICK_LINE[lang_i].format(target=target) in rule.text, rule.text


@pytest.mark.parametrize(("lang", "variant", "per_page", "large"),
                         [("en", "solo", 1, False), ("fr", "ring", 4, False), ("de+fr", "clans", 2, False),
                          ("de", "ring", 1, True)])
def test_the_goal_box_holds_the_goal_number_small_in_its_top_corner(lang, variant, per_page, large):
    """Every player's (or clan's) goal box: the thick wall and the goal's number, at the pad's text size
    (never shrunk), in the top right corner where a tick leaves it readable; no other tick box holds text."""
    target = 7 if variant == "ring" else 5
    nodes = first_page(lang, variant, per_page, large=large)
    size = next(node.size for node in nodes if node.tag == "p")  # the rule's size: the pad's text size
    rows = [row for table in catch_tables(nodes) for row in player_rows(table, target)]
    assert rows
    for row in rows:
        boxes = row.children[1:1 + target + SPARE_BOXES]
        goal = boxes[target - 1]
        assert goal.edge and goal.text == str(target) and goal.valign == "top" and goal.align == "right"
        assert goal.fit == size, "the number never shrunk below the pad's text size"
        assert not any(box.text for box in boxes if box is not goal)


def test_a_goal_box_too_narrow_for_its_number_keeps_the_wall_alone():
    """Twelve catches and three spare boxes across a quarter page: a box narrower than "12" at 9 pt (and the
    cell's inset) keeps its thick wall and no number, rather than a number shrunk below 9 pt."""
    rows = [row for table in catch_tables(first_page("en", "solo", 4, target=12)) for row in player_rows(table, 12)]
    assert rows
    for row in rows:
        goal = row.children[12]
        assert goal.edge and not goal.text
