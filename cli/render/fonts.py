"""Register the body font's faces from fonts/manifest.toml, each once per process, on first use.

A face is 'regular', 'bold', 'italic' or 'bold-italic'. A manifest without italics prints them
upright (a user's own font may have none). Registering lazily keeps start-up fast: most
documents never use an italic.
"""

import importlib.util
from functools import cache
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFError, TTFont

from cli.errors import PnpkitError
from cli.resources import data_dir, read_toml, toml_value

REGULAR, BOLD = "Body", "Body-Bold"
FACES = {"regular": REGULAR, "bold": BOLD, "italic": "Body-Italic", "bold-italic": "Body-BoldItalic"}
_UPRIGHT = {"italic": "regular", "bold-italic": "bold"}


def _resolve(spec: str, folder: Path) -> Path:
    """A manifest entry as a file path: 'package:pkg/sub/path' or a path relative to fonts/."""
    if spec.startswith("package:"):
        package, _, inner = spec.removeprefix("package:").partition("/")
        found = importlib.util.find_spec(package)
        if found is None or not found.submodule_search_locations:
            raise PnpkitError(f"font package '{package}' is not installed; reinstall pnpkit")
        return Path(list(found.submodule_search_locations)[0]) / inner
    return folder / spec


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
    try:
        pdfmetrics.registerFont(TTFont(FACES[weight], str(path)))
    except (OSError, TTFError) as error:
        raise PnpkitError(f"font {path}: {error}; fix fonts/manifest.toml") from error
    return FACES[weight]


def register_fonts() -> tuple[str, str]:
    """The regular and bold font names, registered."""
    return font_name("regular"), font_name("bold")


