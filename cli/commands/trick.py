"""`pnpkit demo` and `pnpkit record-sheet`: the trick game's demonstration deal and record sheet."""

from typing import Annotated

import typer

from cli.commands.common import drawable, emit_json, output_path, publish
from cli.commands.printable import Printable, printable


@printable
def demo(
    deal: Annotated[str | None, typer.Option(help="Hands, e.g. 'A:C1,C4,T2,S3 B:C2,T1,T4,S1 C:C3,T3,S2,S4'.")] = None,
    plays: Annotated[str | None, typer.Option(help="Cards in playing order, tricks split by '/'.")] = None,
    leader: Annotated[str, typer.Option(help="Who leads the first trick: A, B or C.")] = "A",
    seed: Annotated[int | None, typer.Option(help="Generate a deal from this number (same seed, same deal).")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the solved deal as JSON instead of a PDF.")] = False,
    *,
    page: Printable,
) -> None:
    """Print a solved demonstration deal: students' page, answer key on its own sheet."""
    from cli.games.demo_deal import as_data, demo_deal
    from cli.games.trick import check_leader

    stem = f"demo-{page.paper.name}-{page.texts.code}"  # paper and language checked for --json too
    played = demo_deal(deal, plays, check_leader(leader), seed)
    if as_json:
        emit_json(as_data(played), page.output, stem=stem)
        return
    from cli.documents.trick_docs import demo_document

    publish(demo_document(played, page.paper, page.texts, page.large_print), output_path(page.output, stem))


@printable
def record_sheet(
    players: Annotated[
        str | None, typer.Option(help="Three player names, e.g. 'Ana,Bo,Cy' (blank lines otherwise).")
    ] = None,
    copies: Annotated[int, typer.Option(help="How many sheets (one per group).", min=1, max=200)] = 1,
    *,
    page: Printable,
) -> None:
    """Print the record sheet for three deals of four tricks."""
    from cli.documents.names import parse_names
    from cli.documents.trick_docs import record_sheet as build
    from cli.games.trick import PLAYERS

    names = None if players is None else drawable(parse_names(players, "--players", exactly=len(PLAYERS)), "--players")
    path = output_path(page.output, f"record-sheet-{page.paper.name}-{page.texts.code}")
    publish(build(page.paper, page.texts, names=names, copies=copies, large_print=page.large_print), path)
