"""Every name drawn right: each complex script shaped by HarfBuzz, read back from the PDF glyph by glyph.

The fixtures below are the glyphs (font glyph ids) and positions (x, top in pt) of one name per script,
drawn at 20 pt; they were checked by eye once, rendered to PNG (the i-matra of कि before its consonant,
Arabic letters joined with their vowel marks above, Thai marks stacked on their consonant, the Tamil,
Telugu and Khmer clusters formed). A change of shaping, font or placement changes them.
"""

import io
import subprocess
import sys

import pytest
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen import canvas

from cli.errors import PnpkitError
from cli.layout.units import MM_PER_PT
from cli.render.shaping import pieces, shaped_width
from cli.render.text import draw_line, width_mm
from tests.pdfcheck import plumbed

NAMES = {"arabic": "ليلى", "arabic-marks": "مُحَمَّد", "hebrew": "דנה", "devanagari": "किरण", "tamil": "கீர்த்தனா",
         "telugu": "శ్రీనివాస్", "thai": "ที่นี่", "khmer": "សុខា"}
FONTS = {"arabic": "arabic", "arabic-marks": "arabic", "hebrew": "hebrew", "devanagari": "devanagari",
         "tamil": "tamil", "telugu": "telugu", "thai": "thai", "khmer": "khmer"}
DRAWN = {   "arabic": [[104, 10.0, 34.8], [70, 24.7, 34.8], [319, 31.5, 34.9], [18, 30.7, 34.8], [72, 38.2, 34.8]],
    "arabic-marks": [   [29, 10.0, 34.8],
                        [371, 23.0, 32.7],
                        [368, 23.2, 36.7],
                        [78, 20.6, 36.7],
                        [371, 32.1, 36.9],
                        [26, 32.2, 34.8],
                        [372, 47.5, 36.8],
                        [79, 44.9, 34.8]],
    "hebrew": [[329, 10.0, 28.4], [352, 21.8, 28.4], [327, 29.0, 28.4]],
    "devanagari": [[545, 10.0, 28.2], [56, 15.2, 28.2], [82, 30.5, 28.2], [70, 38.7, 28.2]],
    "tamil": [   [101, 10.0, 27.4],
                 [90, 26.5, 27.4],
                 [84, 38.4, 27.4],
                 [25, 54.9, 27.4],
                 [27, 71.4, 27.4],
                 [41, 96.1, 27.4]],
    "telugu": [[250, 10.0, 29.7], [644, 21.0, 29.7], [202, 21.0, 29.7], [177, 35.0, 29.7], [144, 55.4, 29.7]],
    "thai": [   [117, 10.0, 29.0],
                [94, 22.1, 29.0],
                [44, 22.1, 29.0],
                [71, 22.2, 29.0],
                [94, 34.4, 29.0],
                [44, 34.4, 29.0]],
    "khmer": [[83, 10.0, 25.9], [115, 28.4, 26.4], [238, 28.6, 25.9]]}


def drawn(name: str) -> list[list]:
    """The glyph ids and positions of  drawn at 20 pt, read back from the PDF."""
    out = io.BytesIO()
    pdf = canvas.Canvas(out, pagesize=(300, 60), invariant=1)
    draw_line(pdf, 10, 20, name, 20, "regular", "left")
    pdf.save()
    font = pdfmetrics.getFont(pieces(name, "regular")[0].font)
    with plumbed(out.getvalue(), reader="pdfminer") as read:
        return [[font.face.charToGlyph[ord(char["text"])], round(char["x0"], 1), round(char["top"], 1)]
                for char in read.pages[0].chars]


@pytest.mark.parametrize("script", sorted(NAMES))
def test_each_script_is_drawn_with_its_shaped_glyphs(script):
    (piece,) = pieces(NAMES[script], "regular")
    assert piece.font.endswith(FONTS[script]) and piece.shaped
    assert drawn(NAMES[script]) == DRAWN[script]


@pytest.mark.parametrize("script", sorted(NAMES))
def test_the_layout_measures_the_shaped_width(script):
    (piece,) = pieces(NAMES[script], "regular")
    assert abs(width_mm(NAMES[script], 11) - shaped_width(piece.text) * 11 / 1000 * MM_PER_PT) < 1e-9


@pytest.mark.parametrize("text", ["Ana Zoë", "Ζωή", "Жанна", "Nguyễn", "Carte de Ana : 3 « ok »"])
def test_latin_greek_and_cyrillic_are_never_shaped(text):
    assert not any(piece.shaped for piece in pieces(text, "regular") + pieces(text, "bold"))


def test_a_name_in_every_script_prints(pnpkit):
    names = ",".join(NAMES[s] for s in ("devanagari", "arabic", "thai"))
    assert pnpkit("record-sheet", "--players", names, "-o", "r.pdf").code == 0
    names = ",".join(NAMES[s] for s in ("tamil", "telugu", "khmer"))
    assert pnpkit("record-sheet", "--players", names, "-o", "r.pdf").code == 0


@pytest.mark.parametrize(("name", "code"), [("王芳", "U+738B"), ("Ana😀", "U+1F600"), ("ꦲꦤ", "U+A9B2")])
def test_a_script_no_packaged_font_covers_is_refused_naming_the_code_point(pnpkit, name, code):
    result = pnpkit("record-sheet", "--players", f"{name},Bo,Cy", "-o", "r.pdf")
    assert result.code == 2 and code in result.err and result.err.count("\n") == 1


def test_script_fonts_load_only_when_a_name_needs_one(tmp_path):
    probe = ("from reportlab.pdfbase import pdfmetrics; from cli.main import run; "
             "run(['record-sheet', '--players', 'Ana,Ζωή,Жанна', '-o', 'r.pdf']); "
             "print(sorted(pdfmetrics.getRegisteredFontNames()))")
    done = subprocess.run([sys.executable, "-c", probe], cwd=tmp_path, capture_output=True, text=True, check=True)
    assert "Fallback" in done.stdout  # Noto Sans for the Greek and Cyrillic names
    for script in ("arabic", "hebrew", "devanagari", "tamil", "telugu", "thai", "khmer"):
        assert script not in done.stdout


def test_pieces_refuse_what_no_font_has():
    with pytest.raises(PnpkitError, match=r"U\+4E2D"):
        pieces("Ana 中", "regular")


@pytest.mark.parametrize("name", ["(ليلى)", "(דנה)", "[مُحَمَّد]"])
def test_brackets_around_a_right_to_left_name_stay_around_it(name):
    """The bidirectional algorithm leaves the brackets left to right; HarfBuzz must not mirror them again."""
    (piece,) = [p for p in pieces(f"Carte de {name}", "regular") if p.shaped]
    assert piece.text[0] == name[0] and piece.text[-1] == name[-1]
    assert len(drawn(name)) == len(piece.text)
