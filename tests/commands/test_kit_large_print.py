"""`pnpkit kit --large-print`: every page a child or the facilitator reads in large print, the same parts in
the same order as the ordinary kit; the cover (the print map) and the cards keep their size. Read on the
laid-out tree."""

import shlex

import pytest

from cli.commands.kit_settings import rebuild_command
from cli.documents.kit_options import KitOptions
from cli.documents.language import parse_lang
from cli.documents.page_style import page_style
from cli.layout.sizes import paper
from tests.laidcheck import outline, page_text, part_starts

TEXT_BLOCKS = ("para", "heading", "p")  # paragraphs and headings: what a reader reads, not a card's code


def _smallest_block(element) -> float:
    """The smallest paragraph or heading size drawn in `element` (inf when it has none)."""
    own = element.size if element.tag in TEXT_BLOCKS and element.lines else float("inf")
    return min([own, *(_smallest_block(child) for child in element.children)])


@pytest.mark.parametrize("lang", ["fr", "en+de"])
def test_every_page_after_the_cards_reads_at_large_print_size(laid, lang):
    kit = laid("--large-print", "--lang", lang, "--exercises", "4").kit
    cards = {page.part for page in kit.children[:3]} - {0, None}  # the cover, then group 1's cards
    read = [page for page in kit.children if page.part not in {0, None, *cards}]
    body = page_style(True).body
    assert read and all(_smallest_block(page) >= body for page in read), [
        (kit.children.index(page) + 1, _smallest_block(page)) for page in read if _smallest_block(page) < body]


def test_the_large_print_kit_has_the_ordinary_kits_parts_each_as_long_or_longer(laid):
    ordinary, large = laid().kit, laid("--large-print").kit
    titles = [(depth, title) for depth, title, _ in outline(ordinary)]
    assert [(depth, title) for depth, title, _ in outline(large)] == titles
    assert len(large.children) > len(ordinary.children)
    starts, large_starts = list(part_starts(ordinary).values()), list(part_starts(large).values())
    spans = [b - a for a, b in zip(starts, starts[1:], strict=False)]
    large_spans = [b - a for a, b in zip(large_starts, large_starts[1:], strict=False)]
    assert all(big >= small for big, small in zip(large_spans, spans, strict=True)) and large_spans[0] == spans[0]


def test_the_cover_makes_the_large_print_kit_again():
    options = KitOptions(paper("a4"), parse_lang("fr"), "long", 2, 1, None, large_print=True)
    assert "--large-print" in shlex.split(rebuild_command(options, None))
    assert "--large-print" not in shlex.split(rebuild_command(options.__class__(
        paper("a4"), parse_lang("fr"), "long", 2, 1, None), None))


def test_the_cover_says_the_kit_is_in_large_print_and_the_ordinary_one_does_not(laid):
    assert "En gros caractères (texte à 16 pt ou plus)" in page_text(laid("--large-print").kit, 0)
    assert "gros caractères" not in page_text(laid().kit, 0)
