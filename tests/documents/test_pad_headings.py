"""Score pads' column headings are never shrunk to fit: their row is as tall as the words need at the pad's cell
size (the template asks `heading_height`), at least the row of layouts/styles.toml [pad.N] head. Read on the
laid-out tree (no PDF)."""

import itertools

import pytest

from cli.documents.language import parse_lang
from cli.documents.score_docs import dreist_pad, pad_style, twinit_pad
from cli.layout.pagination import lay_out
from cli.layout.sizes import paper
from cli.render.text import METRICS

# (per page, large print): every tile and large print; languages where the headings are longest
PRINTS = [(1, False), (2, False), (4, False), (1, True)]
LANGS = ["de", "de+fr", "fr+en", "en+de"]
PADS = {
    "dreist-4": lambda texts, per, large: dreist_pad(paper("a4"), texts, names=[], players=4, per_page=per,
                                                     large_print=large),
    "dreist-solo": lambda texts, per, large: dreist_pad(paper("a4"), texts, names=[], players=1, per_page=per,
                                                        large_print=large),
    "twinit-ring": lambda texts, per, large: twinit_pad(paper("a4"), texts, variant="ring", names=[], players=6,
                                                        per_page=per, large_print=large),
    "twinit-coop": lambda texts, per, large: twinit_pad(paper("a4"), texts, variant="coop", names=[], players=4,
                                                        per_page=per, large_print=large),
}


def walk(node):
    yield node
    for child in node.children:
        yield from walk(child)


def heading_cells(page) -> list[tuple[float, float, str, float]]:
    """(fitted size, table size, text, row height) of every cell of a table's filled bold rows (the headings)."""
    return [(cell.fit, cell.size or table.size, cell.text, row.h)
            for table in walk(page) if table.tag == "table"
            for row in table.children if row.tag == "row" and row.fill and row.weight == "bold"
            for cell in row.children if cell.text]


@pytest.mark.parametrize(("pad", "lang", "per", "large"),
                         [(pad, lang, *print_) for pad, lang, print_ in itertools.product(PADS, LANGS, PRINTS)])
def test_a_pad_s_headings_are_set_at_full_size(pad, lang, per, large):
    page = lay_out(PADS[pad](parse_lang(lang), per, large), METRICS).children[0]
    cells = heading_cells(page)
    assert cells, "the pad has heading rows"
    shrunk = [(text, fit, size) for fit, size, text, _ in cells if fit < size - 1e-6]
    assert not shrunk, f"headings shrunk to fit their row: {shrunk}"
    least = min(pad_style(per, large).head, pad_style(per, large).head_two)
    assert all(height >= least - 1e-6 for *_, height in cells if height != pad_style(per, large).band)


def test_four_players_at_four_a_page_in_two_languages_grow_their_heading_row():
    """'Spieler 1' and 'Joueur 1' do not fit a player's column at 9.5 pt on one line each: the row takes the lines
    (it stood 10 mm and the pass set them at 8 pt, under the pads' 9 pt at four a page)."""
    page = lay_out(PADS["dreist-4"](parse_lang("de+fr"), 4, False), METRICS).children[0]
    players = [(fit, size, height) for fit, size, text, height in heading_cells(page) if text.startswith("Spieler")]
    assert len(players) == 4 and all(fit == size for fit, size, _ in players)
    assert players[0][2] > pad_style(4, large_print=False).head_two
