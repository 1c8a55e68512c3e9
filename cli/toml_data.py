"""TOML data files (layouts, catalogues, the font manifest): parsed, and their values checked with the
file, the key and its line named when one is wrong."""

import hashlib
import marshal
import os
import stat
from functools import cache
from pathlib import Path

from cli.errors import PnpkitError
from cli.resources import read_data_file, shown


def read_toml(path: Path, what: str) -> dict:
    """A TOML data file, parsed; a missing or broken one is one error naming the file and the line.

    What a file parses to is kept (marshalled, by the file's content) in a private cache folder: TOML's
    parser costs more to start than a whole command spends on its data, and most runs read the same
    few files (measured on 2026-12-01: the seven files `pnpkit cards` reads, 104-134 ms with tomllib
    against 2-13 ms from the cache, on a busy two-core machine: kept, the saving is well over 10 ms).
    Marshalled, not JSON: `pnpkit cards` reads its seven files in 1.4 M instructions fewer.
    """
    text = read_data_file(path, what)
    cached = _cache_file(text)
    if cached is not None:
        try:
            data = marshal.loads(cached.read_bytes())
        except (OSError, EOFError, ValueError, TypeError):
            data = None
        if isinstance(data, dict):
            return data
    data = _parse_toml(path, text, what)
    if cached is not None:
        _store(cached, data)
    return data


@cache
def _cache_folder() -> Path | None:
    """A folder only this user can write to, or None (then nothing is cached)."""
    import tempfile

    folder = Path(tempfile.gettempdir()) / f"pnpkit-{os.getuid()}-data"
    try:
        folder.mkdir(mode=0o700, exist_ok=True)
        info = folder.lstat()
    except OSError:
        return None
    safe = stat.S_ISDIR(info.st_mode) and info.st_uid == os.getuid() and not info.st_mode & 0o077
    return folder if safe else None


def _cache_file(text: str) -> Path | None:
    folder = _cache_folder()
    if folder is None:
        return None
    digest = hashlib.sha1(text.encode("utf-8"), usedforsecurity=False).hexdigest()
    return folder / f"{digest}.m{marshal.version}"


def _store(file: Path, data: dict) -> None:
    """Keep what a file parsed to; data marshal cannot hold (dates) is simply not kept."""
    try:
        encoded = marshal.dumps(data)
        partial = file.with_suffix(f".{os.getpid()}.tmp")
        partial.write_bytes(encoded)
        os.replace(partial, file)
    except (OSError, TypeError, ValueError):
        return


def _parse_toml(path: Path, text: str, what: str) -> dict:
    import tomllib

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
