"""The options every printed handout shares are stated once (cli/commands/printable.py), and each command
still offers them, last and in the same order, with the same defaults (registry, web page, rebuild)."""

import ast
from pathlib import Path

import pytest

from cli.commands import registry
from cli.commands.printable import printable

ROOT = Path(__file__).resolve().parents[2]
PRINTABLES = ("demo", "record-sheet", "exercises", "score dreist", "score twinit", "rules", "guide")
SHARED = [("--paper", "a4"), ("--lang", "fr"), ("--large-print", False), ("--output", None)]


@pytest.mark.parametrize("name", PRINTABLES)
def test_every_printable_command_ends_with_the_shared_options(name):
    options = registry.command(name).options
    assert [(o.flag, o.default) for o in options[-len(SHARED):]] == SHARED


def test_the_shared_options_are_written_once():
    """No printable command's module names the shared options or resolves them itself."""
    for module in ("guide", "rules", "score", "trick", "exercises"):
        tree = ast.parse((ROOT / "cli" / "commands" / f"{module}.py").read_text(encoding="utf-8"))
        names = {node.id for node in ast.walk(tree) if isinstance(node, ast.Name)}
        assert not names & {"PaperOption", "LangOption", "LargePrintOption", "OutputOption", "print_settings"}, module


def test_the_command_gets_them_resolved_and_keeps_its_own():
    seen = {}

    @printable
    def command(count: int = 1, *, page) -> None:
        seen.update(count=count, page=page)

    command(count=2, paper="letter", lang="en+de", large_print=True, output="x.pdf")
    page = seen["page"]
    assert seen["count"] == 2 and page.paper.name == "letter" and page.texts.langs == ("en", "de")
    assert page.large_print is True and page.output == "x.pdf"
