"""The option registry says what the commands themselves accept: read back through click, nothing lost."""

import pytest
import typer

from cli.commands import registry
from cli.main import COMMANDS, build_app


def parsed(args: list[str]) -> dict[str, object]:
    """The parameters click makes of a command line, without running the command."""
    group = typer.main.get_command(build_app([args[0]]))
    node, rest = group.commands[args[0]], args[1:]
    while hasattr(node, "commands"):
        node, rest = node.commands[rest[0]], rest[1:]
    return node.make_context("pnpkit", rest, resilient_parsing=True).params


def test_every_command_and_every_parameter_is_in_the_registry():
    names = {c.path[0] for c in registry.commands()}
    assert names == set(COMMANDS)
    for found in registry.commands():
        group = typer.main.get_command(build_app([found.path[0]]))
        node = group.commands[found.path[0]]
        for part in found.path[1:]:
            node = node.commands[part]
        assert [o.name for o in found.options] == [p.name for p in node.params]


def test_kinds_defaults_ranges_and_choices_come_from_the_definitions():
    kit = registry.command("kit")
    assert kit.option("--groups").kind == registry.INT and kit.option("--groups").maximum == 200
    assert kit.option("--set-id").kind == registry.SWITCH and kit.option("--set-id").off_flag == "--no-set-id"
    assert kit.option("--single-sided").kind == registry.FLAG
    assert kit.option("--names-file").kind == registry.PATH
    assert kit.option("--back").choices == ("tint", "light", "opaque") and kit.option("--back").default == "tint"
    assert {"a4", "letter"} <= set(kit.option("--paper").choices) and kit.option("--paper").default is None
    assert "fr+en" in kit.option("--lang").choices
    assert registry.command("printer save").option("--duplex").choices == ("long", "short")
    assert registry.command("cards").option("--decks").maximum == 50
    rules = registry.command("rules").option("game")
    assert rules.argument and rules.required and rules.choices == ("trick", "dreist", "twinit")
    assert not kit.option("--output").on_page and not kit.option("--preview").on_page
    assert not registry.command("demo").option("--json").on_page
    kinds = registry.command("exercises").option("--kinds")
    assert kinds.multiple and kinds.choices[:2] == ("may-play", "who-wins") and len(kinds.choices) == 6
    assert not kit.option("--lang").multiple


@pytest.mark.parametrize("values", [
    {},
    {"groups": 3, "lang": "fr+en", "paper": "letter", "back_offset": "-1.5,0.5", "set_id": False, "title": "CM2 B"},
    {"single_sided": True, "exercises": 4, "level": 2, "split": True},
])
def test_a_command_line_from_the_registry_parses_back_to_the_same_values(values):
    kit = registry.command("kit")
    args = kit.argv(values)
    assert args[0] == "kit"
    params = parsed(args)
    for name, value in values.items():
        assert params[name] == value, name
    assert kit.argv({o.name: o.default for o in kit.options}) == ["kit"]  # defaults say nothing


def test_arguments_and_subcommands():
    assert registry.command("rules").argv({"game": "dreist", "large_print": True}) == [
        "rules", "dreist", "--large-print"]
    line = registry.command("score twinit").command_line({"variant": "coop", "names": "Ana,Bo Li"})
    assert line == "pnpkit score twinit --variant coop --names 'Ana,Bo Li'"
    with pytest.raises(KeyError):
        registry.command("nothing")
