"""`pnpkit score dreist|twinit`: rows, tick boxes, numbers, names, cut lines and cell sizes."""

from itertools import pairwise

import pypdf
import pytest

from cli.documents.page_style import page_style
from cli.documents.score_docs import pad_style
from cli.layout.measure import text_extent
from cli.layout.sizes import sheet_value
from tests.pdfcheck import PT, all_text, drawn_bounds, page_sizes_mm, palette_rgb, plumbed, text_outside_its_boxes

# the tests read at full speed (coverage paused in their bodies): pnpkit runs through `built` and `pnpkit`
pytestmark = pytest.mark.untraced
WHITE = (1.0, 1.0, 1.0)
HEADER = palette_rgb("heading")


def _rects(page):
    return [r for r in page.rects]


def tick_boxes(page):
    """Twin It tick boxes: the white cells of the catch tables."""
    return [r for r in page.rects if r.get("fill") and tuple(round(v, 3) for v in r["non_stroking_color"]) == WHITE
            and r["height"] / PT >= 8 - 0.05]


def make(pnpkit, path, *args):
    result = pnpkit("score", *args, "-o", path)
    assert result.code == 0, result.err
    return path


@pytest.mark.parametrize(("variant", "players", "target"), [("solo", 2, 5), ("ring", 6, 7), ("clans", 4, 5)])
def test_twinit_has_the_goal_and_three_spare_boxes_for_every_player_and_game(
        built, variant, players, target):
    """A mistake takes a catch back, so the ticks can run past the goal before the net reaches it: as many
    boxes as the goal gave no room for the catches a player with mistakes still needs."""
    pdf_path = built("score", "twinit", "--variant", variant, "--players", str(players))
    with plumbed(pdf_path) as pdf:
        page = pdf.pages[0]
        games = page.extract_text().count("Partie ")
        rows = 2 if variant == "clans" else players  # clans tally per team
        assert games >= 1
        assert len(tick_boxes(page)) == rows * (target + 3) * games


def test_ring_for_six_has_six_rows_of_ten(built):
    pdf_path = built("score", "twinit", "--variant", "ring", "--players", "6", "--per-page", "4", "--sheets", "4")
    with plumbed(pdf_path) as pdf:
        boxes = tick_boxes(pdf.pages[0])
    assert len(boxes) == 6 * (7 + 3) * 4  # four sheets on the page, one game each; the goal 7 and 3 spare
    assert min(b["width"] for b in boxes) / PT >= 5.5  # ten across a quarter page: room for a tick


def test_target_overrides_the_winning_count(built):
    pdf_path = built("score", "twinit", "--variant", "solo", "--players", "3", "--target", "6")
    text = all_text(pdf_path)[0]
    assert "Prises (but" in text and "6)" in text and "le premier au gros trait (6) gagne" in text


def test_coop_rounds_work_out_pairs_and_triples(built):
    pdf_path = built("score", "twinit", "--variant", "coop", "--lang", "en")
    text = all_text(pdf_path)[0]
    assert "Pairs" in text and "× 1 =" in text and "Triples" in text and "× 2 =" in text
    assert "Team’s best score" in text
    assert "a triple 2 points" in text


def test_clans_reminds_two_teammates_and_groups_players(built):
    pdf_path = built("score", "twinit", "--variant", "clans", "--names", "Ana,Bo,Cy,Dan,Eve", "--lang", "en")
    text = all_text(pdf_path)[0]
    assert "Clan 1: Ana, Bo, Cy" in text and "Clan 2: Dan, Eve" in text  # English: no space before a colon
    assert "two teammates each put down one hand" in text


def test_dreist_solo_start_numbers(built):
    pdf_path = built("score", "dreist", "--players", "1")
    words = all_text(pdf_path)[0].split()
    numbers = [int(w) for w in words if w.isdigit() and 48 < int(w) < 70]
    assert numbers[:7] == [50, 52, 54, 56, 58, 60, 62]
    assert "de 50 cartes de départ à 60 et plus" in all_text(pdf_path)[0]
    rule = " ".join(all_text(pdf_path)[0].split())  # game 1 already starts with 2 given cards (50, not 48)
    assert "il te donne 2 cartes, puis 2 de plus après chaque victoire" in rule


def test_dreist_series_rows_starters_and_winner_line(built):
    pdf_path = built("score", "dreist", "--names", 'Ana,<b>&"Zoé",Cy', "--lang", "en")
    with plumbed(pdf_path) as pdf:
        page = pdf.pages[0]
        headers = [r for r in page.rects if r.get("fill")
                   and tuple(round(v, 3) for v in r["non_stroking_color"]) == HEADER]
        words = page.extract_words()
    top = min(h["top"] for h in headers)
    header_words = [w["text"] for w in words if abs(w["top"] - top) < 10 * PT and w["top"] > top]
    assert 'Ana' in header_words and '<b>&"Zoé"' in header_words and "Cy" in header_words
    text = all_text(pdf_path)[0]
    assert "1 Ana" in text and '2 <b>&"Zoé"' in text and "3 Cy" in text  # each starts once, in turn
    assert "Series winner (lowest total)" in text and "Total" in text


@pytest.mark.parametrize(("per_page", "pages", "cuts"), [(1, 3, 0), (2, 2, 1), (4, 1, 2)])
def test_per_page_tiles_sheets_with_cut_lines(built, per_page, pages, cuts):
    pdf_path = built("score", "dreist", "--players", "3", "--sheets", "3", "--per-page", str(per_page))
    assert len(pypdf.PdfReader(pdf_path).pages) == pages
    assert sum(t.count("DREIst! : feuille de marque") for t in all_text(pdf_path)) == 3
    with plumbed(pdf_path) as pdf:
        dashed = [ln for ln in pdf.pages[0].lines if ln.get("dash") and ln["dash"][0]]
    assert len(dashed) == cuts


@pytest.mark.parametrize("args", [
    ["dreist", "--players", "4", "--per-page", "4"], ["dreist", "--players", "1", "--per-page", "2"],
    ["twinit", "--variant", "solo", "--players", "6"], ["twinit", "--variant", "coop", "--per-page", "4"],
    ["twinit", "--variant", "clans", "--players", "6", "--per-page", "2"],
])
def test_every_write_in_cell_is_at_least_8_mm_high(built, args):
    pdf_path = built("score", *args)
    with plumbed(pdf_path) as pdf:
        cells = [r for r in pdf.pages[0].rects if r["width"] / PT > 5]
    assert cells and min(c["height"] for c in cells) / PT >= 8.0 - 0.01


@pytest.mark.parametrize("game", ["dreist", "twinit"])
def test_bilingual_sheets_carry_both_languages(built, game):
    pdf_path = built("score", game, "--lang", "fr+en", "--paper", "letter")
    text = all_text(pdf_path)[0]
    assert ("feuille de marque" in text) and ("score sheet" in text)
    assert all(abs(a - b) < 0.1 for a, b in zip(page_sizes_mm(pdf_path)[0], (215.9, 279.4), strict=True))


@pytest.mark.parametrize(("args", "words"), [
    (["dreist", "--players", "5"], "1 to 4 players"),
    (["dreist", "--players", "2", "--names", "Ana,Bo,Cy"],
     "--names gives a different number of names (3) than --players says (2)"),
    (["dreist", "--names", "Ana,,Cy"], "name 2 is empty"),
    (["dreist", "--names", "Ana,Bo,Ana"], "'Ana' is given twice; tell the two apart, e.g. with an initial: Ana M,"),
    (["dreist", "--names", "Ana,Bartholomew-Alexander"], "at most 16 fit a cell"),
    (["dreist", "--per-page", "3"], "--per-page 3 is not possible"),
    (["twinit", "--variant", "duel"], "unknown Twin It variant 'duel'"),
    (["twinit", "--variant", "clans", "--players", "3"], "4 to 6 players"),
    (["twinit", "--variant", "ring", "--players", "7"], "2 to 6 players"),
    (["twinit", "--variant", "coop", "--target", "3"], "does not apply to coop"),
])
def test_bad_score_input(pnpkit, pdf_path, args, words):
    result = pnpkit("score", *args, "-o", pdf_path)
    assert result.code == 2 and words in result.err, result.err
    assert result.err.count("\n") == 1 and not pdf_path.exists()


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("per_page", ["1", "2", "4"])
@pytest.mark.parametrize("args", [
    ["dreist", "--players", "1"], ["dreist", "--players", "4"], ["twinit", "--variant", "solo", "--players", "6"],
    ["twinit", "--variant", "ring", "--players", "6"], ["twinit", "--variant", "clans", "--players", "6"],
    ["twinit", "--variant", "coop"],
])
def test_every_sheet_fits_every_tiling_even_bilingual(built, paper, per_page, args):
    pdf_path = built("score", *args, "--paper", paper, "--per-page", per_page, "--lang", "fr+en")
    assert text_outside_its_boxes(pdf_path) == []  # measured: every character inside its cell and the paper


def test_twinit_names_print_as_typed_in_their_rows(built):
    pdf_path = built("score", "twinit", "--variant", "ring", "--names", 'Ana,<b>&"Zoé",Cy', "--lang", "en")
    with plumbed(pdf_path) as pdf:
        page = pdf.pages[0]
        words = page.extract_words()
        boxes = tick_boxes(page)
    first_box = min(b["x0"] for b in boxes)
    for name in ("Ana", '<b>&"Zoé"', "Cy"):
        placed = [w for w in words if w["text"] == name]
        assert placed and all(w["x1"] <= first_box for w in placed)  # in the name column, left of the boxes


def test_four_per_page_fills_the_page_and_centres_each_pad_in_its_tile(built):
    pdf_path = built("score", "dreist", "--players", "3", "--per-page", "4")
    with plumbed(pdf_path) as pdf:
        page = pdf.pages[0]
        titles = [w for w in page.extract_words() if w["text"] == "DREIst!"]
        width, height = page.width / PT, page.height / PT
        assert len(pdf.pages) == 1 and len(titles) == 4  # --sheets defaults to one page full
        for col in (0, 1):
            for row in (0, 1):
                x0, x1 = (5, width / 2 - 4) if col == 0 else (width / 2 + 4, width - 5)
                y0, y1 = (5, height / 2 - 4) if row == 0 else (height / 2 + 4, height - 5)
                inside = [b for b in drawn_bounds(page) if x0 - 0.1 <= b[0] and b[2] <= x1 + 0.1
                          and y0 - 0.1 <= b[1] and b[3] <= y1 + 0.1 and b[1] < height - 5 - 4.5]  # not "1 / 1"
                top, bottom = min(b[1] for b in inside), max(b[3] for b in inside)
                assert abs((top - y0) - (y1 - bottom)) < 3.0, (col, row, top - y0, y1 - bottom)  # centred
                assert bottom - top > 0.8 * (y1 - y0)  # and filling most of the tile


def test_a_dreist_series_for_three_fills_the_page_with_whole_rounds_and_labels_the_name_cells(built):
    pdf_path = built("score", "dreist", "--players", "3", "--paper", "letter")
    with plumbed(pdf_path) as pdf:
        page = pdf.pages[0]
        text = page.extract_text()
        cells = [r for r in page.rects if r["width"] / PT > 5]
    numbers = [int(line.split()[0]) for line in text.splitlines() if line.split() and line.split()[0].isdigit()]
    games = max(numbers)
    assert games >= 12 and games % 3 == 0  # one longer series, everyone starts as often
    assert "Joueur 1" in text and "Joueur 3" in text and "Noms" in text
    assert max(c["bottom"] for c in cells) / PT > 279.4 * 0.85


def test_dreist_with_one_name_prints_the_solo_sheet_with_that_name(built):
    pdf_path = built("score", "dreist", "--names", "Ana")
    text = all_text(pdf_path)[0]
    assert "défi solo" in text and ("Nom\u00a0: Ana" in text or "Nom : Ana" in text)


def test_twinit_games_have_a_band_above_the_whole_table_and_a_net_column(built):
    pdf_path = built("score", "twinit", "--names", "Ana,Bo,Cy", "--lang", "en")
    with plumbed(pdf_path) as pdf:
        page = pdf.pages[0]
        words = page.extract_words()
        band = next(w for w in words if w["text"] == "Game")
        band_cell = next(r for r in page.rects if r["x0"] <= band["x0"] and band["x1"] <= r["x1"]
                         and r["top"] <= band["top"] and band["bottom"] <= r["bottom"])
        table = [r for r in page.rects if abs(r["top"] - band_cell["bottom"]) < 0.5]
        net = [w for w in words if w["text"] == "Net"]
        games = [w for w in words if w["text"] == "Game"]
    assert abs(band_cell["x0"] - min(r["x0"] for r in table)) < 0.3
    assert abs(band_cell["x1"] - max(r["x1"] for r in table)) < 0.3  # the band spans the table
    # a net column in each game (four fit a page for three), and the rule that says what it is
    assert len(games) >= 4 and len(net) == len(games) + 1


@pytest.mark.parametrize(("per_page", "smallest"), [("1", 10), ("2", 10), ("4", 9)])
def test_twinit_instructions_are_readable(built, per_page, smallest):
    pdf_path = built("score", "twinit", "--per-page", per_page, "--lang", "fr+en")
    with plumbed(pdf_path) as pdf:
        chars = [c for c in pdf.pages[0].chars if c["text"].strip()]
    assert min(c["size"] for c in chars) >= smallest - 1e-6


@pytest.mark.parametrize("args", [["twinit", "--variant", "ring", "--players", "6"], ["twinit", "--variant", "coop"],
                                  ["dreist", "--names", "Ana,Bo,Cy"], ["dreist", "--players", "1"]])
def test_large_print_pads_use_16_pt_and_refuse_sharing_a_page(built, pnpkit, args):
    pdf_path = built("score", *args, "--large-print", "--lang", "fr+en", "--paper", "letter")
    with plumbed(pdf_path) as pdf:
        sizes = [c["size"] for page in pdf.pages for c in page.chars if c["text"].strip()]
    assert min(sizes) >= 16 - 0.01
    result = pnpkit("score", "dreist", "--large-print", "--per-page", "2", "-o", pdf_path)
    assert result.code == 2 and "--large-print prints one sheet per page" in result.err


def _pad_extent(page, tile_top: float, tile_bottom: float) -> tuple[float, float]:
    """Top and bottom (mm) of what is drawn in one tile's band of the page, the page number left out."""
    height = page.height / PT
    boxes = [b for b in drawn_bounds(page) if tile_top - 0.1 <= b[1] and b[3] <= tile_bottom + 0.1
             and b[1] < height - 5 - 4.5]
    return min(b[1] for b in boxes), max(b[3] for b in boxes)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("lang", ["fr", "fr+en"])
@pytest.mark.parametrize("variant", ["solo", "clans", "coop"])
def test_a_twinit_sheet_alone_on_its_page_fills_it(built, paper, lang, variant):
    """More games (or rounds) and taller rows rather than a part-empty page: once the title block is
    counted, at most an eighth of the page is left; rows stay at least 11 mm, text at least 10 pt."""
    pdf_path = built("score", "twinit", "--variant", variant, "--paper", paper, "--lang", lang)
    with plumbed(pdf_path) as pdf:
        page = pdf.pages[0]
        height = page.height / PT
        top, bottom = _pad_extent(page, 5, height - 5)
        cells = [r["height"] / PT for r in (page.rects if variant == "coop" else tick_boxes(page))]
        assert all(c >= 11 - 0.05 for c in cells if variant != "coop")
        sizes = {round(c["size"], 1) for c in page.chars if c["top"] / PT < height - 10}
    used = (bottom - top) / (height - 10 - 7)
    assert used > 0.88, used
    assert max(cells) >= 11 - 0.05 and min(sizes) >= 10  # write-in rows at least 11 mm, text 10 pt
    if variant == "solo":
        games = all_text(pdf_path)[0].count("Partie ")
        assert games >= (3 if lang == "fr" else 2)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize(("game", "per"), [("twinit", "2"), ("twinit", "4"), ("dreist", "2"), ("dreist", "4")])
def test_tiled_pads_use_most_of_their_tile_and_stay_centred(built, paper, game, per):
    pdf_path = built("score", game, "--per-page", per, "--paper", paper, "--lang", "fr+en")
    with plumbed(pdf_path) as pdf:
        page = pdf.pages[0]
        height = page.height / PT
        tile_top, tile_bottom = height / 2 + 4, height - 5  # the lower tiles, where the page number is
        top, bottom = _pad_extent(page, tile_top, tile_bottom)
    assert (bottom - top) / (tile_bottom - tile_top) > 0.75
    assert abs((top - tile_top) - (tile_bottom - bottom)) < 5.0  # centred, the page number's line aside


@pytest.mark.parametrize(("paper", "per", "lang"), [("a4", "1", "fr"), ("letter", "4", "de+en"), ("a4", "2", "fr+en")])
def test_the_solo_challenge_fills_its_tile_and_reaches_the_top_of_the_booklet_scale(
                                                                                      built, paper, per, lang):
    pdf_path = built("score", "dreist", "--players", "1", "--per-page", per, "--paper", paper, "--lang", lang)
    with plumbed(pdf_path) as pdf:
        page = pdf.pages[0]
        height = page.height / PT
        tile_top, tile_bottom = (5, height - 5) if per == "1" else (height / 2 + 4, height - 5)
        top, bottom = _pad_extent(page, tile_top, tile_bottom)
        text = page.extract_text()
    assert (bottom - top) / (tile_bottom - tile_top) > 0.8
    assert "60" in text.split() and "50" in text.split()


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_large_print_series_in_two_languages_keeps_its_table_under_its_title(built, paper):
    """The rows are counted with the real title block and the 16 mm column headings: the table once
    went to a second page, leaving the first with its title alone."""
    pdf_path = built("score", "dreist", "--large-print", "--lang", "fr+en", "--paper", paper)
    texts = all_text(pdf_path)
    assert len(texts) == 1 and "Total" in texts[0] and "DREIst!" in texts[0]


FILLED = [["dreist", "--players", "3"], ["dreist", "--players", "1"], ["twinit", "--variant", "coop"]]
ALONE = [["dreist", "--names", "Ana,Bo,Cy,Dee"], ["twinit", "--variant", "solo"],
         ["twinit", "--variant", "ring", "--players", "6"], ["twinit", "--variant", "clans", "--players", "5"]]


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("lang", ["fr", "fr+en"])
@pytest.mark.parametrize(("args", "per"), [(a, p) for a in FILLED for p in ("1", "2", "4")] + [(a, "1") for a in ALONE])
def test_the_lowest_row_ends_at_the_foot_of_its_tile(built, paper, lang, args, per):
    """The layout pass counts rows and games with the real text and grows the rows into what is left:
    what a pad draws ends within 3 mm of its tile's content edge (above the page number's line), on
    every tile of the page."""
    pdf_path = built("score", *args, "--per-page", per, "--paper", paper, "--lang", lang)
    with plumbed(pdf_path) as pdf:
        page = pdf.pages[0]
        width, height = page.width / PT, page.height / PT
        boxes = [b for b in drawn_bounds(page) if b[1] < height - 5 - 4.5]  # the page number left out
    # flow_in's foot: the page number's room
    foot = page_style(False).number_room(pad_style(int(per), large_print=False).text)
    bottoms = [height - 5 - foot] if per == "1" else [height / 2 - 4 - foot, height - 5 - foot]
    for edge in bottoms:
        for x0, x1 in ([(5, width - 5)] if per != "4" else [(5, width / 2 - 4), (width / 2 + 4, width - 5)]):
            lowest = max(b[3] for b in boxes if b[3] <= edge + 6 and x0 - 0.1 <= b[0] and b[2] <= x1 + 0.1)
            assert edge - 3 <= lowest <= edge + 0.1, (edge, x0, lowest)


@pytest.mark.parametrize(("names", "after"), [([], "____"), (["--names", "Ana"], "Ana")])
def test_the_solo_sheet_in_two_languages_asks_for_the_name_in_both(built, names, after):
    """ "Nom :" then "Name:" in italic (the house style for the second language), then the name or the
    line to write it on, in the first language's face."""
    pdf_path = built("score", "dreist", "--players", "1", *names, "--lang", "fr+en", "--paper", "letter")
    with plumbed(pdf_path) as pdf:
        words = pdf.pages[0].extract_words(extra_attrs=["fontname"])
    nom = next(i for i, w in enumerate(words) if w["text"] == "Nom")
    line = [w for w in words if abs(w["top"] - words[nom]["top"]) < 1]
    assert [w["text"] for w in line][:3] == ["Nom", ":", "Name:"]
    assert line[-1]["text"].startswith(after) and "Italic" not in line[-1]["fontname"]
    assert "Italic" in line[2]["fontname"] and "Italic" not in line[0]["fontname"]


@pytest.mark.parametrize("lang", ["fr", "fr+en", "fr+de", "de+en"])
@pytest.mark.parametrize("args", [["dreist", "--players", "3"], ["dreist", "--names", "Ana,Bo,Cy"],
                                  ["twinit", "--variant", "coop"], ["twinit", "--variant", "clans", "--players", "5"]])
def test_four_to_a_page_no_text_is_below_9_pt(built, lang, args):
    """Column headings ("Commence", "Drillinge", "Manche") fit whole at 9.5 pt and the series' winner
    line has room for a line per language: no cell shrinks its text below 9 pt."""
    pdf_path = built("score", *args, "--per-page", "4", "--lang", lang)
    with plumbed(pdf_path) as pdf:
        small = {(c["text"], round(c["size"], 2)) for c in pdf.pages[0].chars if c["text"].strip() and c["size"] < 9}
    assert not small


@pytest.mark.parametrize(("args", "target", "per_page", "over_goal"), [
    (("--lang", "en", "--players", "3"), 5, 1, True),
    (("--variant", "ring", "--per-page", "4", "--paper", "letter", "--lang", "de+fr"), 7, 4, True),
    (("--variant", "clans", "--players", "4", "--per-page", "2"), 5, 2, True),
    (("--large-print", "--players", "2", "--target", "6"), 6, 0, True),
    (("--target", "2", "--per-page", "4", "--lang", "fr+de"), 2, 4, False),  # two boxes: too narrow a heading
])
def test_the_twinit_goal_box_is_marked_by_a_thick_wall_where_the_child_ticks(built, args, target, per_page, over_goal):
    """Second teacher review #1: eight equal boxes read as eight to fill. The goal box's right wall is drawn
    thick (layouts/sheet.toml [pad] goal_line, not a colour) in every player's row and the heading over the
    boxes, whose words name the goal and stand over the boxes up to it, not over the spare ones; a goal too
    narrow for its heading at full size keeps the heading over every box, the wall in the rows only."""
    goal_line = sheet_value("pad", "goal_line")
    cell = pad_style(per_page, large_print=False).cell if per_page else 16  # large print: 16 pt
    pdf_path = built("score", "twinit", *args)
    with plumbed(pdf_path) as pdf:
        page = pdf.pages[0]
        walls = [line for line in page.lines if abs(line["linewidth"] / PT - goal_line) < 0.01]
        boxes = tick_boxes(page)
        lines: dict[int, list] = {}
        for box in boxes:
            lines.setdefault(round(box["top"]), []).append(box)
        rows = []  # a line across the page holds one row per tile: a row's boxes touch
        for line in lines.values():
            line.sort(key=lambda b: b["x0"])
            rows.append([line[0]])
            for before, box in pairwise(line):
                if box["x0"] - before["x1"] < 1:
                    rows[-1].append(box)
                else:
                    rows.append([box])
        assert rows and all(len(row) == target + 3 for row in rows)
        text_size = pad_style(per_page or 1, large_print=not per_page).text
        for row in rows:
            goal = row[target - 1]
            assert [w for w in walls if abs(w["x0"] - goal["x1"]) < 0.5 and w["top"] <= goal["top"] + 0.5
                    and w["bottom"] >= goal["bottom"] - 0.5], goal
            number = [c for c in page.chars if goal["x0"] < c["x0"] and c["x1"] < goal["x1"]
                      and goal["top"] < c["top"] and c["bottom"] < goal["bottom"]]
            assert "".join(c["text"] for c in number) == str(target)  # the goal's number in its box
            # small, in the top corner: its digits (which do not descend: their foot on the baseline, the line's
            # descent over the line box's bottom) over the box's middle, right of it
            assert all(c["size"] == pytest.approx(text_size)
                       and c["bottom"] - text_extent(c["size"])[1] * PT < (goal["top"] + goal["bottom"]) / 2
                       and c["x0"] > (goal["x0"] + goal["x1"]) / 2 for c in number)
        others = {round(line["linewidth"] / PT, 2) for line in page.lines if not line["dash"]} - {round(goal_line, 2)}
        assert not others  # no other solid line drawn (the cut lines dash)
        assert (len(walls) > len(rows)) == over_goal  # the headings' walls too, when the heading ends there
        words = [w for w in page.extract_words(extra_attrs=["size"])
                 if w["text"].startswith(("Prises", "Catches", "Fänge")) and w["size"] > 9.05]
        assert words and {round(w["size"], 2) for w in words} == {cell}  # the heading never shrunk to fit
        if over_goal:
            for word in words:  # the goal's heading ends before the wall of its table
                assert word["x1"] < min(w["x0"] for w in walls if w["top"] <= word["top"]
                                        and word["bottom"] <= w["bottom"] and w["x0"] > word["x0"])


@pytest.mark.parametrize("args", [["twinit", "--names", "Ana,Bo,Cy", "--lang", "en", "--per-page", "1"],
                                  ["dreist", "--players", "3", "--paper", "letter"],
                                  ["twinit", "--variant", "coop", "--per-page", "4", "--sheets", "8"],
                                  ["dreist", "--players", "1", "--large-print"]])
def test_the_page_number_stands_clear_of_the_pads_last_rule(built, args):
    """Teacher review 3 (#17a): a Twin It sheet's "44 / 70" stood 1 mm under its table's bottom rule. The number's
    number's line keeps 1.6 mm at least under every rule and frame of the page (its box's top: the digits' ink starts
    about 0.7 mm lower), while its descent stays out of the safe margin (test_kit's characters check)."""
    pdf_path = built("score", *args, "--sheets", "2") if "--sheets" not in args else built("score", *args)
    with plumbed(pdf_path) as pdf:
        for page in pdf.pages:
            height = page.height / PT
            number = [c for c in page.chars if c["top"] / PT > height - 15 and c["text"] in "0123456789/"]
            assert number, "no page number"
            top = min(c["top"] for c in number) / PT
            drawn = [o["bottom"] / PT for o in page.lines + page.rects if o["bottom"] / PT <= top + 0.01
                     and not (o.get("dash") and o["dash"][0])]  # the tiles' dashed cut lines run to the margin
            assert top - max(drawn) >= 1.6, (args, top, max(drawn))
