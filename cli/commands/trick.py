"""`pnpkit demo` and `pnpkit record-sheet`: the trick game's demonstration deal and record sheet."""

from typing import Annotated

import typer

from cli.commands.common import (
    LangOption,
    LargePrintOption,
    OutputOption,
    PaperOption,
    drawable,
    emit_json,
    output_path,
    publish,
)
from cli.commands.settings import print_settings


def demo(
    deal: Annotated[str | None, typer.Option(help="Hands, e.g. 'A:C1,C4,T2,S3 B:C2,T1,T4,S1 C:C3,T3,S2,S4'.")] = None,
    plays: Annotated[str | None, typer.Option(help="Cards in playing order, tricks split by '/'.")] = None,
    leader: Annotated[str, typer.Option(help="Who leads the first trick: A, B or C.")] = "A",
    seed: Annotated[int | None, typer.Option(help="Generate a deal from this number (same seed, same deal).")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the solved deal as JSON instead of a PDF.")] = False,
    paper: PaperOption = "a4",
    lang: LangOption = "fr",
    large_print: LargePrintOption = False,
    output: OutputOption = None,
) -> None:
    """Print a solved demonstration deal: students' page, answer key on its own sheet."""
    from cli.games.demo_deal import as_data, demo_deal
    from cli.games.trick import check_leader

    settings = print_settings(paper=paper, lang=lang)
    sheet, texts = settings.paper, settings.texts  # checked for --json too: a typo is never silently ignored
    played = demo_deal(deal, plays, check_leader(leader), seed)
    if as_json:
        emit_json(as_data(played), output, stem=f"demo-{sheet.name}-{texts.code}")
        return
    from cli.documents.trick_docs import demo_document

    path = output_path(output, f"demo-{sheet.name}-{texts.code}")
    publish(demo_document(played, sheet, texts, large_print), path)


def record_sheet(
    players: Annotated[
        str | None, typer.Option(help="Three player names, e.g. 'Ana,Bo,Cy' (blank lines otherwise).")
    ] = None,
    copies: Annotated[int, typer.Option(help="How many sheets (one per group).", min=1, max=200)] = 1,
    paper: PaperOption = "a4",
    lang: LangOption = "fr",
    large_print: LargePrintOption = False,
    output: OutputOption = None,
) -> None:
    """Print the record sheet for three deals of four tricks."""
    from cli.documents.names import parse_names
    from cli.documents.trick_docs import record_sheet as build

    settings = print_settings(paper=paper, lang=lang)
    sheet, texts = settings.paper, settings.texts
    names = drawable(parse_names(players, "--players", exactly=3), "--players") if players is not None else None
    path = output_path(output, f"record-sheet-{sheet.name}-{texts.code}")
    publish(build(sheet, texts, names=names, copies=copies, large_print=large_print), path)
