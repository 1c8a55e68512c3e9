"""Card backs a class can afford: the ink they use, how much of the front shows through, the bleed.

Figures for A4 poker, first sheet (measured when written; the asserts hold the promises):
    back     ink    show-through signal   mask    visibility
    tint     0.33   0.034                 0.248   0.14
    opaque   0.68   0.012                 0.053   0.22   (the old look)
    light    0.14   0.042                 0.108   0.38
    blank    0.00   0.049                 0.000   2.44
"""

import pytest

from cli.layout.imposition import duplex_mirror, impose_cards
from cli.layout.sizes import paper
from tests.pdfcheck import PT, WHITE, card_rects, palette_rgb, plumbed
from tests.showthrough import PX, Grey, ink, render, show_through

pytestmark = pytest.mark.untraced  # bodies read untraced: pnpkit runs through the fixtures, traced
A4 = paper("a4")
CARDS = [tuple(duplex_mirror(b, A4, "long")) for b in impose_cards(A4, 63, 88, "long").fronts]


@pytest.fixture(scope="module")
def sheets(tmp_path_factory):
    """The first front page and its back page for every back style (and a blank back)."""
    from cli.main import run

    folder = tmp_path_factory.mktemp("backs")
    out = {}
    for style in ("tint", "opaque", "light"):
        path = folder / f"{style}.pdf"
        assert run(["cards", "--back", style, "-o", str(path)]) == 0
        out[style] = (render(path, 0), render(path, 1))
    front, back = out["tint"]
    out["blank"] = (front, Grey(back.w, back.h, [1.0] * len(back.v)))
    return out


def test_the_default_back_uses_at_most_40_percent_ink_and_light_at_most_15(sheets):
    assert ink(sheets["tint"][1]) <= 0.40
    assert ink(sheets["light"][1]) <= 0.15
    assert ink(sheets["opaque"][1]) > 0.6  # the old look, for comparison: 68 %


def test_the_tint_hides_the_front_about_as_well_as_the_opaque_back(sheets):
    seen = {style: show_through(*sheets[style], CARDS) for style in ("tint", "opaque", "light", "blank")}
    report = {style: round(s.visibility, 3) for style, s in seen.items()}
    assert seen["tint"].visibility <= 1.5 * seen["opaque"].visibility, report
    assert seen["blank"].visibility > 5 * seen["tint"].visibility, report  # the simulation does see fronts
    assert seen["light"].visibility < seen["blank"].visibility, report


def _mean_darkness(page: Grey, x0: float, y0: float, x1: float, y1: float) -> float:
    values = [page.v[y * page.w + x] for y in range(round(y0 * PX), round(y1 * PX))
              for x in range(round(x0 * PX), round(x1 * PX))]
    return 1 - sum(values) / len(values)


@pytest.mark.parametrize("style", ["tint", "opaque"])
def test_the_ground_runs_past_the_outer_cut_lines(sheets, style):
    back = sheets[style][1]
    # A4 poker: the backs span y 16.5 … 280.5; 3 mm of bleed above and below fit inside the 5 mm margin.
    # Sideways they span x 10.5 … 199.5: only 0.5 mm to the margin, all of it used.
    inside = _mean_darkness(back, 12, 18.5, 198, 30)
    above = _mean_darkness(back, 12, 16.5 - 2, 198, 16.5)
    below = _mean_darkness(back, 12, 280.5, 198, 280.5 + 2)
    assert above > 0.6 * inside and below > 0.6 * inside, (above, below, inside)
    assert _mean_darkness(back, 12, 16.5 - 4.5, 198, 16.5 - 3.5) < 0.01  # and stops at the bleed
    assert _mean_darkness(back, 10.5 - 0.4, 30, 10.5, 270) > 0.6 * inside


@pytest.mark.parametrize("style", ["tint", "opaque", "light"])
def test_nothing_but_the_ground_lies_within_4_mm_of_a_cut(pnpkit, pdf_path, style):
    assert pnpkit("cards", "--back", style, "--set-id", "69", "-o", pdf_path).code == 0
    ground = {palette_rgb("back_dark"), palette_rgb("back_light")}  # the tint and light inks, the opaque ground
    with plumbed(pdf_path) as pdf:
        page = pdf.pages[1]
        marks = [o for o in page.chars + page.rects + page.curves
                 if not (o.get("fill") and not o.get("stroke")
                         and tuple(round(v, 3) for v in o["non_stroking_color"]) in ground)]
        lines = [ln for ln in page.lines if ln.get("stroking_color") != (0.203922, 0.27451, 0.478431)]  # not hatch
    assert any(o.get("text") == "6" for o in marks)  # the set number is there
    for o in marks + lines:
        x0, top, x1, bottom = o["x0"] / PT, o["top"] / PT, o["x1"] / PT, o["bottom"] / PT
        card = next((c for c in CARDS if c[0] <= x0 <= c[0] + c[2] and c[1] <= top <= c[1] + c[3]), None)
        if card is None:  # outside the cards (the page number): 4 mm from every one of them
            assert all(max(c[0] - x1, x0 - c[0] - c[2], c[1] - bottom, top - c[1] - c[3]) >= 4 - 0.05
                       for c in CARDS), o.get("text")
            continue
        assert min(x0 - card[0], top - card[1], card[0] + card[2] - x1, card[1] + card[3] - bottom) >= 4 - 0.05


@pytest.mark.parametrize(("number", "underlined"), [("6", True), ("9", True), ("16", True), ("7", False), ("11", 0)])
def test_the_set_number_is_printed_twice_turned_and_6_and_9_underlined(pnpkit, pdf_path, number, underlined):
    assert pnpkit("cards", "--set-id", number, "-o", pdf_path).code == 0
    with plumbed(pdf_path) as pdf:
        page = pdf.pages[1]
        on_cards = [c for c in page.chars if c["bottom"] < 281 * PT]  # not the page number below them
        upright = "".join(c["text"] for c in on_cards if c["matrix"][0] > 0)
        turned = "".join(c["text"] for c in on_cards if c["matrix"][0] < 0)
        rules = [ln for ln in page.lines if abs(ln["top"] - ln["bottom"]) < 0.01 and ln["x1"] - ln["x0"] < 20 * PT]
    assert upright == turned == number * 9  # once each way on each of the nine backs
    assert (len(rules) == 18) == bool(underlined)


def test_the_fronts_are_white_cards_and_the_backs_carry_no_card_sized_frame(pnpkit, pdf_path):
    assert pnpkit("cards", "-o", pdf_path).code == 0
    with plumbed(pdf_path) as pdf:
        assert len(card_rects(pdf.pages[0], 63, 88, WHITE)) == 9
        frames = [r for r in pdf.pages[1].rects if r["width"] / PT > 40]
    assert frames == []
