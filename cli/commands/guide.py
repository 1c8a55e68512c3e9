"""`pnpkit guide`: the facilitator's guide to a 45-minute lesson, with an open deal and its answers."""

from typing import Annotated

import typer

from cli.commands.common import (
    LangOption,
    LargePrintOption,
    OutputOption,
    PaperOption,
    output_path,
    publish,
)
from cli.commands.settings import print_settings


def guide(
    seed: Annotated[int | None, typer.Option(
        help="Open deal made from this number (default: the source's second deal, played as the source plays it).")
    ] = None,
    paper: PaperOption = "a4",
    lang: LangOption = "fr",
    large_print: LargePrintOption = False,
    output: OutputOption = None,
) -> None:
    """Print the facilitator's guide: a timed lesson plan and an open deal with its activities and answers."""
    from cli.documents.guide_docs import guide_document
    from cli.games.guide_deal import guide_deal

    settings = print_settings(paper=paper, lang=lang)
    sheet, texts = settings.paper, settings.texts
    suffix = "-large" if large_print else ""
    path = output_path(output, f"guide-{sheet.name}-{texts.code}{suffix}")
    publish(guide_document(guide_deal(seed), sheet, texts, large_print=large_print), path)
