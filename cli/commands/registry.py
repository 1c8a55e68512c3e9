"""One registry of every command's options, read from the commands' own Typer definitions.

Whatever shows or rebuilds a command (the web page's form, a cover's rebuild command, the tests that
check the page offers every option) asks here instead of listing options again: a new option on a
command appears everywhere by itself. Names, flags, kinds, defaults, ranges and help come from Typer;
the choices of a text option come from the core module that checks it (their one home), looked up
lazily so that importing this module costs no more than importing the commands.
"""

import shlex
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache

from cli.layout.sizes import paper_names

# Options that name files or change the output form: the page has no field for them (it offers
# downloads instead), and a rebuild command adds its own.
OUTPUT_FORM = frozenset({"--output", "--preview", "--json"})

INT, TEXT, FLAG, SWITCH, PATH = "int", "text", "flag", "switch", "path"
SEPARATOR = ","  # between the chosen values of a multiple-choice option


@dataclass(frozen=True)
class Option:
    """One option (or argument) of one command, as the command line knows it."""

    command: tuple[str, ...]  # ("kit",), ("score", "twinit")
    name: str  # the Python parameter name: groups, back_offset
    flag: str  # "--groups"; for an argument, its name in capitals: "GAME"
    off_flag: str | None  # "--no-set-id" for an on/off switch
    kind: str  # INT, TEXT, FLAG (on when given), SWITCH (--x/--no-x, may be unset), PATH
    default: object  # None: not given (the command decides, e.g. from a printer profile)
    help: str
    choices: tuple[str, ...]  # the accepted values of a choice option, else ()
    minimum: int | None
    maximum: int | None
    required: bool
    argument: bool  # positional, e.g. `pnpkit rules GAME`
    multiple: bool = False  # several of its choices at once, joined by SEPARATOR (`--kinds may-play,score`)
    type: object = field(default=None, compare=False, repr=False)  # Typer's (click's) type: converts and refuses

    @property
    def on_page(self) -> bool:
        """Whether a form shows it: everything except the options that name files or set the output form."""
        return self.flag not in OUTPUT_FORM

    def argv(self, value: object, *, explicit: bool = False) -> list[str]:
        """This option set to `value` on a command line ([] when the value is unset, or the default unless
        `explicit`: a rebuild command spells out what a later default or profile could change)."""
        if value is None or (value == self.default and not explicit):
            return []
        if self.kind in (FLAG, SWITCH):
            return [self.flag] if value else [self.off_flag] if self.off_flag else []
        text = str(value)
        if self.argument:
            return [text]
        # --x=VALUE keeps a value that starts with '-' (a negative offset) from reading as an option
        return [f"{self.flag}={text}"] if text.startswith("-") else [self.flag, text]


@dataclass(frozen=True)
class Command:
    """One command that prints (or, for `printer`, manages profiles)."""

    path: tuple[str, ...]
    help: str
    options: tuple[Option, ...]

    @property
    def name(self) -> str:
        return " ".join(self.path)

    def option(self, name: str) -> Option:
        """An option by its Python name or its flag (`back_offset` or `--back-offset`)."""
        for option in self.options:
            if name in (option.name, option.flag, option.off_flag):
                return option
        raise KeyError(f"pnpkit {self.name} has no option {name}")

    def argv(self, values: Mapping[str, object], *, explicit: bool = False) -> list[str]:
        """The arguments after `pnpkit`, options in definition order, defaults left out unless `explicit`."""
        args = list(self.path)
        for option in self.options:
            if option.name in values:
                args += option.argv(values[option.name], explicit=explicit)
        return args

    def command_line(self, values: Mapping[str, object], *, explicit: bool = False) -> str:
        """The terminal command, quoted for a POSIX shell."""
        return shlex.join(["pnpkit", *self.argv(values, explicit=explicit)])


def _languages() -> tuple[str, ...]:
    from cli.documents.languages import known

    codes = known()
    return codes + tuple(f"{a}+{b}" for a in codes for b in codes if a != b)


def _backs() -> tuple[str, ...]:
    from cli.documents.card_sheets import BACK_STYLES

    return BACK_STYLES


def _duplex_modes() -> tuple[str, ...]:
    from cli.layout.imposition import DUPLEX_MODES

    return DUPLEX_MODES


def _flips() -> tuple[str, ...]:
    from cli.profiles import FLIPS

    return FLIPS


def _variants() -> tuple[str, ...]:
    from cli.games.twinit import VARIANTS

    return tuple(VARIANTS)


def _games() -> tuple[str, ...]:
    from cli.documents.handouts import GAMES

    return GAMES


def _leaders() -> tuple[str, ...]:
    from cli.games.trick import PLAYERS

    return PLAYERS


def _per_page() -> tuple[str, ...]:
    from cli.layout.regions import PER_PAGE

    return tuple(str(n) for n in PER_PAGE)


def _cut_formats() -> tuple[str, ...]:
    from cli.render.cut_files import CUT_FORMATS

    return CUT_FORMATS


def _registrations() -> tuple[str, ...]:
    from cli.layout.sizes import load_layout

    return tuple(load_layout("registration"))


def _levels() -> tuple[str, ...]:
    from cli.games.exercises import LEVELS

    return tuple(str(n) for n in LEVELS)


def _kinds() -> tuple[str, ...]:
    from cli.games.exercises import KINDS

    return KINDS


# (command or "*", flag) -> where its accepted values live; "*" holds for every command.
_CHOICES: dict[tuple[str, str], Callable[[], tuple[str, ...]]] = {
    ("*", "--paper"): paper_names,
    ("*", "--lang"): _languages,
    ("*", "--back"): _backs,
    ("*", "--duplex"): _duplex_modes,
    ("printer save", "--duplex"): _flips,
    ("calibrate", "--duplex"): _flips,  # the sheet is read through the paper: duplex only
    ("score twinit", "--variant"): _variants,
    ("rules", "GAME"): _games,
    ("demo", "--leader"): _leaders,
    ("*", "--per-page"): _per_page,
    ("exercises", "--level"): _levels,
    ("kit", "--level"): _levels,
    ("cards", "--cut-file"): _cut_formats,
    ("cards", "--registration"): _registrations,
}


# Options that take several of their choices at once, separated by SEPARATOR: (command, flag) -> the choices.
_MULTIPLE: dict[tuple[str, str], Callable[[], tuple[str, ...]]] = {
    ("exercises", "--kinds"): _kinds,
}


def _choices(command: str, flag: str) -> tuple[str, ...]:
    find = _CHOICES.get((command, flag)) or _CHOICES.get(("*", flag)) or _MULTIPLE.get((command, flag))
    return find() if find else ()


def _kit_groups() -> tuple[int, int]:
    from cli.documents.kit_options import MAX_GROUPS

    return 1, MAX_GROUPS


def _worksheet_count(lowest: int) -> Callable[[], tuple[int, int]]:
    def limits() -> tuple[int, int]:
        from cli.games.exercises import MAX_COUNT

        return lowest, MAX_COUNT
    return limits


def _versions() -> tuple[int, int]:
    from cli.games.exercises import MAX_VERSIONS

    return 1, MAX_VERSIONS


def _target() -> tuple[int, int]:
    from cli.games.twinit import MAX_TARGET

    return 1, MAX_TARGET


# Ranges the commands check in the core rather than through Typer's min/max: (command, flag) -> (lowest, highest).
_RANGES: dict[tuple[str, str], Callable[[], tuple[int, int]]] = {
    ("kit", "--groups"): _kit_groups,
    ("kit", "--only-group"): _kit_groups,
    ("kit", "--exercises"): _worksheet_count(0),
    ("exercises", "--count"): _worksheet_count(1),
    ("exercises", "--versions"): _versions,
    ("score twinit", "--target"): _target,
}


def _range(command: str, param) -> tuple[int | None, int | None]:
    find = _RANGES.get((command, next((o for o in param.opts if o.startswith("--")), "")))
    return find() if find else (getattr(param.type, "min", None), getattr(param.type, "max", None))


_NUMBER_TYPES = {"IntParamType": int, "IntRange": int, "FloatParamType": float, "FloatRange": float}


def number_type(click_type) -> type | None:
    """int or float for a number the option's click type reads (Typer ships its own click: compared by name)."""
    return _NUMBER_TYPES.get(type(click_type).__name__)


def _kind(param) -> str:
    """The kind of value, from the click type Typer made (Typer ships its own click: compared by name)."""
    type_name = type(param.type).__name__
    if type_name == "BoolParamType":
        return SWITCH if getattr(param, "secondary_opts", None) else FLAG
    if number_type(param.type) is int:
        return INT
    return PATH if "Path" in type_name else TEXT


def _option(path: tuple[str, ...], param) -> Option:
    argument = param.param_type_name == "argument"
    flags = [opt for opt in param.opts if opt.startswith("--")]
    flag = param.name.upper() if argument else flags[0]
    kind = _kind(param)
    default = param.default if param.default is not None and not callable(param.default) else None
    minimum, maximum = _range(" ".join(path), param)
    return Option(
        command=path, name=param.name, flag=flag,
        off_flag=param.secondary_opts[0] if getattr(param, "secondary_opts", None) else None,
        kind=kind, default=default, help=getattr(param, "help", None) or "",
        choices=_choices(" ".join(path), flag),
        minimum=minimum, maximum=maximum,
        required=bool(param.required), argument=argument, multiple=(" ".join(path), flag) in _MULTIPLE,
        type=param.type,
    )


def _walk(node, path: tuple[str, ...]) -> Iterable[Command]:
    subcommands = getattr(node, "commands", None)
    if subcommands is not None:  # a group: `score`, `printer`
        for name, sub in subcommands.items():
            yield from _walk(sub, path + (name,))
        return
    help_text = (node.help or "").strip()
    yield Command(path, help_text, tuple(_option(path, p) for p in node.params))


@cache
def commands() -> tuple[Command, ...]:
    """Every leaf command, in `pnpkit --help` order (`score dreist`, not `score`)."""
    import typer

    from cli.main import COMMANDS, build_app

    found: list[Command] = []
    for name in COMMANDS:
        node = typer.main.get_command(build_app([name])).commands[name]
        found += _walk(node, (name,))
    return tuple(found)


def command(name: str) -> Command:
    """A command by its name as typed: 'kit', 'score twinit', 'printer save'."""
    for found in commands():
        if found.name == name:
            return found
    raise KeyError(f"no command 'pnpkit {name}'")
