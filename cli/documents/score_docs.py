"""Score pads for DREIst! and Twin It: the rules' numbers laid out as sheets, tiled on pages.

A pad's sizes follow its tile (one, two or four to a page) and large print; a DREIst! series without
--games gets as many game rows as its tile holds, a whole number of rounds so everyone starts as often;
a Twin It sheet as many games (or coop rounds) as its tile holds, their rows sharing out what is left.
"""

from math import ceil
from typing import NamedTuple

from cli.documents.language import Texts
from cli.documents.templating import build_document
from cli.games import dreist, twinit
from cli.layout.imposition import Box
from cli.layout.markup import Node
from cli.layout.regions import tile
from cli.layout.sizes import Paper
from cli.layout.units import MM_PER_PT


class PadStyle(NamedTuple):
    title: float  # pt
    subtitle: float  # pt, the title in the second language (italic)
    heading: float  # pt
    text: float  # pt, the instructions: at least 10 (9 at four to a page)
    cell: float  # pt
    row: float  # mm, a write-in row
    inset: float  # mm from the tile's edge to the pad
    large: bool = False


PAD_STYLES = {
    1: PadStyle(title=17, subtitle=12.5, heading=12, text=10.5, cell=11, row=11, inset=7),
    2: PadStyle(title=15, subtitle=11, heading=11, text=10, cell=10, row=8.5, inset=5),
    4: PadStyle(title=13, subtitle=10, heading=10, text=9, cell=9.5, row=8, inset=2.5),
}
LARGE_PAD = PadStyle(title=24, subtitle=18, heading=19, text=16, cell=16, row=16, inset=7, large=True)
MAX_SERIES = 30  # game rows a filled DREIst! series may have
FOOT = 7.0  # mm at every tile's foot for the page number (templates/macros/pad.xml.j2 `foot`)
STRETCH = 1.6  # Twin It rows grow up to this much to fill a tile (children write big), no more
MAX_GAMES = 6  # Twin It games on one sheet
MAX_ROUNDS = 15  # Twin It coop rounds on one sheet
MAX_SOLO = 12  # DREIst! solo challenge rows: 50 up to 72 cards (the booklet's scale ends at "60 or more")
CHAR_EM = 0.5  # an average character's width, rounded up: an estimate that wraps sooner than the font
SLACK = 2.0  # mm left for what the estimate misses (the pad is centred in its tile anyway)


def pad_style(per_page: int, large_print: bool) -> PadStyle:
    return LARGE_PAD if large_print else PAD_STYLES[per_page]


class Series(NamedTuple):
    games: int
    row: float  # mm


def head_height(ps: PadStyle, languages: int) -> float:
    """A table's column headings, in mm: taller when two languages share a cell."""
    if ps.large:
        return 16.0 if languages > 1 else 12.0
    return 12.0 if languages > 1 and ps.row > 10 else 10.0


def band_height(ps: PadStyle) -> float:
    """A Twin It game's band ("Partie 1") above its table, in mm."""
    return 10.0 if ps.large else 8.0


def _flow_gap(ps: PadStyle) -> float:
    """The gap between blocks of a pad's flow (templates/macros/pad.xml.j2 `flow_in`)."""
    return 3.0 if ps.large else (1.6 if ps.row > 10 else 1.2)


def _lines_height(lines: list[tuple[str, float]], w: float, gap: float) -> float:
    """Paragraphs (text, size in pt) at width w, in mm, each followed by the flow's gap: a generous
    estimate (documents do not measure fonts; the layout pass does, and the pad is centred)."""
    total = 0.0
    for text, size in lines:
        count = max(1, ceil(len(text) * size * MM_PER_PT * CHAR_EM / w))
        total += count * size * 1.25 * MM_PER_PT + gap
    return total


class Games(NamedTuple):
    count: int  # Twin It games (or coop rounds) on the sheet
    row: float  # mm, the write-in row that fills the tile


def _fill(room: float, rows: int, fixed: float, ps: PadStyle, most: int) -> Games:
    """As many blocks of `rows` rows (+ `fixed` mm) as `room` holds, then taller rows for what is left."""
    count = max(1, min(most, int(room / (fixed + rows * ps.row))))
    if ps.large:  # large print runs on over pages: its rows stay as they are
        return Games(count, ps.row)
    return Games(count, max(ps.row, min(ps.row * STRETCH, (room / count - fixed) / rows)))


def twinit_games(texts: Texts, variant: str, box: Box, ps: PadStyle, rows: int, target: int | None,
                 notes: list[str]) -> Games:
    """Games (or coop rounds) that fill the tile and the row height that shares out the rest."""
    w, gap = box.w - 2 * ps.inset, _flow_gap(ps)
    text = [(line, size) for key, size in (("twinit_title", ps.title), (f"twinit_mode_{variant}", ps.heading))
            for line in texts.each(key)]
    rule = {"coop": "twinit_coop_rule", "clans": "twinit_clans_rule"}.get(variant, "twinit_catch_rule")
    text += [(line, ps.text) for line in texts.each(rule, target=target)]
    text += [(line, ps.text) for line in notes + (texts.each("short_columns_note")[:1] if w < 120 else [])]
    room = box.h - FOOT - _lines_height(text, w, gap) - SLACK
    head = head_height(ps, len(texts.langs))
    if variant == "coop":  # one table: the rounds, then the best-score line
        rounds = _fill(room - head, 1, 0.0, ps, MAX_ROUNDS + 1)
        return Games(max(1, rounds.count - 1), rounds.row)
    return _fill(room, rows, band_height(ps) + head + ps.row + gap, ps, MAX_GAMES)  # + the winner line


def solo_rows(texts: Texts, box: Box, ps: PadStyle) -> Games:
    """Solo challenge rows that fill the tile: at least the usual seven, taller when there is room."""
    w, gap = box.w - 2 * ps.inset, _flow_gap(ps)
    text = [(line, size) for key, size in (("dreist_solo_title", ps.title), ("dreist_solo_rule", ps.text),
                                           ("dreist_scale", ps.text)) for line in texts.each(key)]
    text += [(texts.each("name_line", name="_" * 20)[0], ps.cell + 1)]
    room = box.h - FOOT - _lines_height(text, w, gap) - SLACK - head_height(ps, len(texts.langs))
    fit = _fill(room, 1, 0.0, ps, MAX_SOLO + 1)  # the games, then the result line
    if fit.count - 1 >= dreist.SOLO_GAMES:
        return Games(fit.count - 1, fit.row)
    # a small tile in two languages: down to the row that reaches the top of the booklet's scale
    least = (dreist.BOOKLET_SCALE[1] - dreist.solo_start(1)) // dreist.GIFT_PER_GAME + 1
    return Games(max(least, fit.count - 1), ps.row)


def series_rows(players: int, box: Box, ps: PadStyle, texts: Texts, named: bool) -> Series:
    """Game rows that fill the tile, in whole rounds of `players` games, and the row height that
    shares out what is left (besides the games: the names row when unnamed, total, winner)."""
    extra = 2 if named else 3
    w, gap = box.w - 2 * ps.inset, _flow_gap(ps)
    text = [(line, size) for key, size in (("dreist_title", ps.title), ("dreist_series_rule", ps.text))
            for line in texts.each(key)]
    room = box.h - FOOT - _lines_height(text, w, gap) - SLACK - head_height(ps, len(texts.langs))
    fit = int(room / ps.row) - extra
    games = max(players, min(MAX_SERIES, fit - fit % players))
    return Series(games, max(ps.row, min(ps.row * 1.3, room / (games + extra))))


def dreist_pad(paper: Paper, texts: Texts, names: list[str], players: int, games: int | None,
               sheets: int, per_page: int, large_print: bool = False) -> Node:
    """Series sheets (2-4 players) or solo challenge sheets (1 player, named when a name is given)."""
    tiling = tile(paper, per_page)
    ps = pad_style(per_page, large_print)
    solo = players == 1
    series = series_rows(players, tiling.regions[0], ps, texts, bool(names))
    if solo:
        series = Series(*solo_rows(texts, tiling.regions[0], ps))
    count = games or series.games
    rows = (
        [{"number": k, "start": dreist.solo_start(k)} for k in range(1, count + 1)] if solo
        else [{"number": k, "starter": s} for k, s in enumerate(dreist.starters(names, count), start=1)]
    )
    return build_document("score_dreist.xml.j2", paper=paper, texts=texts, tiling=tiling, ps=ps,
                          sheets=sheets, solo=solo, games=rows, players=names or [""] * players, names=names,
                          row_h=series.row if not games else ps.row, head_h=head_height(ps, len(texts.langs)))


def twinit_pad(paper: Paper, texts: Texts, variant: str, names: list[str], players: int,
               target: int | None, sheets: int, per_page: int, large_print: bool = False) -> Node:
    chosen = twinit.variant(variant)
    labels = names or [""] * players
    teams = twinit.teams(labels) if chosen.name == "clans" else ()
    rows = [texts.t("team_label", number=i) for i in (1, 2)] if teams else labels
    tiling, ps, goal = tile(paper, per_page), pad_style(per_page, large_print), twinit.winning_count(chosen, target)
    notes = [f"{rows[0]}: {', '.join(team) if team[0] else '_' * 22}" for team in teams]  # the clans' members
    notes += [", ".join(names)] if names and chosen.name == "coop" else []
    games = twinit_games(texts, chosen.name, tiling.regions[0], ps, len(rows), goal, notes)
    return build_document(
        "score_twinit.xml.j2", paper=paper, texts=texts, tiling=tiling, sheets=sheets, variant=chosen.name,
        target=goal, players=names, rows=rows, teams=teams, ps=ps, games=games.count, row_h=games.row,
        head_h=head_height(ps, len(texts.langs)), band_h=band_height(ps),
    )
