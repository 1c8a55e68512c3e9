"""`pnpkit rules GAME`: a rule handout with diagrams, in one language or two side by side, or in large print."""

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


def rules(
    game: Annotated[str, typer.Argument(help="trick, dreist or twinit.")],
    paper: PaperOption = "a4",
    lang: LangOption = "fr",
    large_print: LargePrintOption = False,
    output: OutputOption = None,
) -> None:
    """Print the rules of a game in brief, with diagrams."""
    from cli.documents.handouts import check_game, rules_document

    name = check_game(game)
    settings = print_settings(paper=paper, lang=lang)
    sheet, texts = settings.paper, settings.texts
    suffix = "-large" if large_print else ""
    path = output_path(output, f"rules-{name}-{sheet.name}-{texts.code}{suffix}")
    publish(rules_document(name, sheet, texts, large=large_print), path)
