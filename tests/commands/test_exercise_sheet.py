"""`pnpkit exercises` with its default options: one sheet (two pages) in every language, pair and paper,
pages filled with no large empty band, cards drawn with their code and labels clear of the shape and
the card, French ordinals spelt out, and the key in step on a sheet of its own."""

import re

import pytest

from cli.toml_data import read_toml
from tests.commands.test_exercises import BOX, FRAME, KEY_TITLES, key_start, mm_box, stroked
from tests.pdfcheck import PT, all_text, palette_rgb, plumbed
from tests.untraced import traced

pytestmark = pytest.mark.untraced  # bodies read untraced: pnpkit runs through the fixtures, traced

LANGS = ["fr", "en", "de", "fr+en", "fr+de", "en+fr", "en+de", "de+fr", "de+en"]
SUITS = {palette_rgb("suit_circle"), palette_rgb("suit_triangle"), palette_rgb("suit_square")}
CLEAR = 1.0  # mm between a card and its label, and between a card's code and its shape


def frames_and_boxes(page) -> list[tuple[float, float, float, float]]:
    return stroked(page, FRAME) + stroked(page, BOX)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("lang", LANGS)
def test_the_default_worksheet_is_two_full_pages_then_its_key(built, lang, paper):
    """Two worksheet pages (one sheet printed duplex), then the key on the next sheet; every page but the
    last keeps less than a third of its height empty below its lowest exercise, and the last holds more
    than a quarter of the exercises, so nothing is left hanging on a page of its own."""
    pdf_path = built("exercises", "--lang", lang, "--paper", paper)
    pages = all_text(pdf_path)
    assert len(pages) == 3 and key_start(pages, KEY_TITLES[lang.split("+")[0]]) == 2, [p[:40] for p in pages]
    with plumbed(pdf_path) as pdf:
        height = float(pdf.pages[0].height) / PT
        frames = [stroked(page, FRAME) for page in pdf.pages[:2]]
        lowest = [max(f[3] for f in page_frames) for page_frames in frames]
    assert sum(len(f) for f in frames) == 6 and len(frames[1]) >= 2, [len(f) for f in frames]
    assert height - lowest[0] < height / 3, (lowest, height)  # the first page is filled
    assert lowest[1] > height / 2  # and the second is not a leftover
    key = pages[2].replace("\n", " ")
    for number in range(1, 7):
        assert f"{number}. " in key  # the key answers every exercise, in the sheet's order


@pytest.mark.parametrize("lang", ["fr", "fr+en", "de"])
def test_write_in_boxes_and_grid_rows_stay_writable(built, lang):
    """Every solid write-in box and every row of the whole-deal grids is at least 9 mm high."""
    pdf_path = built("exercises", "--lang", lang, "--paper", "letter")
    with plumbed(pdf_path) as pdf:
        for page in pdf.pages[:2]:
            for box in stroked(page, BOX):
                if box[2] - box[0] > 20:  # the solid boxes; dashed missing cards fill a grid cell
                    assert box[3] - box[1] >= 9 - 0.01, box
            rules = sorted({round(e["top"] / PT, 1) for e in page.edges
                            if e["orientation"] == "h" and e["width"] / PT > 100})
            for above, below in zip(rules, rules[1:], strict=False):
                assert below - above >= 9 - 0.05 or below - above < 0.5, (above, below)


def cards_on(page) -> list[tuple[float, float, float, float]]:
    """Card outlines: small rectangles stroked in a suit's colour."""
    return [mm_box(r) for r in page.rects + page.curves
            if r.get("stroke") and tuple(round(float(v), 3) for v in (r.get("stroking_color") or ())) in SUITS
            and 5 < (r["x1"] - r["x0"]) / PT < 16 and (r["bottom"] - r["top"]) / PT > 7]


def gap(a, b) -> float:
    """The distance between two boxes (0 when they touch or overlap)."""
    dx = max(a[0] - b[2], b[0] - a[2], 0)
    dy = max(a[1] - b[3], b[1] - a[3], 0)
    return max(dx, dy)


def inside(inner, outer, tol=0.2) -> bool:
    return (inner[0] >= outer[0] - tol and inner[1] >= outer[1] - tol
            and inner[2] <= outer[2] + tol and inner[3] <= outer[3] + tol)


@pytest.mark.parametrize("lang", ["fr", "fr+de"])
def test_card_codes_and_labels_keep_clear_of_shapes_and_cards(built, lang):
    """On a mini card the corner code (S3) and the value stand 1 mm or more from the shape; the player
    letters and the 'Main de C' labels stand 1 mm or more above the cards they name."""
    pdf_path = built("exercises", "--lang", lang)
    checked_codes = checked_labels = 0
    with plumbed(pdf_path) as pdf:
        for page in pdf.pages[:2]:
            cards = cards_on(page)
            shapes = [mm_box(s) for s in page.curves + page.rects if s.get("fill") and
                      tuple(round(float(v), 3) for v in (s.get("non_stroking_color") or ())) in SUITS]
            chars = [c for c in page.chars if c["text"].strip()]
            for card in cards:
                own_shapes = [s for s in shapes if inside(s, card)]
                own_chars = [mm_box(c) for c in chars if inside(mm_box(c), card)]
                for shape in own_shapes:
                    for char in own_chars:
                        assert gap(char, shape) >= CLEAR - 0.01, (char, shape, card)
                        checked_codes += 1
                for c in chars:
                    box = mm_box(c)
                    if inside(box, card) or box[2] <= card[0] or box[0] >= card[2]:
                        continue
                    if card[1] - 4 < box[3] <= card[1] + 0.5:  # a label just above the card
                        assert card[1] - box[3] >= CLEAR - 0.01, (c["text"], box, card)
                        checked_labels += 1
    assert checked_codes > 50 and checked_labels > 20, (checked_codes, checked_labels)


ORDINAL = re.compile(r"\b\d+(?:re|er|e|ère|ème)\b")


def test_french_ordinals_are_spelt_out(built):
    """The font has no superscript ʳ ᵉ, so '1re, 2e, 3e' are written 'Première, Deuxième, Troisième'."""
    labels = read_toml_catalogue("fr")
    exercise_keys = [k for k in labels if k.startswith(("ex_", "col_", "lbl_", "exercises_", "key_", "reason_"))]
    assert not [labels[k] for k in exercise_keys if ORDINAL.search(str(labels[k]))]
    pdf_path = built("exercises", "--kinds", "mistake", "--count", "1")
    text = " ".join(all_text(pdf_path))
    assert not ORDINAL.search(text) and "Première carte" in text and "Troisième carte" in text


def read_toml_catalogue(lang: str) -> dict:
    from cli.resources import data_dir

    with traced():
        return read_toml(data_dir("templates") / "catalogues" / f"{lang}.toml", "catalogue")
