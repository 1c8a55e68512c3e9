"""`pnpkit cards`: open the PDF and measure cards, backs, margins, ruler, fonts and preferences."""

import subprocess
import sys

import pytest

from cli.documents.card_sheets import sheet_imposition
from cli.layout.sizes import paper as paper_named
from tests.pdfcheck import (
    PT,
    TOL,
    WHITE,
    all_text,
    back_rects,
    card_rects,
    font_report,
    ink_near_the_edge,
    metadata,
    page_sizes_mm,
    plumbed,
    viewer_preferences,
)
from tests.untraced import traced

pytestmark = pytest.mark.untraced  # bodies read untraced: pnpkit runs through the fixtures, traced

PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
SIZES = {"poker": (63.0, 88.0), "bridge": (57.0, 89.0), "mini": (44.0, 63.0), "60x90": (60.0, 90.0)}


def make(pnpkit, path, *args):
    result = pnpkit("cards", "-o", path, *args)
    assert result.code == 0, result.err
    return path


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("size", SIZES)
def test_pages_are_the_paper_and_cards_the_requested_size(built, paper, size):
    pdf_path = built("cards", "--paper", paper, "--size", size, "--back", "opaque", "--no-seat-cards")
    width, height = PAPERS[paper]
    for w, h in page_sizes_mm(pdf_path):
        assert abs(w - width) <= 0.1 / PT and abs(h - height) <= 0.1 / PT  # 0.1 pt
    cw, ch = SIZES[size]
    with plumbed(pdf_path) as pdf:
        fronts = [r for page in pdf.pages for r in card_rects(page, cw, ch, WHITE)]
        backs = [r for page in pdf.pages for r in back_rects(page, cw, ch)]
    assert len(fronts) == 12 and len(backs) == 12


def test_twelve_distinct_fronts_per_deck(built):
    pdf_path = built("cards", "--decks", "2")
    codes = []
    with plumbed(pdf_path) as pdf:
        for page in pdf.pages:
            for card in card_rects(page, 63, 88, WHITE):
                inside = page.crop((card.x * PT, card.y * PT, (card.x + card.w) * PT, (card.y + card.h) * PT))
                upright = inside.filter(lambda o: o.get("object_type") != "char" or o["matrix"][0] > 0)
                words = upright.extract_text().split()
                codes += [w for w in words if len(w) == 2 and w[0] in "CTS" and w[1] in "1234"][:1]  # not seats
    deck = [f"{s}{v}" for s in "CTS" for v in range(1, 5)]
    assert sorted(codes) == sorted(deck * 2)


def _pairs(path, cw, ch):
    """(front, back) rectangles page by page, matched by position in the sheet."""
    with plumbed(path) as pdf:
        pages = pdf.pages
        out = []
        for page in pages:
            out.append((card_rects(page, cw, ch, WHITE), back_rects(page, cw, ch)))
    return out


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("offset", [(0.0, 0.0), (1.5, -2.0)])
def test_backs_land_behind_fronts_on_long_edge_flip(pnpkit, pdf_path, paper, offset):
    make(pnpkit, pdf_path, "--paper", paper, "--duplex", "long", "--back-offset", f"{offset[0]},{offset[1]}",
         "--back", "opaque")
    width = PAPERS[paper][0]
    with traced():
        place = sheet_imposition(paper_named(paper), 63, 88, "long", offset).fronts[0]  # Letter at -2 mm: turned
    pages = _pairs(pdf_path, place.w, place.h)
    assert len(pages) % 2 == 0
    for (fronts, _), (_, backs) in zip(pages[::2], pages[1::2], strict=True):
        assert fronts and len(fronts) == len(backs)
        for front in fronts:
            # the sheet turns about its vertical axis: x mirrors, y stays
            want = (width - front.x - front.w + offset[0], front.y + offset[1])
            assert any(abs(b.x - want[0]) <= TOL and abs(b.y - want[1]) <= TOL for b in backs), front


@pytest.mark.parametrize("paper", PAPERS)
def test_backs_land_behind_fronts_on_short_edge_flip(built, paper):
    pdf_path = built("cards", "--paper", paper, "--duplex", "short", "--size", "mini", "--back", "opaque")
    height = PAPERS[paper][1]
    pages = _pairs(pdf_path, 44, 63)
    for (fronts, _), (_, backs) in zip(pages[::2], pages[1::2], strict=True):
        assert fronts and len(fronts) == len(backs)
        for front in fronts:
            want = (front.x, height - front.y - front.h)  # y mirrors, x stays
            assert any(abs(b.x - want[0]) <= TOL and abs(b.y - want[1]) <= TOL for b in backs)


def test_backs_without_duplex_sit_where_the_fronts_are(built):
    pdf_path = built("cards", "--duplex", "none", "--back", "opaque")
    pages = _pairs(pdf_path, 63, 88)
    for (fronts, _), (_, backs) in zip(pages[::2], pages[1::2], strict=True):
        assert fronts and len(fronts) == len(backs)
        for front in fronts:
            assert any(abs(b.x - front.x) <= TOL and abs(b.y - front.y) <= TOL for b in backs)


@pytest.mark.parametrize("paper", PAPERS)
def test_fold_puts_each_back_facing_its_front_across_the_fold(built, paper):
    pdf_path = built("cards", "--paper", paper, "--duplex", "fold", "--back", "opaque")
    width, height = PAPERS[paper]
    pages = _pairs(pdf_path, 63, 88)
    assert sum(len(f) for f, _ in pages) == 12 + 3 + 1  # 3 a sheet: seats and reminder on two more sheets
    for fronts, backs in pages:
        assert len(fronts) == len(backs)
        for front in fronts:  # fold across the middle of the page: y mirrors about height/2
            want_y = height - front.y - front.h
            assert any(abs(b.x - front.x) <= TOL and abs(b.y - want_y) <= TOL for b in backs)
            assert front.y + front.h <= height / 2 + TOL  # fronts above the fold line


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("args", [
    ["--duplex", "long"], ["--duplex", "fold"], ["--duplex", "long", "--back", "opaque"],
    ["--duplex", "short", "--size", "mini", "--set-id", "7"],
])
def test_nothing_is_drawn_inside_the_safe_margin(built, paper, args):
    pdf_path = built("cards", "--paper", paper, "--lang", "fr+en", *args)
    assert ink_near_the_edge(pdf_path) == []


@pytest.mark.parametrize("back", ["tint", "opaque", "light"])
@pytest.mark.parametrize("offset", ["5.5,10", "-5.5,-10"])  # A4 poker: the backs may move 5.5 mm sideways
def test_backs_stay_out_of_the_safe_margin_at_the_largest_offset(built, back, offset):
    pdf_path = built("cards", "--back", back, "--back-offset", offset)
    assert ink_near_the_edge(pdf_path) == []


def test_crop_marks_stay_off_the_card_faces(built):
    pdf_path = built("cards")
    with plumbed(pdf_path) as pdf:
        page = pdf.pages[0]
        cards = card_rects(page, 63, 88, WHITE)
        marks = [ln for ln in page.lines if ln["stroking_color"] in ((0,), [0], (0, 0, 0), [0, 0, 0])]
        assert len(marks) >= 4 * 4  # every grid line marked on both sides
        for mark in marks:
            mx, my = (mark["x0"] + mark["x1"]) / 2 / PT, (mark["top"] + mark["bottom"]) / 2 / PT
            assert not any(c.x + TOL < mx < c.x + c.w - TOL and c.y + TOL < my < c.y + c.h - TOL for c in cards)


def test_the_ruler_is_fifty_millimetres_and_the_sheet_says_print_at_100(built):
    pdf_path = built("cards", "--lang", "fr+en")
    with plumbed(pdf_path) as pdf:
        page = pdf.pages[0]
        text = page.extract_text()
        tick_xs = sorted({round(ln["x0"] / PT, 2) for ln in page.lines
                          if abs(ln["x0"] - ln["x1"]) < 0.01 and ln["top"] / PT < 8})  # ruler ticks hang from y = 6.8
    assert len(tick_xs) == 51  # 0..50 mm
    assert tick_xs[-1] - tick_xs[0] == pytest.approx(50.0, abs=TOL)
    assert "100 %" in text and "50 mm" in text
    assert "Imprimez à 100 %" in text and "Print at 100%" in text


def test_fonts_are_embedded_and_subset_and_accents_extract(built):
    pdf_path = built("cards")
    fonts = font_report(pdf_path)
    assert fonts and all(f["embedded"] and f["subset"] for f in fonts), fonts
    assert not any("Helvetica" in f["name"] for f in fonts)
    assert "Imprimez à 100 % (taille réelle)" in all_text(pdf_path)[0]


@pytest.mark.parametrize(("duplex", "expected"), [
    ("long", "/DuplexFlipLongEdge"), ("short", "/DuplexFlipShortEdge"), ("fold", "/Simplex"), ("none", "/Simplex"),
])
def test_viewer_preferences_ask_for_actual_size_and_the_duplex_mode(built, duplex, expected):
    pdf_path = built("cards", "--duplex", duplex)
    prefs = viewer_preferences(pdf_path)
    assert prefs["/PrintScaling"] == "/None"
    assert prefs["/Duplex"] == expected


def test_metadata_names_title_subject_language_and_creator(built):
    pdf_path = built("cards", "--lang", "en")
    info = metadata(pdf_path)
    assert info["/Title"] == "Shape cards"
    assert "Twelve shape cards" in info["/Subject"]
    assert info["/Creator"].startswith("pnpkit")
    assert info["/Lang"] == "en"


def test_the_same_command_gives_identical_bytes(tmp_path):
    def once(name):
        path = tmp_path / name
        subprocess.run([sys.executable, "-m", "cli", "cards", "-o", str(path)], check=True, cwd=tmp_path)
        return path.read_bytes()

    assert once("a.pdf") == once("b.pdf")


def test_default_output_goes_to_the_output_folder(pnpkit, tmp_path):
    result = pnpkit("cards", "--paper", "letter", "--lang", "en")
    assert result.code == 0
    assert (tmp_path / "output" / "cards-letter-en.pdf").is_file()


@pytest.mark.parametrize(("args", "words"), [
    (["--paper", "a5"], "unknown paper 'a5'"),
    (["--size", "huge"], "unknown card size 'huge'"),
    (["--size", "300x90"], "do not fit"),
    (["--duplex", "sideways"], "unknown duplex mode 'sideways'"),
    (["--lang", "it"], "unknown language 'it'"),
    (["--back-offset", "1.5"], "not an offset"),
    (["--back-offset", "40,0"], "--back-offset 40,0 is more than 10 mm one way"),
    (["--size", "64x88", "--back-offset", "-5,0"], "safe margin"),
    (["--decks", "0"], "--decks"),
])
def test_bad_input_gives_one_line_exit_2_and_no_file(pnpkit, pdf_path, args, words):
    result = pnpkit("cards", "-o", pdf_path, *args)
    assert result.code == 2
    assert words in result.err
    assert result.err.count("\n") == 1 and "Traceback" not in result.err
    assert not pdf_path.exists()


def test_an_unwritable_output_path_is_refused_cleanly(pnpkit, tmp_path):
    blocker = tmp_path / "file.txt"
    blocker.write_text("not a folder")
    result = pnpkit("cards", "-o", blocker / "cards.pdf")
    assert result.code == 2 and "cannot write" in result.err and result.err.count("\n") == 1


def test_a_failed_run_does_not_clobber_an_existing_file(pnpkit, pdf_path):
    pdf_path.write_bytes(b"previous")
    assert pnpkit("cards", "-o", pdf_path, "--size", "400x400").code == 2
    assert pdf_path.read_bytes() == b"previous"
    assert not [p for p in pdf_path.parent.iterdir() if p.name.endswith(".part")]


@pytest.mark.parametrize("args", [["--back", "tint"], ["--back", "opaque"], ["--back", "light", "--set-id", "16"]])
def test_backs_are_identical_and_symmetric_under_a_half_turn(built, args):
    pdf_path = built("cards", *args)
    with plumbed(pdf_path) as pdf:
        fronts = card_rects(pdf.pages[0], 63, 88, WHITE)
        page = pdf.pages[1]
        backs = [(210 - f.x - 63, f.y) for f in fronts]  # long-edge flip: x mirrors
        objects = page.lines + page.curves + page.rects + page.chars

        def inside(x, y):  # a set: a neighbour's pebble repeated over the edge is one of ours
            return sorted({
                (round((o["x0"] / PT) - x, 1), round((o["top"] / PT) - y, 1),
                 round((o["x1"] / PT) - x, 1), round((o["bottom"] / PT) - y, 1))
                for o in objects if o["x0"] / PT >= x - TOL and o["x1"] / PT <= x + 63 + TOL
                and o["top"] / PT >= y - TOL and o["bottom"] / PT <= y + 88 + TOL})

        drawings = [inside(x, y) for x, y in backs]
    assert len(drawings) == 9 and len(drawings[0]) >= 3 and all(d == drawings[0] for d in drawings)  # identical
    turned = sorted((round(63 - x1, 1), round(88 - y1, 1), round(63 - x0, 1), round(88 - y0, 1))
                    for x0, y0, x1, y1 in drawings[0])
    # every shape, turned half a turn about the card's centre, lands on a shape of the same back
    assert all(min(max(abs(a - b) for a, b in zip(t, d, strict=True)) for d in drawings[0]) <= 0.15 for t in turned)
