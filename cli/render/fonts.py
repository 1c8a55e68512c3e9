"""Register the body font's faces from fonts/manifest.toml, each once per process, on first use.

A face is 'regular', 'bold', 'italic' or 'bold-italic'. A manifest without italics prints them
upright (a user's own font may have none). Registering lazily keeps start-up fast: most
documents never use an italic.

The manifest's fallback fonts (`[fallback]`, then every `[fallback-…]` table in the order written)
draw what the body font cannot: Greek, Cyrillic or Vietnamese names in Noto Sans, Arabic in Noto
Sans Arabic, Hebrew in Heebo. A text one font can draw whole is drawn in it whole (a Greek name
is not a patchwork of two designs); a mixed text (a French label and an Arabic name) is cut into
pieces by cli.render.shaping, each in the first font that has its letters. A character no font
has is refused by name: never an empty box. Font files come from a font package or from inside
the fonts folder, never from elsewhere.

A fallback given without a bold file (the font packages ship one variable file whose default
instance is the regular weight, and ReportLab cannot vary it) prints bold in its regular outlines
stroked with the text colour: `synthetic_bold` says when.
"""

import importlib.util
import os
import unicodedata
from collections.abc import Iterator
from functools import cache
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from cli.errors import PnpkitError
from cli.resources import data_dir, shown
from cli.toml_data import read_toml, toml_value

REGULAR, BOLD = "Body", "Body-Bold"
FACES = {"regular": REGULAR, "bold": BOLD, "italic": "Body-Italic", "bold-italic": "Body-BoldItalic"}
BOLD_FACES = ("bold", "bold-italic")
_UPRIGHT = {"italic": "regular", "bold-italic": "bold"}


FALLBACK = {"regular": "Fallback", "bold": "Fallback-Bold", "italic": "Fallback-Italic",
            "bold-italic": "Fallback-BoldItalic"}
_UNDRAWN = frozenset("\u202f\n\t")  # drawn as blank space by the text code, never as a glyph
MAX_FONT_BYTES = 64 * 1024 * 1024
_FACE_OF: dict[str, str] = {}  # registered font name -> the face its file really is


def _resolve(spec: str, folder: Path) -> Path:
    """A manifest entry as a file path: 'package:pkg/sub/path' or a path inside fonts/."""
    if spec.startswith("package:"):
        package, _, inner = spec.removeprefix("package:").partition("/")
        found = importlib.util.find_spec(package) if package.isidentifier() else None
        if found is None or not found.submodule_search_locations:
            raise PnpkitError(f"font package '{package}' is not installed; reinstall pnpkit")
        return _inside(Path(list(found.submodule_search_locations)[0]), inner, spec)
    return _inside(folder, spec, spec)


def _inside(root: Path, relative: str, spec: str) -> Path:
    """`root/relative`, refused unless it really is a file inside `root` (no absolute path, `..` or link out)."""
    real_root = os.path.realpath(root)
    real = os.path.realpath(root / relative)
    if Path(relative).is_absolute() or os.path.commonpath([real_root, real]) != real_root:
        raise PnpkitError(f"font manifest {shown(data_dir('fonts') / 'manifest.toml')}: '{spec}' is outside "
                          "the fonts folder; copy the .ttf into the folder and name it there")
    if not os.path.isfile(real):
        raise PnpkitError(f"font {shown(root / relative)} is missing; fix fonts/manifest.toml")
    return Path(real)


def _register(name: str, path: Path) -> None:
    """Register one TrueType file; a broken or truncated one is one error naming it."""
    try:
        if path.stat().st_size > MAX_FONT_BYTES:
            raise PnpkitError(f"font {shown(path)} is larger than {MAX_FONT_BYTES // 2**20} MiB; "
                              "use a .ttf of one script")
        pdfmetrics.registerFont(TTFont(name, str(path)))
    except PnpkitError:
        raise
    except Exception as error:  # ReportLab reports a truncated or foreign file with many kinds of error
        reason = str(error) or type(error).__name__
        raise PnpkitError(f"font {shown(path)} is not a usable TrueType font ({reason}); "
                          "fix fonts/manifest.toml") from None


@cache
def _manifest() -> dict:
    path = data_dir("fonts") / "manifest.toml"
    data = read_toml(path, "font manifest")
    toml_value(path, data, ("body",), dict, "font manifest")
    return data


@cache
def _body_files() -> dict[str, Path]:
    """Every body face's file, checked in the manifest's order (regular, bold, then the italics it lists)
    before any is opened: a broken manifest is reported the same way whichever face a document asks first."""
    manifest, body = data_dir("fonts") / "manifest.toml", _manifest()["body"]
    return {weight: _resolve(toml_value(manifest, _manifest(), ("body", key), str, "font manifest"), data_dir("fonts"))
            for weight in FACES if (key := weight.replace("-", "_")) in body or weight not in _UPRIGHT}


@cache
def font_name(weight: str) -> str:
    """The registered font for a face ('regular', 'bold', 'italic', 'bold-italic'), registered now
    if this is its first use; embedded as a subset by ReportLab."""
    files = _body_files()
    if weight not in files:
        return font_name(_UPRIGHT[weight])
    path = files[weight]
    _register(FACES[weight], path)
    _FACE_OF[FACES[weight]] = weight
    return FACES[weight]


def fallback_tables() -> tuple[str, ...]:
    """The manifest's fallback tables in the order written: `fallback`, then the `fallback-…` ones."""
    return tuple(key for key, value in _manifest().items()
                 if isinstance(value, dict) and (key == "fallback" or key.startswith("fallback-")))


@cache
def fallback_font(table: str, weight: str) -> str:
    """The registered font of one fallback table for a face.

    A face the table lacks falls back: bold to regular (stroked when drawn), italic to regular,
    bold-italic to bold, else italic (stroked), else regular.
    """
    key = weight.replace("-", "_")
    table_keys = _manifest()[table]
    if key not in table_keys and weight != "regular":
        lighter = "regular"
        if weight == "bold-italic":
            lighter = "bold" if "bold" in table_keys else "italic" if "italic" in table_keys else "regular"
        return fallback_font(table, lighter)
    manifest = data_dir("fonts") / "manifest.toml"
    path = _resolve(toml_value(manifest, _manifest(), (table, key), str, "font manifest"), data_dir("fonts"))
    name = FALLBACK[weight] if table == "fallback" else f"{FALLBACK[weight]}-{table.removeprefix('fallback-')}"
    _register(name, path)
    _FACE_OF[name] = weight
    return name


@cache
def _first_for(table: str) -> tuple[tuple[int, int], ...]:
    """The code point ranges a fallback table is tried first for (`first_for = ["0900-097F"]`)."""
    manifest = data_dir("fonts") / "manifest.toml"
    spans = _manifest()[table].get("first_for", [])
    out = []
    for span in spans if isinstance(spans, list) else [spans]:
        low, _, high = str(span).partition("-")
        try:
            out.append((int(low, 16), int(high or low, 16)))
        except ValueError:
            raise PnpkitError(f"font manifest {shown(manifest)}: [{table}] first_for holds '{span}'; write "
                              "ranges of hexadecimal code points such as \"0900-097F\"") from None
    return tuple(out)


def preferred_fonts(text: str, weight: str) -> list[str]:
    """The fallback fonts made for a script of `text` (`first_for`), tried before the usual order: a
    Devanagari name in Noto Sans Devanagari even though Noto Sans has Devanagari letters too."""
    codes = {ord(char) for char in text}
    return [fallback_font(table, weight) for table in fallback_tables()
            if any(low <= code <= high for low, high in _first_for(table) for code in codes)]


def fonts(weight: str) -> Iterator[str]:
    """The body font, then each fallback, for a face: each registered only when it is reached."""
    yield font_name(weight)
    for table in fallback_tables():
        yield fallback_font(table, weight)


def synthetic_bold(font: str, weight: str) -> bool:
    """Whether `font`, drawing a bold face, is a regular file that must be stroked to look bold."""
    return weight in BOLD_FACES and _FACE_OF.get(font, weight) not in BOLD_FACES


def has(font: str, char: str) -> bool:
    """Whether `font` has a glyph for `char` (the blanks the text code draws itself count as had)."""
    return char in _UNDRAWN or ord(char) in pdfmetrics.getFont(font).face.charToGlyph


@cache
def _covered(face) -> frozenset[int]:
    """The code points a font face draws (its glyphs, and the blanks the text code draws itself); kept by
    face, so a font registered again under its name is looked at anew."""
    return frozenset(face.charToGlyph) | {ord(ch) for ch in _UNDRAWN}


def missing(font: str, text: str) -> str | None:
    """The first character of `text` that `font` has no glyph for (nearly every text: none, found at C speed)."""
    covered = _covered(pdfmetrics.getFont(font).face)
    if covered.issuperset(map(ord, text)):
        return None
    return next(ch for ch in text if ord(ch) not in covered)


def describe(char: str) -> str:
    """'中' (U+4E2D CJK UNIFIED IDEOGRAPH-4E2D): a character as an error message names it."""
    name = unicodedata.name(char, "")
    shown_char = f"'{char}' " if char.isprintable() else ""
    return f"{shown_char}(U+{ord(char):04X}{' ' + name if name else ''})"


def register_fonts() -> tuple[str, str]:
    """The regular and bold font names, registered."""
    return font_name("regular"), font_name("bold")


