"""Offsets at the corners of the calibration scale, printed: backs behind fronts in the PDF, no ink within
5 mm of the edge, a smaller grid said on stderr and on the sheet; a profile's offset and a single-sided kit."""

import pytest

from cli.layout.imposition import Box, duplex_mirror
from cli.layout.sizes import paper
from tests.pdfcheck import WHITE, back_rects, card_rects, ink_near_the_edge, plumbed, text_of

CORNERS = [  # paper, size, flip, offset, the cards' places: the grid's corners, one per paper and flip
    ("letter", "poker", "long", (-5.0, 5.0), (88, 63)),  # turned: see below
    ("a4", "mini", "short", (5.0, -5.0), (44, 63)),
]


@pytest.mark.parametrize(("name", "size", "flip", "offset", "card"), CORNERS)
def test_backs_land_behind_fronts_at_the_scales_corners(pnpkit, tmp_path, name, size, flip, offset, card):
    path = tmp_path / "cards.pdf"
    result = pnpkit("cards", "--paper", name, "--size", size, "--duplex", flip, "--back", "opaque",
                    f"--back-offset={offset[0]:g},{offset[1]:g}", "-o", path)
    assert result.code == 0, result.err
    sheet = paper(name)
    with plumbed(path) as pdf:
        fronts = sorted(card_rects(pdf.pages[0], *card, WHITE), key=lambda r: (r.y, r.x))
        backs = back_rects(pdf.pages[1], *card)
        assert fronts and len(backs) == len(fronts)
        for front in fronts:
            want = duplex_mirror(Box(front.x, front.y, front.w, front.h), sheet, flip).moved(*offset)
            assert any(abs(b.x - want.x) < 0.01 and abs(b.y - want.y) < 0.01 for b in backs), (front, want)
        # the page number is on the back page (its 4 mm from the ground: tests/layout/test_offsets.py)
        assert " ".join(pdf.pages[1].extract_text().split()).endswith(f"/ {len(pdf.pages)}")
    assert ink_near_the_edge(path) == []
    if name == "letter":  # 3 x 3 cannot hold a 5 mm vertical shift with bleed: 8 turned cards, said twice
        assert "8 cards a sheet instead of 9" in result.err and "--paper a4 holds 9" in result.err
        said = " ".join(text_of(path, 0).replace("\u00a0", " ").split())  # the offset named, as French writes it
        assert "8 cartes par feuille au lieu de 9 : le décalage du verso (X -5 / Y 5 mm)" in said
        assert len(fronts) == 8
        with plumbed(path) as pdf:  # the cards' own text turned with them, the sheet's notice not
            chars = pdf.pages[0].chars
            assert chars and all(abs(c["matrix"][0]) < 1e-6 for c in chars)  # no text upright: cards turned
            turned = [c for c in chars if c["matrix"][1] < 0]  # a quarter turn clockwise: cards, right band
            assert sum(c["text"] in "1234" for c in turned) >= 16  # each card's value, twice
        last = " ".join(text_of(path, 2).replace("\u00a0", " ").split())  # seat cards' flows, turned too
        assert "Aide-mémoire : les plis" in last and "dans le sens horaire" in last and "Fournis la couleur" in last


def test_a_saved_offset_does_not_apply_to_a_single_sided_kit(pnpkit, tmp_path, monkeypatch):
    monkeypatch.setenv("PNPKIT_CONFIG", str(tmp_path / "config"))
    assert pnpkit("printer", "save", "lab", "--back-offset", "1.5,-0.5").code == 0
    result = pnpkit("kit", "--printer", "lab", "--single-sided", "-o", tmp_path / "kit.pdf")
    assert result.code == 0, result.err
    assert "back-offset" not in result.err
    typed = pnpkit("kit", "--single-sided", "--back-offset", "1,1", "-o", tmp_path / "kit2.pdf")
    assert typed.code == 2 and "--back-offset applies to duplex" in typed.err  # typed: still refused


def test_the_kit_says_in_one_line_when_an_offset_costs_cards_and_names_the_fix(pnpkit, tmp_path):
    result = pnpkit("kit", "--paper", "letter", "--lang", "en", "--back", "opaque", "--back-offset", "0,5",
                    "-o", tmp_path / "kit.pdf")
    assert result.code == 0, result.err
    notes = [line for line in result.err.splitlines() if "a sheet instead of" in line]
    assert notes == ["kit: 8 cards a sheet instead of 9: back offset 0,5 mm leaves the default grid no room for "
                     "the backs' bleed; --paper a4 holds 9 at this offset"]
    assert "8 cards a sheet instead of 9" in " ".join(text_of(tmp_path / "kit.pdf", 2).split())  # on page 3 too
    plain = pnpkit("kit", "--paper", "letter", "--lang", "en", "--back", "opaque", "--back-offset", "0,0.5",
                   "-o", tmp_path / "kit2.pdf")
    assert plain.code == 0 and "a sheet instead of" not in plain.err  # 9 a sheet: nothing to say


def _dark_runs(columns: list[bool]) -> list[tuple[int, int]]:
    """The runs [start, end) of dark columns."""
    runs, start = [], None
    for index, dark in enumerate([*columns, False]):
        if dark and start is None:
            start = index
        elif not dark and start is not None:
            runs.append((start, index))
            start = None
    return runs


def test_the_back_pages_number_stands_4_mm_off_the_ground_as_printed(pnpkit, tmp_path):
    """Letter poker backs (the side margins of a centred 3 x 3 held 2 mm), measured on the rendered page:
    from the ground's last column to the number's first, at least 4 mm (the glyphs' ink, not their box)."""
    import pypdfium2

    path = tmp_path / "cards.pdf"
    assert pnpkit("cards", "--paper", "letter", "--lang", "en", "--back", "opaque", "-o", path).code == 0
    dpi = 200
    image = pypdfium2.PdfDocument(path.read_bytes())[1].render(scale=dpi / 72).to_pil().convert("L")
    width, height = image.size
    pixels = image.load()
    columns = [any(pixels[x, y] < 128 for y in range(0, height, 2)) for x in range(width)]
    runs = _dark_runs(columns)
    ground = max(runs, key=lambda run: run[1] - run[0])
    number = [run for run in runs if run[0] >= ground[1]]
    assert number, "no page number beside the backs"
    gap_mm = (number[0][0] - ground[1]) * 25.4 / dpi
    assert gap_mm >= 4.0 - 0.15, gap_mm
