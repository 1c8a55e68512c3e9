"""`pnpkit exercises`: the key on its own sheet and matching the data, every exercise inside its
frame in every language and paper, write-in boxes empty and large enough, same seed same bytes."""

import json

import pytest

from cli.resources import data_dir
from tests.pdfcheck import BAND, PT, all_text, by_bands, palette_rgb, plumbed
from tests.untraced import PRINTS, in_turn, traced, untraced_helper

pytestmark = pytest.mark.untraced  # bodies read untraced: pnpkit runs through the fixtures, traced

# every printing language on this checkout: German joins the list once its catalogue exists
LANGS = ["fr", "en", "fr+en"] + (["de", "fr+de"] if (data_dir("templates") / "catalogues" / "de.toml").exists() else [])
KEY_TITLES = {"fr": "Corrigé", "en": "Answer key", "de": "Lösungsblatt"}

BOX = palette_rgb("box")  # the write-in boxes
FRAME = palette_rgb("exercise_frame")  # one frame around each exercise
EDGE = 5 + 7  # the page frame: safe margin + the text column's inset, mm


def mm_box(obj) -> tuple[float, float, float, float]:
    return obj["x0"] / PT, obj["top"] / PT, obj["x1"] / PT, obj["bottom"] / PT


def stroked(page, colour) -> list[tuple[float, float, float, float]]:
    found = []
    for r in page.rects + page.curves:
        stroke = r.get("stroking_color")
        if r.get("stroke") and stroke is not None and tuple(round(float(v), 3) for v in stroke) == colour:
            found.append(mm_box(r))
    return found


def inside(inner, outer, tol=0.15) -> bool:
    return (inner[0] >= outer[0] - tol and inner[1] >= outer[1] - tol
            and inner[2] <= outer[2] + tol and inner[3] <= outer[3] + tol)


def overlap(a, b) -> float:
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


@untraced_helper
def check_page_fits(page, large: bool) -> int:
    """Every exercise inside its frame, boxes empty and ≥ 8 mm, no text on other text; the frames."""
    width = float(page.width) / PT
    frames, boxes = stroked(page, FRAME), stroked(page, BOX)
    cards = [mm_box(r) for r in page.rects + page.curves if r.get("stroke") and mm_box(r)[2] - mm_box(r)[0] < 25
             and tuple(round(float(v), 3) for v in (r.get("stroking_color") or ())) not in (BOX, FRAME)]
    chars = [(c, mm_box(c)) for c in page.chars if c["text"].strip()]
    for a, b in zip(frames, frames[1:], strict=False):
        assert overlap(a, b) == 0
    for box in boxes:
        assert box[2] - box[0] >= 8 and box[3] - box[1] >= 8, box
    smallest = (16 if large else 11) - 0.01  # body text of an exercise: labels, tasks, letters (not in a card)
    boxes_near = by_bands(boxes)
    for char, where in chars:
        assert EDGE - 0.2 <= where[0] and where[2] <= width - EDGE + 0.2, (char["text"], where)
        mid = (where[1] + where[3]) / 2
        for frame in frames:
            if frame[1] <= mid <= frame[3]:
                assert inside(where, frame), (char["text"], where, frame)
                if char["size"] < smallest:
                    assert any(inside(where, card, tol=0.5) for card in cards), (char["text"], char["size"])
        for band in range(int(where[1] // BAND), int(where[3] // BAND) + 1):
            for box in boxes_near.get(band, ()):
                assert overlap(where, box) < 0.05, (char["text"], where, box)
    # no two characters of different lines on top of each other (labels colliding)
    buckets: dict[tuple[int, int], list] = {}
    for _, box in chars:
        buckets.setdefault((int(box[0] // 10), int(box[1] // 10)), []).append(box)
    for (bx, by), items in buckets.items():
        near = [b for dx in (-1, 0, 1) for dy in (-1, 0, 1) for b in buckets.get((bx + dx, by + dy), [])]
        for a in items:
            for b in near:
                if a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3] and abs(a[1] - b[1]) > 0.3:
                    smaller = min((a[2] - a[0]) * (a[3] - a[1]), (b[2] - b[0]) * (b[3] - b[1]))
                    assert overlap(a, b) < 0.25 * smaller, (a, b)  # another line, over this one
    return len(frames)


def key_start(pages: list[str], title: str) -> int:
    return next(i for i, text in enumerate(pages) if text.startswith(title))


# the cases coverage measures: each language once, the papers and print sizes in turn; the others, untraced
MEASURED = in_turn(LANGS, PRINTS)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("large", [False, True])
def test_every_exercise_fits_its_frame_in_every_language_and_paper(pnpkit, pdf_path, paper, lang, large):
    args = ["exercises", "--paper", paper, "--lang", lang, "--count", "12", "--seed", "3", "-o", pdf_path]
    result = pnpkit(*args, *(["--large-print"] if large else []), measured=(lang, paper, large) in MEASURED)
    assert result.code == 0, result.err
    pages = all_text(pdf_path)
    first_key = key_start(pages, KEY_TITLES[lang.split("+")[0]])
    with plumbed(pdf_path) as pdf:
        frames = sum(check_page_fits(pdf.pages[i], large) for i in range(first_key))
        for page in pdf.pages:
            assert abs(float(page.width) / PT - {"a4": 210, "letter": 215.9}[paper]) < 0.1
    assert frames == 12  # every exercise drawn, each in one frame on one page


def test_the_key_starts_a_new_sheet_and_the_worksheet_never_shows_answers(built):
    pdf_path = built("exercises", "--lang", "en")
    pages = all_text(pdf_path)
    first_key = key_start(pages, "Answer key")
    assert first_key % 2 == 0  # an odd page: the front of a new sheet
    for text in pages[:first_key]:
        assert "Answer key" not in text and "Winners" not in text and "do not hand out" not in text
    if first_key and not pages[first_key - 1].startswith("Worksheet"):
        assert "intentionally blank" in pages[first_key - 1]  # the inserted blank back
    assert "Facilitator — do not hand out" in pages[first_key]


def expected_line(kind: str, a: dict) -> str:
    """The answer line an English key prints, written from the data."""
    if kind == "may-play":
        return ", ".join(a["cards"])
    if kind == "who-wins":
        return f"{a['player']} ({a['card']})"
    if kind == "who-leads":
        return f"Lead {a['leader']} · winner {a['winner']} ({a['card']})"
    if kind == "mistake":
        return f"Trick {a['trick']}, player {a['player']}" if a["trick"] else "No mistake"
    if kind == "score":
        t = a["totals"]
        return f"Winners {', '.join(a['winners'])} · totals A {t['A']}, B {t['B']}, C {t['C']}"
    return f"Winners {', '.join(a['winners'])}"


def test_the_key_says_what_the_data_says(built, pnpkit):
    data = json.loads(pnpkit("exercises", "--json", "--lang", "en", "--seed", "4", "--count", "12").out)
    pdf_path = built("exercises", "--lang", "en", "--seed", "4", "--count", "12")
    pages = all_text(pdf_path)
    key = " ".join(pages[key_start(pages, "Answer key"):]).replace("\n", " ")
    for ex in data["versions"][0]["exercises"]:
        assert f"{ex['number']}. {expected_line(ex['kind'], ex['answer'])}" in key, ex


def test_the_answer_comes_first_and_large(built):
    pdf_path = built("exercises", "--lang", "en")
    pages = all_text(pdf_path)
    with plumbed(pdf_path) as pdf:
        page = pdf.pages[key_start(pages, "Answer key")]
        lines = page.extract_text_lines()
    numbered = [line for line in lines if line["text"][:2] in {f"{n}." for n in range(1, 7)}]
    assert len(numbered) == 6
    for line in numbered:
        assert min(c["size"] for c in line["chars"]) >= 14  # scannable
        below = next(x for x in lines if x["top"] > line["bottom"])
        assert max(c["size"] for c in below["chars"]) < 14  # then the one-line reason


def test_versions_are_labelled_and_different(built, pnpkit):
    data = json.loads(pnpkit("exercises", "--json", "--versions", "3", "--kinds", "who-wins", "--count", "2").out)
    assert [v["version"] for v in data["versions"]] == ["A", "B", "C"]
    tricks = [json.dumps(ex["position"]) for v in data["versions"] for ex in v["exercises"]]
    assert len(set(tricks)) == 6
    pdf_path = built("exercises", "--versions", "3", "--lang", "en")
    pages = all_text(pdf_path)
    for label in "ABC":
        worksheet = [p for p in pages if p.startswith("Worksheet") and f"Version {label}" in p]
        key = [p for p in pages if p.startswith("Answer key") and f"Version {label}" in p]
        assert worksheet and key


def test_same_seed_same_bytes(pnpkit, tmp_path):
    first, second = tmp_path / "1.pdf", tmp_path / "2.pdf"
    assert pnpkit("exercises", "--seed", "12", "--versions", "2", "-o", first).code == 0
    assert pnpkit("exercises", "--seed", "12", "--versions", "2", "-o", second).code == 0
    assert first.read_bytes() == second.read_bytes()


def test_level_one_has_only_single_tricks(pnpkit):
    data = json.loads(pnpkit("exercises", "--json", "--level", "1").out)
    kinds = [ex["kind"] for ex in data["versions"][0]["exercises"]]
    assert kinds == ["may-play", "may-play", "who-wins", "who-wins", "who-leads", "who-leads"]


@pytest.mark.parametrize(("args", "words"), [
    (["--kinds", "dance"], "unknown exercise kind 'dance'"),
    (["--kinds", "score", "--level", "1"], "needs --level 3"),
    (["--count", "0"], "--count 0 is out of range"),
    (["--count", "13"], "--count 13 is out of range"),
    (["--level", "4"], "--level 4 is out of range"),
    (["--versions", "27"], "--versions 27 is out of range"),
    (["--versions", "0"], "--versions 0 is out of range"),
    (["--paper", "a3"], "unknown paper"),
    (["--lang", "es"], "unknown language"),
    (["--seed", "x"], "--seed"),
])
def test_bad_input_is_one_line_and_no_file(pnpkit, pdf_path, args, words):
    result = pnpkit("exercises", "-o", pdf_path, *args)
    assert result.code == 2 and words in result.err, result.err
    assert result.err.count("\n") == 1 and not pdf_path.exists()


def shape_fills(page) -> set[tuple]:
    """Fill colours of the small filled shapes (card pips) on a page."""
    return {tuple(round(float(v), 2) for v in c["non_stroking_color"]) for c in page.curves + page.rects
            if c.get("fill") and c.get("non_stroking_color") and (c["x1"] - c["x0"]) / PT < 12}


def test_cards_are_drawn_in_the_real_cards_colours(pnpkit, tmp_path):
    assert pnpkit("cards", "-o", tmp_path / "cards.pdf").code == 0
    assert pnpkit("exercises", "--kinds", "may-play", "--count", "4", "-o", tmp_path / "ex.pdf").code == 0
    with plumbed(tmp_path / "cards.pdf") as cards, plumbed(tmp_path / "ex.pdf") as sheet:
        real = shape_fills(cards.pages[0])
        drawn = shape_fills(sheet.pages[0]) - {(1.0, 1.0, 1.0)}
    assert len(drawn) >= 2 and drawn <= real, (drawn, real)


def test_the_kit_gives_each_group_its_own_worksheet_and_the_facilitator_their_keys(built):
    from cli.games.exercises import KINDS, as_data, worksheets
    from cli.games.policy import group_seed

    pdf_path = built("kit", "--groups", "2", "--exercises", "3", "--seed", "5", "--lang", "en")
    pages = all_text(pdf_path)
    sheets = [i for i, p in enumerate(pages) if p.startswith("Worksheet: the trick game")]
    keys = [i for i, p in enumerate(pages) if p.startswith("Answer key: worksheet")]
    facilitator = next(i for i, p in enumerate(pages) if p.startswith("Answer key: demonstration"))
    assert len(sheets) == 2 * 3  # each group's worksheet, once per player
    assert [f"Group {g}" in pages[i] for g, i in zip((1, 1, 1, 2, 2, 2), sheets, strict=True)] == [True] * 6
    assert max(sheets) < facilitator < min(keys)  # keys only in the facilitator's part, on its sheets
    assert pages[sheets[0]].rsplit("\n", 1)[0] == pages[sheets[1]].rsplit("\n", 1)[0]  # the same for a group's players
    assert pages[sheets[0]].split("\n", 1)[1] != pages[sheets[3]].split("\n", 1)[1]  # other groups, others
    for group, index in zip((1, 2), keys, strict=True):
        with traced():
            data = as_data(worksheets(group_seed(5, group), KINDS, 3, 3, 1), 5, 3, KINDS)
        key = pages[index].replace("\n", " ")
        assert f"Group {group}" in key
        for ex in data["versions"][0]["exercises"]:
            assert f"{ex['number']}. {expected_line(ex['kind'], ex['answer'])}" in key


def test_kit_exercises_out_of_range(pnpkit, pdf_path):
    result = pnpkit("kit", "--exercises", "13", "-o", pdf_path)
    assert result.code == 2 and "--exercises 13 is out of range" in result.err
    assert result.err.count("\n") == 1 and not pdf_path.exists()


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_default_worksheet_is_one_sheet_on_a4_with_readable_text(built, lang):
    """Six exercises on two pages (one sheet printed duplex), the key on the next sheet: whole deals show
    their cards as small pictures with their code, as in the demonstration's table; every exercise
    stays whole on one page, each title and task above its frame; words at 11 pt or more."""
    pdf_path = built("exercises", "--lang", lang)
    pages = all_text(pdf_path)
    assert key_start(pages, KEY_TITLES[lang]) == 2 and len(pages) == 3
    with plumbed(pdf_path) as pdf:
        frames = [len(stroked(page, FRAME)) for page in pdf.pages[:2]]
        for page in pdf.pages[:2]:
            words = [w for w in page.extract_words(extra_attrs=["size"])
                     if sum(ch.isalpha() for ch in w["text"]) >= 2 and w["top"] / PT < page.height / PT - 15]
            assert min(w["size"] for w in words) >= 11 - 0.01
            for number in range(1, 7):  # a title stands above its own frame, on the same page
                title = [w for w in words if w["text"] == f"{number}."]
                if title:
                    below = [f for f in stroked(page, FRAME) if f[1] > title[0]["bottom"] / PT]
                    assert below and min(f[1] for f in below) - title[0]["bottom"] / PT < 20
    assert sum(frames) == 6


@pytest.mark.parametrize("kind", ["score", "complete"])
def test_whole_deal_tables_read_in_playing_order_the_lead_first_each_card_with_its_letter(built, pnpkit, kind):
    """The legend says a trick reads in playing order, lead first: each row of the score and complete
    tables does, every card (a blank too) with its player's letter just left of it. Laid out by seat (A, B,
    C), a child following the legend took B's card for the lead and got the wrong winners."""
    args = ("exercises", "--kinds", kind, "--count", "1", "--seed", "3", "--lang", "en")
    ex = json.loads(pnpkit(*args, "--json").out)["versions"][0]["exercises"][0]
    pdf_path = built(*args)
    with plumbed(pdf_path) as pdf:
        words = pdf.pages[0].extract_words()
    heading = next(w for w in words if w["text"] == "Winner")
    assert any(w["text"] == "playing" and abs(w["top"] - heading["top"]) < 2 for w in words)  # "Cards in playing order"
    below = [w for w in words if w["top"] > heading["bottom"] + 1 and w["x1"] < heading["x0"]]
    rows = ex["position"]["tricks"] if kind == "score" else ex["position"]["cells"]
    for number, plays in enumerate(rows, start=1):
        label = min((w for w in below if w["text"] == str(number)), key=lambda w: w["x0"])
        line = sorted((w for w in below if abs(w["top"] - label["top"]) < 3 and w is not label), key=lambda w: w["x0"])
        letters = [w for w in line if w["text"] in {"A", "B", "C"}]
        assert [w["text"] for w in letters] == [p["player"] for p in plays]  # the lead first, then clockwise
        assert all(b["x0"] - a["x0"] > 25 * PT for a, b in zip(letters, letters[1:], strict=False))  # one column each
        for play, letter in zip(plays, letters, strict=True):
            if play["card"]:
                code = next(w for w in line if w["text"] == play["card"])
                assert 0 < code["x0"] - letter["x1"] < 10 * PT  # the card right of its player's letter
    text = all_text(pdf_path)[0].replace("\n", " ")
    assert "in playing order" in text
    assert "under its player" not in text and "Fill in the leads" not in text


def test_the_mistake_exercise_asks_only_what_the_key_answers(built):
    """Two boxes, the trick and the player, which the key's line gives; no question left unanswered."""
    pdf_path = built("exercises", "--kinds", "mistake", "--count", "1", "--lang", "fr+en")
    text = " ".join(all_text(pdf_path))
    assert "table" not in text.lower() and "Tisch" not in text
    with plumbed(pdf_path) as pdf:
        assert len(stroked(pdf.pages[0], BOX)) == 2
