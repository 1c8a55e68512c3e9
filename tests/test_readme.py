"""The README as a teacher reads it (teacher findings #6 and #18): a short recipe first, one command per
language that pnpkit accepts, how to print and what to cut, a Windows way in; developer commands only under
Development; what it says of the card sheets is what they print."""

import re
import shlex
from pathlib import Path

import pytest
import typer

from cli.main import build_app

README = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")


def section(title: str) -> str:
    """The text under `## title`, up to the next `## ` heading."""
    start = README.index(f"\n## {title}\n")
    end = README.find("\n## ", start + 1)
    return README[start:end if end >= 0 else None]


def recipe_commands() -> list[list[str]]:
    """The recipe's shell block: each line's arguments after `./pnpkit`, its comment dropped."""
    block = re.search(r"```sh\n(.*?)```", section("Print for tomorrow"), re.S).group(1)
    return [shlex.split(line.split("#")[0])[1:] for line in block.splitlines() if line.startswith("./pnpkit")]


def test_the_recipe_comes_first_and_says_how_to_print_and_what_to_cut():
    assert re.findall(r"^## .*$", README, re.M)[0] == "## Print for tomorrow"
    recipe = " ".join(section("Print for tomorrow").split())
    for said in ("actual size (100%)", "never \"fit to page\"", "two-sided, flip on long edge", "--single-sided",
                 "**Cut** only the card sheets", "crop marks", "facilitator's guide", "On a Windows PC",
                 r"py -m venv .venv", r".venv\Scripts\python -m pip install .", r".venv\Scripts\pnpkit kit"):
        assert said in recipe, said


def test_the_recipe_has_one_kit_command_per_language_and_pnpkit_accepts_each():
    commands = recipe_commands()
    assert [c[0] for c in commands] == ["kit"] * 3
    assert [c[c.index("--lang") + 1] if "--lang" in c else "fr" for c in commands] == ["fr", "en", "de"]
    kit = typer.main.get_command(build_app()).commands["kit"]
    for args in commands:
        kit.make_context("kit", args[1:])  # a misspelt option or value raises here


def test_developer_commands_stand_under_development_only():
    before = README[:README.index("\n## Development\n")]
    assert "bash .ci/run" not in before
    assert "bash .ci/run" in section("Development")


def test_the_readme_puts_the_group_name_where_the_card_sheets_print_it():
    """#6: the card sheets name the group in the band above the cards, never 'below the cards'."""
    flat = " ".join(README.split())
    assert "name the group below the cards" not in flat
    assert flat.count("name the group in the band above the cards") == 2


@pytest.mark.parametrize("word", ["students'", "Students'", "trick record sheet"])
def test_the_readme_names_things_as_the_pages_do(word):
    """#10: pupils (as the guide and the cover say), the record sheet (as its title says)."""
    assert word not in README
