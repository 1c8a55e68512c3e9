"""The layers import one way: web → commands → documents → games, layout; render → layout; never back."""

import ast
from pathlib import Path

import pytest

CLI = Path(__file__).resolve().parents[1] / "cli"
WEB = {"cli.web", "starlette", "uvicorn", "multipart"}  # the page: one floor above the commands, imported by none
FORBIDDEN = {
    "games": {"cli.layout", "cli.render", "cli.documents", "cli.commands", "reportlab", "typer", "jinja2"} | WEB,
    "layout": {"cli.games", "cli.render", "cli.documents", "cli.commands", "reportlab", "typer", "jinja2"} | WEB,
    "render": {"cli.games", "cli.documents", "cli.commands", "typer", "jinja2"} | WEB,
    "documents": {"cli.render", "cli.commands", "reportlab", "typer"} | WEB,
    "commands": WEB,
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


def _module_name(path: Path) -> str:
    parts = path.relative_to(CLI.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def test_no_module_imports_itself_back():
    """No import circle, function-level imports included (fonts ↔ shaping was one): each module's job stands
    on the modules below it."""
    graph = {_module_name(path): imports_of(path) for path in CLI.rglob("*.py")}
    graph = {name: {dep for dep in deps if dep in graph and dep != name} for name, deps in graph.items()}
    state: dict[str, int] = {}

    def visit(name: str, path: list[str]) -> None:
        state[name] = 1
        for dep in sorted(graph[name]):
            assert state.get(dep) != 1, " -> ".join([*path[path.index(dep):], dep]) if dep in path else dep
            if dep not in state:
                visit(dep, [*path, dep])
        state[name] = 2

    for name in sorted(graph):
        if name not in state:
            visit(name, [name])


def test_nothing_outside_the_web_layer_imports_it():
    """cli.main names `serve` by a string (loaded only to run it); no module imports cli.web."""
    for path in CLI.rglob("*.py"):
        if "web" in path.relative_to(CLI).parts[:1]:
            continue
        for name in imports_of(path):
            assert not any(name == bad or name.startswith(bad + ".") for bad in WEB), (path.name, name)
