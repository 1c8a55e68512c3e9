"""`pnpkit calibrate`: the number a person reads is the offset that puts backs behind fronts."""

import pytest

from tests.pdfcheck import PT, all_text, plumbed

pytestmark = pytest.mark.untraced  # bodies read untraced: pnpkit runs through the fixtures, traced

PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}


def _vertical(line):
    return abs(line["x0"] - line["x1"]) < 0.01


FRAME = 40.0  # mm: the shared title block (title, rule) ends above this; no measuring line stands in it


def _long_lines(page):
    """The measuring lines: longer than 90 mm, below the page frame's title rule."""
    return [ln for ln in page.lines if max(ln["x1"] - ln["x0"], ln["bottom"] - ln["top"]) / PT > 90
            and ln["top"] / PT > FRAME]


def _front_line(page, axis):
    """The front's single long line for this axis (mm along the axis)."""
    lines = [ln for ln in _long_lines(page) if _vertical(ln) == (axis == "x")]
    assert len(lines) == 1
    return lines[0]["x0"] / PT if axis == "x" else lines[0]["top"] / PT


def _steps(page, axis):
    """The back's staircase bars: (position along the axis, the bar's line)."""
    length = 3.5 if axis == "x" else 5.0
    lines = [ln for ln in page.lines if _vertical(ln) == (axis == "x")
             and abs(max(ln["x1"] - ln["x0"], ln["bottom"] - ln["top"]) / PT - length) < 0.05]
    return [(ln["x0"] / PT if axis == "x" else ln["top"] / PT, ln) for ln in lines]


def _label_of(page, axis, bar):
    """The number printed on the bar's step: right of the X scale, above the Y scale."""
    words = page.extract_words()
    if axis == "x":
        mid = (bar["top"] + bar["bottom"]) / 2
        near = [w for w in words
                if abs((w["top"] + w["bottom"]) / 2 - mid) < 1.5 * PT and 0 < w["x0"] - bar["x0"] < 14 * PT]
    else:
        mid = (bar["x0"] + bar["x1"]) / 2
        near = [w for w in words
                if abs((w["x0"] + w["x1"]) / 2 - mid) < 1.5 * PT and 0 < bar["top"] - w["bottom"] < 10 * PT]
    assert len(near) == 1, near
    return float(near[0]["text"].replace("\u2212", "-"))


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize(("mode", "axis"), [("long", "x"), ("long", "y"), ("short", "x"), ("short", "y")])
@pytest.mark.parametrize("shift", [-3.5, -1.5, 0.0, 0.5, 2.0, 5.0])
def test_the_aligned_bar_reads_the_offset_that_cancels_the_shift(built, paper, mode, axis, shift):
    pdf_path = built("calibrate", "--paper", paper, "--duplex", mode)  # one sheet for its 12 shifts and axes
    width, height = PAPERS[paper]
    with plumbed(pdf_path) as pdf:
        front, back = pdf.pages
        line = _front_line(front, axis)
        steps = _steps(back, axis)
        assert len(steps) == 21  # ±5 mm in 0.5 mm steps
        flips = (mode == "long") == (axis == "x")  # this axis mirrors in the flip
        seen = (width if axis == "x" else height) - line if flips else line  # the front line, seen from the back
        # The printer puts the back `shift` mm too far: a bar drawn at p lands at p + shift.
        crossed = [bar for pos, bar in steps if abs(pos + shift - seen) < 0.01]
        assert len(crossed) == 1
        assert _label_of(back, axis, crossed[0]) == pytest.approx(-shift)


def test_every_label_reads_the_right_way_up_and_the_sheet_explains_itself(built):
    pdf_path = built("calibrate", "--lang", "fr+en")
    with plumbed(pdf_path) as pdf:
        for page in pdf.pages:
            assert all(char["matrix"][0] > 0 and char["upright"] for char in page.chars)
    front, back = all_text(pdf_path)
    # the steps name the page's route and the terminal's, never an option alone
    assert "--back-offset" not in front and "Profils d’imprimante" in front.replace("\n", " ")
    assert "--back-offset" in back and "transparence" in back and "Against the light" in back
    assert "fenêtre" in front and "window" in front
    assert "100 %" in front and "50 mm" in back


@pytest.mark.parametrize("mode", ["fold", "none"])
def test_calibration_needs_a_duplex_mode(pnpkit, pdf_path, mode):
    result = pnpkit("calibrate", "--duplex", mode, "-o", pdf_path)
    assert result.code == 2 and "--duplex long or short" in result.err and not pdf_path.exists()


@pytest.mark.parametrize(("mode", "flip"), [("long", "flip on long edge"), ("short", "flip on short edge")])
def test_the_sheet_names_the_flip_to_choose_and_what_to_do_in_every_case(built, mode, flip):
    pdf_path = built("calibrate", "--duplex", mode, "--lang", "en")
    front, back = (text.replace("\n", " ") for text in all_text(pdf_path))
    assert f"In the print dialog choose: Duplex, {flip}." in front and flip in back
    assert "crosses" not in front and "front's bars" not in front
    assert "If the line falls between two bars, take either: both are within 0.25 mm" in front
    assert "beyond the last bar (more than 5 mm off)" in front
    assert "nowhere near its scale" in front and "other flip" in front


@pytest.mark.parametrize(("paper", "mode"), [("a4", "long"), ("letter", "short")])
def test_the_back_ends_with_the_command_that_saves_what_was_read(built, paper, mode):
    """In French the placeholder to replace is NOM, as the line above it and the kit cover say."""
    pdf_path = built("calibrate", "--paper", paper, "--duplex", mode)
    with plumbed(pdf_path) as pdf:
        lines = pdf.pages[1].extract_text().splitlines()
    assert lines[-2:] == [f"pnpkit printer save NOM --back-offset X,Y --duplex {mode} --paper {paper}", "2 / 2"]


def _mm(o):
    return o["x0"] / PT, o["top"] / PT, o["x1"] / PT, o["bottom"] / PT


@pytest.mark.parametrize(("paper", "mode"), [("a4", "long"), ("a4", "short"), ("letter", "long")])
def test_the_front_lines_are_labelled_and_run_into_no_heading_even_5_mm_off(built, paper, mode):
    pdf_path = built("calibrate", "--paper", paper, "--duplex", mode, "--lang", "en")
    width, height = PAPERS[paper]
    with plumbed(pdf_path) as pdf:
        front, back = pdf.pages
        text = front.extract_text()
        lines = [_mm(ln) for ln in _long_lines(front)]
        headings = [_mm(c) for c in back.chars if c["text"] in "XY" and abs(c["size"] - 9) < 0.1]  # the scale names
    assert "line X" in text and "line Y" in text
    assert len(lines) == 2 and len(headings) == 2
    for x0, top, x1, bottom in lines:  # as seen from the back, then shifted by up to 5 mm each way
        if mode == "long":
            x0, x1 = width - x1, width - x0
        else:
            top, bottom = height - bottom, height - top
        for hx0, htop, hx1, hbottom in headings:
            apart = x1 + 5 < hx0 or hx1 < x0 - 5 or bottom + 5 < htop or hbottom < top - 5
            assert apart, ((x0, top, x1, bottom), (hx0, htop, hx1, hbottom))


def test_a_unicode_minus_is_read_as_a_minus(pnpkit, tmp_path):
    assert pnpkit("cards", "--back-offset", "\u22121.5,0.5", "-o", tmp_path / "a.pdf").code == 0
    assert pnpkit("cards", "--back-offset", "-1.5,0.5", "-o", tmp_path / "b.pdf").code == 0
    assert (tmp_path / "a.pdf").read_bytes() == (tmp_path / "b.pdf").read_bytes()


@pytest.mark.parametrize(("paper", "lang"), [("a4", "fr+en"), ("letter", "en")])
def test_the_sheet_wears_the_page_frame_of_every_document(built, pnpkit, tmp_path, paper, lang):
    """Title at the frame's size and left edge (second language in italic), a rule under it, "n / N"
    at the foot: as on the record sheet, but below the front's print-at-100 % band."""
    pdf_path = built("calibrate", "--paper", paper, "--lang", lang)
    record = tmp_path / "record.pdf"
    assert pnpkit("record-sheet", "--paper", paper, "--lang", lang, "-o", record).code == 0

    def title(page):
        chars = [c for c in page.chars if c["top"] / PT < FRAME and c["size"] > 16.5]
        rule = [ln for ln in page.lines if ln["top"] / PT < FRAME and (ln["x1"] - ln["x0"]) / PT > 150]
        return min(c["x0"] for c in chars) / PT, chars[0]["size"], chars[0]["fontname"], rule[0]

    with plumbed(record) as pdf:
        x, size, font, rule = title(pdf.pages[0])
    with plumbed(pdf_path) as pdf:
        band = max(c["bottom"] for c in pdf.pages[0].chars if c["size"] < 7.5 and c["top"] / PT < 15)
        for number, page in enumerate(pdf.pages, start=1):
            cx, csize, cfont, crule = title(page)
            assert abs(cx - x) < 0.5 and csize == pytest.approx(size) and cfont == font
            assert (crule["x0"], crule["x1"]) == pytest.approx((rule["x0"], rule["x1"]))
            foot = [w["text"] for w in page.extract_words() if w["top"] > page.height - 15 * PT]
            assert " ".join(foot).endswith(f"{number} / 2")
        first = [c for c in pdf.pages[0].chars if c["size"] > 16.5]
        assert min(c["top"] for c in first) > band + 1.5 * PT  # clear of the print band


@pytest.mark.parametrize(("paper", "lang"), [("a4", "en"), ("letter", "de"), ("a4", "fr"), ("letter", "fr+de"),
                                             ("letter", "de+en"), ("a4", "fr+en")])
def test_the_steps_are_read_at_body_size_on_one_side(built, paper, lang):
    """Eight numbered steps, 11 pt in one language, 10 pt in two (the second in italic), all on the front;
    the back's reading hint and save line are no smaller than 10 pt."""
    pdf_path = built("calibrate", "--paper", paper, "--lang", lang)
    with plumbed(pdf_path) as pdf:
        assert len(pdf.pages) == 2
        front, back = pdf.pages
        floor = 11 if "+" not in lang else 10
        body = [c for c in front.chars if c["top"] / PT > 48 and c["text"].strip()
                and not (abs(c["size"] - 9) < 0.01 and "Bold" in c["fontname"])]  # the lines' labels
        assert body and min(c["size"] for c in body) >= floor - 0.01
        if "+" in lang:
            assert any("Italic" in c["fontname"] for c in body)
        starts = [line["text"].split()[0] for line in front.extract_text_lines()]
        assert [s for s in starts if s[:-1].isdigit() and s.endswith(".")] == [f"{n}." for n in range(1, 9)]
        hint = [c for c in back.chars
                if 30 < c["top"] / PT < 76 and c["text"].isalpha() and "Bold" not in c["fontname"]]
        assert hint and min(c["size"] for c in hint) >= floor - 0.01


@pytest.mark.parametrize(("lang", "between", "exact", "still"), [
    ("en", "between two bars", "exactly on bar 0", "If the line is still off the scale"),
    ("fr", "entre deux barres", "exactement sur la barre 0", "Si le trait reste hors de l’échelle"),
    ("de", "zwischen zwei Stufen", "genau auf der Stufe 0", "immer noch außerhalb der Skala"),
])
def test_between_two_bars_and_exactly_on_zero_are_two_steps(built, lang, between, exact, still):
    pdf_path = built("calibrate", "--lang", lang)
    front = all_text(pdf_path)[0].replace("\n", " ").replace("\u00a0", " ")
    four, five, six = (front.index(f"{n}. ") for n in (4, 5, 6))
    assert four < front.index(between) < five < front.index(exact) < six < front.index(still)
    assert "If it still does" not in front and "Si cela persiste" not in front


@pytest.mark.parametrize(("lang", "quote"), [("fr", "«"), ("en", "‘"), ("de", "„")])
def test_the_kit_cover_tells_how_to_keep_the_offset_in_every_language(built, lang, quote):
    """The cover's card tip: calibrate, save what you read as a printer profile, make the kit with it: on the
    web page by its printer profiles (quoted as the language quotes), in a terminal by the commands."""
    pdf_path = built("kit", "--groups", "1", "--lang", lang)
    cover = all_text(pdf_path)[0].replace("\n", " ").replace("\u00a0", " ")
    assert "pnpkit calibrate" in cover and "--printer" in cover and "pnpkit printer save" in cover
    profiles = {"fr": "Profils d’imprimante", "en": "Printer profiles", "de": "Druckerprofile"}[lang]
    assert f"{quote}{profiles}" in cover.replace("« ", "«")


@pytest.mark.parametrize(("paper", "mode", "lang"), [("a4", "long", "en"), ("letter", "short", "fr")])
def test_the_numbers_read_through_the_paper_are_9_pt_and_apart(built, paper, mode, lang):
    """Held against a lamp with the front's line crossing them, '−0.5' and '+0.5' must be told apart: every
    step number at 9 pt or more (they were 6.5 and 7), each its own word, 1 mm at least from its neighbours."""
    pdf_path = built("calibrate", "--paper", paper, "--duplex", mode, "--lang", lang)
    labels = [f"{j * 0.5:+g}".replace("-", "\u2212") for j in range(-10, 11) if j]
    with plumbed(pdf_path) as pdf:
        words = pdf.pages[1].extract_words(extra_attrs=["size"])
    zeros = [w for w in words if w["text"] == "0" and w["size"] >= 9]  # not the ruler's 0
    words = [w for w in words if w["text"] in labels] + zeros
    assert sorted(w["text"] for w in words) == sorted([*labels, *labels, "0", "0"])  # a number a bar, both scales
    assert min(w["size"] for w in words) >= 9
    boxes = [_mm(w) for w in words]
    for i, (x0, top, x1, bottom) in enumerate(boxes):
        for ox0, otop, ox1, obottom in boxes[i + 1:]:
            assert x1 + 1 <= ox0 or ox1 + 1 <= x0 or bottom <= otop or obottom <= top, (boxes[i], (ox0, otop))
