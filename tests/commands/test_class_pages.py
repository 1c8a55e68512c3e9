"""Pages a child or a helper can use alone, and a kit that tells the truth for a class: one students' page
and one worksheet per child (named from the class list), the lesson guide first in the facilitator's part,
a cover that says so and fits one page, the answer key's filled grid of the students' questions."""

import re

import pytest

from tests import laidcheck
from tests.pdfcheck import PT, answer_key_page, palette_rgb, pdf_text, plumbed

pytestmark = pytest.mark.untraced  # bodies read untraced: pnpkit runs through the fixtures, traced
NAMES = "Ana,Bo,Cy\nDee,Eli,Fay\n"


DOCUMENTS = {  # each one's arguments: the kits' names file comes from the session's class_list
    "named": ("kit", "--names-file", NAMES, "--lang", "en", "--exercises", "1"),
    "letter": ("kit", "--groups", "3", "--paper", "letter", "--lang", "fr+en"),
    "per-group": ("kit", "--groups", "2", "--lang", "en", "--rules-per-group"),
    "demo": ("demo", "--lang", "en"),
    "demo-fr+en": ("demo", "--lang", "fr+en", "--paper", "letter"),
    "cards": ("cards", "--lang", "en"),
    "cards-fr+en": ("cards", "--lang", "fr+en"),
    "exercises-fr+en": ("exercises", "--lang", "fr+en"),
    "exercises-large": ("exercises", "--large-print"),
    "demo-large": ("demo", "--large-print"),
    "rules-large": ("rules", "trick", "--large-print"),
}


@pytest.fixture
def made(built, kit_pdf, laid, class_list):
    """`made(name)`: the document DOCUMENTS names, made once per session when a test first reads it (the
    session's `built` and `kit_pdf`: a module that makes the same document shares it); `made.laid(name)`:
    a kit's layout, the one its PDF is drawn from."""
    def arguments(name: str) -> list:
        return [class_list(NAMES) if arg is NAMES else arg for arg in DOCUMENTS[name]]

    def make(name: str):
        command, *args = arguments(name)
        return kit_pdf(*args) if command == "kit" else built(command, *args)

    make.laid = lambda name: laid(*arguments(name)[1:]).kit
    return make


def flat(text: str) -> str:
    return " ".join(text.split()).replace("\u202f", " ").replace("\u00a0", " ")


def test_each_child_gets_a_named_students_page_and_worksheet_on_a_sheet_of_their_own(made):
    """Read on the laid-out tree (one string a line: a name line reads 'Name:', then the name)."""
    texts = laidcheck.texts(made.laid("named"))
    for name in ("Ana", "Bo", "Cy", "Dee", "Eli", "Fay"):
        demo = [n for n, t in enumerate(texts, start=1) if t.startswith("Demonstration") and f"Name:\n{name}\n" in t]
        sheet = [n for n, t in enumerate(texts, start=1) if t.startswith("Worksheet") and f"\nName:\n{name}\n" in t]
        assert len(demo) == 1 and len(sheet) == 1, name
        assert demo[0] % 2 == 1 and sheet[0] % 2 == 1  # the front of a sheet, its back blank
        assert "intentionally blank" in texts[demo[0]] and "intentionally blank" in texts[sheet[0]]
    records = [n for n, t in enumerate(texts, start=1) if t.startswith("Record sheet")]
    assert len(records) == 2  # one per group


def test_the_cover_says_what_each_group_and_child_gets_and_what_to_do_with_pupils_left_over(made):
    cover = flat(pdf_text(made("named"), 0))
    assert "Per group: its cards and one record sheet; per player: a demonstration page and a worksheet." in cover
    assert ("Each player’s pages carry their name from the class list, and each group has its own score sheets "
            "with its names.") in cover
    assert "One or two pupils left over help a group" in cover and "but never choose the card" in cover
    assert "one copy of each" in cover  # the rules' row: the kit holds one copy of each handout
    per_group = flat(pdf_text(made("per-group"), 0))
    assert "Rule handouts: one copy of each per group, in the group’s part." in per_group
    assert "Each player’s pages" not in per_group  # no class list: nothing is named


def test_the_lesson_guide_opens_the_facilitators_part_on_a_sheet_of_its_own(made):
    """Read on the laid-out tree: where the parts start and what the cover says of them."""
    kit = made.laid("named")
    entries = laidcheck.outline(kit)
    top = [(title, page) for depth, title, page in entries if depth == 0]
    facilitator = next(page for title, page in top if title.startswith("Facilitator"))
    guide = next(page for depth, title, page in entries if title == "Facilitator’s guide")
    assert guide == facilitator and guide % 2 == 1
    texts = laidcheck.texts(kit)
    assert texts[guide - 1].startswith("Facilitator’s guide: the lesson")
    first_key = next(n for n, t in enumerate(texts, start=1) if answer_key_page(t))
    assert first_key % 2 == 1 and first_key > guide  # the keys start on a sheet of their own after it
    cover = flat(texts[0])
    assert re.search(rf"Facilitator’s guide and answer keys {facilitator}–\d+ facilitator only: "
                     r"read the guide before the lesson", cover)


def test_a_bilingual_letter_cover_of_three_groups_fits_one_page_its_second_language_in_italic(made):
    texts = pdf_text(made("letter"))
    assert "intentionally blank" in texts[1]  # the cover is page 1 alone: page 2 is its blank back
    assert "Made with pnpkit" in texts[0] and "pnpkit kit --groups 3" in texts[0]
    with plumbed(made("letter")) as pdf:
        words = pdf.pages[0].extract_words(extra_attrs=["fontname"])
    for first, second in (("Partie", "Part"), ("Contenu", "Contents"), ("Pages", None), ("Groupe", "Group")):
        french = next(w for w in words if w["text"] == first)
        assert "Italic" not in french["fontname"]
        if second:
            english = next(w for w in words if w["text"] == second and abs(w["top"] - french["top"]) < 2)
            assert "Italic" in english["fontname"], second


def test_the_students_page_has_a_name_line_hands_apart_and_says_circle_yes_or_no(made):
    text = flat(pdf_text(made("demo"), 0))
    assert "Name:" in text and "Circle yes if they could have played another card, no if not." in text
    frame = palette_rgb("hands_frame")
    with plumbed(made("demo")) as pdf:
        page = pdf.pages[0]
        shapes = [c for c in page.curves + page.rects if c.get("stroking_color")]  # rounded frames are curves
        frames = sorted((c for c in shapes if tuple(round(float(v), 3) for v in c["stroking_color"]) == frame),
                        key=lambda c: c["x0"])
        cards = [c for c in shapes if c not in frames and c["height"] / PT > 12 and frames
                 and c["top"] >= frames[0]["top"] and c["bottom"] <= frames[0]["bottom"]]
    assert len(frames) == 3
    for left, right in zip(frames, frames[1:], strict=False):
        assert (right["x0"] - left["x1"]) / PT >= 4  # a clear gap between two hands
    assert len(cards) >= 12  # the twelve cards, each inside its player's frame
    for card in cards:
        assert any(f["x0"] <= card["x0"] and card["x1"] <= f["x1"] for f in frames)


def test_the_name_line_of_a_bilingual_page_stands_beside_the_subtitle(made):
    with plumbed(made("demo-fr+en")) as pdf:
        words = pdf.pages[0].extract_words(extra_attrs=["fontname"])
    nom = next(w for w in words if w["text"] == "Nom")
    name = next(w for w in words if w["text"] == "Name:")
    subtitle = next(w for w in words if w["text"] == "Demonstration:")
    assert abs(nom["top"] - subtitle["top"]) < 3 and nom["x0"] > subtitle["x1"]
    assert "Italic" in name["fontname"] and "Italic" not in nom["fontname"]


def test_the_answer_key_fills_in_every_question_of_the_students_table(made):
    texts = pdf_text(made("demo"))
    key = next(t for t in texts if answer_key_page(t))
    rows = re.findall(r"^([1-4]) (circle|triangle|square) (yes|no) (yes|no) (yes|no) ([CTS][1-4])$", key, re.M)
    # the reference deal: circle led, C3 highest; triangle, T4; square, S4; square, S2; question 3, did A, B and C
    # have a choice: the leader yes, a follower with one card of the led suit no, with two yes, the last trick no
    assert rows == [("1", "circle", "yes", "no", "no", "C3"), ("2", "triangle", "no", "yes", "yes", "T4"),
                    ("3", "square", "no", "yes", "yes", "S4"), ("4", "square", "no", "no", "no", "S2")]


def _circumcentre(a, b, c):
    (ax, ay), (bx, by), (cx, cy) = a, b, c
    d = 2 * (ax * (by - cy) + bx * (cy - ay) + cx * (ay - by))
    ux = ((ax * ax + ay * ay) * (by - cy) + (bx * bx + by * by) * (cy - ay) + (cx * cx + cy * cy) * (ay - by)) / d
    uy = ((ax * ax + ay * ay) * (cx - bx) + (bx * bx + by * by) * (ax - cx) + (cx * cx + cy * cy) * (bx - ax)) / d
    return ux, uy


def test_every_arrowhead_of_a_seat_card_follows_the_circle_clockwise(made):
    """A seat card's three arrowheads sit on its circle of seats; each has a tip pointing along the circle
    clockwise (y grows downwards, so clockwise turns (x, y) about the centre into (-y, x))."""
    import math

    guide = palette_rgb("guide")
    with plumbed(made("cards")) as pdf:
        page = next(p for p in pdf.pages if "A leads deal 1" in (p.extract_text() or ""))
        heads = [[(x, y) for x, y in c["pts"][:3]] for c in page.curves
                 if c.get("fill") and len(c["pts"]) == 4
                 and tuple(round(float(v), 3) for v in c.get("non_stroking_color") or ()) == guide]
    assert len(heads) == 9  # three seat cards, three arrowheads each
    heads.sort(key=lambda pts: sum(x for x, _ in pts))
    for card in (heads[0:3], heads[3:6], heads[6:9]):
        centres = [(sum(x for x, _ in pts) / 3, sum(y for _, y in pts) / 3) for pts in card]
        ox, oy = _circumcentre(*centres)
        for (mx, my), pts in zip(centres, card, strict=True):
            tx, ty = -(my - oy), mx - ox  # the clockwise tangent at the arrowhead
            tip = max(pts, key=lambda p: (p[0] - mx) * tx + (p[1] - my) * ty)
            cos = ((tip[0] - mx) * tx + (tip[1] - my) * ty) / math.hypot(tip[0] - mx, tip[1] - my) / math.hypot(tx, ty)
            assert cos > math.cos(math.radians(8)), (tip, (mx, my))


@pytest.mark.parametrize("name", ["exercises-large", "demo-large", "rules-large"])
def test_in_large_print_card_pictures_grow_with_the_text(made, name):
    """Every card picture's value at 16 pt or more, its code at 12 pt or more (worksheets, demonstration,
    rule diagram): a card's value is a lone digit set in bold, its code a suit letter and a digit."""
    with plumbed(made(name)) as pdf:
        values, codes = [], []
        for page in pdf.pages:
            for word in page.extract_words(extra_attrs=["size", "fontname"]):
                if re.fullmatch(r"[1-4]", word["text"]) and "Bold" in word["fontname"]:
                    values.append(word["size"])
                elif re.fullmatch(r"[CTS][1-4]", word["text"]):
                    codes.append(word["size"])
    assert values and codes
    assert min(values) >= 16 - 0.01 and min(codes) >= 12 - 0.01


def test_in_large_print_a_deals_questions_stay_on_the_page_of_their_table(made):
    texts = pdf_text(made("demo-large"))
    page = " ".join(next(t for t in texts if "Quatre questions" in t).split())
    assert "Quelle est la plus forte carte" in page and "4. Plus" in page  # the list, then its grid
    assert page.count("oui · non") == 12


def test_the_second_language_is_italic_on_card_sheets_reminder_cards_and_exercise_titles(made):
    with plumbed(made("cards-fr+en")) as pdf:
        page = next(p for p in pdf.pages if "Reminder:" in (p.extract_text() or ""))
        words = page.extract_words(extra_attrs=["fontname"])
    for word in ("Print", "Reminder:", "Follow", "Cut"):  # the notice, the reminder card, the hints below
        assert all("Italic" in w["fontname"] for w in words if w["text"] == word), word
    for word in ("Imprimez", "Fournissez", "Découpez"):
        assert all("Italic" not in w["fontname"] for w in words if w["text"] == word), word
    with plumbed(made("exercises-fr+en")) as pdf:
        words = pdf.pages[0].extract_words(extra_attrs=["fontname"])
    english = [w for w in words if w["text"] in ("Who", "May")]  # "May they play it?", "Who wins?"
    assert english and all("Italic" in w["fontname"] for w in english)
    assert "/ May they" not in pdf_text(made("exercises-fr+en"), 0)


def test_each_answer_key_says_who_was_a_b_and_c_under_its_title(made):
    """The teacher checks Ana's page against the key without looking her letter up again: the key's first page
    names the group's seats, as its pupils' pages do (Dee's group on its own key)."""
    texts = laidcheck.texts(made.laid("named"))
    keys = [t.splitlines() for t in texts if t.startswith("Answer key: demonstration\n")]
    # the header (title, group, page number), then the banner with the seats in it (no line more: a Letter key
    # stays on one page), the deal and its table
    assert [[lines[1], *lines[3:5]] for lines in keys] == [
        ["Group 1", "Facilitator — do not hand out", "A = Ana · B = Bo · C = Cy"],
        ["Group 2", "Facilitator — do not hand out", "A = Dee · B = Eli · C = Fay"]]
    assert keys[0][5].startswith("Deal: A: ")
