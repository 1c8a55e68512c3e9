"""Paper and card sizes, read from the data files in layouts/."""

import tomllib
from functools import cache
from typing import NamedTuple

from cli.errors import PnpkitError
from cli.layout.units import parse_size
from cli.resources import data_dir


class Paper(NamedTuple):
    name: str
    width: float
    height: float
    safe_margin: float


@cache
def load_layout(name: str) -> dict:
    """One TOML file of layouts/, parsed; a broken file is reported with its name."""
    path = data_dir("layouts") / f"{name}.toml"
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as error:
        raise PnpkitError(f"layout file {path}: {error}; fix or restore it") from error


def paper(name: str) -> Paper:
    """The named paper, or a clear error listing the known ones."""
    papers = load_layout("papers")
    key = name.strip().lower()
    if key not in papers:
        raise PnpkitError(f"unknown paper '{name}'; use one of: {', '.join(papers)}")
    entry = papers[key]
    try:
        return Paper(key, float(entry["width"]), float(entry["height"]), float(entry["safe_margin"]))
    except (KeyError, TypeError, ValueError) as error:
        raise PnpkitError(f"layouts/papers.toml: paper '{key}' needs width, height and safe_margin") from error


def card_size(text: str) -> tuple[float, float]:
    """A named card size (poker, bridge, mini) or 'WxH' in millimetres."""
    sizes = load_layout("cards")
    key = text.strip().lower()
    if key in sizes:
        try:
            return float(sizes[key]["width"]), float(sizes[key]["height"])
        except (KeyError, TypeError, ValueError) as error:
            raise PnpkitError(f"layouts/cards.toml: size '{key}' needs a numeric width and height") from error
    if any(ch.isdigit() for ch in key):
        return parse_size(text, "--size")
    raise PnpkitError(f"unknown card size '{text}'; use {', '.join(sizes)} or WxH in mm, e.g. 60x90")
