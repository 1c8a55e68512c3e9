"""Score pads for DREIst! and Twin It: the rules' numbers laid out as sheets, tiled on pages.

A pad's sizes follow its tile (one, two or four to a page) and large print. How many rows or games fill
a tile is for the layout pass, which measures the text: the templates write every candidate in a
<repeat> (a DREIst! series' rows in whole rounds, so everyone starts as often; a Twin It sheet's games or
coop rounds) and mark the write-in rows that may grow (`grow`) to share out what is left.
"""


from functools import cache

from cli.documents.language import Texts
from cli.documents.templating import build_document
from cli.games import dreist, twinit
from cli.layout.columns import share_widths
from cli.layout.markup import Element
from cli.layout.measure import text_width
from cli.layout.pagination import CELL_PADDING
from cli.layout.regions import tile
from cli.layout.sizes import Paper, sheet_shares, sheet_value, style, style_value
from cli.records import Record


class PadStyle(Record):
    title: float  # pt
    subtitle: float  # pt, the title in the second language (italic)
    heading: float  # pt
    text: float  # pt, the instructions: at least 10 (9 at four to a page)
    cell: float  # pt
    name: float  # pt, the solo sheet's name line ("Nom :" and the name or a line to write it on)
    row: float  # mm, a write-in row
    inset: float  # mm from the tile's edge to the pad
    gap: float  # mm between the pad's blocks (titles, rules, tables)
    head: float  # mm, a table's heading row at least (the template grows it to its words, as the pass wraps them)
    head_two: float  # mm, the same in two languages
    band: float  # mm, a Twin It game's band above its table
    number_gap: float  # mm between the pad's last rule and the page number's ascent
    large: bool = False
    alone: bool = False  # alone on its page (one a page, or large print), not one tile of several


MAX_SERIES = 30  # game rows a filled DREIst! series may have
MAX_GAMES = 6  # Twin It games on one sheet
SPARE_BOXES = 3  # catch boxes past the goal: each mistake takes a catch back, so the net lags the ticks
MAX_ROUNDS = 15  # Twin It coop rounds on one sheet
# the all-together table's operators (its columns' fair shares: layouts/sheet.toml [pad] twinit_coop_shares)
COOP_OPERATORS = ("× 1 =", "× 2 =")
WRITTEN_SLACK = 0.01  # mm: a width the template writes to the thousandth still holds the text measured here
MAX_SOLO = 12  # DREIst! solo challenge rows: 50 up to 72 cards (the booklet's scale ends at "60 or more")


@cache
def pad_style(per_page: int, large_print: bool) -> PadStyle:
    """A pad's sizes at `per_page` to a page (large print: one), from layouts/styles.toml [pad.N] or [pad.large]."""
    fields = tuple(field for field in PadStyle._fields if field not in ("large", "alone"))
    return PadStyle(large=large_print, alone=large_print or per_page == 1,
                    **style(("pad", "large" if large_print else str(per_page)), fields))


def grow(rows: str) -> float:
    """How much write-in rows (a DREIst! `series`, `solo` challenge, or `twinit` games) may grow to fill a tile, from
    layouts/styles.toml [pad_grow]."""
    return style_value("pad_grow", f"{rows}_grow")


def head_height(sizes: PadStyle, languages: int) -> float:
    """A table's column headings at least, in mm: taller when two languages share a cell (the template grows the
    row where its words need more lines, `heading_height`)."""
    return sizes.head_two if languages > 1 else sizes.head


def at_most(room: float, each: float, most: int) -> int:
    """How many blocks `each` mm tall could stand in `room` mm, at most `most`: an upper bound from the
    geometry alone (the text only takes room away), so the template writes no candidate that could never
    fit (500 sheets of six Twin It games each would be a lot of markup for nothing)."""
    return max(0, min(most, int(room // each)))


def solo_least() -> int:
    """The fewest solo challenge rows: down to the one that reaches the top of the booklet's scale."""
    return (dreist.BOOKLET_SCALE[1] - dreist.solo_start(1)) // dreist.GIFT_PER_GAME + 1


def dreist_pad(paper: Paper, texts: Texts, *, names: list[str], players: int, games: int | None = None,
               sheets: int = 1, per_page: int = 1, large_print: bool = False) -> Element:
    """Series sheets (2-4 players) or solo challenge sheets (1 player, named when a name is given).

    Without --games every row the tile could hold is written; the layout pass keeps those that fit
    (whole rounds for a series, at least up to the booklet's 60 solo) and grows them to fill the tile.
    """
    tiling = tile(paper, per_page)
    sizes = pad_style(per_page, large_print)
    solo = players == 1
    room = tiling.regions[0].h - head_height(sizes, len(texts.langs)) - sizes.row * (1 if solo else 2 if names else 3)
    if solo:  # the games' rows; then the best-result row (a series: names, total, winner)
        count = games or max(solo_least(), at_most(room, sizes.row, MAX_SOLO))
    else:
        count = games or max(players, at_most(room, sizes.row * players, MAX_SERIES // players) * players)
    rows = (
        [{"number": k, "start": dreist.solo_start(k)} for k in range(1, count + 1)] if solo
        else [{"number": k, "starter": s} for k, s in enumerate(dreist.starters(names, count), start=1)]
    )
    least = count if games else (solo_least() if solo else players)
    return build_document("score_dreist.xml.j2", paper=paper, texts=texts, tiling=tiling, pad_sizes=sizes,
                          sheets=sheets, solo=solo, games=rows, players=names or [""] * players, names=names,
                          least=least, step=1 if solo else players,
                          grow=1.0 if games else grow("solo" if solo else "series"),
                          head_h=head_height(sizes, len(texts.langs)))


def coop_widths(width: float, texts: Texts, sizes: PadStyle) -> list[float]:
    """The all-together table's columns, as the layout pass measures their headings: each at least as wide as
    its widest word (bold; the second language bold italic), an operator ('× 2 =') whole on its line; else
    its fair share."""
    def widest(labels: list[str]) -> float:
        return max(text_width(word, sizes.cell, "bold-italic" if i else "bold")
                   for i, label in enumerate(labels) for word in label.split()) + 2 * CELL_PADDING + WRITTEN_SLACK

    one, two = (text_width(operator, sizes.cell, "bold") + 2 * CELL_PADDING + WRITTEN_SLACK
                for operator in COOP_OPERATORS)
    least = [widest(texts.each("col_round")), widest(texts.each("col_pairs")), one,
             widest(texts.each("col_triples")), two, widest(texts.each("col_total"))]
    return share_widths(width, least, [width * share for share in sheet_shares("pad", "twinit_coop_shares")])


def twinit_pad(paper: Paper, texts: Texts, *, variant: str, names: list[str], players: int,
               target: int | None = None, sheets: int = 1, per_page: int = 1, large_print: bool = False) -> Element:
    chosen = twinit.variant(variant)
    labels = names or [""] * players
    teams = twinit.teams(labels) if chosen.name == "clans" else ()
    rows = [texts.t("team_label", number=i) for i in (1, 2)] if teams else labels
    tiling, sizes, goal = tile(paper, per_page), pad_style(per_page, large_print), twinit.winning_count(chosen, target)
    room, head = tiling.regions[0].h, head_height(sizes, len(texts.langs))
    if chosen.name == "coop":  # rounds, then the best-score row
        games = max(1, at_most(room - head - sizes.row, sizes.row, MAX_ROUNDS))
    else:  # each game: its band, headings, a row per player (or clan), the winner's row
        games = max(1, at_most(room, sizes.band + head + sizes.row * (len(rows) + 1), MAX_GAMES))
    return build_document(
        "score_twinit.xml.j2", paper=paper, texts=texts, tiling=tiling, sheets=sheets, variant=chosen.name,
        target=goal, boxes=(goal or 0) + SPARE_BOXES, players=names, rows=rows, teams=teams, pad_sizes=sizes,
        games=games, grow=grow("twinit"), operators=COOP_OPERATORS,
        coop_widths=coop_widths(tiling.regions[0].w - 2 * sizes.inset, texts, sizes) if chosen.name == "coop" else [],
        head_h=head_height(sizes, len(texts.langs)), band_h=sizes.band,
        goal_line=sheet_value("pad", "goal_line"),
    )
