"""Score pads for DREIst! and Twin It: the rules' numbers laid out as sheets, tiled on pages."""

from cli.documents.language import Texts
from cli.documents.templating import build_document
from cli.games import dreist, twinit
from cli.layout.markup import Node
from cli.layout.regions import tile
from cli.layout.sizes import Paper


def dreist_pad(paper: Paper, texts: Texts, names: list[str], players: int, games: int | None,
               sheets: int, per_page: int) -> Node:
    """Series sheets (2-4 players) or solo challenge sheets (1 player)."""
    count = games or dreist.default_games(players)
    solo = players == 1
    rows = (
        [{"number": k, "start": dreist.solo_start(k)} for k in range(1, count + 1)] if solo
        else [{"number": k, "starter": s} for k, s in enumerate(dreist.starters(names, count), start=1)]
    )
    return build_document("score_dreist.xml.j2", paper=paper, texts=texts, tiling=tile(paper, per_page),
                          sheets=sheets, solo=solo, games=rows, players=names or [""] * players)


def twinit_pad(paper: Paper, texts: Texts, variant: str, names: list[str], players: int,
               target: int | None, sheets: int, per_page: int) -> Node:
    chosen = twinit.variant(variant)
    labels = names or [""] * players
    teams = twinit.teams(labels) if chosen.name == "clans" else ()
    rows = [texts.t("team_label", number=i) for i in (1, 2)] if teams else labels
    return build_document(
        "score_twinit.xml.j2", paper=paper, texts=texts, tiling=tile(paper, per_page), sheets=sheets,
        variant=chosen.name, target=twinit.winning_count(chosen, target), players=names, rows=rows,
        teams=teams,
    )
