"""`pnpkit rules GAME`: a one- or two-page rule handout, in French, English or both side by side."""

from typing import Annotated

import typer

from cli.commands.common import LangOption, OutputOption, PaperOption, output_path, paper_and_texts, publish


def rules(
    game: Annotated[str, typer.Argument(help="trick, dreist or twinit.")],
    paper: PaperOption = "a4",
    lang: LangOption = "fr",
    output: OutputOption = None,
) -> None:
    """Print the rules of a game in brief, with diagrams."""
    from cli.documents.handouts import check_game, rules_document

    name = check_game(game)
    sheet, texts = paper_and_texts(paper, lang)
    path = output_path(output, f"rules-{name}-{sheet.name}-{texts.code}")
    publish(rules_document(name, sheet, texts), path, "templates/rules.xml.j2")
