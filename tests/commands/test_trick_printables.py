"""`pnpkit demo` and `pnpkit record-sheet`: answers right, on their own sheet, cells big enough."""

import json

import pdfplumber
import pypdf
import pytest

from tests.pdfcheck import PT, all_text, text_outside_its_boxes

REFERENCE_JSON = {
    "players": ["A", "B", "C"],
    "hands": {"A": ["C1", "C4", "T2", "S3"], "B": ["C2", "T1", "T4", "S1"], "C": ["C3", "T3", "S2", "S4"]},
    "totals": {"A": 0, "B": 1, "C": 3},
}


def test_json_of_the_reference_deal(pnpkit):
    result = pnpkit("demo", "--json")
    assert result.code == 0
    data = json.loads(result.out)
    assert {k: data[k] for k in REFERENCE_JSON} == REFERENCE_JSON
    assert [t["winner"] for t in data["tricks"]] == ["C", "B", "C", "C"]
    assert data["tricks"][0] == {"number": 1, "leader": "A", "led_suit": "C", "winner": "C", "plays": [
        {"player": "A", "card": "C1", "followed": True}, {"player": "B", "card": "C2", "followed": True},
        {"player": "C", "card": "C3", "followed": True}]}
    assert [p["followed"] for p in data["tricks"][3]["plays"]] == [True, False, False]


def test_json_of_the_second_source_example(pnpkit):
    result = pnpkit("demo", "--json", "--deal", "A:C1,C3,T4,S2 B:C2,T1,T3,S4 C:C4,T2,S1,S3",
                    "--plays", "T4 T1 T2 / C1 C2 C4 / S1 S2 S4 / T3 S3 C3")
    data = json.loads(result.out)
    assert [t["winner"] for t in data["tricks"]] == ["A", "C", "B", "B"]
    assert data["totals"] == {"A": 1, "B": 2, "C": 1}


def test_a_deal_without_plays_is_played_by_the_policy(pnpkit):
    result = pnpkit("demo", "--json", "--deal", "A:C1,C4,T2,S3 B:C2,T1,T4,S1 C:C3,T3,S2,S4", "--leader", "B")
    data = json.loads(result.out)
    assert data["tricks"][0]["leader"] == "B" and sum(data["totals"].values()) == 4


def test_same_seed_same_json(pnpkit):
    assert pnpkit("demo", "--json", "--seed", "42").out == pnpkit("demo", "--json", "--seed", "42").out


def test_answers_start_a_new_sheet_and_students_never_see_them(pnpkit, pdf_path):
    assert pnpkit("demo", "-o", pdf_path).code == 0
    pages = all_text(pdf_path)
    assert len(pages) == 3  # students' page, its blank back, the answer key on sheet 2
    students, blank, answers = pages
    assert "Corrigé" not in students and "gagne avec" not in students
    assert "Corrigé : réponses de l’animateur" in answers
    for line in ["Pli 1 : A entame C1 (cercle demandé). C gagne avec C3",
                 "Pli 2 : C entame T3 (triangle demandé). B gagne avec T4",
                 "Pli 3 : B entame S1 (carré demandé). C gagne avec S4",
                 "Pli 4 : C entame S2 (carré demandé). C gagne avec S2",
                 "A se défausse de C4", "B se défausse de T1", "Totaux : A 0, B 1, C 3",
                 "les douze cartes apparaissent une fois"]:
        assert line in answers.replace("\n", " "), line


def test_students_page_shows_hands_table_and_questions(pnpkit, pdf_path):
    assert pnpkit("demo", "-o", pdf_path, "--lang", "en").code == 0
    students = all_text(pdf_path)[0]
    for word in ["The three hands", "A's hand", "Trick", "Lead", "A plays", "Winner", "Totals",
                 "Who leads this trick?", "Which suit was led?"]:
        assert word in students


SUIT_STROKE = {"C": (0.231, 0.435, 0.769), "T": (0.816, 0.278, 0.227), "S": (0.184, 0.569, 0.345)}


def test_students_page_draws_exactly_the_twelve_cards_of_the_hands(pnpkit, pdf_path):
    assert pnpkit("demo", "-o", pdf_path, "--lang", "en").code == 0
    # A4: the flow starts at the 5 mm safe margin + 7 = 12 mm and is 210 - 2 x 5 - 14 = 186 mm wide;
    # each hand has a third of it (62 mm), its cards are 13 x 18 mm, 14.5 mm apart
    expected = {(round(12 + 62 * i + 14.5 * j, 1), card)
                for i, player in enumerate("ABC") for j, card in enumerate(REFERENCE_JSON["hands"][player])}
    with pdfplumber.open(pdf_path) as pdf:
        page = pdf.pages[0]
        cards = [c for c in page.curves + page.rects
                 if abs((c["x1"] - c["x0"]) / PT - 13) < 0.1 and abs((c["bottom"] - c["top"]) / PT - 18) < 0.1]
        found = set()
        for card in cards:
            stroke = tuple(round(v, 3) for v in card["stroking_color"])
            value = "".join(ch["text"] for ch in page.crop((card["x0"], card["top"], card["x1"], card["bottom"])).chars
                            if ch["text"].isdigit() and ch["size"] > 10)
            suit = next(s for s, colour in SUIT_STROKE.items() if colour == stroke)
            found.add((round(card["x0"] / PT, 1), f"{suit}{value}"))
    assert len(cards) == 12 and len({round(c["top"] / PT, 1) for c in cards}) == 1
    assert found == expected


def test_the_answer_key_matches_the_engine_for_a_seed(pnpkit, pdf_path):
    data = json.loads(pnpkit("demo", "--json", "--seed", "9").out)
    assert pnpkit("demo", "--seed", "9", "--lang", "en", "-o", pdf_path).code == 0
    answers = all_text(pdf_path)[2].replace("\n", " ")
    for trick in data["tricks"]:
        winner = trick["winner"]
        card = next(p["card"] for p in trick["plays"] if p["player"] == winner)
        assert f"Trick {trick['number']}: {trick['leader']} leads" in answers
        assert f"{winner} wins with {card}" in answers
    totals = data["totals"]
    assert f"Totals: A {totals['A']}, B {totals['B']}, C {totals['C']}" in answers


@pytest.mark.parametrize(("args", "words"), [
    (["--deal", "A:C1,C4,T2,S3 B:C2,T1,T4,S1 C:C3,T3,S2,Q4"], "unknown card 'Q4'"),
    (["--deal", "A:C1,C4,T2,S3 B:C2,T1,T4,S1 C:C3,T3,S2,C4"], "dealt to A and to C"),
    (["--deal", "A:C1,C4,T2 B:C2,T1,T4,S1 C:C3,T3,S2,S4"], "player A holds 3 cards"),
    (["--deal", "A:C1,C4,T2,S3 B:C2,T1,T4,S1 C:C3,T3,S2,S4", "--plays", "C1 C2 C3 / T3 T2 S1 / S1 S4 S3 / S2 C4 T1"],
     "trick 2: B played S1 but holds T4 and T1, and triangle was led"),
    (["--deal", "A:C1,C4,T2,S3 B:C2,T1,T4,S1 C:C3,T3,S2,S4", "--plays", "C1 C2 C3 / T3 T2 T4 / S1 S4 / S2 C4 T1"],
     "trick 3 has 2 cards"),
    (["--deal", "A:C1,C4,T2,S3 B:C2,T1,T4,S1 C:C3,T3,S2,S4", "--plays", "C1 C2 C3 / T3 T2 T4 / S1 S4 S3 / S2 C4 C1"],
     "already played in trick 1"),
    (["--deal", "A:C1,C4,T2,S3 B:C2,T1,T4,S1 C:C3,T3,S2,S4", "--plays", "C2 C1 C3 / T3 T2 T4 / S1 S4 S3 / S2 C4 T1"],
     "in B's hand"),
    (["--seed", "abc"], "--seed"),
    (["--leader", "D"], "unknown leader 'D'"),
    (["--paper", "a3"], "unknown paper"),
])
def test_bad_demo_input(pnpkit, pdf_path, args, words):
    result = pnpkit("demo", "-o", pdf_path, *args)
    assert result.code == 2 and words in result.err, result.err
    assert result.err.count("\n") == 1 and not pdf_path.exists()


def test_record_sheet_with_names_escapes_and_rotates_the_first_lead(pnpkit, pdf_path):
    assert pnpkit("record-sheet", "--players", 'Ana,<b>&"Zoé",Cy', "-o", pdf_path).code == 0
    text = all_text(pdf_path)[0]
    assert 'B : <b>&"Zoé"' in text
    assert "donne 1 Ana, donne 2 <b>&\"Zoé\", donne 3 Cy" in text


def test_record_sheet_rows_and_write_in_cells(pnpkit, pdf_path):
    assert pnpkit("record-sheet", "--copies", "3", "-o", pdf_path).code == 0
    assert len(pypdf.PdfReader(pdf_path).pages) == 3
    with pdfplumber.open(pdf_path) as pdf:
        page = pdf.pages[0]
        text = page.extract_text()
        cells = [r for r in page.rects if r["width"] / PT > 15]
    for deal in (1, 2, 3):
        for trick in (1, 2, 3, 4):
            assert f"{deal} / {trick}" in text
    body = [c for c in cells if abs(c["height"] / PT - 9.5) < 0.05]
    assert len(body) >= 12 * 6  # 3 deals x 4 tricks, six columns
    assert min(c["height"] for c in cells) / PT >= 8.0  # every write-in cell at least 8 mm high


@pytest.mark.parametrize(("players", "words"), [
    ("Ana,Bo", "names 2 players; the trick game needs exactly 3"),
    ("Ana,,Cy", "name 2 is empty"),
    ("Ana,Bo,Maximilienne-Charlotte", "at most 16 fit a cell"),
])
def test_record_sheet_bad_players(pnpkit, pdf_path, players, words):
    result = pnpkit("record-sheet", "--players", players, "-o", pdf_path)
    assert result.code == 2 and words in result.err and not pdf_path.exists()


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("lang", ["fr", "en", "fr+en"])
def test_trick_printables_fit_every_paper_and_language(pnpkit, tmp_path, paper, lang):
    for command in ("demo", "record-sheet"):
        result = pnpkit(command, "--paper", paper, "--lang", lang, "-o", tmp_path / f"{command}.pdf")
        assert result.code == 0, result.err
        assert text_outside_its_boxes(tmp_path / f"{command}.pdf") == []  # inside cells, cards and paper


def test_seed_and_deal_exclude_each_other(pnpkit, pdf_path):
    result = pnpkit("demo", "--seed", "3", "--deal", "A:C1,C4,T2,S3 B:C2,T1,T4,S1 C:C3,T3,S2,S4", "-o", pdf_path)
    assert result.code == 2 and "leave out --deal and --plays" in result.err and not pdf_path.exists()
    result = pnpkit("demo", "--plays", "C1 C2 C3 / T3 T2 T4 / S1 S4 S3 / S2 C4 T1", "-o", pdf_path)
    assert result.code == 2 and "--plays needs --deal" in result.err
