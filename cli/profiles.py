"""Saved printer profiles: one TOML file in the user's configuration folder, read and written atomically.

A profile is what one printer does with one paper (card stock shifts differently from paper), so it is
named by both, e.g. `lab-card`. `PNPKIT_CONFIG` names another folder (tests use it).

Choice values are case-insensitive everywhere: `duplex = "LONG"` or `paper = "A4"` in a hand-edited
file reads as long and a4, a profile is always saved in lower case, and an unknown paper is refused
naming the file, before any printing.
"""

import math
import os
import re
import tempfile
from pathlib import Path
from typing import NamedTuple

from cli.errors import PnpkitError

FILE_NAME = "printers.toml"
FLIPS = ("long", "short")
_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,31}")
_HEADER = "# pnpkit printer profiles, written by 'pnpkit printer save'. One table per printer and paper.\n"


class Profile(NamedTuple):
    name: str
    back_offset: tuple[float, float]
    duplex: str = "long"
    paper: str = "a4"


def config_dir() -> Path:
    """PNPKIT_CONFIG if set, else the platform's user configuration folder for pnpkit."""
    chosen = os.environ.get("PNPKIT_CONFIG")
    if chosen:
        return Path(chosen)
    from platformdirs import user_config_dir

    return Path(user_config_dir("pnpkit", appauthor=False))


def profiles_path() -> Path:
    return config_dir() / FILE_NAME


def check_name(name: str) -> str:
    """A profile name that is also a bare TOML key: letters, digits, '-' and '_', at most 32."""
    if not _NAME.fullmatch(name):
        raise PnpkitError(f"printer name '{name}' is not allowed; use up to 32 letters, digits, '-' or '_', "
                          "e.g. lab-card")
    return name


def _broken(path: Path, why: str) -> PnpkitError:
    return PnpkitError(f"printer profiles file {path} is broken ({why}); fix it or delete it")


def _profile(path: Path, name: str, entry: object) -> Profile:
    """One table of the file, checked: a hand-edited file must fail here, not in the middle of a print."""
    if not isinstance(entry, dict) or not _NAME.fullmatch(name):
        raise _broken(path, f"'{name}' is not a profile table")
    offset = entry.get("back_offset")
    if (not isinstance(offset, list) or len(offset) != 2
            or not all(isinstance(v, int | float) and not isinstance(v, bool) and math.isfinite(v) for v in offset)):
        raise _broken(path, f"profile '{name}': back_offset must be two numbers, e.g. [1.5, -0.5]")
    duplex, paper = normal(entry.get("duplex", "long")), normal(entry.get("paper", "a4"))
    if duplex not in FLIPS:
        raise _broken(path, f"profile '{name}': duplex must be long or short")
    papers = _papers()
    if paper not in papers:
        raise _broken(path, f"profile '{name}': paper must be one of {', '.join(papers)}")
    return Profile(name, (float(offset[0]), float(offset[1])), duplex, paper)


def normal(value: object) -> object:
    """A choice value as pnpkit compares it: trimmed and in lower case (`LONG` is `long`); others unchanged."""
    return value.strip().lower() if isinstance(value, str) else value


def _papers() -> list[str]:
    """The paper names the layouts know (a4, letter…), in lower case."""
    from cli.layout.sizes import load_layout

    return [str(key).lower() for key in load_layout("papers")]


def load_profiles() -> dict[str, Profile]:
    """Every saved profile by name; none when the file does not exist yet."""
    path = profiles_path()
    try:
        raw = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}
    except (OSError, UnicodeDecodeError) as error:
        raise _broken(path, getattr(error, "strerror", None) or str(error)) from None
    try:
        import tomllib  # here, not at the top: a command that reads no profile never loads it

        data = tomllib.loads(raw)
    except tomllib.TOMLDecodeError as error:
        raise _broken(path, str(error)) from None
    return {name: _profile(path, name, entry) for name, entry in data.items()}


def find_profile(name: str) -> Profile:
    profiles = load_profiles()
    if name not in profiles:
        known = ", ".join(profiles) or "none yet"
        raise PnpkitError(f"no printer profile '{name}' (saved: {known}); save it with "
                          f"'pnpkit printer save {name} --back-offset X,Y'")
    return profiles[name]


def _number(value: float) -> str:
    return repr(float(value))


def format_profiles(profiles: dict[str, Profile]) -> str:
    """The TOML text of the file, profiles sorted by name."""
    tables = [f"[{p.name}]\nback_offset = [{_number(p.back_offset[0])}, {_number(p.back_offset[1])}]\n"
              f'duplex = "{p.duplex}"\npaper = "{p.paper}"\n' for _, p in sorted(profiles.items())]
    return _HEADER + "".join("\n" + table for table in tables)


def _write(profiles: dict[str, Profile]) -> Path:
    """Replace the file in one step: a crash leaves either the old file or the new one."""
    path = profiles_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, temporary = tempfile.mkstemp(prefix=f".{FILE_NAME}.", suffix=".part", dir=path.parent)
    except OSError as error:
        raise PnpkitError(f"cannot write {path}: {error.strerror or error}; set PNPKIT_CONFIG to a "
                          "writable folder") from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(format_profiles(profiles))
        os.replace(temporary, path)
    except OSError as error:
        Path(temporary).unlink(missing_ok=True)
        raise PnpkitError(f"cannot write {path}: {error.strerror or error}; set PNPKIT_CONFIG to a "
                          "writable folder") from None
    return path


def save_profile(profile: Profile) -> Path:
    """Add or replace one profile; the other profiles are kept as they are."""
    check_name(profile.name)
    profiles = load_profiles()
    profiles[profile.name] = profile._replace(duplex=normal(profile.duplex), paper=normal(profile.paper))
    return _write(profiles)


def remove_profile(name: str) -> Path:
    profiles = load_profiles()
    if name not in profiles:
        known = ", ".join(profiles) or "none"
        raise PnpkitError(f"no printer profile '{name}' to remove (saved: {known})")
    del profiles[name]
    return _write(profiles)


def pick(explicit, saved, default):
    """An option given on the command line wins over the profile, which wins over the default."""
    if explicit is not None:
        return explicit
    return saved if saved is not None else default


class Settings(NamedTuple):
    paper: str
    duplex: str
    back_offset: tuple[float, float]


def resolve(printer: str | None, paper: str | None, duplex: str | None,
            back_offset: tuple[float, float] | None) -> Settings:
    """The paper, flip and offset to print with: explicit options, else the named profile, else defaults."""
    profile = find_profile(check_name(printer)) if printer is not None else None
    return Settings(pick(paper, profile and profile.paper, "a4"), pick(duplex, profile and profile.duplex, "long"),
                    pick(back_offset, profile and profile.back_offset, (0.0, 0.0)))
