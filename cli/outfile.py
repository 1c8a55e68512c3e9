"""Write output files atomically: a failed run leaves no file and never clobbers an old one."""

import os
import tempfile
from pathlib import Path

from cli.errors import PnpkitError


def default_output(stem: str) -> Path:
    """output/<stem>.pdf under the current folder."""
    return Path("output") / f"{stem}.pdf"


def check_writable(path: Path) -> Path:
    """Fail early, before any work, when `path` cannot be written."""
    if path.is_dir():
        raise PnpkitError(f"cannot write {path}: it is a folder; give a file name with -o")
    parent = path.parent if str(path.parent) else Path(".")
    try:
        parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise PnpkitError(f"cannot write {path}: {error.strerror or error}; choose another -o path") from None
    if not os.access(parent, os.W_OK):
        raise PnpkitError(f"cannot write {path}: folder {parent} is not writable; choose another -o path")
    return path


def write_atomically(path: Path, data: bytes) -> None:
    """Write to a temporary file beside `path`, then rename it over `path` in one step."""
    check_writable(path)
    fd, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".part", dir=path.parent or ".")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.chmod(temporary, 0o644)
        os.replace(temporary, path)
    except OSError as error:
        Path(temporary).unlink(missing_ok=True)
        raise PnpkitError(f"cannot write {path}: {error.strerror or error}; choose another -o path") from None
