"""`pnpkit guide`: a timed lesson plan pointing at the kit's material, and an open deal whose answers are
the engine's, in one language or two side by side, and in large print."""

import re

import pypdfium2
import pytest

from cli.games.guide_deal import guide_deal
from cli.main import run
from tests.pdfcheck import plumbed
from tests.untraced import traced

pytestmark = pytest.mark.untraced  # bodies read untraced: pnpkit runs through the fixtures, traced

BUILDS = {"fr": ["--lang", "fr"], "en": ["--lang", "en"], "fr+en": ["--lang", "fr+en"],
          "de-letter": ["--lang", "de", "--paper", "letter"], "large": ["--large-print", "--lang", "fr+en"],
          "seed": ["--seed", "5", "--lang", "en"]}


@pytest.fixture(scope="module")
def pdfs(tmp_path_factory):
    """Each guide built once for the module."""
    folder = tmp_path_factory.mktemp("guide")
    made = {}
    for name, args in BUILDS.items():
        path = folder / f"{name}.pdf"
        assert run(["guide", *args, "-o", str(path)]) == 0
        made[name] = path
    return made


def pages(path) -> list[str]:
    document = pypdfium2.PdfDocument(path)
    try:
        return [page.get_textpage().get_text_range().replace("\r", "") for page in document]
    finally:
        document.close()


def flat(path) -> str:
    return " ".join(" ".join(pages(path)).split()).replace("\u202f", " ").replace("\u00a0", " ")


def test_one_or_two_pages_a_language(pdfs):
    assert len(pages(pdfs["fr"])) <= 2 and len(pages(pdfs["en"])) <= 2 and len(pages(pdfs["de-letter"])) <= 2
    assert len(pages(pdfs["fr+en"])) <= 4


def test_the_plan_takes_45_minutes_and_every_step_names_what_it_uses(pdfs):
    text = flat(pdfs["en"])
    steps = re.findall(r"(\d+)–(\d+) min · ", text)
    assert steps[0][0] == "0" and steps[-1][1] == "45"
    assert all(int(end) == int(start) for (_, end), (start, _) in zip(steps, steps[1:], strict=False))  # no gap
    assert text.count("Uses: ") == len(steps) == 6
    for material in ("seat cards", "handout", "pupils' demonstration page".replace("'", "’"), "answer key",
                     "record sheet", "practice worksheets"):
        assert material in text
    assert "left over" in text and "never choose the card" in text  # the helpers of an odd class


def _table(path) -> list[tuple[str, str, str]]:
    """(trick, leader, winner) of each row of the open deal's table, as pdfium reads the rows."""
    text = "\n".join(pages(path))
    return re.findall(r"^([1-4]) ([ABC]) ([ABC])$", text, re.M)


@pytest.mark.parametrize(("name", "seed"), [("fr", None), ("fr+en", None), ("seed", 5)])
def test_the_open_deal_and_its_answers_are_the_engines(pdfs, name, seed):
    with traced():
        played = guide_deal(seed).played
    assert _table(pdfs[name]) == [(str(t.number), t.leader, t.winner) for t in played.tricks]
    text = flat(pdfs[name])
    for total in (f"{p}: {n}" for p, n in played.totals.items()):
        assert total in text or total.replace(":", " :") in text
    if seed is None:  # the source's facts: A wins the triangles; B's S4 would be a revoke
        assert "Pli 1 : A entame T4" in text and "B peut-il jouer S4 ?" in text
        assert "C remporte le pli 2 avec C4" in text and "B joue T1" in text


def test_a_seeded_guide_states_its_own_deal(pdfs):
    with traced():
        guide = guide_deal(5)
    text = flat(pdfs["seed"])
    first = guide.played.tricks[0]
    assert f"Trick 1: {first.leader} leads {first.plays[0].card}" in text
    assert f"may {guide.revoke.player} play {guide.revoke.wrong}? No" in text
    assert f"{guide.lead_pass.trick.winner} takes trick {guide.lead_pass.trick.number}" in text


def test_two_languages_stand_side_by_side_the_second_in_italic(pdfs):
    with plumbed(pdfs["fr+en"]) as pdf:
        page = pdf.pages[0]
        words = page.extract_words(extra_attrs=["fontname"])
    french = next(w for w in words if w["text"] == "Places")
    english = next(w for w in words if w["text"] == "Seats")
    assert abs(french["top"] - english["top"]) < 3 and english["x0"] > french["x0"] + 60
    assert "Italic" in english["fontname"] and "Italic" not in french["fontname"]


def test_large_print_is_16_pt_and_its_cards_grow(pdfs):
    with plumbed(pdfs["large"]) as pdf:
        sizes = [c["size"] for page in pdf.pages for c in page.chars if c["text"].strip()]
        codes = [w for page in pdf.pages for w in page.extract_words(extra_attrs=["size"])
                 if re.fullmatch(r"[CTS][1-4]", w["text"])]
    assert sum(size >= 15.9 for size in sizes) / len(sizes) > 0.9
    assert len(codes) >= 24 and min(w["size"] for w in codes) >= 12  # the hands' cards, the table's codes
