"""`pnpkit demo` and `pnpkit record-sheet`: answers right, on their own sheet, cells big enough."""

import json
import re

import pypdf
import pytest

from tests.pdfcheck import PT, all_text, palette_rgb, pdf_text, plumbed, text_outside_its_boxes

pytestmark = pytest.mark.untraced  # bodies read untraced: pnpkit runs through the fixtures, traced

SUIT_COLOURS = {palette_rgb("suit_circle"), palette_rgb("suit_triangle"), palette_rgb("suit_square")}
SUIT_FRAMES = {palette_rgb("suit_circle"), palette_rgb("suit_triangle"), palette_rgb("suit_square_frame")}

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
        {"player": "A", "card": "C1", "followed": True, "had_choice": True},
        {"player": "B", "card": "C2", "followed": True, "had_choice": False},  # B's only circle
        {"player": "C", "card": "C3", "followed": True, "had_choice": False}]}
    assert [p["had_choice"] for p in data["tricks"][1]["plays"]] == [True, False, True]  # C leads, B holds T1 and T4
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


@pytest.mark.parametrize(("lang", "shown"), [
    ("fr", "Donne : A : C1, C4, T2, S3 ; B : C2, T1, T4, S1 ; C : C3, T3, S2, S4."),
    ("en", "Deal: A: C1, C4, T2, S3; B: C2, T1, T4, S1; C: C3, T3, S2, S4."),
    ("de", "Runde: A: C1, C4, T2, S3; B: C2, T1, T4, S1; C: C3, T3, S2, S4."),
])
def test_the_answer_key_shows_the_deal_as_a_teacher_reads_it(built, lang, shown):
    """Not the --deal notation 'A:C1,C4,T2,S3 B:…': hands apart, cards spaced, each language's punctuation."""
    answers = " ".join(all_text(built("demo", "--lang", lang))[-1].split())  # U+00A0/202F as spaces
    assert "A:C1" not in answers
    assert "".join(shown.split()) in "".join(answers.split())  # pdfium drops U+202F: compare without spaces
    assert shown.replace(" ;", ";") in answers.replace(" ;", ";")  # …but each card stays spaced


def test_answers_start_a_new_sheet_and_students_never_see_them(built):
    pdf_path = built("demo")
    pages = all_text(pdf_path)
    assert len(pages) == 3  # students' page, its blank back, the answer key on sheet 2
    students, blank, answers = pages
    assert "Corrigé" not in students and "gagne avec" not in students
    assert "Corrigé de la démonstration" in answers
    for line in ["Pli 1 : A entame C1 (cercle demandé). C gagne avec C3",
                 "Pli 2 : C entame T3 (triangle demandé). B gagne avec T4",
                 "Pli 3 : B entame S1 (carré demandé). C gagne avec S4",
                 "Pli 4 : C entame S2 (carré demandé). C gagne avec S2",
                 "A se défausse de C4", "B se défausse de T1", "Totaux : A 0, B 1, C 3",
                 "les douze cartes apparaissent une fois",
                 # question 3, did the player have a choice: the reasons, worked out by hand from the hands
                 "Question 3 : qui entame a le choix (oui)", "au pli 4, chacun joue sa dernière carte (non).",
                 "B fournit C2 : non, c’est son seul cercle. C fournit C3 : non, c’est son seul cercle.",
                 "B fournit T4 : oui, T1 était permis aussi.", "C fournit S4 : oui, S2 était permis aussi."]:
        assert line in answers.replace("\n", " ").replace("\u202f", " "), line
    # the grid filled in: question 3's answers for A, B and C differ from trick to trick (teacher review 4 #2)
    assert ["1 cercle oui non non C3", "2 triangle non oui oui T4", "3 carré non oui oui S4",
            "4 carré non non non S2"] == re.findall(r"(?m)^[1-4] \w+ (?:oui|non) .*$", answers)


def test_students_page_shows_hands_table_and_questions(pnpkit, pdf_path):
    assert pnpkit("demo", "-o", pdf_path, "--lang", "en").code == 0
    students = all_text(pdf_path)[0]
    for word in ["A’s hand", "Trick", "Lead", "A plays", "Winner", "Totals", "C = circle", "4 beats 3, 2 and 1",
                 "Who leads this trick?", "Which suit was led?", "Suit led", "choice?", "Highest card"]:
        assert word in students
    with plumbed(pdf_path) as pdf:
        page = pdf.pages[0]
        drawn = page.curves + page.rects
        outlines = [c for c in drawn if _colour(c, "stroking_color") in SUIT_FRAMES
                    and _colour(c, "non_stroking_color") == (1.0, 1.0, 1.0)]
        shapes = [c for c in drawn if c.get("fill") and _colour(c, "non_stroking_color") in SUIT_COLOURS]
    assert len(outlines) == 12 + 12  # the twelve cards in the hands, and again beside each code in the table
    assert len(shapes) >= 12 + 12 + 3  # their shapes, and the legend’s three


def _colour(obj, key):
    value = obj.get(key)
    return tuple(round(float(v), 3) for v in value) if isinstance(value, (list, tuple)) else None


def _words_in_column(page, header: str):
    """Words below the header cell holding `header`, inside that cell’s x range."""
    words = page.extract_words(keep_blank_chars=False)
    head = next(w for w in words if w["text"] == header)
    cell = next(r for r in page.rects if r["x0"] <= head["x0"] and head["x1"] <= r["x1"]
                and r["top"] <= head["top"] and head["bottom"] <= r["bottom"])
    return [w for w in words if w["top"] > cell["bottom"] and cell["x0"] < (w["x0"] + w["x1"]) / 2 < cell["x1"]]


def test_students_page_prints_only_the_first_lead_and_no_winner(pnpkit, pdf_path):
    assert pnpkit("demo", "-o", pdf_path, "--lang", "en").code == 0
    with plumbed(pdf_path) as pdf:
        page = pdf.pages[0]
        table_top = next(w for w in page.extract_words() if w["text"] == "Lead")["top"]
        totals_top = next(w for w in page.extract_words() if w["text"] == "Totals")["top"]
        leads = [w["text"] for w in _words_in_column(page, "Lead") if w["top"] < totals_top]
        winners = [w["text"] for w in _words_in_column(page, "Winner") if w["top"] < totals_top]
        sizes = {round(c["size"], 1) for c in page.chars if c["top"] > table_top and c["size"] > 7}  # not card pictures
    assert leads == ["A"]  # trick 1's lead; the leads of tricks 2-4 would give the winners away
    assert winners == []
    assert min(sizes) >= 10.5  # cell headings 10.5 pt, body 11 pt and more


def test_the_exercise_uses_the_lower_third_and_body_text_is_at_least_11_pt(pnpkit, pdf_path):
    assert pnpkit("demo", "-o", pdf_path, "--paper", "letter").code == 0
    with plumbed(pdf_path) as pdf:
        page = pdf.pages[0]
        words = page.extract_words(extra_attrs=["size"])
        said = next(w for w in words if w["text"] == "Entoure")  # question 3 says it: circle yes or no
        exercise = [w for w in words if w["text"] == "oui" and abs(w["top"] - said["top"]) > 2]
        body = [w for w in words if w["text"] in ("Fournis", "Qui", "Quelle", "Pour")]
    assert len(exercise) == 12  # 4 tricks x 3 players: a choice? yes or no
    assert min(w["top"] for w in exercise) / PT > 279.4 * 2 / 3
    assert body and min(w["size"] for w in body) >= 11 - 1e-6


def test_headings_sit_closer_to_what_follows(built):
    pdf_path = built("demo")
    with plumbed(pdf_path) as pdf:
        lines = pdf.pages[0].extract_text_lines()
    index = next(i for i, line in enumerate(lines) if line["text"].startswith("Quatre questions"))
    above = lines[index]["top"] - lines[index - 1]["bottom"]
    below = lines[index + 1]["top"] - lines[index]["bottom"]
    assert below < above


def test_the_answer_key_opens_with_the_filled_table_under_a_banner(pnpkit, pdf_path):
    assert pnpkit("demo", "-o", pdf_path, "--lang", "fr+en").code == 0
    assert len(all_text(pdf_path)) == 4  # the key (with the students' questions filled in): one sheet, both sides
    with plumbed(pdf_path) as pdf:
        page = pdf.pages[2]
        text = page.extract_text()
        banner = next(w for w in page.extract_words() if w["text"] == "Animateur")
        totals_top = next(w for w in page.extract_words() if w["text"] == "Totaux")["top"]
        leads = _words_in_column(page, "Entame")
        winners = [w for w in _words_in_column(page, "Gagnant") if w["top"] < totals_top]
        questions = next(w for w in page.extract_words() if w["text"] == "Quatre")
        # the reasons follow on the back of the key when the filled grid of questions takes the front
        reasons = next((w for w in page.extract_words() if w["text"].startswith("Pourquoi")),
                       {"top": page.height})
    assert "Pourquoi, pli par pli" in "".join(all_text(pdf_path)[2:])
    assert "Animateur — ne pas distribuer" in text and "Facilitator — do not hand out" in text
    assert [w["text"] for w in leads][:4] == ["A", "C", "B", "C"]
    assert [w["text"] for w in winners] == ["C", "B", "C", "C"]
    assert all(w["bottom"] - w["top"] >= 14 * 0.7 for w in leads[:4] + winners)  # letters of >= 14 pt
    assert banner["top"] < min(w["top"] for w in leads) < questions["top"] < reasons["top"]  # banner, table, grid
    for total in ("A : 0", "B : 1", "C : 3"):
        assert total in text or total.replace(" ", " ") in text


def test_the_answer_key_matches_the_engine_for_a_seed(built, pnpkit):
    data = json.loads(pnpkit("demo", "--json", "--seed", "9").out)
    pdf_path = built("demo", "--seed", "9", "--lang", "en")
    answers = all_text(pdf_path)[2].replace("\n", " ")
    for trick in data["tricks"]:
        winner = trick["winner"]
        card = next(p["card"] for p in trick["plays"] if p["player"] == winner)
        assert f"Trick {trick['number']}: {trick['leader']} leads" in answers
        assert f"{winner} wins with {card}" in answers
    totals = data["totals"]
    assert f"Totals: A {totals['A']}, B {totals['B']}, C {totals['C']}" in answers


def test_the_reference_key_says_why_each_follower_had_a_choice_or_not_in_every_language(built):
    """Question 3 (teacher review 4 #2): B held one circle (no choice), B two triangles (a choice)."""
    titles = {"en": "Answer key: demonstration", "fr": "Corrigé de la démonstration",
              "de": "Lösungsblatt zum Vorführblatt"}
    said = {"en": ["B follows with C2: no, it is B's only circle.".replace("'", "’"),
                   "B follows with T4: yes, T1 was allowed too.", "A discards C4: another suit never wins."],
            "fr": ["B fournit C2 : non, c’est son seul cercle.", "B fournit T4 : oui, T1 était permis aussi."],
            "de": ["B bedient mit C2: nein, B hat nur diese Karte der Farbe Kreis.",
                   "B bedient mit T4: ja, auch T1 war erlaubt."]}
    for lang, lines in said.items():
        pdf_path = built("demo", "--lang", lang)
        key = " ".join(all_text(pdf_path)[2].split()).replace("\u202f", " ").replace("\u00a0", " ")
        assert titles[lang] in key
        for line in lines:
            assert line in key


@pytest.mark.parametrize("seed", ["1", "4", "9", "17", "23"])
def test_each_forced_follow_is_explained_from_the_plays_of_its_trick(built, pnpkit, seed):
    """Every "required" line names the card that beats the follower's: a later one if the follower’s card was
    the best so far when played, else the earlier one that was already higher, as the engine’s plays say."""
    data = json.loads(pnpkit("demo", "--json", "--seed", seed).out)
    pdf_path = built("demo", "--seed", seed, "--lang", "en")
    key = " ".join(all_text(pdf_path)[2].split())
    expected = 0
    for trick in data["tricks"]:
        plays = [(p["player"], p["card"]) for p in trick["plays"]]
        suit = trick["led_suit"]
        for i, (player, card) in enumerate(plays[1:], start=1):
            if card[0] != suit or player == trick["winner"] or f"{player} follows with {card}: required" not in key:
                continue
            expected += 1
            best = max((c for _, c in plays[:i] if c[0] == suit), key=lambda c: c[1])
            if card[1] > best[1]:
                who, by = next((p, c) for p, c in plays[i + 1:] if c[0] == suit and c[1] > card[1])
                assert f"{player} follows with {card}: required, since {player} holds a " in key
                assert f"({who} later beats it with {by})." in key
            else:
                who = next(p for p, c in plays if c == best)
                assert f"even though {who}’s {best} already beats it." in key
    assert key.count(": required") == expected


@pytest.mark.parametrize(("args", "words"), [
    (["--deal", "A:C1,C4,T2,S3 B:C2,T1,T4,S1 C:C3,T3,S2,Q4"], "unknown card 'Q4'"),
    (["--deal", "A:C1,C4,T2,S3 B:C2,T1,T4,S1 C:C3,T3,S2,C4"], "dealt to A and to C"),
    (["--deal", "A:C1,C4,T2 B:C2,T1,T4,S1 C:C3,T3,S2,S4"], "each hand holds 4 cards; player A holds 3"),
    (["--deal", "A:C1,C4,T2,S3 B:C2,T1,T4,S1 C:C3,T3,S2,S4", "--plays", "C1 C2 C3 / T3 T2 S1 / S1 S4 S3 / S2 C4 T1"],
     "trick 2: B played S1 but holds T4 and T1, and triangle was led"),
    (["--deal", "A:C1,C4,T2,S3 B:C2,T1,T4,S1 C:C3,T3,S2,S4", "--plays", "C1 C2 C3 / T3 T2 T4 / S1 S4 / S2 C4 T1"],
     "trick 3 has 2"),
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


def test_record_sheet_with_names_escapes_and_rotates_the_first_lead(built):
    pdf_path = built("record-sheet", "--players", 'Ana,<b>&"Zoé",Cy')
    text = all_text(pdf_path)[0]
    assert text.count('<b>&"Zoé"') == 4 and text.count("Carte de") == 2  # column (wrapped), band, totals
    for deal, name in ((1, "Ana"), (2, '<b>&"Zoé"'), (3, "Cy")):
        assert f"Donne {deal} · {name} entame le pli 1" in text


def test_record_sheet_elides_de_before_vowels_and_mute_h(built):
    pdf_path = built("record-sheet", "--players", "Ana,Bo,Hugo")
    text = all_text(pdf_path)[0]
    assert "Carte d’Ana" in text and "Carte de Bo" in text and "Carte d’Hugo" in text


def _cells(page):
    return [r for r in page.rects if r["width"] / PT > 15]


def test_record_sheet_deal_bands_rows_and_heavier_rules(built):
    pdf_path = built("record-sheet", "--copies", "3", "--lang", "en", "--paper", "letter")
    assert len(pypdf.PdfReader(pdf_path).pages) == 3
    with plumbed(pdf_path) as pdf:
        page = pdf.pages[0]
        text = page.extract_text()
        cells = _cells(page)
        heavy = [ln for ln in page.lines if ln["linewidth"] / PT >= 1.0]
        bands = [w for w in page.extract_words() if w["text"] == "Deal"]
    for deal in (1, 2, 3):
        assert f"Deal {deal} · " in text
    assert "1 / 1" not in text and text.count("Trick 4") == 3
    rows = [c for c in cells if c["height"] / PT >= 11 - 0.01]
    assert len(rows) >= (12 + 4) * 4  # 12 trick rows and 4 totals rows, write-in cells of at least 11 mm
    assert len(heavy) == 4  # above each deal and above the totals
    assert all(any(abs(ln["top"] - b["top"]) < 9 * PT for ln in heavy) for b in bands if b["top"] < heavy[-1]["top"])
    bottom = max(c["bottom"] for c in cells) / PT
    assert bottom > 279.4 * 0.85  # the sheet uses the page


@pytest.mark.parametrize("lang", ["fr", "en", "fr+en"])
def test_three_long_names_fit_their_cells(built, lang):
    names = "Maximilien-Alban,Élisabeth-Marion,Hugo-Christophe"
    pdf_path = built("record-sheet", "--players", names, "--lang", lang)
    with plumbed(pdf_path) as pdf:
        page = pdf.pages[0]
        cells = page.rects
        for word in page.extract_words():
            if "Élisabeth" in word["text"] or "Maximilien" in word["text"] or "Hugo-" in word["text"]:
                home = [c for c in cells if c["x0"] - 0.01 <= word["x0"] and word["x1"] <= c["x1"] + 0.01
                        and c["top"] <= word["top"] and word["bottom"] <= c["bottom"]]
                assert home, word  # inside one cell: measured, not cut or spilling over


@pytest.mark.parametrize(("players", "words"), [
    ("Ana,Bo", "the trick game needs exactly 3 names, not 2"),
    ("Ana,,Cy", "name 2 is empty"),
    ("Léa,Bo,Léa", "'Léa' is given twice"),  # whose row is whose on the sheet?
    ("Ana,Bo,Maximilienne-Charlotte", "at most 16 fit a cell"),
])
def test_record_sheet_bad_players(pnpkit, pdf_path, players, words):
    result = pnpkit("record-sheet", "--players", players, "-o", pdf_path)
    assert result.code == 2 and words in result.err and not pdf_path.exists()


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("lang", ["fr", "en", "fr+en"])
def test_trick_printables_fit_every_paper_and_language(built, paper, lang):
    for command in ("demo", "record-sheet"):  # built() asserts exit 0; shared with other tests
        assert text_outside_its_boxes(built(command, "--lang", lang, "--paper", paper)) == []  # in cells, cards, paper


def test_seed_and_deal_exclude_each_other(pnpkit, pdf_path):
    result = pnpkit("demo", "--seed", "3", "--deal", "A:C1,C4,T2,S3 B:C2,T1,T4,S1 C:C3,T3,S2,S4", "-o", pdf_path)
    assert result.code == 2 and "leave out --deal and --plays" in result.err and not pdf_path.exists()
    result = pnpkit("demo", "--plays", "C1 C2 C3 / T3 T2 T4 / S1 S4 S3 / S2 C4 T1", "-o", pdf_path)
    assert result.code == 2 and "--plays needs --deal" in result.err


@pytest.mark.parametrize(("lang", "paper"), [("fr", "a4"), ("fr+en", "letter")])
@pytest.mark.parametrize("command", [["demo"], ["record-sheet", "--players", "Ana,Bo,Cy"]])
def test_large_print_is_16_pt_or_more_and_flows_onto_more_pages(built, command, lang, paper):
    pdf_path = built(*command)
    regular_pages = len(all_text(pdf_path))
    pdf_path = built(*command, "--large-print", "--lang", lang, "--paper", paper)
    with plumbed(pdf_path) as pdf:
        pages = pdf.pages
        body = [c for p in pages for c in p.chars if c["text"].strip()
                and not (c["size"] < 12.01 and c["text"] in "0123456789CTS")]  # the card pictures' codes: 12 pt
        headings = [c["size"] for p in pages for c in p.chars if c["fontname"].endswith("Bold")]
        assert len(pages) > regular_pages
        assert min(c["size"] for c in body) >= 16 - 0.01
        assert max(headings) >= 19
        text = "\n".join(p.extract_text() for p in pages)
    assert "Pli" in text


@pytest.mark.parametrize("lang", ["fr+en", "de+fr", "en+de"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_large_print_key_in_two_languages_flows_onto_sheets_of_its_own(pnpkit, pdf_path, lang, paper):
    result = pnpkit("demo", "--large-print", "--lang", lang, "--paper", paper, "--seed", "7", "-o", pdf_path)
    assert result.code == 0, result.err  # once the key overflowed its one page: exit 2
    first = lang.split("+")[0]
    students = {"fr": "Démonstration", "en": "Demonstration", "de": "Vorführblatt"}[first]
    key = {"fr": "Corrigé", "en": "Answer key: demonstration", "de": "Lösungsblatt"}[first]
    with plumbed(pdf_path) as pdf:
        kinds = ["students" if text.startswith(students) else "key" if text.startswith(key) else "blank"
                 for text in ((page.extract_text() or "") for page in pdf.pages)]
    start = kinds.index("key")
    assert kinds[start:] == ["key"] * (len(kinds) - start) and len(kinds) - start >= 2  # the pages it needs
    assert start % 2 == 0  # page start + 1 is odd: the key starts on a new sheet, never behind the students'
    assert set(kinds[:start]) <= {"students", "blank"} and kinds[0] == "students"


@pytest.mark.parametrize("lang", ["fr+de", "fr+en"])
def test_the_bilingual_students_page_answers_in_every_language_and_numbers_the_lead_column(built, lang):
    """Each "choice?" cell offers yes/no in both languages; question 1 is answered in the Lead column,
    marked "1." like the columns of questions 2-4 (the answer key’s table keeps its plain header)."""
    pdf_path = built("demo", "--lang", lang, "--paper", "letter")
    second = {"fr+de": "ja · nein", "fr+en": "yes · no"}[lang]
    pages = [p.replace("\n", " ") for p in all_text(pdf_path)]
    assert pages[0].count("oui · non") == 12 and pages[0].count(second) == 12
    assert "1. Entame" in pages[0]
    assert not any("1. Entame" in p for p in pages[1:])


@pytest.mark.parametrize(("lang", "lead"), [("en", "Lead"), ("fr", "Entame"), ("de", "Ausspiel"),
                                            ("de+en", "Ausspiel")])
@pytest.mark.parametrize("large", [False, True])
def test_the_lead_column_is_question_1_in_large_print_too(built, lang, lead, large):
    """'1. Lead' heads the students' Lead column as '2.'-'4.' head the exercise's: on one line, in large
    print at 16 pt like the rest of the body."""
    args = ["--large-print"] if large else []
    pdf_path = built("demo", "--lang", lang, "--paper", "letter", *args)
    with plumbed(pdf_path) as pdf:
        for page in pdf.pages:
            words = page.extract_words(extra_attrs=["size"])
            heads = [w for w in words if w["text"] == lead]
            if heads:
                break
        head = heads[0]
        number = [w for w in words if w["text"] == "1." and abs(w["top"] - head["top"]) < 0.5
                  and 0 < head["x0"] - w["x1"] < 3 * PT]
        assert number, [w["text"] for w in words if abs(w["top"] - head["top"]) < 0.5]
        assert number[0]["size"] == pytest.approx(head["size"]) and head["size"] >= (16 if large else 10.5) - 0.01


WIDE = "W" * 12  # the widest name that heads its column at the children's 11 pt on A4 (wider: the seats' line)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize(("lang", "band", "around"), [
    ("en", "Deal", ["’s card"]), ("fr", "Donne", ["Carte de"]), ("de", "Runde", ["Karte von"]),
    ("fr+en", "Donne", ["Carte de", "’s card"]), ("de+en", "Runde", ["Karte von", "’s card"]),
])
def test_a_very_wide_name_heads_its_column_whole_at_11_pt_or_more(pnpkit, pdf_path, paper, lang, band, around):
    """The heading breaks only between words: the name on a line of its own, with its "’s" (a line never starts
    with an apostrophe: "WWW’s" / "card"), "Carte de" or "Karte von" on the line before, at the size the table
    allows and never under 11 pt; no name on the sheet is cut inside."""
    assert pnpkit("record-sheet", "--players", f"{WIDE},Bo,Cy", "--lang", lang, "--paper", paper,
                  "-o", pdf_path).code == 0
    with plumbed(pdf_path) as pdf:
        page = pdf.pages[0]
        words = page.extract_words(extra_attrs=["size"])
        band_top = min(w["top"] for w in words if w["text"] == band)
        table_top = min(r["top"] for r in page.rects)  # under the title and the line saying what to write
        heading = [w for w in words if table_top < w["top"] < band_top]
        assert min(w["size"] for w in heading) >= 11 - 0.01
        assert all("WW" not in w["text"] or WIDE in w["text"] for w in words)  # never cut inside the name
        names = [w for w in heading if w["text"].startswith(WIDE)]
        name = names[0]
        column = [w for w in heading if w["x0"] < (name["x0"] + name["x1"]) / 2 < w["x1"] or
                  name["x0"] - 1 <= w["x0"] and w["x1"] <= name["x1"] + 1]
        column_text = " ".join(w["text"] for w in sorted(column, key=lambda w: (w["top"], w["x0"])))
        for words_around in around:
            assert words_around in column_text
        assert all(w["size"] == pytest.approx(name["size"]) for w in column)  # one size for the whole heading
        assert not any(w["text"].startswith("’") for w in words)  # never "Hélène-Éléonore" / "’s card"
        assert [w["text"] for w in names] == [WIDE] * (lang != "en") + [f"{WIDE}’s"] * ("en" in lang)
        assert all(w["top"] > names[-1]["bottom"] - 0.5 for w in column if w["text"] == "card")
        assert all(w["bottom"] < name["top"] + 0.5 for w in column if w["text"] in ("Carte", "Karte", "de", "von"))


@pytest.mark.parametrize("lang", ["en", "fr", "de", "fr+en"])
def test_a_name_is_never_split_from_its_possessive_or_its_elided_article(pnpkit, pdf_path, lang):
    """Teacher review 3: "Hélène-Éléonore" / "’s card" beside "Gabriel-Antoine’s" / "card" read as a typo. No
    heading line starts with an apostrophe or ends on one ('d’' / 'Hélène'), in any language."""
    assert pnpkit("record-sheet", "--players", "Gabriel-Antoine,Hélène-Éléonore,Inès", "--lang", lang,
                  "-o", pdf_path).code == 0
    lines = pdf_text(pdf_path, 0).splitlines()
    assert not [line for line in lines if line.strip().startswith("’") or line.strip().endswith("’")]
    if "en" in lang:
        assert any("Hélène-Éléonore’s" in line for line in lines)
