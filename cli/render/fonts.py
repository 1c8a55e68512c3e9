"""Register the body font's faces from fonts/manifest.toml, each once per process, on first use.

A face is 'regular', 'bold', 'italic' or 'bold-italic'. A manifest without italics prints them
upright (a user's own font may have none). Registering lazily keeps start-up fast: most
documents never use an italic.

The manifest's optional [fallback] font draws a text the body font cannot (a Greek, Cyrillic or
Vietnamese name): such a text is drawn wholly in the fallback, so it is measured and drawn in one
font. A text that neither font can draw is refused naming the character: never an empty box.
Font files come from a font package or from inside the fonts folder, never from elsewhere.
"""

import importlib.util
import os
import unicodedata
from functools import cache, lru_cache
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from cli.errors import PnpkitError
from cli.resources import data_dir, read_toml, shown, toml_value

REGULAR, BOLD = "Body", "Body-Bold"
FACES = {"regular": REGULAR, "bold": BOLD, "italic": "Body-Italic", "bold-italic": "Body-BoldItalic"}
_UPRIGHT = {"italic": "regular", "bold-italic": "bold"}


FALLBACK = {"regular": "Fallback", "bold": "Fallback-Bold", "italic": "Fallback-Italic",
            "bold-italic": "Fallback-BoldItalic"}
_UNDRAWN = frozenset("\u202f\n\t")  # drawn as blank space by the text code, never as a glyph
MAX_FONT_BYTES = 64 * 1024 * 1024


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
def font_name(weight: str) -> str:
    """The registered font for a face ('regular', 'bold', 'italic', 'bold-italic'), registered now
    if this is its first use; embedded as a subset by ReportLab."""
    key = weight.replace("-", "_")
    if key not in _manifest()["body"] and weight in _UPRIGHT:
        return font_name(_UPRIGHT[weight])
    manifest = data_dir("fonts") / "manifest.toml"
    path = _resolve(toml_value(manifest, _manifest(), ("body", key), str, "font manifest"), data_dir("fonts"))
    _register(FACES[weight], path)
    return FACES[weight]


@cache
def fallback_name(weight: str) -> str | None:
    """The registered fallback font for a face (bold falls back to regular, italic to upright), if any."""
    table = _manifest().get("fallback")
    if not isinstance(table, dict):
        return None
    key = weight.replace("-", "_")
    if key not in table:
        return fallback_name(_UPRIGHT.get(weight, "regular")) if weight != "regular" else None
    manifest = data_dir("fonts") / "manifest.toml"
    path = _resolve(toml_value(manifest, _manifest(), ("fallback", key), str, "font manifest"), data_dir("fonts"))
    _register(FALLBACK[weight], path)
    return FALLBACK[weight]


def _missing(font: str, text: str) -> str | None:
    """The first character of `text` that `font` has no glyph for."""
    glyphs = pdfmetrics.getFont(font).face.charToGlyph
    return next((ch for ch in text if ord(ch) not in glyphs and ch not in _UNDRAWN), None)


def describe(char: str) -> str:
    """'中' (U+4E2D CJK UNIFIED IDEOGRAPH-4E2D): a character as an error message names it."""
    name = unicodedata.name(char, "")
    shown_char = f"'{char}' " if char.isprintable() else ""
    return f"{shown_char}(U+{ord(char):04X}{' ' + name if name else ''})"


def undrawable(text: str, weight: str = "regular") -> str | None:
    """A character of `text` that stops both the body font and its fallback from drawing it all."""
    body = font_name(weight)
    missing = _missing(body, text)
    fallback = fallback_name(weight)
    if missing is None or fallback is None or _missing(fallback, text) is None:
        return missing if fallback is None else None
    return next((ch for ch in text if _missing(body, ch) and _missing(fallback, ch)), missing)


@lru_cache(maxsize=4096)
def font_for(weight: str, text: str) -> str:
    """The font that draws all of `text` in a face: the body font, else the fallback; else an error."""
    body = font_name(weight)
    if _missing(body, text) is None:
        return body
    missing = undrawable(text, weight)
    if missing is not None:
        raise PnpkitError(f"no font of pnpkit can draw {describe(missing)} in '{text[:40]}'; write it another "
                          "way, or add a font that has it (see fonts/README.md)")
    return fallback_name(weight)


def register_fonts() -> tuple[str, str]:
    """The regular and bold font names, registered."""
    return font_name("regular"), font_name("bold")


