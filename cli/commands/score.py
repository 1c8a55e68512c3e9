"""`pnpkit score dreist` and `pnpkit score twinit`: printable score pads."""

from typing import Annotated

import typer

from cli.commands.common import drawable, output_path, publish
from cli.commands.printable import Printable, printable

app = typer.Typer(no_args_is_help=True, help="Score pads for DREIst! (TRIout) and Twin It.")

PlayersOption = Annotated[int | None, typer.Option("--players", help="Number of players (names imply it).")]
NamesOption = Annotated[str | None, typer.Option("--names", help="Player names, e.g. 'Ana,Bo,Cy'.")]
SheetsOption = Annotated[int | None, typer.Option(
    "--sheets", help="How many sheets in the pad (default: one page full, --per-page of them).", min=1, max=500)]
PerPageOption = Annotated[int, typer.Option("--per-page", help="Sheets per page: 1, 2 or 4 (cut lines between).")]


def _players(names_text: str | None, players: int | None, default: int) -> tuple[list[str], int]:
    """Names and player count, which must agree when both are given."""
    from cli.documents.names import parse_names
    from cli.errors import PnpkitError

    names = drawable(parse_names(names_text, "--names"), "--names") if names_text is not None else []
    if names and players is not None and players != len(names):
        raise PnpkitError.of("names_players", count=len(names), value=players)
    return names, len(names) if names else (players if players is not None else default)


@app.command()
@printable
def dreist(
    players: PlayersOption = None,
    names: NamesOption = None,
    games: Annotated[int | None, typer.Option(help="Rows of games (default: as many as fill the sheet).",
                                              min=1, max=30)] = None,
    sheets: SheetsOption = None,
    per_page: PerPageOption = 1,
    *,
    page: Printable,
) -> None:
    """DREIst! (TRIout): a series sheet for 2-4 players, or the solo challenge for 1."""
    from cli.documents.score_docs import dreist_pad
    from cli.games.dreist import check_players

    name_list, count = _players(names, players, 3)
    check_players(count)
    _check_large_print(page.large_print, per_page)
    path = output_path(page.output, f"score-dreist-{page.paper.name}-{page.texts.code}")
    publish_fitted(dreist_pad(page.paper, page.texts, names=name_list, players=count, games=games,
                              sheets=sheets or per_page, per_page=per_page, large_print=page.large_print),
                   path, per_page)


@app.command()
@printable
def twinit(
    variant: Annotated[str, typer.Option(help="solo, ring, clans or coop.")] = "solo",
    players: PlayersOption = None,
    names: NamesOption = None,
    target: Annotated[int | None, typer.Option(help="Catches to win (solo, ring, clans).")] = None,
    sheets: SheetsOption = None,
    per_page: PerPageOption = 1,
    *,
    page: Printable,
) -> None:
    """Twin It: catches to tick (solo 5, ring 7, clans 5) or points per round (coop)."""
    from cli.documents.score_docs import twinit_pad
    from cli.games import twinit as rules

    chosen = rules.variant(variant)
    name_list, count = _players(names, players, 4)
    rules.check_players(chosen, count)
    rules.winning_count(chosen, target)
    _check_large_print(page.large_print, per_page)
    path = output_path(page.output, f"score-twinit-{chosen.name}-{page.paper.name}-{page.texts.code}")
    publish_fitted(twinit_pad(page.paper, page.texts, variant=chosen.name, names=name_list, players=count,
                              target=target, sheets=sheets or per_page, per_page=per_page,
                              large_print=page.large_print),
                   path, per_page)


def _check_large_print(large_print: bool, per_page: int) -> None:
    """Large print takes a whole page per sheet: it cannot share one."""
    from cli.errors import PnpkitError
    from cli.layout.regions import check_per_page

    check_per_page(per_page)
    if large_print and per_page != 1:
        raise PnpkitError(f"--large-print prints one sheet per page; leave out --per-page {per_page}")


def publish_fitted(document, path, per_page: int) -> None:
    """Publish, turning 'does not fit' into advice about the options that cause it."""
    from cli.errors import ContentOverflow, PnpkitError

    try:
        publish(document, path)
    except ContentOverflow as error:
        hint = "use a smaller --per-page" if per_page > 1 else "use fewer --games or a larger --paper"
        raise PnpkitError(f"the sheet does not fit {per_page} per page with these options; {hint}") from error
