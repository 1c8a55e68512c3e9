"""Find the data folders (templates, layouts, fonts) in a checkout, an installed wheel, or your own copy.

Set PNPKIT_TEMPLATES, PNPKIT_LAYOUTS or PNPKIT_FONTS to a folder to print with your own versions.
"""

import os
import stat
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


def overridden(name: str) -> bool:
    """Whether the folder `name` is your own copy (PNPKIT_<NAME>), not pnpkit's (which its tests check whole)."""
    return bool(os.environ.get(f"PNPKIT_{name.upper()}"))


def shown(path: Path) -> str:
    """A data file's name as the user knows it: 'layouts/papers.toml' for pnpkit's own, else its path."""
    try:
        return str(path.resolve().relative_to(_PACKAGE.parent))
    except ValueError:
        return str(path)


MAX_DATA_FILE = 1024 * 1024  # bytes: pnpkit's largest data file is a few KiB


def confined(path: Path, what: str) -> Path:
    """`path`, refused if it is a link leading out of the data folder (templates, layouts, fonts) it is in."""
    absolute = os.path.abspath(path)
    for name in ("templates", "layouts", "fonts"):
        try:
            root = os.path.abspath(data_dir(name))
        except PnpkitError:  # that folder is not in use (or broken: said when it is used)
            continue
        if os.path.commonpath([root, absolute]) != root:
            continue
        real_root, real = os.path.realpath(root), os.path.realpath(absolute)
        if os.path.commonpath([real_root, real]) != real_root:
            raise PnpkitError(f"{what} {shown(path)} is a link leading outside the {name} folder; "
                              "copy the file into the folder instead")
    return path


def read_data_file(path: Path, what: str) -> str:
    """A small UTF-8 data file of a data folder: a regular file inside the folder, read with a size bound."""
    confined(path, what)
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            raise PnpkitError(f"{what} {shown(path)} is not a regular file; fix or restore it")
        with open(path, "rb") as handle:
            data = handle.read(MAX_DATA_FILE + 1)
        if len(data) > MAX_DATA_FILE:
            raise PnpkitError(f"{what} {shown(path)} is larger than {MAX_DATA_FILE // 1024} KiB; fix or restore it")
        return data.decode("utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise PnpkitError(f"{what} {shown(path)}: {getattr(error, 'strerror', None) or error}; "
                          "fix or restore it") from None
