"""`pnpkit rules GAME`: a rule handout with diagrams, in one language or two side by side, or in large print."""

from typing import Annotated

import typer

from cli.commands.common import output_path, publish
from cli.commands.printable import Printable, printable


@printable
def rules(
    game: Annotated[str, typer.Argument(help="trick, dreist or twinit.")],
    *,
    page: Printable,
) -> None:
    """Print the rules of a game in brief, with diagrams."""
    from cli.documents.handouts import check_game, rules_document

    name = check_game(game)
    suffix = "-large" if page.large_print else ""
    path = output_path(page.output, f"rules-{name}-{page.paper.name}-{page.texts.code}{suffix}")
    publish(rules_document(name, page.paper, page.texts, large=page.large_print), path)
