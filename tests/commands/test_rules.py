"""`pnpkit rules`: every handout fits one or two pages, languages face each other, diagrams drawn."""

import pdfplumber
import pytest

from tests.pdfcheck import PT, all_text

PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}


@pytest.mark.parametrize("game", ["trick", "dreist", "twinit"])
@pytest.mark.parametrize("lang", ["fr", "en", "fr+en"])
@pytest.mark.parametrize("paper", PAPERS)
def test_every_handout_fits_in_two_pages_inside_the_margin_and_its_columns(pnpkit, pdf_path, game, lang, paper):
    result = pnpkit("rules", game, "--lang", lang, "--paper", paper, "-o", pdf_path)
    assert result.code == 0, result.err  # overflow of a page or a column is an error, never silent
    width, height = PAPERS[paper]
    with pdfplumber.open(pdf_path) as pdf:
        assert 1 <= len(pdf.pages) <= 2
        for page in pdf.pages:
            rule = [ln for ln in page.lines if abs(ln["x0"] - ln["x1"]) < 0.01 and ln["top"] / PT > 25]
            for char in page.chars:
                assert 5 <= char["x0"] / PT and char["x1"] / PT <= width - 5
                assert 5 <= char["top"] / PT and char["bottom"] / PT <= height - 5
            if lang == "fr+en":  # no text line crosses the rule between the two columns
                assert rule
                for segment in rule:
                    middle = segment["x0"]
                    beside = [w for w in page.extract_words()
                              if w["bottom"] > segment["top"] and w["top"] < segment["bottom"]]
                    for word in beside:
                        assert word["x1"] <= middle or word["x0"] >= middle, word["text"]


def test_two_languages_face_each_other_section_by_section(pnpkit, pdf_path):
    assert pnpkit("rules", "twinit", "--lang", "fr+en", "-o", pdf_path).code == 0
    with pdfplumber.open(pdf_path) as pdf:
        words = pdf.pages[0].extract_words()
    def top_of(text):
        return next(w["top"] for w in words if w["text"] == text)
    assert abs(top_of("Mise") - top_of("Setting")) < 0.5  # "Mise en place" faces "Setting up"
    assert abs(top_of("Vol") - top_of("Steal:")) < 30 * PT


def test_dreist_handout_draws_the_placement_diagram(pnpkit, pdf_path):
    assert pnpkit("rules", "dreist", "--lang", "en", "-o", pdf_path).code == 0
    captions = []
    with pdfplumber.open(pdf_path) as pdf:
        for offset in (0, 30, 60):  # the three panels, 30 mm apart from the column's left edge (12 mm)
            x0 = (12 + offset) * PT
            panel = pdf.pages[0].crop((x0, 0, x0 + 28 * PT, pdf.pages[0].height))
            small = panel.filter(lambda o: o.get("object_type") != "char" or abs(o["size"] - 6.5) < 0.1)
            captions.append(" ".join(small.extract_text().split()))
    assert captions[0].startswith("Two touching cards: allowed.")
    assert captions[1].startswith("Single card beside a number card: allowed.")
    assert captions[2].startswith("Two colours touching: not allowed.")
    with pdfplumber.open(pdf_path) as pdf:
        coloured = [c for page in pdf.pages for c in page.curves
                    if abs((c["x1"] - c["x0"]) / PT - 8) < 0.1 and abs((c["bottom"] - c["top"]) / PT - 10) < 0.1]
    assert len(coloured) == 7  # 2 + 3 + 2 number cards in the three little displays


def test_trick_handout_draws_one_trick_with_shapes(pnpkit, pdf_path):
    assert pnpkit("rules", "trick", "--lang", "en", "-o", pdf_path).code == 0
    text = all_text(pdf_path)[0]
    assert "A leads" in text and "B follows" in text and "C discards" in text
    assert "B wins: highest triangle played." in text


def test_handouts_cover_the_variants(pnpkit, tmp_path):
    assert pnpkit("rules", "dreist", "-o", tmp_path / "d.pdf").code == 0
    dreist = " ".join(all_text(tmp_path / "d.pdf"))
    assert "Variante solo" in dreist and "50 à 60 cartes" in dreist
    assert pnpkit("rules", "twinit", "--lang", "en", "-o", tmp_path / "t.pdf").code == 0
    twinit = " ".join(all_text(tmp_path / "t.pdf"))
    for mode in ["The ring", "Clans", "All together", "7 catches"]:
        assert mode in twinit


def test_unknown_game(pnpkit, pdf_path):
    result = pnpkit("rules", "chess", "-o", pdf_path)
    assert result.code == 2 and "unknown game 'chess'" in result.err and not pdf_path.exists()
