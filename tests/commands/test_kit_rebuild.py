"""The kit cover's rebuild command is written by the commands' option registry: every flag in it is a
`pnpkit kit` option, every setting spelled out, and it reads back to the same settings."""

import shlex
from pathlib import Path

import pytest

from cli.commands.kit_settings import rebuild_command
from cli.commands.registry import command
from cli.documents.kit_options import KitOptions
from cli.documents.language import parse_lang
from cli.layout.sizes import paper


@pytest.mark.parametrize(("duplex", "extra"), [("long", {}), ("fold", {"exercises": 4, "level": 2, "split": True})])
def test_every_flag_of_the_rebuild_command_is_a_kit_option(duplex, extra):
    options = KitOptions(paper("letter"), parse_lang("de+fr"), duplex, 3, 7, None, (1.0, -0.5),
                         title="CM2 'B'", set_id=False, **extra)
    args = shlex.split(rebuild_command(options, None))
    kit = command("kit")
    flags = [arg.split("=")[0] for arg in args[2:] if arg.startswith("--")]
    assert all(kit.option(flag) for flag in flags)
    spelled = dict(zip(args[2:], args[3:], strict=False))
    assert spelled["--seed"] == "7" and spelled["--paper"] == "letter" and spelled["--lang"] == "de+fr"
    assert spelled["--back"] == "tint" and "--no-set-id" in args and spelled["--title"] == "CM2 'B'"
    if duplex == "long":
        assert spelled["--back-offset"] == "1,-0.5" and "--single-sided" not in args
    else:
        assert "--single-sided" in args and "--back-offset" not in args and "--split" in args
        assert spelled["--level"] == "2"


def test_a_names_file_stands_for_the_groups():
    options = KitOptions(paper("a4"), parse_lang("fr"), "long", 2, 1, [["A", "B", "C"]] * 2)
    args = shlex.split(rebuild_command(options, Path("class.csv")))
    assert "--groups" not in args and args[args.index("--names-file") + 1] == "class.csv"


def test_the_cover_never_parts_an_option_from_its_value(laid, class_list):
    """Teacher review 4 #9: the named kit's cover ended a line with "--level" and began the next with "3"."""
    from tests.laidcheck import cover_pages

    names = class_list("Ana,Bo,Cy\nDriss,Éloïse,Farid\nGabriel-Antoine,Hélène-Éléonore,Inès\n")
    tree = laid("--names-file", names, "--exercises", "6").kit

    def paras(node):
        if node.tag == "p":
            yield node
        for child in node.children:
            yield from paras(child)

    command = next(p for index in cover_pages(tree) for p in paras(tree.children[index])
                   if p.lines and p.lines[0].startswith("pnpkit kit"))
    assert len(command.lines) >= 2  # it wraps: where matters
    for line, after in zip(command.lines, command.lines[1:], strict=False):
        flag = line.split()[-1].split("\u00a0")[-1]
        assert not (flag.startswith("--") and not after.startswith("--")), (line, after)
    text = " ".join(command.lines)  # each option joined to its value by a space the pass never breaks at
    assert "--level\u00a03" in text and "--exercises\u00a06" in text and "--lang\u00a0fr" in text
    assert "--large-print" not in text and " --back\u00a0tint" in text  # a flag stands alone
    assert shlex.split(text.replace("\u00a0", " "))[:4] == ["pnpkit", "kit", "--seed", "1"]  # copied, it runs
