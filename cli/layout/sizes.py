"""Paper and card sizes, read from the data files in layouts/."""

from functools import cache
from typing import NamedTuple

from cli.errors import PnpkitError
from cli.layout.units import parse_size
from cli.resources import data_dir, read_toml, toml_value


class Paper(NamedTuple):
    name: str
    width: float
    height: float
    safe_margin: float


@cache
def load_layout(name: str) -> dict:
    """One TOML file of layouts/, parsed; a broken file is reported with its name."""
    return read_toml(data_dir("layouts") / f"{name}.toml", "layout file")


def paper(name: str) -> Paper:
    """The named paper, or a clear error listing the known ones."""
    papers = load_layout("papers")
    key = name.strip().lower()
    if key not in papers:
        raise PnpkitError(f"unknown paper '{name}'; use one of: {', '.join(papers)}")
    path = data_dir("layouts") / "papers.toml"
    width, height, margin = (float(toml_value(path, papers, (key, field), float, "layout file"))
                             for field in ("width", "height", "safe_margin"))
    return Paper(key, width, height, margin)


def card_size(text: str) -> tuple[float, float]:
    """A named card size (poker, bridge, mini) or 'WxH' in millimetres."""
    sizes = load_layout("cards")
    key = text.strip().lower()
    if key in sizes:
        path = data_dir("layouts") / "cards.toml"
        return tuple(float(toml_value(path, sizes, (key, field), float, "layout file"))
                     for field in ("width", "height"))
    if any(ch.isdigit() for ch in key):
        return parse_size(text, "--size")
    raise PnpkitError(f"unknown card size '{text}'; use {', '.join(sizes)} or WxH in mm, e.g. 60x90")
