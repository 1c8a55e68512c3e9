"""Player names typed by people: CSV, normalised, checked, and short enough to fit their cells.

`--names` and every row of a names file are CSV: `"Ana, Jr",Bo,Cy` is three names, and `;` separates
too when a row has no comma. Names are NFC-normalised (a combining accent joins its letter) and may not
hold invisible or control characters (direction marks and overrides included: the renderer orders
right-to-left names itself). Whether the fonts can draw each character is checked by the command,
which knows the fonts.
"""

import csv
import os
import re
import stat
import unicodedata
from functools import cache
from pathlib import Path

from cli.errors import PnpkitError
from cli.terminal import printable

MAX_NAME = 16  # characters that fit a header cell at the smallest size a child still reads
MAX_TITLE = 100  # characters of --title: three lines of the cover's heading on A4 or Letter, large print too
MAX_FILE = 64 * 1024  # bytes in a names file: 16 groups of three names need far less
_INVISIBLE = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}  # control, format (zero-width…), unassigned


def split_row(text: str, option: str) -> list[str]:
    """One CSV row: comma-separated (quotes protect a comma), or `;`-separated when no comma separates."""
    unquoted = re.sub(r'"[^"]*"', "", text)
    delimiter = ";" if ";" in unquoted and "," not in unquoted else ","
    try:
        rows = list(csv.reader([text], delimiter=delimiter, skipinitialspace=True, strict=True))
    except csv.Error as error:
        raise PnpkitError.of("names_csv", option=option, value=printable(text), why=str(error)) from None
    return rows[0] if rows else [""]


def clean_name(raw: str, option: str, position: int) -> str:
    """One name, trimmed and NFC-normalised; refused if empty, too long, or holding characters we cannot print."""
    if any(0xD800 <= ord(ch) <= 0xDFFF for ch in raw):
        raise PnpkitError(f"{option}: name {position} is not valid UTF-8 text; type it again or save the file "
                          "as UTF-8")
    name = unicodedata.normalize("NFC", raw.strip())
    if not name:
        raise PnpkitError.of("name_empty", option=option, position=position)
    for char in name:
        code = f"U+{ord(char):04X}"
        if unicodedata.category(char) in _INVISIBLE:
            what = unicodedata.name(char, "a control character")
            raise PnpkitError.of("name_invisible", option=option, value=printable(name), code=code, what=what)
    if len(name) > MAX_NAME:
        raise PnpkitError.of("name_long", option=option, value=name, count=len(name), max=MAX_NAME)
    return name


def clean_title(raw: str) -> str:
    """The cover's --title, checked like a name: valid UTF-8, no invisible, control or direction characters,
    and short enough for the cover (it wraps, but a page is only so tall)."""
    if any(0xD800 <= ord(ch) <= 0xDFFF for ch in raw):
        raise PnpkitError("--title is not valid UTF-8 text; type it again in a UTF-8 terminal")
    title = unicodedata.normalize("NFC", raw.strip())
    if not title:
        raise PnpkitError.of("title_empty")
    for char in title:
        if unicodedata.category(char) in _INVISIBLE:
            what = unicodedata.name(char, "a control character")
            raise PnpkitError.of("title_invisible", value=printable(title), code=f"U+{ord(char):04X}", what=what)
    if len(title) > MAX_TITLE:
        raise PnpkitError.of("title_long", count=len(title), max=MAX_TITLE)
    return title


def parse_names(text: str, option: str, exactly: int | None = None) -> list[str]:
    """Comma-separated names (CSV); each non-empty, printable, at most MAX_NAME characters, and once."""
    names = [clean_name(cell, option, position) for position, cell in enumerate(split_row(text, option), start=1)]
    if exactly is not None and len(names) != exactly:
        raise PnpkitError.of("three_players", option=option, count=len(names), max=exactly)
    twice = repeated(names)
    if twice:
        raise PnpkitError.of("name_twice", option=option, value=twice)
    return names


def repeated(names: list[str]) -> str | None:
    """The first name given twice in one group, whatever its case ('Léa' and 'léa'), or None: two Léa on one
    record sheet or score sheet could not tell whose row is whose."""
    seen: set[str] = set()
    for name in names:
        if name.casefold() in seen:
            return name
        seen.add(name.casefold())
    return None


def without_padding(cells: list[str], keep: int = 0) -> list[str]:
    """A row's cells without the empty ones a spreadsheet adds after its last name (it pads every row to its
    widest), down to `keep` cells: 'Ana,Bo,,' is a group whose third name is missing, not a list of four."""
    cells = list(cells)
    while len(cells) > keep and not cells[-1].strip():
        cells.pop()
    return cells


def heading_row(cells: list[str]) -> bool:
    """Whether a class list's row is its columns' headings rather than a group: a spreadsheet's first line.

    Every cell a heading word of some printing language (catalogue key 'class_list_headings', its plural with
    an -s too), in any case and with or without accents, with an optional number ('Prénom 1', 'SCHÜLER(IN)',
    'Élève n°2'); or one word on every cell numbered 1, 2, 3… or lettered A, B, C (the seats). A real name
    that is also a heading word ('Kind') among names is a group: all its cells must be headings.
    """
    forms = [_heading_form(cell) for cell in cells]
    if not forms or any(not word for word, _ in forms):
        return False
    known = heading_words()
    if all(word in known or word.removesuffix("s") in known for word, _ in forms):
        return True
    marks = [mark for _, mark in forms]
    counted = [str(n) for n in range(1, len(forms) + 1)], [chr(ord("a") + n) for n in range(len(forms))]
    return len(forms) > 1 and len({word for word, _ in forms}) == 1 and marks in counted


def _heading_form(cell: str) -> tuple[str, str]:
    """A cell as a heading compares it: its letters alone, lower case, accents dropped ('schulerin' for
    'Schüler(in)'), and the number or seat letter after them ('2' for 'Élève n°2'; '' without)."""
    text = "".join(ch for ch in unicodedata.normalize("NFKD", cell).casefold() if not unicodedata.combining(ch))
    text = text.strip()
    mark = ""
    if found := re.search(r"\d+$", text):
        mark, text = found[0].lstrip("0") or "0", text[:found.start()]
    elif found := re.fullmatch(r"(.*\S)\s+([a-z])", text):
        text, mark = found[1], found[2]
    text = re.sub(r"\s+(?:n|no|nr)$", "", re.sub(r"[\s#°.:_-]+$", "", text))
    return "".join(ch for ch in text if ch.isalpha()), mark


@cache
def heading_words() -> frozenset[str]:
    """The words a class list's column headings use, in every printing language, as `_heading_form` compares
    them: a list saved in French is read the same with --lang en."""
    from cli.documents.language import catalogue
    from cli.documents.languages import known

    return frozenset(_heading_form(word)[0] for lang in known()
                     for word in catalogue(lang)["class_list_headings"].split(","))


# How the files most often chosen by mistake for a class list begin: a picture, a PDF, a spreadsheet's own format
# (xlsx and ods are zip files, xls an OLE file)
NOT_TEXT = (b"\x89PNG", b"\xff\xd8\xff", b"GIF8", b"%PDF", b"PK\x03\x04", b"\xd0\xcf\x11\xe0")


def names_text(data: bytes, path: str) -> str:
    """A class list's bytes as text (a BOM dropped): a file that is no text at all (a NUL byte, a picture's, a PDF's
    or a spreadsheet's signature) is refused as such, text in another encoding than UTF-8 with the way to save it
    so. The one reader of `--names-file` and of a list chosen on the web page."""
    if data.startswith(NOT_TEXT) or b"\x00" in data:
        raise PnpkitError.of("names_not_text", path=path)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise PnpkitError.of("names_utf8", path=path, byte=error.start + 1) from None


def read_rows(path: Path) -> list[tuple[int, str]]:
    """The non-blank lines of a small UTF-8 text file (BOM and CRLF accepted), with their line numbers.

    The size is bounded before reading: a device or a huge file is refused, never read to the end.
    """
    try:
        info = os.stat(path)
        if not stat.S_ISREG(info.st_mode):
            raise PnpkitError(f"names file {printable(str(path))} is not a regular file; give a .csv file")
        with open(path, "rb") as handle:
            data = handle.read(MAX_FILE + 1)
    except OSError as error:
        raise PnpkitError(f"cannot read names file {printable(str(path))}: {error.strerror or error}") from None
    if len(data) > MAX_FILE:
        raise PnpkitError.of("names_large", path=printable(str(path)), max=MAX_FILE // 1024)
    text = names_text(data, printable(str(path)))
    return [(number, line) for number, line in enumerate(text.splitlines(), start=1) if line.strip(" \t,;")]
