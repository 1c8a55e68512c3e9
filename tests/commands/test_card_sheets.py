"""What a card sheet shows: suit colours for every eye, readable codes, seat cards, reprints, marks."""

import itertools

import pypdfium2
import pytest

from tests.pdfcheck import PT, TOL, WHITE, card_rects, pdf_text, plumbed

pytestmark = pytest.mark.untraced  # bodies read untraced: pnpkit runs through the fixtures, traced

# Machado, Oliveira & Fernandes (2009), simulation matrices at severity 1.0, on linear RGB.
MACHADO = {
    "normal": ((1, 0, 0), (0, 1, 0), (0, 0, 1)),
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}


def _linear(c: float) -> float:
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _lab(rgb: tuple[float, float, float]) -> tuple[float, float, float]:
    """CIELAB (D65) of linear RGB."""
    r, g, b = rgb
    xyz = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b, 0.2126729 * r + 0.7151522 * g + 0.0721750 * b,
           0.0193339 * r + 0.1191920 * g + 0.9503041 * b)

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    fx, fy, fz = (f(v / n) for v, n in zip(xyz, (0.95047, 1.0, 1.08883), strict=True))
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def _seen(srgb: tuple[float, ...], matrix) -> tuple[float, float, float]:
    rgb = [_linear(c) for c in srgb]
    return tuple(min(1.0, max(0.0, sum(m * c for m, c in zip(row, rgb, strict=True)))) for row in matrix)


def _suit_fills(path) -> dict[str, tuple[float, ...]]:
    """The fill of the big shapes on the cards C1, T1, S1 (read off the first page)."""
    fills = {}
    with plumbed(path) as pdf:
        page = pdf.pages[0]
        for card in card_rects(page, 63, 88, WHITE):
            inside = page.crop((card.x * PT, card.y * PT, (card.x + card.w) * PT, (card.y + card.h) * PT))
            code = next(w for w in inside.extract_words() if len(w["text"]) == 2)["text"]
            big = max(inside.curves + inside.rects, key=lambda o: o["width"] if o.get("fill") and
                      tuple(o["non_stroking_color"]) != (1, 1, 1) else 0)
            fills[code[0]] = tuple(big["non_stroking_color"])
    return fills


def test_suit_colours_differ_in_grey_and_for_colour_blind_eyes(built):
    pdf_path = built("cards")
    fills = _suit_fills(pdf_path)
    assert set(fills) == {"C", "T", "S"}
    greys = {s: 0.299 * r + 0.587 * g + 0.114 * b for s, (r, g, b) in fills.items()}
    for a, b in itertools.combinations(greys, 2):
        assert abs(greys[a] - greys[b]) >= 0.20, greys  # 20 % of the grey range
    for name, matrix in MACHADO.items():
        labs = {s: _lab(_seen(rgb, matrix)) for s, rgb in fills.items()}
        for a, b in itertools.combinations(labs, 2):
            delta_e = sum((p - q) ** 2 for p, q in zip(labs[a], labs[b], strict=True)) ** 0.5
            assert delta_e >= 30 and abs(labs[a][0] - labs[b][0]) >= 20, (name, a, b, delta_e)


def test_the_card_code_is_8_pt_on_poker_cards_and_the_sheet_explains_the_letters(built):
    pdf_path = built("cards", "--lang", "fr+en")
    with plumbed(pdf_path) as pdf:
        page = pdf.pages[0]
        cards = card_rects(page, 63, 88, WHITE)
        codes = [c for c in page.chars if c["text"] in "CTS" and any(
            k.x * PT < c["x0"] < (k.x + k.w) * PT and k.y * PT < c["top"] < (k.y + k.h) * PT for k in cards)]
        text = page.extract_text()
    assert codes and min(c["size"] for c in codes) >= 8
    assert "C = cercle, T = triangle, S = carré" in text and "C = circle, T = triangle, S = square" in text


def _front_texts(path, w=63, h=88):
    with plumbed(path) as pdf:
        return [(len(card_rects(page, w, h, WHITE)), page.extract_text()) for page in pdf.pages[0::2]]


def test_the_last_sheet_takes_three_seat_cards_and_the_reminder(built):
    pdf_path = built("cards")
    (first, _), (last, text) = _front_texts(pdf_path)
    text = text.replace("\n", " ")
    assert (first, last) == (9, 3 + 3 + 1)  # 12 cards, then seats A, B, C and the reminder
    assert "A entame la donne 1" in text and "horaire : B, C, A" in text and "horaire : C, A, B" in text
    # B and C say which deal they lead, as the record sheet's deal bands do (second teacher review #6)
    assert "B entame la donne 2" in text and "C entame la donne 3" in text
    assert "Fournis la couleur demandée si tu le peux" in text and "Le gagnant entame le pli suivant" in text
    pdf = pypdfium2.PdfDocument(pdf_path)  # drawing order: each card's lines in turn
    seats = " ".join(pdf[len(pdf) - 2].get_textpage().get_text_range().split())  # A leads deal 1 only
    assert "A entame la donne 1." in seats
    with plumbed(pdf_path) as pdf:  # each has its back: the tint on the back page, 7 places
        curves = pdf.pages[3].curves
        slots = {(round(c["x0"] / PT // 63), round(c["top"] / PT // 88)) for c in curves}
    assert len(curves) > 7 * 100 and len(slots) >= 7


@pytest.mark.parametrize(("args", "fronts", "pages"), [
    (["--lang", "fr+en"], 9 + 3 + 3 + 2, 4),  # a reminder in each language
    (["--size", "mini"], 12 + 4, 2),  # 16 places on A4: exactly full
    (["--size", "mini", "--lang", "fr+en"], 12 + 5, 4),  # 4 places left, 5 extras: a sheet of their own
    (["--no-seat-cards"], 12, 4),
])
def test_seat_cards_go_where_there_is_room_or_on_a_sheet_of_their_own(built, args, fronts, pages):
    pdf_path = built("cards", *args)
    with plumbed(pdf_path) as pdf:
        w, h = (44, 63) if "mini" in args else (63, 88)
        assert sum(len(card_rects(p, w, h, WHITE)) for p in pdf.pages[0::2]) == fronts
        assert len(pdf.pages) == pages
        if args[:2] == ["--size", "mini"] and "fr+en" in args:  # the extras' sheet (and back page) of their own
            assert len(card_rects(pdf.pages[2], w, h, WHITE)) == 5


def test_only_prints_the_chosen_cards_with_their_backs(built):
    pdf_path = built("cards", "--only", "c3, T1", "--back", "opaque")
    with plumbed(pdf_path) as pdf:
        assert len(pdf.pages) == 2
        fronts = card_rects(pdf.pages[0], 63, 88, WHITE)
        grounds = [r for r in pdf.pages[1].rects if r.get("fill") and r["width"] / PT > 60]
        words = pdf.pages[0].extract_words()
    assert len(fronts) == 2 and len(grounds) == 2
    assert {w["text"] for w in words} >= {"C3", "T1"} and not {"C1", "S4"} & {w["text"] for w in words}


@pytest.mark.parametrize(("only", "words"), [("C3,C3", "C3 twice"), ("C5", "unknown card"), (",", "no card")])
def test_only_refuses_bad_or_repeated_cards(pnpkit, pdf_path, only, words):
    result = pnpkit("cards", "--only", only, "-o", pdf_path)
    assert result.code == 2 and words in result.err and result.err.count("\n") == 1
    assert not pdf_path.exists()


def _marks(page):
    """Short black solid lines below the top band (the ruler's ticks hang above 11 mm)."""
    return [ln for ln in page.lines if ln["top"] / PT > 11 and ln["stroking_color"] in ((0,), [0], (0, 0, 0), [0, 0, 0])
            and not (ln.get("dash") and ln["dash"][0])
            and max(ln["x1"] - ln["x0"], ln["bottom"] - ln["top"]) / PT <= 3.1]


def test_crop_marks_only_around_printed_cards(built):
    pdf_path = built("cards", "--no-seat-cards")
    with plumbed(pdf_path) as pdf:
        page = pdf.pages[2]  # the last sheet: C… no, S2 S3 S4 in the first row only
        cards = card_rects(page, 63, 88, WHITE)
        marks = _marks(page)
    assert len(cards) == 3
    bottom = max(c.y + c.h for c in cards)  # 16.5 + 88
    assert marks and all(m["bottom"] / PT <= bottom + 0.5 + 3 + TOL for m in marks)
    # 4 vertical cuts marked above and below, 2 horizontal cuts marked left and right
    assert len(marks) == 4 * 2 + 2 * 2


@pytest.mark.parametrize("size", ["poker", "mini"])
def test_the_fold_line_crosses_neither_the_marks_nor_the_hints(built, size):
    pdf_path = built("cards", "--duplex", "fold", "--size", size, "--lang", "fr+en")
    with plumbed(pdf_path) as pdf:
        page = pdf.pages[0]
        dashes = [ln for ln in page.lines if ln.get("dash") and ln["dash"][0]]
        others = _marks(page) + page.chars
    assert dashes
    for d in dashes:
        for o in others:
            apart = (d["x1"] < o["x0"] - 0.1 or o["x1"] < d["x0"] - 0.1
                     or d["bottom"] < o["top"] - 0.1 or o["bottom"] < d["top"] - 0.1)
            assert apart, (d, o.get("text"))


@pytest.mark.parametrize("paper_name", ["a4", "letter"])
def test_the_fold_line_runs_right_across_the_gap_and_crosses_no_card(paper_name):
    """Geometry only (fast), every named card size: a parent folds on a dashed line from margin to margin between
    the fronts and their backs (it was a tick in each margin, beside two crop marks alike), and that line touches
    no card, front or back."""
    from cli.documents.card_sheets import sheet_imposition
    from cli.documents.sheet_pages import fold_dashes
    from cli.layout.sizes import named_card_sizes, paper

    sheet = paper(paper_name)
    for name, (w, h) in named_card_sizes().items():
        imposition = sheet_imposition(sheet, w, h, "fold")
        block = imposition.mark_grid.box
        dashes = fold_dashes(imposition)
        across = imposition.fold_line[1] == imposition.fold_line[3]
        # the line spans the whole block (the gap at the fold), past both its sides
        if across:
            assert [d[0] for d in dashes] == [sheet.safe_margin] and dashes[0][2] == sheet.width - sheet.safe_margin
        else:
            assert min(d[1] for d in dashes) < block.y and max(d[3] for d in dashes) > block.y + block.h
            assert any(d[1] <= block.y and d[3] >= block.y + block.h for d in dashes), name
        for x1, y1, x2, y2 in dashes:
            for card in (*imposition.fronts, *imposition.backs):
                assert (x2 <= card.x or x1 >= card.x + card.w or y2 <= card.y or y1 >= card.y + card.h), (name, card)


@pytest.mark.parametrize("lang", ["fr+en", "de+fr"])
def test_letter_sideways_notices_keep_3_mm_from_the_crop_marks(built, lang):
    """The notice and hints read upwards in the left margin: they end 3 mm or more from the corner marks,
    and pass 0.5 mm or more beside the left marks of the cuts between rows."""
    pdf_path = built("cards", "--paper", "letter", "--lang", lang)

    def gap(m, ch) -> float:
        dx = max(m["x0"] - ch["x1"], ch["x0"] - m["x1"], 0) / PT
        dy = max(m["top"] - ch["bottom"], ch["top"] - m["bottom"], 0) / PT
        return (dx * dx + dy * dy) ** 0.5

    with plumbed(pdf_path) as pdf:
        for page in pdf.pages[::2]:
            marks = [m for m in _marks(page) if m["x1"] / PT < 20]
            ends = min(m["top"] for m in marks), max(m["bottom"] for m in marks)
            corner = [m for m in marks if m["top"] <= ends[0] + 3 * PT or m["bottom"] >= ends[1] - 3 * PT]
            inner = [m for m in marks if m not in corner]
            left = [ch for ch in page.chars if ch["x1"] / PT < 12 and ch["text"].strip()]
            assert corner and inner and left
            assert min(gap(m, ch) for m in corner for ch in left) >= 3.0 - TOL
            assert min(gap(m, ch) for m in inner for ch in left) >= 0.5


def test_letter_prints_nine_poker_cards_with_a_vertical_ruler(built):
    pdf_path = built("cards", "--paper", "letter", "--lang", "fr+en")
    with plumbed(pdf_path) as pdf:
        page = pdf.pages[0]
        assert len(card_rects(page, 63, 88, WHITE)) == 9
        ticks = sorted({round(ln["top"] / PT, 2) for ln in page.lines
                        if abs(ln["top"] - ln["bottom"]) < 0.01 and ln["x1"] / PT > 215.9 - 5.5})
    assert len(ticks) == 51 and ticks[-1] - ticks[0] == pytest.approx(50.0, abs=TOL)
    text = "".join(c["text"] for c in page.chars)  # drawn in reading order, even when turned
    assert "Print at 100%" in text and "Imprimez à 100 %" in text and "50 mm" in text


def test_cards_too_small_for_seat_cards_print_without_them_unless_asked(built, pnpkit):
    pdf_path = built("cards", "--size", "30x40")
    assert "entame" not in " ".join(_text for _, _text in _front_texts(pdf_path, 30, 40))  # stderr: test_seat_cards
    result = pnpkit("cards", "--size", "30x40", "--seat-cards", "-o", pdf_path.with_name("b.pdf"))
    assert result.code == 2 and "too small for seat cards" in result.err



def _inside(char, box) -> bool:
    return box.x <= char["x0"] / PT <= box.x + box.w and box.y <= char["top"] / PT <= box.y + box.h


def _overlap(a, b) -> bool:
    return a["x0"] < b["x1"] and b["x0"] < a["x1"] and a["top"] < b["bottom"] and b["top"] < a["bottom"]


LEADS = {"fr": ["Bentameladonne2", "Centameladonne3"], "en": ["Bleadsdeal2", "Cleadsdeal3"],
         "de": ["BspieltinRunde2aus", "CspieltinRunde3aus"]}


@pytest.mark.parametrize(("size", "w", "h", "smallest"), [("poker", 63, 88, 11), ("bridge", 57, 89, 11),
                                                          ("mini", 44, 63, 8)])
@pytest.mark.parametrize("lang", ["fr+en", "de+fr"])
def test_seat_and_reminder_text_is_11_pt_in_both_languages_and_clear_of_the_turned_letter(
        built, size, w, h, smallest, lang):
    """Child-facing: 11 pt, the second language too; mini cards are the README's exception (8 pt)."""
    pdf_path = built("cards", "--size", size, "--lang", lang)
    with plumbed(pdf_path) as pdf:
        page = pdf.pages[-2]
        chars = [ch for ch in page.chars if ch["text"].strip()]
        words = [ch for ch in chars if ch["text"].islower()]  # shape cards carry no lower-case letter
        extras = [b for b in card_rects(page, w, h, WHITE) if any(_inside(ch, b) for ch in words)]
        assert len(extras) == 3 + 2  # seats A, B, C and each language's reminder
        seconds = 0
        for box in extras:
            body = [ch for ch in words if _inside(ch, box)]
            assert min(ch["size"] for ch in body) >= smallest - 0.01, (box, lang)
            assert all(tuple(ch["non_stroking_color"] or ()) in ((0,), (0, 0, 0)) for ch in body), (box, lang)
            seconds += any("Italic" in ch["fontname"] for ch in body)  # a seat card's second language
            turned = [ch for ch in chars if _inside(ch, box) and ch["matrix"][0] < 0 and ch["size"] > 15 * w / 63]
            assert all(not _overlap(ch, letter) for ch in body for letter in turned)
        assert seconds == 3 + 1  # the three seat cards, and the reminder card of the second language
    text = "".join(pdf_text(pdf_path, -2).split())  # B and C say which deal they lead, in both languages
    for one in lang.split("+"):
        assert all(said in text for said in LEADS[one]), (size, one)


@pytest.mark.parametrize(("args", "said"), [
    (["--lang", "fr"], ["si tu le peux\u202f; sinon, pose la carte de ton choix."]),
    (["--lang", "en", "--size", "bridge"], ["if you can; if not, any card will do."]),
    (["--lang", "de", "--size", "mini"], ["wenn du kannst; sonst legst du eine Karte deiner Wahl."]),
    (["--lang", "fr+de", "--size", "mini"], ["sinon, pose la carte de ton choix.",
                                             "sonst legst du eine Karte deiner Wahl."]),
    (["--lang", "en+de", "--size", "mini"], ["if not, any card will do.", "sonst legst du eine Karte deiner Wahl."]),
])
def test_the_reminder_says_what_to_play_when_you_cannot_follow(built, args, said):
    """The reminder card gave only the rule's first half: a child who cannot follow must read that any card
    is allowed then (the card is on the last sheet, where mini cards in two languages have a sheet of their own)."""
    pdf_path = built("cards", *args)
    text = "".join(pdf_text(pdf_path, -2).split())  # spaces aside: lines wrap, pdfium drops U+202F
    for sentence in said:
        assert "".join(sentence.split()) in text, (args, sentence)
