"""Saved printer profiles: one TOML file in the user's configuration folder, read with bounds, written under a lock.

A profile is what one printer does with one paper (card stock shifts differently from paper), so it is
named by both, e.g. `lab-card`. `PNPKIT_CONFIG` names another folder (tests use it).

Choice values are case-insensitive everywhere: `duplex = "LONG"` or `paper = "A4"` in a hand-edited
file reads as long and a4, a profile is always saved in lower case, and an unknown paper is refused
naming the file, before any printing.

Saving and removing hold a lock file beside the profiles file for the whole read-change-write, and
replace the file in one step: ten saves at once keep ten profiles. The file is edited in place
(tomlkit), so comments, unknown keys and the order a person gave survive a save. A `printers.toml`
that is a symbolic link is written through to its target. `load_profiles`, `save_profile` and
`remove_profile` are the API the web page uses too.
"""

import math
import os
import re
import stat
import tempfile
from pathlib import Path

from cli.errors import PnpkitError
from cli.layout.imposition import DUPLEX_FLIPS
from cli.records import Record

FILE_NAME = "printers.toml"
FLIPS = DUPLEX_FLIPS  # a profile is for duplex printing
MAX_FILE = 64 * 1024  # bytes: a hundred profiles take a few KiB
MAX_DEPTH = 4  # tables and arrays inside one another: a profile needs 2
LOCK_TIMEOUT = 10.0  # seconds to wait for another save or remove to finish
_NAME = r"[A-Za-z0-9][A-Za-z0-9_-]{0,31}"  # compiled by `re` when a name is checked, not at every start
_HEADER = "# pnpkit printer profiles, written by 'pnpkit printer save'. One table per printer and paper.\n"


class Profile(Record):
    name: str
    back_offset: tuple[float, float]
    duplex: str = "long"
    paper: str = "a4"


def config_dir() -> Path:
    """PNPKIT_CONFIG if set, else the platform's user configuration folder for pnpkit."""
    chosen = os.environ.get("PNPKIT_CONFIG")
    if chosen:
        folder = Path(chosen)
        if folder.exists() and not folder.is_dir():
            raise PnpkitError(f"PNPKIT_CONFIG={_shown(folder)} is a file, not a folder; point it at a folder "
                              "(printer profiles are kept in printers.toml inside it) or unset it")
        return folder
    from platformdirs import user_config_dir

    folder = Path(user_config_dir("pnpkit", appauthor=False))
    if folder.exists() and not folder.is_dir():
        raise PnpkitError(f"the configuration folder {_shown(folder)} is a file, not a folder; move that file away "
                          "or set PNPKIT_CONFIG to a folder")
    return folder


def profiles_path() -> Path:
    return config_dir() / FILE_NAME


def _shown(path: Path) -> str:
    return os.fsencode(path).decode("utf-8", "replace")


def check_name(name: str) -> str:
    """A profile name that is also a bare TOML key: letters, digits, '-' and '_', at most 32."""
    if not re.fullmatch(_NAME, name):
        raise PnpkitError.of("profile_name" if name else "profile_name_empty", value=name)
    return name


def _broken(path: Path, why: str) -> PnpkitError:
    return PnpkitError(f"printer profiles file {_shown(path)} is broken ({why}); fix it or delete it")


def max_offset() -> float:
    """The largest back offset, each way, that any sheet accepts (layouts/sheet.toml)."""
    from cli.layout.sheet_numbers import sheet_numbers

    return sheet_numbers().max_offset


def check_profile(profile: Profile, where: str) -> Profile:
    """A profile as it may be saved or used: finite offset within the sheet's bounds, a real flip and paper.

    `where` names the profile and its file in the error: the user may never have typed these values.
    """
    offset = profile.back_offset
    limit = max_offset()
    if not all(isinstance(v, int | float) and not isinstance(v, bool) and math.isfinite(v) for v in offset):
        raise PnpkitError(f"{where}: back_offset must be two numbers, e.g. [1.5, -0.5]")
    if any(abs(v) > limit for v in offset):
        raise PnpkitError(f"{where}: back_offset {offset[0]:g},{offset[1]:g} is more than {limit:g} mm; measure it "
                          "again with 'pnpkit calibrate' (offsets are a few mm at most)")
    if profile.duplex not in FLIPS:
        raise PnpkitError(f"{where}: duplex must be long or short")
    from cli.layout.sizes import paper_names

    papers = paper_names()
    if profile.paper not in papers:
        raise PnpkitError(f"{where}: paper must be one of {', '.join(papers)}")
    return profile


def _profile(path: Path, name: str, entry: object) -> Profile:
    """One table of the file, checked: a hand-edited file must fail here, not in the middle of a print."""
    if not re.fullmatch(_NAME, name):  # never echo what is not a valid name: it may hold anything
        raise _broken(path, "a table name is not a printer name (letters, digits, '-' or '_')")
    if not isinstance(entry, dict):
        raise _broken(path, f"'{name}' is not a profile table")
    offset = entry.get("back_offset")
    if (not isinstance(offset, list) or len(offset) != 2
            or not all(isinstance(v, int | float) and not isinstance(v, bool) and math.isfinite(v) for v in offset)):
        raise _broken(path, f"profile '{name}': back_offset must be two numbers, e.g. [1.5, -0.5]")
    duplex, paper = normal(entry.get("duplex", "long")), normal(entry.get("paper", "a4"))
    profile = Profile(name, (float(offset[0]), float(offset[1])), duplex, paper)
    try:
        return check_profile(profile, f"profile '{name}'")
    except PnpkitError as error:
        raise _broken(path, str(error)) from None


def normal(value: object) -> object:
    """A choice value as pnpkit compares it: trimmed and in lower case (`LONG` is `long`); others unchanged."""
    return value.strip().lower() if isinstance(value, str) else value


def _read(path: Path) -> str | None:
    """The file's text, read with bounds (a regular file, at most MAX_FILE bytes, UTF-8, BOM allowed); None if absent.

    Opened without blocking, so a FIFO in its place is refused at once instead of waiting for a writer.
    """
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError:
        return None
    except OSError as error:
        raise _broken(path, error.strerror or type(error).__name__) from None
    try:
        kind = os.fstat(fd).st_mode
        if stat.S_ISDIR(kind):
            raise _broken(path, "it is a folder, not a file")
        if not stat.S_ISREG(kind):
            raise _broken(path, "it is not a regular file (a device, FIFO or socket)")
        os.set_blocking(fd, True)
        with os.fdopen(fd, "rb", closefd=False) as handle:
            data = handle.read(MAX_FILE + 1)
    except OSError as error:
        raise _broken(path, error.strerror or type(error).__name__) from None
    finally:
        os.close(fd)
    if len(data) > MAX_FILE:
        raise _broken(path, f"larger than {MAX_FILE // 1024} KiB")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise _broken(path, f"not UTF-8 text at byte {error.start}; save it as UTF-8") from None


def _depth(value: object) -> int:
    if isinstance(value, dict):
        return 1 + max(map(_depth, value.values()), default=0)
    if isinstance(value, list):
        return 1 + max(map(_depth, value), default=0)
    return 0


def _parse(path: Path, text: str) -> dict:
    """The file's data; a syntax error names the line (never the text), too deep a nesting is refused."""
    import tomllib  # here, not at the top: a command that reads no profile never loads it

    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise _broken(path, str(error)) from None
    except RecursionError:
        raise _broken(path, "nested too deep") from None
    if _depth(data) > MAX_DEPTH:
        raise _broken(path, f"nested more than {MAX_DEPTH} levels deep")
    return data


def _profiles(path: Path, text: str | None) -> dict[str, Profile]:
    if text is None:
        return {}
    return {name: _profile(path, name, entry) for name, entry in _parse(path, text).items()}


def load_profiles() -> dict[str, Profile]:
    """Every saved profile by name; none when the file does not exist yet."""
    path = profiles_path()
    return _profiles(path, _read(path))


def same_name(profiles: dict[str, Profile], name: str) -> str | None:
    """The saved profile's name that `name` is, in any case (Salon is salon: one printer), or None."""
    if name in profiles:
        return name
    return next((saved for saved in sorted(profiles) if saved.lower() == name.lower()), None)


def find_profile(name: str) -> Profile:
    profiles = load_profiles()
    saved = same_name(profiles, name)
    if saved is None:
        known = ", ".join(profiles) or "none yet"
        raise PnpkitError.of("no_profile", value=name, saved=known)
    return profiles[saved]


def _number(value: float) -> str:
    return repr(float(value))


def format_profiles(profiles: dict[str, Profile]) -> str:
    """The TOML text of a new file, profiles sorted by name."""
    tables = [f"[{p.name}]\nback_offset = [{_number(p.back_offset[0])}, {_number(p.back_offset[1])}]\n"
              f'duplex = "{p.duplex}"\npaper = "{p.paper}"\n' for _, p in sorted(profiles.items())]
    return _HEADER + "".join("\n" + table for table in tables)


def _cannot(path: Path, error: OSError) -> PnpkitError:
    return PnpkitError(f"cannot write {_shown(path)}: {error.strerror or error}; set PNPKIT_CONFIG to a "
                       "writable folder")


def _target(path: Path) -> Path:
    """Where the profiles really are: a symbolic link (a dotfile manager's) is followed to its target."""
    try:
        return Path(os.path.realpath(path)) if path.is_symlink() else path
    except OSError as error:
        raise _cannot(path, error) from None


def _locked(path: Path):
    """A lock held by one save or remove at a time, beside the file it guards."""
    from filelock import FileLock

    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise _cannot(path, error) from None
    return FileLock(path.parent / f".{path.name}.lock", timeout=LOCK_TIMEOUT)


def _write(path: Path, text: str) -> None:
    """Replace the file in one step, keeping its permissions: a crash leaves either the old file or the new one."""
    try:
        mode = stat.S_IMODE(os.stat(path).st_mode)
    except FileNotFoundError:
        mode = 0o644 & ~_umask()
    except OSError as error:
        raise _cannot(path, error) from None
    try:
        fd, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".part", dir=path.parent)
    except OSError as error:
        raise _cannot(path, error) from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(temporary, mode)
        os.replace(temporary, path)
    except OSError as error:
        Path(temporary).unlink(missing_ok=True)
        raise _cannot(path, error) from None
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def _umask() -> int:
    current = os.umask(0)
    os.umask(current)
    return current


def _change(edit) -> Path:
    """Read, edit and write the file under the lock; `edit(profiles, document)` changes the tomlkit document."""
    import tomlkit
    from filelock import Timeout

    shown_path = profiles_path()
    path = _target(shown_path)
    try:
        with _locked(path):
            text = _read(path)
            profiles = _profiles(shown_path, text)
            document = tomlkit.parse(text) if text is not None else tomlkit.parse(_HEADER)
            edit(profiles, document)
            _write(path, tomlkit.dumps(document))
    except Timeout:
        raise PnpkitError(f"printer profiles file {_shown(shown_path)} is being changed by another pnpkit for more "
                          f"than {LOCK_TIMEOUT:g} s; try again") from None
    except OSError as error:  # the lock file itself could not be made
        raise _cannot(shown_path, error) from None
    return shown_path


def save_profile(profile: Profile) -> tuple[Path, Profile | None]:
    """Add or replace one profile (the same name in any case is the same profile: it keeps its saved name); the
    rest of the file (other profiles, comments, unknown keys) is kept. The file, and the profile replaced."""
    check_name(profile.name)
    profile = profile._replace(duplex=normal(profile.duplex), paper=normal(profile.paper),
                               back_offset=tuple(profile.back_offset))
    check_profile(profile, f"printer '{profile.name}'")
    replaced: list[Profile] = []

    def edit(profiles: dict[str, Profile], document) -> None:
        import tomlkit

        saved = same_name(profiles, profile.name)
        table = document[saved] if saved is not None else tomlkit.table()
        table["back_offset"] = [float(profile.back_offset[0]), float(profile.back_offset[1])]
        table["duplex"] = profile.duplex
        table["paper"] = profile.paper
        if saved is None:
            document[profile.name] = table
        else:
            replaced.append(profiles[saved])

    return _change(edit), (replaced[0] if replaced else None)


def remove_profile(name: str) -> tuple[Path, Profile]:
    """Delete the profile `name` (in any case); the file, and the profile removed (to save it again)."""
    removed: list[Profile] = []

    def edit(profiles: dict[str, Profile], document) -> None:
        saved = same_name(profiles, name)
        if saved is None:
            known = ", ".join(profiles) or "none"
            raise PnpkitError.of("profile_gone", value=name, saved=known)
        removed.append(profiles[saved])
        del document[saved]

    return _change(edit), removed[0]


def pick(explicit, saved, default):
    """An option given on the command line wins over the profile, which wins over the default."""
    if explicit is not None:
        return explicit
    return saved if saved is not None else default


class Settings(Record):
    paper: str
    duplex: str
    back_offset: tuple[float, float]


def resolve(printer: str | None, paper: str | None, duplex: str | None,
            back_offset: tuple[float, float] | None) -> Settings:
    """The paper, flip and offset to print with: explicit options, else the named profile, else defaults."""
    profile = find_profile(check_name(printer)) if printer is not None else None
    return Settings(pick(paper, profile and profile.paper, "a4"), pick(duplex, profile and profile.duplex, "long"),
                    pick(back_offset, profile and profile.back_offset, (0.0, 0.0)))
