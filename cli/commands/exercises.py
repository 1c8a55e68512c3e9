"""`pnpkit exercises`: practice worksheets computed by the trick engine, with their answer keys."""

from typing import Annotated

import typer

from cli.commands.common import emit_json, output_path, publish
from cli.commands.printable import Printable, printable


@printable
def exercises(
    kinds: Annotated[str | None, typer.Option(
        help="all, or some of may-play, who-wins, mistake, who-leads, score, complete (or 1-6), comma-separated."
    )] = None,
    count: Annotated[int, typer.Option(help="Exercises per worksheet, 1-12.")] = 6,
    seed: Annotated[int, typer.Option(help="Seed of the positions (same seed, same worksheets).")] = 1,
    level: Annotated[int, typer.Option(
        help="1: single tricks, no discards; 2: discards, following without winning; 3: whole deals, mistakes."
    )] = 3,
    versions: Annotated[int, typer.Option(help="Different worksheets of the same kinds, labelled A, B, C… (1-26).")
                        ] = 1,
    as_json: Annotated[bool, typer.Option("--json", help="Print the exercises and answers as JSON, not a PDF.")
                       ] = False,
    *,
    page: Printable,
) -> None:
    """Print practice worksheets (six kinds of trick exercises) and their answer key on its own sheet."""
    from cli.games.exercises import as_data, check_count, check_level, check_versions, parse_kinds, worksheets

    check_level(level)
    chosen = parse_kinds(kinds, level)
    check_count(count)
    check_versions(versions)
    stem = f"exercises-{page.paper.name}-{page.texts.code}"
    path = None if as_json else output_path(page.output, stem)
    made = worksheets(seed, chosen, count, level, versions)
    if as_json:
        emit_json(as_data(made, seed, level, chosen), page.output, stem=stem)
        return
    from cli.documents.exercise_docs import exercises_document

    publish(exercises_document(made, page.paper, page.texts, page.large_print), path)
