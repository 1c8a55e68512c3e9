"""`pnpkit rules GAME`: a rule handout with diagrams, in one language or two side by side, or in large print."""

from typing import Annotated

import typer

from cli.commands.common import (
    LangOption,
    LargePrintOption,
    OutputOption,
    PaperOption,
    output_path,
    paper_and_texts,
    publish,
)


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
    sheet, texts = paper_and_texts(paper, lang)
    suffix = "-large" if large_print else ""
    path = output_path(output, f"rules-{name}-{sheet.name}-{texts.code}{suffix}")
    publish(rules_document(name, sheet, texts, large=large_print), path)
