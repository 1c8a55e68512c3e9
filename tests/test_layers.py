"""The layers import one way: commands → documents → games, layout; render → layout; never back."""

import ast
from pathlib import Path

import pytest

CLI = Path(__file__).resolve().parents[1] / "cli"
FORBIDDEN = {
    "games": {"cli.layout", "cli.render", "cli.documents", "cli.commands", "reportlab", "typer", "jinja2"},
    "layout": {"cli.games", "cli.render", "cli.documents", "cli.commands", "reportlab", "typer", "jinja2"},
    "render": {"cli.games", "cli.documents", "cli.commands", "typer", "jinja2"},
    "documents": {"cli.render", "cli.commands", "reportlab", "typer"},
}


def imports_of(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


@pytest.mark.parametrize("layer", FORBIDDEN)
def test_layer_imports_point_one_way(layer):
    for path in (CLI / layer).glob("*.py"):
        for name in imports_of(path):
            assert not any(name == bad or name.startswith(bad + ".") for bad in FORBIDDEN[layer]), (path.name, name)
