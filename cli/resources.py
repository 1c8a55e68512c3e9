"""Find the data folders (templates, layouts, fonts) in a checkout, an installed wheel, or your own copy.

Set PNPKIT_TEMPLATES, PNPKIT_LAYOUTS or PNPKIT_FONTS to a folder to print with your own versions.
"""

import os
from functools import cache
from pathlib import Path

from cli.errors import PnpkitError

_PACKAGE = Path(__file__).resolve().parent


@cache
def data_dir(name: str) -> Path:
    """The folder `name`: your override, else `cli/_data/<name>` in a wheel, else `<repo>/<name>`."""
    override = os.environ.get(f"PNPKIT_{name.upper()}")
    if override:
        if not Path(override).is_dir():
            raise PnpkitError(f"PNPKIT_{name.upper()}={override} is not a folder; fix or unset it")
        return Path(override)
    for candidate in (_PACKAGE / "_data" / name, _PACKAGE.parent / name):
        if candidate.is_dir():
            return candidate
    raise PnpkitError(f"pnpkit data folder '{name}' is missing; reinstall pnpkit")


def shown(path: Path) -> str:
    """A data file's name as the user knows it: 'layouts/papers.toml' for pnpkit's own, else its path."""
    try:
        return str(path.resolve().relative_to(_PACKAGE.parent))
    except ValueError:
        return str(path)


def read_toml(path: Path, what: str) -> dict:
    """A TOML data file, parsed; a missing or broken one is one error naming the file and the line."""
    import tomllib

    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise PnpkitError(f"{what} {shown(path)}: {getattr(error, 'strerror', None) or error}; "
                          "fix or restore it") from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        message, _, place = str(error).partition(" (at ")
        line = place.split(",")[0].removeprefix("line ").rstrip(")")
        where = f" line {line}" if line.isdigit() else ""
        raise PnpkitError(f"{what} {shown(path)}{where}: {message}; fix or restore it") from None


_KINDS = {float: "a number", int: "a whole number", str: "a text", dict: "a table", list: "a list"}


def toml_value(path: Path, data: dict, keys: tuple[str, ...], kind: type, what: str):
    """data[keys[0]][keys[1]]…, checked to be a `kind` (float takes whole numbers too); else an error
    naming the file, the key and its line."""
    value = data
    for key in keys:
        value = value.get(key) if isinstance(value, dict) else None
    accepted = (int, float) if kind is float else kind
    if isinstance(value, bool) or not isinstance(value, accepted):  # TOML booleans are not numbers
        line = key_line(path, keys)
        expected = _KINDS.get(kind, kind.__name__)
        place = f" line {line}" if line else ""
        got = "missing" if value is None else f"{value!r}"
        raise PnpkitError(f"{what} {shown(path)}{place}: '{'.'.join(keys)}' must be {expected}, "
                          f"not {got}; fix or restore it")
    return value


def key_line(path: Path, keys: tuple[str, ...]) -> int | None:
    """The line where a key is written (after its table's header), or the table's header; None if absent."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        return None
    table, key = ".".join(keys[:-1]), keys[-1]
    inside, header = not table, None
    for number, line in enumerate(lines, start=1):
        stripped = line.strip()
        if stripped.startswith("["):
            inside = stripped.strip("[]").strip().strip('"') == table
            header = number if inside else header
        elif inside and stripped.split("=")[0].strip().strip('"') == key and "=" in stripped:
            return number
    return header
