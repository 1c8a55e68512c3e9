"""Ink estimate: areas × darkness, worked out by hand for each kind of element."""

import math

import pytest

from cli.layout.ink import COVERAGE, GLYPH_COVER, darkness, ink_mm2, ordinary_pages
from cli.layout.markup import parse_markup
from cli.layout.units import MM_PER_PT


def page(body: str):
    return parse_markup(f'<document title="t" width="210" height="297"><page>{body}</page></document>')


def test_an_ordinary_page_is_five_percent_of_its_paper_in_black():
    assert COVERAGE * 210 * 297 == pytest.approx(3118.5)  # A4
    black_a4 = page('<rect x="0" y="0" w="210" h="297" fill="#000000" stroke="none"/>')
    assert ordinary_pages(ink_mm2(black_a4), 210, 297) == pytest.approx(20.0)
    black_letter = page('<rect x="0" y="0" w="215.9" h="279.4" fill="#000000" stroke="none"/>')
    assert ordinary_pages(ink_mm2(black_letter), 215.9, 279.4) == pytest.approx(20.0)  # in Letter pages


@pytest.mark.parametrize(("colour", "dark"), [
    ("#000000", 1.0), ("#ffffff", 0.0), (None, 0.0),
    ("#808080", 1 - 128 / 255), ("#ff0000", 1 - 0.2126), ("#00ff00", 1 - 0.7152),
])
def test_darkness_is_one_minus_luminance(colour, dark):
    assert darkness(colour) == pytest.approx(dark)


def test_filled_rect_with_stroke():
    # 10 × 20 mm at 50 % grey (#808080): 200 × 0.498; outline 60 mm × 0.5 mm black
    tree = page('<rect x="0" y="0" w="10" h="20" fill="#808080" line="0.5"/>')
    assert ink_mm2(tree) == pytest.approx(200 * (1 - 128 / 255) + 60 * 0.5)


def test_lines_count_their_length_width_and_dashes():
    solid = page('<line x1="0" y1="0" x2="30" y2="40" line="0.2"/>')  # 50 mm long
    dashed = page('<line x1="0" y1="0" x2="30" y2="40" line="0.2" dash="2 2"/>')  # half of it inked
    assert ink_mm2(solid) == pytest.approx(10.0)
    assert ink_mm2(dashed) == pytest.approx(5.0)


@pytest.mark.parametrize(("kind", "area"), [
    ("circle", math.pi * 25), ("square", 100.0), ("diamond", 50.0), ("triangle", math.sqrt(3) / 4 * 100)])
def test_shapes_fill_their_area(kind, area):
    tree = page(f'<shape kind="{kind}" cx="50" cy="50" size="10" fill="#000000" stroke="none"/>')
    assert ink_mm2(tree) == pytest.approx(area)


def test_text_costs_per_character_and_size():
    em = (10 * MM_PER_PT) ** 2
    one = ink_mm2(page('<text x="10" y="10" size="10">abcd efgh</text>'))  # 8 characters, the space free
    assert one == pytest.approx(8 * GLYPH_COVER * em)
    grey = ink_mm2(page('<text x="10" y="10" size="20" color="#808080">abcd efgh</text>'))
    assert grey == pytest.approx(4 * one * (1 - 128 / 255))


def _rendered_darkness(pdf: bytes, index: int) -> float:
    """Mean darkness of a rendered page (only to check the estimate; pnpkit never rasterises)."""
    import pypdfium2

    image = pypdfium2.PdfDocument(pdf)[index].render(scale=300 / 72, grayscale=True).to_pil().convert("L")
    histogram = image.histogram()
    return sum((255 - value) * count for value, count in enumerate(histogram)) / 255 / sum(histogram)


@pytest.mark.parametrize(("what", "page_index"), [("text", 0), ("cards", 0), ("cards", 1), ("record", 0)])
def test_the_estimate_is_close_to_the_rendered_darkness(what, page_index):
    from cli.documents.card_sheets import cards_document
    from cli.documents.language import parse_lang
    from cli.documents.trick_docs import record_sheet
    from cli.layout.pagination import lay_out
    from cli.layout.sizes import paper
    from cli.render.pdf import render_pdf
    from cli.render.text import METRICS, wrap

    a4, texts = paper("a4"), parse_lang("en")
    if what == "text":
        words = "Follow the led suit if you can; otherwise discard. The highest card of the led suit wins. " * 80
        body = "".join(f'<text x="20" y="{20 + 4.4 * i:.1f}" size="10">{line}</text>'
                       for i, line in enumerate(wrap(words, 10, 170)[:58]))
        document = page(body)
    elif what == "cards":
        document = cards_document(a4, texts, card_w=63, card_h=88, mode="long")
    else:
        document = record_sheet(a4, texts, names=["Ana", "Bo", "Cy"])
    estimate = ink_mm2(document.children[page_index]) / (210 * 297)
    measured = _rendered_darkness(render_pdf(lay_out(document, METRICS)).data, page_index)
    assert estimate == pytest.approx(measured, rel=0.25), (estimate, measured)


def test_tables_count_fills_rules_and_text():
    grey = 1 - 128 / 255
    tree = page('<table x="0" y="0" widths="10 20" line="0" size="10"><row h="5" fill="#808080">'
                '<cell>ab</cell><cell></cell></row></table>')
    # black text on the grey ground adds only what black has more than grey
    assert ink_mm2(tree) == pytest.approx(30 * 5 * grey + 2 * GLYPH_COVER * (10 * MM_PER_PT) ** 2 * (1 - grey))
    ruled = page('<table x="0" y="0" widths="10 20" line="0.5"><row h="5"><cell></cell><cell></cell></row></table>')
    # rules: 30 mm on top and bottom, three walls of 5 mm, all 0.5 mm wide
    assert ink_mm2(ruled) == pytest.approx((30 + 30 + 15) * 0.5)


def test_hatching_covers_its_share_of_the_box():
    # lines 0.5 mm every 5 mm: each family covers 10 %, the two together 19 % of 100 mm²
    tree = page('<hatch x="0" y="0" w="10" h="10" step="5" line="0.5"/>')
    assert ink_mm2(tree) == pytest.approx(100 * (1 - 0.9 ** 2))


def test_what_is_drawn_over_a_ground_replaces_it():
    # a white 10 × 10 square painted on a black 20 × 20 one: 400 − 100 of black
    tree = page('<rect x="0" y="0" w="20" h="20" fill="#000000" stroke="none"/>'
                '<rect x="5" y="5" w="10" h="10" fill="#ffffff" stroke="none"/>')
    assert ink_mm2(tree) == pytest.approx(300.0)


def test_flows_and_groups_count_what_they_hold():
    tree = page('<group dx="5"><rect x="0" y="0" w="10" h="10" fill="#000000" stroke="none"/></group>'
                '<flow x="0" y="0" w="100" h="100"><p size="10">abc</p>'
                '<figure h="10"><rect x="0" y="0" w="1" h="1" fill="#000000" stroke="none"/></figure></flow>')
    assert ink_mm2(tree) == pytest.approx(100 + 1 + 3 * GLYPH_COVER * (10 * MM_PER_PT) ** 2)
