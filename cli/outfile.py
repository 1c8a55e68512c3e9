"""Where output goes, checked before any work, and written atomically: a failed run leaves no file.

`-o` semantics (also in the README):
- `-o FILE` writes FILE; its folder is created before any work (and stays if the run then fails).
- `-o FOLDER/` (a trailing slash) or `-o FOLDER` that is an existing folder writes the default name in it.
- `-o -` writes the PDF to standard output (binary); nothing else goes there.
- Something that exists and is not a regular file we may write (a device, a FIFO, a socket, a
  read-only file) is refused, and so is a symbolic link: pnpkit never writes through a link.
"""

import os
import shutil
import stat
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from cli.errors import PnpkitError
from cli.records import Record

STDOUT = "-"
_TEMP_PREFIX = ".pnpkit-"  # short: the temporary name must fit wherever the final name fits


def shown(path: Path | str) -> str:
    """A path as printable text, even when its bytes are not valid UTF-8."""
    return os.fsencode(path).decode("utf-8", "replace")


def _cannot(path: Path, why: str) -> PnpkitError:
    return PnpkitError(f"cannot write {shown(path)}: {why}; choose another -o path")


class Output(Record):
    """A checked output place: a file path, or standard output when `path` is None (a named tuple, not a
    dataclass: importing dataclasses and making one cost every start more than the rest of this module)."""

    path: Path | None
    stem: str

    @property
    def label(self) -> str:
        return "standard output" if self.path is None else shown(self.path)

    def write(self, data: bytes) -> None:
        """Write `data`: the whole file appears in one step, or standard output takes every byte."""
        if self.path is None:
            write_stdout(data)
            return
        write_atomically(self.path, data)


def default_output(stem: str) -> Path:
    """output/<stem>.pdf under the current folder."""
    return Path("output") / f"{stem}.pdf"


def resolve_output(given: str | None, stem: str) -> Output:
    """The checked output place for an `-o` value (None: the default), before any work is done."""
    if given == STDOUT:
        from cli.terminal import stdout_closed

        if stdout_closed():
            raise PnpkitError("-o - writes the PDF to standard output, which is closed; give -o a file name")
        if sys.stdout.isatty():
            raise PnpkitError("-o - writes the PDF to standard output, which is a terminal; "
                              "redirect it, e.g. -o - > file.pdf")
        return Output(None, stem)
    if given is None:
        path = default_output(stem)
    elif given == "":
        raise PnpkitError("-o is empty; give a file name, a folder ending in /, or - for standard output")
    elif given.endswith(("/", os.sep)) or _is_folder(Path(given)):
        path = Path(given) / f"{stem}.pdf"
    else:
        path = Path(given)
    return Output(check_writable(path), path.stem)


def _is_folder(path: Path) -> bool:
    try:
        return path.is_dir()
    except OSError:  # e.g. a name too long to look up: check_writable names the problem
        return False


def _name_max(folder: Path) -> int:
    try:
        return os.pathconf(folder, "PC_NAME_MAX")
    except (OSError, ValueError, AttributeError):
        return 255


def check_folder(folder: Path, what: str = "-o") -> Path:
    """Create `folder` if needed and check we may write in it."""
    try:
        if folder.is_symlink() and not folder.is_dir():
            raise PnpkitError(f"cannot write in {shown(folder)}: it is a broken link; choose another {what} folder")
        if folder.exists() and not folder.is_dir():
            raise PnpkitError(f"cannot write in {shown(folder)}: it is a file, not a folder; "
                              f"choose another {what} folder")
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise PnpkitError(f"cannot create folder {shown(folder)}: {error.strerror or error}; "
                          f"choose another {what} folder") from None
    if not os.access(folder, os.W_OK | os.X_OK):
        raise PnpkitError(f"cannot write in {shown(folder)}: the folder is not writable; choose another {what} folder")
    return folder


def check_writable(path: Path) -> Path:
    """Fail early, before any work, when `path` cannot be written as a regular file."""
    parent = path.parent if str(path.parent) else Path(".")
    longest = _name_max(parent if _is_folder(parent) else Path("."))
    if len(os.fsencode(path.name)) > longest:
        raise _cannot(path, f"the file name is longer than {longest} bytes")
    check_folder(parent)
    try:
        info = path.lstat()
    except FileNotFoundError:
        return path
    except OSError as error:
        raise _cannot(path, error.strerror or str(error)) from None
    if stat.S_ISLNK(info.st_mode):
        raise _cannot(path, "it is a symbolic link (pnpkit never writes through links)")
    if stat.S_ISDIR(info.st_mode):
        raise _cannot(path, "it is a folder")
    if not stat.S_ISREG(info.st_mode):
        raise _cannot(path, "it is not a regular file (a device, FIFO or socket)")
    if not info.st_mode & 0o222 or not os.access(path, os.W_OK):
        raise _cannot(path, "the file is read-only")
    return path


def write_atomically(path: Path, data: bytes) -> None:
    """Write to a temporary file beside `path`, then rename it over `path` in one step.

    Whatever stops the write (an error, Ctrl-C, SIGTERM), the temporary file is removed. A file replaced
    keeps its permissions (a 0600 file stays 0600); a new one gets the usual 0666 less the umask.
    """
    check_writable(path)
    mode = _mode_for(path)
    try:
        fd, temporary = tempfile.mkstemp(prefix=_TEMP_PREFIX, suffix=".part", dir=path.parent or ".")
    except OSError as error:
        raise _cannot(path, error.strerror or str(error)) from None
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.chmod(temporary, mode)
        os.replace(temporary, path)
    except OSError as error:
        Path(temporary).unlink(missing_ok=True)
        raise _cannot(path, error.strerror or str(error)) from None
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def _mode_for(path: Path) -> int:
    """The permissions the written file gets: those of the file it replaces, else 0666 less the umask."""
    try:
        return stat.S_IMODE(os.stat(path).st_mode)
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def check_not_input(out: Output, inputs: list[Path | None]) -> Output:
    """Refuse an output that is one of the command's input files (`kit --names-file g.csv -o g.csv`)."""
    if out.path is None:
        return out
    for given in inputs:
        if given is None:
            continue
        try:
            same = os.path.samefile(out.path, given)
        except OSError:  # either does not exist (yet): they cannot be the same file
            continue
        if same:
            raise PnpkitError(f"-o {shown(out.path)} is the input file {shown(given)}: writing would destroy it; "
                              "choose another -o path")
    return out


def write_together(files: list[tuple[Path, bytes]]) -> None:
    """Write several files all together or not at all (a PDF and its cut files).

    Each goes to a temporary file beside it first; only once every one is written are they renamed into
    place, and if a rename fails (or the run is stopped) the ones already renamed are removed again.
    """
    for path, _ in files:
        check_writable(path)
    temporaries: list[str] = []
    placed: list[Path] = []
    path = files[0][0]
    try:
        for path, data in files:
            fd, temporary = tempfile.mkstemp(prefix=_TEMP_PREFIX, suffix=".part", dir=path.parent or ".")
            temporaries.append(temporary)
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
            os.chmod(temporary, _mode_for(path))
        for (path, _), temporary in zip(files, temporaries, strict=True):
            os.replace(temporary, path)
            placed.append(path)
    except BaseException as error:
        for name in [*temporaries, *placed]:
            Path(name).unlink(missing_ok=True)
        if isinstance(error, OSError):
            raise _cannot(path, error.strerror or str(error)) from None
        raise


def write_stdout(data: bytes) -> None:
    """The PDF on standard output, as bytes."""
    try:
        stream = sys.stdout.buffer
        stream.write(data)
        stream.flush()
    except (OSError, ValueError) as error:
        raise PnpkitError(f"cannot write to standard output: {getattr(error, 'strerror', None) or error}") from None


@contextmanager
def staged_folder(folder: Path) -> Iterator[Path]:
    """A temporary folder inside `folder` to write into; its files move into `folder` only on success.

    On any failure or interrupt nothing new is left in `folder`.
    """
    check_folder(folder, "--preview")
    try:
        stage = Path(tempfile.mkdtemp(prefix=_TEMP_PREFIX, dir=folder))
    except OSError as error:
        raise PnpkitError(f"cannot write in {shown(folder)}: {error.strerror or error}; "
                          "choose another --preview folder") from None
    moved: list[Path] = []
    try:
        yield stage
        for item in sorted(stage.iterdir()):
            target = folder / item.name
            os.replace(item, target)
            moved.append(target)
    except BaseException as error:
        for target in moved:
            target.unlink(missing_ok=True)
        if isinstance(error, OSError):
            raise PnpkitError(f"cannot write in {shown(folder)}: {error.strerror or error}; "
                              "choose another --preview folder") from None
        raise
    finally:
        shutil.rmtree(stage, ignore_errors=True)
