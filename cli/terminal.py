"""What pnpkit says on the terminal: one safe line each, whatever state standard output and error are in.

A value a person typed or a file held may carry newlines, escape sequences or invisible characters;
`printable` shows them (`\\n`, `\\x1b`, `U+200B`), so a message stays one line and cannot drive the
terminal. A standard stream closed when pnpkit starts (`>&-`) is replaced by one whose every write
fails like a closed file: a clean error, never a traceback, and never a file that takes its number.
"""

import errno
import io
import os
import sys
import unicodedata

_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def printable(text: str) -> str:
    """`text` with every control, invisible or undecodable character spelled out, on one line."""
    if text.isprintable():
        return text
    shown = []
    for char in text:
        code = ord(char)
        if char in _NAMED:
            shown.append(_NAMED[char])
        elif code < 0x20 or 0x7F <= code < 0xA0:
            shown.append(f"\\x{code:02x}")
        elif 0xDC80 <= code <= 0xDCFF:  # a byte that was not UTF-8 (kept by surrogateescape)
            shown.append(f"\\x{code - 0xDC00:02x}")
        elif char.isprintable() or unicodedata.category(char) == "Zs":
            shown.append(char)
        else:
            shown.append(f"U+{code:04X}")
    return "".join(shown)


class StreamClosed(OSError):
    """A write to a standard stream that was closed before pnpkit started."""


class ClosedStream(io.TextIOBase):
    """Standard output or error that was closed before pnpkit started: every write fails, as on a closed file."""

    def __init__(self, name: str) -> None:
        super().__init__()
        self.label = name

    def write(self, text: str) -> int:
        raise StreamClosed(errno.EBADF, f"{self.label} is closed")

    def isatty(self) -> bool:
        return False

    @property
    def buffer(self) -> "ClosedStream":
        return self


def stdout_closed() -> bool:
    return isinstance(sys.stdout, ClosedStream)


def guard_streams() -> None:
    """Give a closed descriptor 0, 1 or 2 /dev/null (so no file opened later takes its number), and mark
    closed standard output and error as such."""
    for fd, name in ((0, None), (1, "stdout"), (2, "stderr")):
        try:
            os.fstat(fd)
            continue
        except OSError:
            pass
        null = os.open(os.devnull, os.O_RDWR)
        if null != fd:
            os.dup2(null, fd)
            os.close(null)
        if name is not None:
            setattr(sys, name, ClosedStream(f"standard {'output' if fd == 1 else 'error'}"))


def tell(line: str) -> None:
    """One line on standard error, shown safely; it never raises (a closed or ASCII-only stderr included)."""
    text = printable(line) + "\n"
    stream = sys.stderr
    try:
        try:
            stream.write(text)
        except UnicodeEncodeError:
            encoding = getattr(stream, "encoding", None) or "ascii"
            stream.write(text.encode(encoding, "backslashreplace").decode(encoding))
        stream.flush()
    except (OSError, ValueError, AttributeError):
        pass


def current_folder_exists() -> bool:
    try:
        os.getcwd()
    except OSError:
        return False
    return True
