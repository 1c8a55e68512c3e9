"""`pnpkit guide`: the facilitator's guide to a 45-minute lesson, with an open deal and its answers."""

from typing import Annotated

import typer

from cli.commands.common import output_path, publish
from cli.commands.printable import Printable, printable


@printable
def guide(
    seed: Annotated[int | None, typer.Option(
        help="Open deal made from this number (default: the source's second deal, played as the source plays it).")
    ] = None,
    *,
    page: Printable,
) -> None:
    """Print the facilitator's guide: a timed lesson plan and an open deal with its activities and answers."""
    from cli.documents.guide_docs import guide_document
    from cli.games.guide_deal import guide_deal

    suffix = "-large" if page.large_print else ""
    path = output_path(page.output, f"guide-{page.paper.name}-{page.texts.code}{suffix}")
    publish(guide_document(guide_deal(seed), page.paper, page.texts, large_print=page.large_print), path)
