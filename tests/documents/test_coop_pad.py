"""Twin It's all-together pad, read on the laid-out tree: its columns are sized by the layout pass's measures, so
every heading of its table stands at full size, "× 1 =" and "× 2 =" each on one line, at 1, 2 and 4 per page,
in large print, in every language and a pair."""

import pytest

from cli.documents.language import parse_lang
from cli.documents.score_docs import COOP_OPERATORS, twinit_pad
from cli.layout.pagination import lay_out
from cli.layout.sizes import paper
from cli.render.text import METRICS


def table(lang: str, paper_name: str, per_page: int, large: bool):
    document = twinit_pad(paper(paper_name), parse_lang(lang), variant="coop", names=[], players=4,
                          per_page=per_page, large_print=large)
    page = lay_out(document, METRICS).children[0]

    def walk(node):
        yield node
        for child in node.children:
            yield from walk(child)

    return next(node for node in walk(page) if node.tag == "table")


@pytest.mark.parametrize(("per_page", "large"), [(4, False), (2, False), (1, False), (1, True)])
@pytest.mark.parametrize("lang", ["fr", "en", "de", "de+en"])
@pytest.mark.parametrize("paper_name", ["a4", "letter"])
def test_the_all_together_headings_stand_whole_at_full_size(lang, paper_name, per_page, large):
    laid = table(lang, paper_name, per_page, large)
    cells = laid.children[0].children
    operators = [cell for cell in cells if cell.text in COOP_OPERATORS]
    assert len(operators) == 2
    assert all(len(cell.lines) == 1 for cell in operators), [cell.lines for cell in operators]
    assert all(cell.fit == laid.size for cell in cells), [(cell.text, cell.fit) for cell in cells]  # none shrunk
