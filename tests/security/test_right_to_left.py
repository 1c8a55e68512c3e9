"""Arabic and Hebrew names on real sheets: embedded fonts, joined letters, visual order, centred as measured."""

import re
from pathlib import Path

import fontpkg_noto_sans_arabic
import pypdf
import pytest

from cli.render.shaping import pieces  # noqa: E402
from tests.pdfcheck import font_report, plumbed
from tests.security.conftest import clear_caches, one_line
from tests.security.test_names import fonts_of

LAYLA, DANA, DANA_DRAWN = "ليلى", "דנה", "הנד"
# as drawn left to right: the glyphs HarfBuzz joined (private-use characters for those without their own)
LAYLA_DRAWN = str(pieces(LAYLA, "regular")[0].text)


def drawn(pdf_path) -> str:
    """Page 1's characters in the order they were drawn (pdfplumber keeps the content stream's order)."""
    with plumbed(pdf_path, reader="pdfminer") as pdf:
        return "".join(ch["text"] for ch in pdf.pages[0].chars)


def render_modes(pdf_path) -> set[str]:
    """The text render modes (Tr) page 1's content sets: '2' is fill and stroke, the synthetic bold."""
    content = pypdf.PdfReader(pdf_path).pages[0].get_contents().get_data().decode("latin-1")
    return set(re.findall(r"(\d) Tr\b", content))


@pytest.mark.parametrize("lang", ["fr", "en", "fr+en"])
def test_arabic_and_hebrew_names_are_embedded_joined_and_right_to_left(pnpkit, pdf_path, lang):
    result = pnpkit("record-sheet", "--players", f"{LAYLA},{DANA},Ana", "--lang", lang, "-o", pdf_path)
    assert result.code == 0, result.err
    fonts = {f["name"].split("+")[-1]: f for f in font_report(pdf_path)}
    assert fonts["NotoSansArabic-Regular"]["embedded"] and fonts["NotoSansArabic-Regular"]["subset"]
    assert fonts["Heebo-Regular"]["embedded"]
    text = drawn(pdf_path)
    assert LAYLA not in text and DANA not in text  # neither unjoined nor in typing order
    assert fonts_of(pdf_path, LAYLA_DRAWN) == {"NotoSansArabic-Regular"}  # presentation forms, visual order
    assert fonts_of(pdf_path, DANA_DRAWN) == {"Heebo-Regular"}
    assert all(font.startswith("Atkinson") for font in fonts_of(pdf_path, "Ana"))


def test_a_label_before_an_arabic_name_stays_first_and_in_the_body_font(pnpkit, pdf_path):
    result = pnpkit("score", "dreist", "--names", LAYLA, "-o", pdf_path)  # the solo sheet: "Nom : <name>"
    assert result.code == 0, result.err
    with plumbed(pdf_path, reader="pdfminer") as pdf:
        chars = pdf.pages[0].chars
    text = "".join(ch["text"] for ch in chars)
    start = text.index(LAYLA_DRAWN)
    label = text.rindex("Nom", 0, start)
    assert text[label:start].replace("\u00a0", " ").strip() == "Nom :"
    name = chars[start:start + len(LAYLA_DRAWN)]
    assert all(chars[label]["x0"] < ch["x0"] for ch in name)  # the label on the left, on the same line
    assert abs(chars[label]["matrix"][5] - name[0]["matrix"][5]) < 0.01  # one baseline
    assert name[0]["x0"] == min(ch["x0"] for ch in name)  # the final form leftmost
    assert chars[label]["fontname"].split("+")[-1].startswith("Atkinson")


def _centre_offsets(pdf_path, word: str) -> list[float]:
    """For each occurrence of `word` drawn alone in a cell: its centre minus the cell's centre, in points."""
    with plumbed(pdf_path, reader="pdfminer") as pdf:
        page = pdf.pages[0]
        chars, text, offsets = page.chars, "".join(ch["text"] for ch in page.chars), []
        start = text.find(word)
        while start >= 0:
            run = chars[start:start + len(word)]
            x0, x1 = min(c["x0"] for c in run), max(c["x1"] for c in run)
            cells = [r for r in page.rects if r["x0"] <= x0 and x1 <= r["x1"] and r["top"] <= run[0]["top"]
                     and run[0]["bottom"] <= r["bottom"]]
            cell = min(cells, key=lambda r: r["width"])
            line = [c for c in chars if abs(c["top"] - run[0]["top"]) < 1 and cell["x0"] <= c["x0"] <= cell["x1"]]
            if len(line) == len(run):  # the name alone in its cell (not "Carte de …")
                offsets.append((x0 + x1) / 2 - (cell["x0"] + cell["x1"]) / 2)
            start = text.find(word, start + 1)
        return offsets


def test_right_to_left_names_are_centred_as_measured_in_regular_and_synthetic_bold(pnpkit, pdf_path):
    assert pnpkit("score", "dreist", "--names", f"{LAYLA},{DANA},Ana", "-o", pdf_path).code == 0
    for word in (LAYLA_DRAWN, DANA_DRAWN, "Ana"):
        offsets = _centre_offsets(pdf_path, word)
        assert len(offsets) >= 6, word  # the bold column header and the regular "starts" column
        assert all(abs(offset) < 0.6 for offset in offsets), (word, offsets)


def test_a_fallback_without_a_bold_file_is_stroked_in_bold_and_only_there(pnpkit, tmp_path):
    assert pnpkit("score", "dreist", "--names", "Ana,Bo,Cy", "-o", "latin.pdf").code == 0
    assert "2" not in render_modes(tmp_path / "latin.pdf")  # the body font has a real bold
    for names in (f"{LAYLA},{DANA},Ana", "Ζωή,Bo,Cy"):
        assert pnpkit("score", "dreist", "--names", names, "-o", "other.pdf").code == 0
        assert "2" in render_modes(tmp_path / "other.pdf"), names  # the bold header names, stroked


def test_a_fallback_table_of_ones_own_adds_a_script_and_without_it_the_script_is_refused(pnpkit, own_folder):
    fonts = own_folder("fonts")
    manifest = (fonts / "manifest.toml").read_text()
    arabic = Path(fontpkg_noto_sans_arabic.__path__[0]) / "files" / "NotoSansArabic[wdth,wght].ttf"
    without = manifest[:manifest.index("[fallback-arabic]")] + manifest[manifest.index("[fallback-hebrew]"):]
    (fonts / "manifest.toml").write_text(without)
    result = pnpkit("score", "dreist", "--names", f"{LAYLA},Bo,Cy", "-o", "s.pdf")
    assert result.code == 2 and one_line(result) and "U+0644 ARABIC LETTER LAM" in result.err, result.err
    assert "fonts/README.md" in result.err
    (fonts / "mine.ttf").write_bytes(arabic.read_bytes())  # a user's own .ttf in the fonts folder
    (fonts / "manifest.toml").write_text(without + '\n[fallback-mine]\nregular = "mine.ttf"\n')
    clear_caches()
    result = pnpkit("score", "dreist", "--names", f"{LAYLA},Bo,Cy", "-o", "s.pdf")
    assert result.code == 0, result.err
