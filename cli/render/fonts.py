"""Register the body font (regular and bold) from fonts/manifest.toml, once per process."""

import importlib.util
import tomllib
from functools import cache
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFError, TTFont

from cli.errors import PnpkitError
from cli.resources import data_dir

REGULAR, BOLD = "Body", "Body-Bold"


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
def register_fonts() -> tuple[str, str]:
    """The registered regular and bold font names, embedded as subsets by ReportLab."""
    folder = data_dir("fonts")
    manifest = tomllib.loads((folder / "manifest.toml").read_text(encoding="utf-8"))["body"]
    for name, face in ((REGULAR, "regular"), (BOLD, "bold")):
        path = _resolve(manifest[face], folder)
        try:
            pdfmetrics.registerFont(TTFont(name, str(path)))
        except (OSError, TTFError) as error:
            raise PnpkitError(f"font {path}: {error}; fix fonts/manifest.toml") from error
    return REGULAR, BOLD


def font_name(weight: str) -> str:
    """The registered font for a weight; registers the fonts on first use."""
    regular, bold = register_fonts()
    return bold if weight == "bold" else regular
