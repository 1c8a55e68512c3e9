"""The kit's decks and sheets: each group's number on its card backs and card sheets, what shares a sheet
with what (never an answer key behind a students' page), spare score sheets, the worksheets' level."""

import re
import shlex

import pytest

from tests import laidcheck
from tests.commands.test_kit import outline
from tests.pdfcheck import (
    PT,
    TOL,
    WHITE,
    all_text,
    answer_key_page,
    card_rects,
    chars_of,
    pdf_text,
    plumbed,
    text_outside_its_boxes,
    viewer_preferences,
)

pytestmark = pytest.mark.untraced  # bodies read untraced: pnpkit runs through the fixtures, traced
A4_W = 210.0
BLANK = "This page is intentionally blank."
NAMES = "Ana,Bo,Cy\nDee,Eli,Fay\n"
WHOLE_DEAL_TITLES = ("Find the mistake", "Score it", "Complete the table")


def deck_pages(path) -> dict[int, list[int]]:
    """Each group's card sheet pages (1-based), from its 'cards' bookmark to its 'record sheet' one."""
    entries = outline(path)
    decks = {}
    for index, (depth, title, _) in enumerate(entries):
        found = re.match(r"Group (\d+)", title)
        if depth == 0 and found:
            first = entries[index + 1]
            end = entries[index + 2][2]
            assert first[1] == "cards" and entries[index + 2][1] == "record sheet"
            decks[int(found.group(1))] = list(range(first[2], end))
    return decks


def make(pnpkit, path, *args):
    result = pnpkit("kit", "-o", path, "--lang", "en", *args)
    assert result.code == 0, result.err
    return result


def _centre(char) -> tuple[float, float]:
    return (char["x0"] + char["x1"]) / 2 / PT, (char["top"] + char["bottom"]) / 2 / PT


def back_numbers(page) -> tuple[str, str, list[tuple[float, float]]]:
    """The digits upright and turned on a back page, and the centre of each back they mark (the middle
    of an upright label and the turned one across from it); the page number below the cards left out."""
    on_cards = [c for c in page.chars if c["bottom"] < page.height - 12 * PT
                and c["text"].isdigit()]  # not the seat and reminder cards' marks (A, B, C, ?)
    upright = [c for c in on_cards if c["matrix"][0] > 0]
    turned = [c for c in on_cards if c["matrix"][0] < 0]
    centres = []
    for char in upright:
        x, y = _centre(char)
        below = [t for t in turned if abs(_centre(t)[0] - x) < 0.5 and _centre(t)[1] > y]
        partner = min(below, key=lambda t: _centre(t)[1])  # the nearest below: the same card's
        centres.append((x, (y + _centre(partner)[1]) / 2))
    return "".join(c["text"] for c in upright), "".join(c["text"] for c in turned), centres


def back_drawings(page, fronts, dx=0.0, dy=0.0) -> list[list[tuple]]:
    """What lies within each back (long-edge flip: x mirrored), relative to the back's corner."""
    objects = page.lines + page.curves + page.rects + page.chars
    drawings = []
    for front in fronts:
        x, y = A4_W - front.x - front.w + dx, front.y + dy
        drawings.append(sorted({
            (round(o["x0"] / PT - x, 1), round(o["top"] / PT - y, 1), round(o["x1"] / PT - x, 1),
             round(o["bottom"] / PT - y, 1), o.get("text", ""))
            for o in objects if o["x0"] / PT >= x - TOL and o["x1"] / PT <= x + 63 + TOL
            and o["top"] / PT >= y - TOL and o["bottom"] / PT <= y + 88 + TOL}))
    return drawings


@pytest.fixture(scope="module")
def kit3(tmp_path_factory):
    """Three groups, the set numbers on by default, backs shifted by a printer's offset."""
    from cli.main import run

    path = tmp_path_factory.mktemp("decks") / "kit.pdf"
    assert run(["kit", "--groups", "3", "--lang", "en", "--back-offset", "1.5,-0.5", "-o", str(path)]) == 0
    return path


def test_each_groups_backs_carry_its_number_twice_once_turned(kit3):
    decks = deck_pages(kit3)
    assert sorted(decks) == [1, 2, 3]
    with plumbed(kit3) as pdf:  # parsed once for the module's tests
        for group, pages in decks.items():
            assert len(pages) == 4  # two sheets: fronts, backs, fronts, backs
            for front, back in zip(pages[::2], pages[1::2], strict=True):
                cards = len(card_rects(pdf.pages[front - 1], 63, 88, WHITE))  # shape, seat and reminder cards
                upright, turned, _ = back_numbers(pdf.pages[back - 1])
                assert upright == turned == str(group) * cards, (group, back)


def test_every_back_of_a_deck_is_the_same(kit3):
    with plumbed(kit3) as pdf:  # parsed once for the module's tests
        for group, pages in deck_pages(kit3).items():
            seen = []
            for front, back in zip(pages[::2], pages[1::2], strict=True):
                fronts = card_rects(pdf.pages[front - 1], 63, 88, WHITE)
                seen += back_drawings(pdf.pages[back - 1], fronts, 1.5, -0.5)
            assert len(seen) == 16 and len(seen[0]) > 20, group  # 12 cards, seats A B C, one reminder
            cards = [drawing for drawing in seen if not {"A", "B", "C", "?"} & {text for *_, text in drawing}]
            assert len(cards) == 12 and all(drawing == cards[0] for drawing in cards), group  # the extras: marked
            assert sum(1 for *_, text in cards[0] if text == str(group)) == 2


def test_the_backs_and_their_numbers_still_land_behind_their_fronts(kit3):
    with plumbed(kit3) as pdf:  # parsed once for the module's tests
        for pages in deck_pages(kit3).values():
            for front, back in zip(pages[::2], pages[1::2], strict=True):
                fronts = card_rects(pdf.pages[front - 1], 63, 88, WHITE)
                _, _, centres = back_numbers(pdf.pages[back - 1])
                want = sorted((round(A4_W - f.x - f.w / 2 + 1.5, 1), round(f.y + f.h / 2 - 0.5, 1)) for f in fronts)
                got = sorted((round(x, 1), round(y, 1)) for x, y in centres)
                assert len(got) == len(want) and all(
                    abs(g[0] - w[0]) <= 0.15 and abs(g[1] - w[1]) <= 0.15 for g, w in zip(got, want, strict=True))


def test_each_card_sheet_names_its_group_outside_the_cards(kit3):
    with plumbed(kit3) as pdf:  # parsed once for the module's tests
        for group, pages in deck_pages(kit3).items():
            for number in pages[::2]:
                page = pdf.pages[number - 1]
                cards = card_rects(page, 63, 88, WHITE)
                words = page.extract_words()
                label = [(w, n) for w, n in zip(words, words[1:], strict=False)
                         if w["text"] == "Group" and n["text"] == str(group)]
                assert len(label) == 1, (group, number)
                x0, top = label[0][0]["x0"] / PT, label[0][0]["top"] / PT
                x1, bottom = label[0][1]["x1"] / PT, label[0][1]["bottom"] / PT
                assert min(x0, top) >= 5 and x1 <= A4_W - 5 and bottom <= 297 - 5  # inside the safe margin
                assert bottom < min(c.y for c in cards) - 3.0  # above the cards and their crop marks
            for number in pages[1::2]:  # the backs: the numbers only
                assert "Group" not in pdf.pages[number - 1].extract_text()


@pytest.mark.parametrize("args", [("--lang", "de"), ("--lang", "de+fr", "--single-sided", "--duplex", "none")])
def test_the_group_label_shares_no_room_with_the_notices_hints_or_ruler(pnpkit, pdf_path, args):
    """The German cutting hints run almost the width of the page: the label stands in the band above."""
    assert pnpkit("kit", "--groups", "200", "--only-group", "200", "-o", pdf_path, *args).code == 0
    with plumbed(pdf_path) as pdf:
        page = pdf.pages[deck_pages_any(pdf_path)[0] - 1]  # the fronts
        chars = [c for c in page.chars if c["text"].strip()]
        label = [c for c in chars if c["size"] > 8.9 and "Bold" in c["fontname"]
                 and c["bottom"] < 20 * PT]
        assert "".join(c["text"] for c in label).count("200") == len(args[1].split("+"))  # a line a language
        for c in label:
            for other in chars:
                if other not in label:
                    apart = max(other["x0"] - c["x1"], c["x0"] - other["x1"],
                                other["top"] - c["bottom"], c["top"] - other["bottom"])
                    assert apart > 0, (c["text"], other["text"])


def deck_pages_any(path) -> list[int]:
    """The first deck's card pages, whatever the language: from its group's cards entry to the next one."""
    entries = outline(path)
    return list(range(entries[2][2], entries[3][2]))


def test_the_group_stands_sideways_beside_the_last_row_on_letter(pnpkit, pdf_path):
    make(pnpkit, pdf_path, "--groups", "2", "--lang", "fr+en", "--paper", "letter")
    with plumbed(pdf_path) as pdf:
        first = next(page for depth, title, page in outline(pdf_path) if title.startswith("Groupe 2"))
        page = pdf.pages[first - 1]
        cards = card_rects(page, 63, 88, WHITE)
        right, last_row = max(c.x + c.w for c in cards), max(c.y for c in cards)
        side = [c for c in page.chars if c["x0"] / PT > right and c["top"] / PT > last_row]
        text = "".join(c["text"] for c in sorted(side, key=lambda c: (-round(c["x0"]), c["top"])))
        assert text.replace(" ", "") == "Groupe2Group2"
        assert all(c["x1"] / PT <= 215.9 - 5 and c["bottom"] / PT <= 279.4 - 5 for c in side)


def test_no_set_id_leaves_the_backs_without_a_number(pnpkit, pdf_path):
    make(pnpkit, pdf_path, "--groups", "3", "--no-set-id")
    cover = all_text(pdf_path)[0].replace("\n", " ")
    assert "--no-set-id" in cover and "group number" not in cover
    with plumbed(pdf_path) as pdf:
        for pages in deck_pages(pdf_path).values():
            for number in pages[1::2]:  # the page number only (and the seat cards' marks): no set number
                assert re.fullmatch(rf"([ABC?]\s+)*{number} / \d+", pdf_text(pdf_path, number - 1).strip())
            fronts = card_rects(pdf.pages[pages[0] - 1], 63, 88, WHITE)
            drawings = back_drawings(pdf.pages[pages[1] - 1], fronts)
            assert all(d == drawings[0] for d in drawings)


def test_one_group_has_no_number_unless_asked(pnpkit, tmp_path):
    make(pnpkit, tmp_path / "one.pdf", "--groups", "1")
    make(pnpkit, tmp_path / "asked.pdf", "--groups", "1", "--set-id")
    with plumbed(tmp_path / "one.pdf") as one, plumbed(tmp_path / "asked.pdf") as asked:
        back = deck_pages(tmp_path / "one.pdf")[1][1]
        assert back_numbers(one.pages[back - 1])[:2] == ("", "")
        assert back_numbers(asked.pages[back - 1])[0] == "1" * 9
    assert "backs carry its group number" in all_text(tmp_path / "asked.pdf")[0].replace("\n", " ")


def test_the_rebuild_command_spells_out_the_set_id_and_the_level(pnpkit, tmp_path):
    first = tmp_path / "first.pdf"
    make(pnpkit, first, "--groups", "2", "--no-set-id", "--exercises", "3", "--level", "2")
    cover = all_text(first)[0]
    command = re.sub(r"\s*\d+ / \d+\s*$", "", cover[cover.index("pnpkit kit"):]).replace("\n", " ")
    args = shlex.split(command)
    assert "--no-set-id" in args and args[args.index("--level") + 1] == "2"
    again = tmp_path / "again.pdf"
    assert pnpkit("kit", "-o", again, *args[2:]).code == 0
    assert again.read_bytes() == first.read_bytes()


def test_a_reprinted_group_keeps_its_number(pnpkit, pdf_path):
    make(pnpkit, pdf_path, "--groups", "3", "--only-group", "2")
    with plumbed(pdf_path) as pdf:
        back = deck_pages(pdf_path)[2][1]
        assert back_numbers(pdf.pages[back - 1])[0] == "2" * 9


def test_text_stays_inside_its_boxes_except_the_set_numbers_on_the_tint(kit3):
    """The numbers' white labels sit on the tint's pebbles, which the box check takes for boxes."""
    backs = {page for pages in deck_pages(kit3).values() for page in pages[1::2]}
    others = [number for number in range(1, len(all_text(kit3)) + 1) if number not in backs]
    assert text_outside_its_boxes(kit3, pages=others) == []


# -- what shares a sheet ------------------------------------------------------------------------------


def _blank(text: str) -> bool:
    """The page left blank to keep a part off a back: its notice and its page number only."""
    return re.sub(r"\s*\d+ / \d+\s*$", "", text).strip() == BLANK


def _answer_pages(texts) -> set[int]:
    return {i for i, t in enumerate(texts) if answer_key_page(t)}


@pytest.mark.parametrize("args", [
    [], ["--exercises", "3"], ["--exercises", "5", "--level", "1", "--names"],
    ["--rules-per-group", "--exercises", "1"],
    ["--only-group", "2", "--exercises", "2"], ["--split", "--exercises", "2"], ["--back-offset", "1,1", "--names"],
])
def test_an_answer_page_never_has_a_students_page_on_its_back(laid, class_list, args):
    """Read on the laid-out tree (which page faces which is the layout's; test_kit.py reads it in a PDF)."""
    if "--names" in args:
        names = class_list("Ana,Bo,Cy\nDee,Eli,Fay\nGus,Hal,Ivy\n")
        args = [a for a in args if a != "--names"] + ["--names-file", names]
    else:
        args = [*args, "--groups", "3"]
    kit = laid("--lang", "en", *args)
    texts = laidcheck.texts(kit.kit)
    answers = _answer_pages(texts)
    assert bool(answers) != ("--split" in args)
    for page in answers:  # duplex: pages 2k and 2k+1 (0-based) are the two sides of a sheet
        other = page ^ 1
        assert other >= len(texts) or other in answers or _blank(texts[other]), (page + 1, texts[other])
    if "--split" in args:
        keys = laidcheck.texts(kit.answers)
        assert len(keys) >= 6 and all(answer_key_page(t) or "Facilitator’s guide" in t for t in keys)


def test_single_sided_kits_have_no_backs_at_all(kit_pdf, laid):
    """Which pages there are is read on the laid-out tree; the decks' marks in the PDF drawn from it."""
    args = ("--lang", "en", "--groups", "2", "--single-sided", "--exercises", "2")
    pdf_path = kit_pdf(*args)
    texts = laidcheck.texts(laid(*args).kit)
    assert viewer_preferences(pdf_path)["/Duplex"] == "/Simplex" and not any(BLANK in t for t in texts)
    assert len(_answer_pages(texts)) == 4  # two demonstration keys, two exercise keys: one side each
    with plumbed(pdf_path) as pdf:  # folded decks: the number on each back, the group below
        for group, pages in deck_pages(pdf_path).items():
            for number in pages:
                chars = chars_of(pdf_path, number - 1)  # pdfium's: the tint's curves are not parsed in Python
                marks = [c["text"] for c in chars if abs(c["size"] - 24) < 0.05 and c["text"].isdigit()]  # 24 pt
                backs = len(card_rects(pdf.pages[number - 1], 63, 88, WHITE))  # one back per front, across the fold
                assert marks == [str(group)] * (2 * backs), (group, number)
                tag = [c["text"] for c in chars if abs(c["size"] - 9) < 0.05 and c["text"].isdigit()]
                assert tag == [str(group)], (group, number)  # "Group N" beside the cards
                assert f"Group {group}" in pdf_text(pdf_path, number - 1)


def test_what_goes_to_other_hands_starts_on_its_own_sheet(laid, class_list):
    """Read on the laid-out tree: where parts start is the layout's (test_kit.py reads it in a PDF)."""
    kit = laid("--lang", "en", "--names-file", class_list(NAMES), "--exercises", "2").kit
    entries = laidcheck.outline(kit)
    texts = laidcheck.texts(kit)
    keys = next(i for i, (_, title, _) in enumerate(entries) if title == "Facilitator’s guide and answer keys")
    firsts = [page for depth, title, page in entries[:keys]
              if title in ("cards", "record sheet", "demonstration", "worksheet", "DREIst!", "Twin It")
              and depth == 1]
    assert len(firsts) == 2 * 6
    scores = next(i for i, (depth, title, _) in enumerate(entries) if title == "Score sheets")
    masters = [page for _, _, page in entries[scores + 1:scores + 3]]
    group_twinit = [page for depth, title, page in entries[:scores] if title == "Twin It"]
    for page in firsts + masters[:1]:
        if page in group_twinit:  # the group's two score sheets share a sheet: the same scorer keeps both
            assert page % 2 == 0 and texts[page - 2].find("DREIst") >= 0
            continue
        assert page % 2 == 1, (page, firsts)  # a sheet's front
    assert masters[1] == masters[0] + 1  # the blank masters back to back, as a group's: photocopied duplex
    # one students' page and one worksheet per child, each on a sheet of its own, named from the class list
    for name in ("Ana", "Bo", "Cy", "Dee", "Eli", "Fay"):
        own = [n for n, text in enumerate(texts, start=1) if re.search(rf"\bName:?\n{name}\n", text)]  # the tree's
        # text: one string a line, the label and the name drawn apart
        assert len(own) == 2 and all(n % 2 == 1 for n in own), (name, own)


# -- spare score sheets, the worksheets' level -------------------------------------------------------------


def test_a_kit_with_names_also_has_blank_score_sheets(laid, class_list):
    """Read on the laid-out tree (the page number dropped: it stands first there, last in a PDF's text)."""
    named, blank = (laid("--lang", "en", *args).kit for args in (("--names-file", class_list(NAMES)),
                                                                   ("--groups", "2")))

    def masters(kit):
        entries = laidcheck.outline(kit)
        start = next(i for i, (depth, title, _) in enumerate(entries) if title == "Score sheets")
        return [re.sub(r"(^|\n)\d+ / \d+(\n|$)", r"\1", laidcheck.page_text(kit, page - 1))
                for _, _, page in entries[start + 1:start + 3]]

    assert masters(named) == masters(blank)  # the same two blank masters, no names written in
    assert not any(name in "".join(masters(named)) for name in ("Ana", "Dee"))
    cover = laidcheck.page_text(named, 0)
    assert "Score sheets" in cover


@pytest.mark.parametrize(("level", "whole_deals"), [("1", False), ("2", False), (None, True)])
def test_the_worksheets_follow_the_level(laid, level, whole_deals):
    """Read on the laid-out tree: which exercises a worksheet holds does not depend on drawing them."""
    kit = laid("--lang", "en", "--groups", "2", "--exercises", "6", *(["--level", level] if level else [])).kit
    entries = laidcheck.outline(kit)
    texts = laidcheck.texts(kit)
    tops = [entry for entry in entries if entry[0] <= 1]  # not the copies' entries under them
    sheets = [" ".join(texts[page - 1:following - 1]) for (depth, title, page), (_, _, following)
              in zip(tops, tops[1:], strict=False) if depth == 1 and title == "worksheet"]
    assert len(sheets) == 2
    for text in sheets:
        assert any(title in text for title in WHOLE_DEAL_TITLES) == whole_deals
        assert "Which cards may they play?" in text


@pytest.mark.parametrize(("args", "words"), [
    (["--level", "2"], "add --exercises N"),
    (["--exercises", "2", "--level", "4"], "--level 4 is out of range"),
])
def test_a_level_needs_worksheets_and_a_known_value(pnpkit, pdf_path, args, words):
    result = pnpkit("kit", "-o", pdf_path, *args)
    assert result.code == 2 and words in result.err and result.err.count("\n") == 1
    assert not pdf_path.exists()


def test_kit_back_light_prints_every_deck_s_backs_light_and_the_cover_foretells_its_ink(pnpkit, tmp_path):
    """--back as in `pnpkit cards`: the light backs take less than half the tint's ink (rendered); the tint
    kit's cover states what the kit would take with --back light, and the light kit takes just that."""
    from tests.showthrough import ink, render

    tint, light = tmp_path / "tint.pdf", tmp_path / "light.pdf"
    make(pnpkit, tint, "--groups", "2")
    made = make(pnpkit, light, "--groups", "2", "--back", "light")
    backs = [pages[1::2] for pages in deck_pages(light).values()]
    assert deck_pages(tint) == deck_pages(light) and all(backs)
    for page in (p for group in backs for p in group):
        assert ink(render(light, page - 1)) < 0.5 * ink(render(tint, page - 1))
    figures = re.search(r"Ink: about ([\d.]+) ordinary pages \(([\d.]+) with light backs, on card stock\)",
                        all_text(tint)[0].replace("\n", " "))
    assert figures, all_text(tint)[0]
    cover = all_text(light)[0].replace("\n", " ")
    stated = re.search(r"Ink: about ([\d.]+) ordinary pages\.", cover)
    assert stated and abs(float(stated[1]) - float(figures[2])) <= 0.11  # each figure rounded apart
    assert float(figures[2]) < 0.8 * float(figures[1])
    assert "--back light" in cover[cover.index("pnpkit kit"):] and f"ink about {stated[1]} ordinary" in made.err


def test_kit_refuses_an_unknown_back(pnpkit, pdf_path):
    result = pnpkit("kit", "--back", "glossy", "-o", pdf_path)
    assert result.code == 2 and not pdf_path.exists()
    assert result.err.count("\n") == 1 and "unknown back 'glossy'" in result.err and "light" in result.err
