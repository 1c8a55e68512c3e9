"""From a submitted form to the command line that makes the same PDF, and from an error back to its field.

The fields are the registry's options (cli/commands/registry.py): a form cannot offer what the command
does not accept, and a new option appears on the page by itself. Values are passed as typed; the
command's own checks judge them (a number first by the option's own type, here, to word its refusal by
kind), so the page and the terminal accept and refuse exactly the same.
"""

import csv
import io
import math
import re
from dataclasses import dataclass, field

from cli.commands import registry

NAMES_FILE = "groups.csv"  # a pasted or uploaded class list, as the page offers it and the command names it
UPLOAD = "_upload"  # suffix of a path option's file field (its text box has the option's own name)
OFFSET = "back_offset"  # the back's offset X,Y: on the page, the calibration sheet's two readings, each in its field
AXES = ("x", "y")
NUMBERS_IN_TEXT = ("size",)  # text options made of decimal numbers ('63,5x88'): a decimal comma is a point there too
SWITCHED = {"on": True, "off": False}  # an on/off switch's select, Words.choice names them (empty: the command decides)
MAX_TEXT = 64 * 1024  # characters in one field; the CLI's names file holds at most as many bytes
# printer profiles have their own section; serve is the page itself
PAGE_COMMANDS = tuple(c.name for c in registry.commands() if c.path[0] not in ("printer", "serve"))


@dataclass
class Submission:
    """A form as the command will see it, and as the page shows it again."""

    command: registry.Command
    values: dict[str, object] = field(default_factory=dict)  # option name -> value for the command line
    typed: dict[str, str] = field(default_factory=dict)  # field -> text as typed, to show the form again
    files: dict[str, str] = field(default_factory=dict)  # file name -> text, written beside the PDF
    # field -> a problem found here: its catalogue key and values
    errors: dict[str, tuple[str, dict[str, object]]] = field(default_factory=dict)

    def argv(self) -> list[str]:
        """The arguments after `pnpkit`, as a terminal would type them (the output place is added by the caller)."""
        return self.command.argv(self.values)

    def command_line(self) -> str:
        return self.command.command_line(self.values)


def page_command(name: str) -> registry.Command | None:
    """A command the page may run (printer profiles have their own section), or None."""
    return registry.command(name) if name in PAGE_COMMANDS else None


def _text(value: object) -> str:
    """A field's text: strings only (a file where text was expected reads as nothing), capped in length."""
    return value[:MAX_TEXT] if isinstance(value, str) else ""


def read(command: registry.Command, form, uploads: dict[str, bytes]) -> Submission:
    """The submission of `command`'s form; `uploads` holds the bytes of its file fields (never a path)."""
    sub = Submission(command)
    for option in command.options:
        if not option.on_page:
            continue
        name = option.name
        if option.kind == registry.FLAG:
            sub.typed[name] = "on" if form.get(name) else ""
            sub.values[name] = bool(form.get(name))
            continue
        if option.multiple:
            _read_several(sub, option, form)
            continue
        if name == OFFSET:
            _read_offset(sub, name, form)
            continue
        text = _text(form.get(name))
        sub.typed[name] = text
        if option.kind == registry.SWITCH:
            if text.strip() in ("", *SWITCHED):
                sub.values[name] = SWITCHED.get(text.strip())
            else:  # as a select's value none of its choices
                sub.errors[name] = "msg.choice", {"value": text, "option": name, "choices": tuple(SWITCHED)}
            continue
        if option.kind == registry.PATH:
            _read_file(sub, name, text, uploads.get(name + UPLOAD))
            continue
        value = decimal_point(text) if is_float(option) else text.strip()
        if name in NUMBERS_IN_TEXT:
            value = re.sub(r"(?<=\d),(?=\d)", ".", value)
        refused = choice_refusal(option, value) or (number_refusal(option, value) if value else None)
        if refused:
            sub.errors[name] = refused
            continue
        if not value:
            continue  # not given: the command's default (or a profile's setting) applies
        sub.values[name] = int(value) if option.kind == registry.INT and re.fullmatch(r"-?\d{1,9}", value) else value
    return sub


def is_float(option: registry.Option) -> bool:
    return registry.number_type(option.type) is float


def decimal_point(text: str) -> str:
    """A decimal number as the command reads it: '1,5' (French, German) is 1.5, spaces left out ('- 0,5'), a
    typeset minus ('−0,5', copied from a document) a hyphen."""
    value = re.sub(r"^([+-])\s+", r"\1", text.strip().replace("\u2212", "-"))
    return value.replace(",", ".") if re.fullmatch(r"[+-]?[0-9]*,[0-9]+", value) else value


def _read_offset(sub: Submission, name: str, form) -> None:
    """The back's offset from its two readings (either may be left empty: 0), each a number with a decimal point
    or comma; a reading that is not a number is refused at its own field, the pair is the command's X,Y."""
    from cli.layout.units import is_length

    readings = {}
    for axis in AXES:
        typed = _text(form.get(f"{name}_{axis}"))
        sub.typed[f"{name}_{axis}"] = typed
        readings[axis] = decimal_point(typed)
        if readings[axis] and not is_length(readings[axis]):
            sub.errors[f"{name}_{axis}"] = ("msg.not_number", {"value": typed.strip()})
    if any(readings.values()) and not any(f"{name}_{axis}" in sub.errors for axis in AXES):
        sub.values[name] = ",".join(readings[axis] or "0" for axis in AXES)


def page_field(name: str, given: dict[str, object], said: dict[str, object]) -> str:
    """The page's field for the option a refusal is about: the field that set it when it was left empty (a score
    pad's players counted from its names); for the offset, the reading the refusal `said` is farther from 0 (too
    far is what the command refuses of a pair of numbers), else X."""
    if name not in given and _SET_BY.get(name) in given:
        return _SET_BY[name]
    if name != OFFSET:
        return name
    x, y = (abs(float(said.get(axis, 0))) for axis in AXES)
    return f"{name}_{AXES[y > x]}"


def choice_refusal(option: registry.Option, text: str) -> tuple[str, dict[str, object]] | None:
    """A select's value that is none of the option's choices (no browser sends one: a page kept from an older
    version, or a form made by hand), or None; the page words the choices as its select names them.

    Compared as the command reads a choice, in any case; empty is the command's default unless required."""
    if not option.choices or option.multiple or (not text and not option.required):
        return None
    if text.lower() in {choice.lower() for choice in option.choices}:
        return None
    return "msg.choice", {"value": text, "option": option.name, "choices": option.choices}


def number_refusal(option: registry.Option, text: str) -> tuple[str, dict[str, object]] | None:
    """Why the option's own number type (Typer's, the command line's) refuses `text`, by its kind, or None.

    The command would refuse it the same way before any work; here the page words it by kind, not by Click's
    English: not a whole number, not a number, or out of the type's range."""
    number = registry.number_type(option.type)
    if number is None:
        return None
    from typer import BadParameter

    try:
        read = number(text)
    except ValueError:
        return ("msg.not_whole" if number is int else "msg.not_number"), {"value": text}
    if not math.isfinite(read):
        return "msg.not_number", {"value": text}  # 'nan', 'inf': Python's words, no teacher's number
    try:
        option.type.convert(text, None, None)
        return None
    except BadParameter:
        return "msg.range", {"value": text, "min": f"{option.type.min:g}", "max": f"{option.type.max:g}"}


def _read_several(sub: Submission, option: registry.Option, form) -> None:
    """Check boxes, one per choice (the form adds an empty marker: none ticked is not 'not shown').

    Every box ticked is the command's default ('all'); none ticked is passed on as nothing, for the
    command to refuse as a terminal's `--kinds ''` would be."""
    if option.name not in form:
        return  # a form without these boxes: the command's default
    ticked = {_text(v).strip() for v in form.getlist(option.name)}
    chosen = registry.SEPARATOR.join(c for c in option.choices if c in ticked)
    sub.typed[option.name] = chosen
    if set(option.choices) - ticked:
        sub.values[option.name] = chosen


def _read_file(sub: Submission, name: str, pasted: str, uploaded: bytes | None) -> None:
    """A class list, uploaded (None: no file chosen) or pasted, becomes groups.csv beside the PDF: read as text by
    the names file's own reader, never as a path; a file chosen empty is refused (not the default kit unsaid)."""
    if uploaded is not None:
        from cli.documents.names import names_text
        from cli.errors import PnpkitError

        try:
            pasted = names_text(uploaded, NAMES_FILE)
        except PnpkitError as error:
            sub.errors[name] = (f"msg.{error.key}", error.values)
            return
        if not pasted.strip():
            sub.errors[name] = ("error_file_empty", {})
            return
        sub.typed[name] = pasted[:MAX_TEXT]
    if pasted.strip():
        sub.files[NAMES_FILE] = from_spreadsheet(pasted)
        sub.values[name] = NAMES_FILE


def from_spreadsheet(text: str) -> str:
    """Rows copied from a spreadsheet, their cells separated by tabs, as the CSV the command reads ('Ana,Bo,Cy');
    a list with a comma or semicolon anywhere is CSV already and kept as it is."""
    if "\t" not in text or re.search(r"[,;]", text):
        return text
    from cli.documents.names import without_padding

    # every cell after the last name goes: a row short of a name says how many it has, on its line
    rows = [without_padding([cell.strip() for cell in row]) for row in csv.reader(io.StringIO(text), delimiter="\t")]
    made = io.StringIO()
    csv.writer(made, lineterminator="\n").writerows(rows)
    return made.getvalue()


def problem(stderr: str) -> str:
    """The one line a failed run printed, without the 'pnpkit: error:' prefix and the '--help' hint."""
    lines = [line for line in stderr.splitlines() if line.startswith("pnpkit:")]
    line = lines[-1] if lines else stderr.strip().splitlines()[-1] if stderr.strip() else ""
    line = re.sub(r"^pnpkit: (error: )?", "", line)
    return re.sub(r" \(see 'pnpkit --help'\)$", "", line)


def field_of(message: str, command: registry.Command, key: str = "") -> str | None:
    """The field a command's message is about: the one its refusal's `key` is about, else the first of its
    options it names ('names file' is the list)."""
    names = {o.name for o in command.options if o.on_page}
    subject = next((name for name in _KEY_FIELDS.get(key, ()) if name in names), None)
    if subject:
        return subject
    found: list[tuple[int, str]] = []
    for option in command.options:
        if not option.on_page:
            continue
        for flag in filter(None, (option.flag, option.off_flag)):
            match = re.search(rf"(?<![\w-]){re.escape(flag)}(?![\w-])", message)
            if match:
                found.append((match.start(), option.name))
    if re.search(r"\bnames file\b", message) and "names_file" in names:
        found.append((message.index("names file"), "names_file"))
    for pattern, name in _SUBJECTS:
        if name in names and re.search(pattern, message):
            found.append((-1, name))  # before any flag the message names
    return min(found)[1] if found else None


# Refusals (cli/refusals.py) about a field their line names late or not at all: key -> its field, the first
# of these the command has.
_KEY_FIELDS = {
    "size_form": ("size",), "deal": ("deal",), "deal_no_hand": ("deal",), "deal_hand_size": ("deal",),
    "deal_twice": ("deal",), "deal_player": ("deal",), "deal_player_twice": ("deal",),
    "plays_none": ("plays",), "plays_tricks": ("plays",), "trick_cards": ("plays",), "play_again": ("plays",),
    "play_not_held": ("plays",), "play_revoke": ("plays",), "dreist_players": ("players",),
    "twinit_players": ("players",), "kinds": ("kinds",), "kind_level": ("kinds",), "reg_alone": ("registration",),
    "profile_name": ("name", "printer"), "profile_name_empty": ("name", "printer"), "no_profile": ("printer",),
    "profile_gone": ("name",),
}
# An option left empty that the command takes from another (score pads: as many players as names).
_SET_BY = {"players": "names"}
# Lines of Typer's, or of refusals no form words (a select offers only what is known), that name no flag first.
_SUBJECTS = (
    (r"^unknown language ", "lang"), (r"^unknown paper ", "paper"), (r"^unknown back ", "back"),
    (r"^unknown duplex mode ", "duplex"), (r"^unknown Twin It variant ", "variant"), (r"^unknown leader ", "leader"),
    (r"^(Missing argument|unknown game)", "game"), (r"^Missing argument 'NAME'", "name"),
    (r"^printer profile '", "printer"),  # a profile's saved offset the kit or cards refuse
)
