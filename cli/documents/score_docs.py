"""Score pads for DREIst! and Twin It: the rules' numbers laid out as sheets, tiled on pages.

A pad's sizes follow its tile (one, two or four to a page) and large print; a DREIst! series without
--games gets as many game rows as its tile holds, a whole number of rounds so everyone starts as often.
"""

from typing import NamedTuple

from cli.documents.language import Texts
from cli.documents.templating import build_document
from cli.games import dreist, twinit
from cli.layout.imposition import Box
from cli.layout.markup import Node
from cli.layout.regions import tile
from cli.layout.sizes import Paper


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
HEADER_ROW = 12  # mm, a table's column headings (two languages)
FOOT = 7.0  # mm at every tile's foot for the page number (templates/macros/pad.xml.j2 `foot`)


def pad_style(per_page: int, large_print: bool) -> PadStyle:
    return LARGE_PAD if large_print else PAD_STYLES[per_page]


class Series(NamedTuple):
    games: int
    row: float  # mm


def _text_height(ps: PadStyle, box: Box, languages: int) -> float:
    """The title block and a rule of two to four lines, in mm (generous: the pad is centred anyway)."""
    line = 0.3528 * 1.25  # mm per point of a line
    rule_lines = 4 if box.w < 120 else 2
    return (ps.title + ps.subtitle * (languages - 1) + ps.text * rule_lines * languages) * line + 8


def series_rows(players: int, box: Box, ps: PadStyle, languages: int, named: bool) -> Series:
    """Game rows that fill the tile, in whole rounds of `players` games, and the row height that
    shares out what is left (besides the games: the names row when unnamed, total, winner)."""
    extra = 2 if named else 3
    room = box.h - FOOT + 2.5 - _text_height(ps, box, languages) - HEADER_ROW
    fit = int(room / ps.row) - extra
    games = max(players, min(MAX_SERIES, fit - fit % players))
    return Series(games, max(ps.row, min(ps.row * 1.3, room / (games + extra))))


def dreist_pad(paper: Paper, texts: Texts, names: list[str], players: int, games: int | None,
               sheets: int, per_page: int, large_print: bool = False) -> Node:
    """Series sheets (2-4 players) or solo challenge sheets (1 player, named when a name is given)."""
    tiling = tile(paper, per_page)
    ps = pad_style(per_page, large_print)
    solo = players == 1
    series = series_rows(players, tiling.regions[0], ps, len(texts.langs), bool(names))
    count = games or (dreist.default_games(players) if solo else series.games)
    rows = (
        [{"number": k, "start": dreist.solo_start(k)} for k in range(1, count + 1)] if solo
        else [{"number": k, "starter": s} for k, s in enumerate(dreist.starters(names, count), start=1)]
    )
    return build_document("score_dreist.xml.j2", paper=paper, texts=texts, tiling=tiling, ps=ps,
                          sheets=sheets, solo=solo, games=rows, players=names or [""] * players, names=names,
                          row_h=series.row if not games else ps.row)


def twinit_pad(paper: Paper, texts: Texts, variant: str, names: list[str], players: int,
               target: int | None, sheets: int, per_page: int, large_print: bool = False) -> Node:
    chosen = twinit.variant(variant)
    labels = names or [""] * players
    teams = twinit.teams(labels) if chosen.name == "clans" else ()
    rows = [texts.t("team_label", number=i) for i in (1, 2)] if teams else labels
    return build_document(
        "score_twinit.xml.j2", paper=paper, texts=texts, tiling=tile(paper, per_page), sheets=sheets,
        variant=chosen.name, target=twinit.winning_count(chosen, target), players=names, rows=rows,
        teams=teams, ps=pad_style(per_page, large_print),
    )
