"""The named colours of layouts/colours.toml: the one home of every colour templates print."""

from functools import cache

from cli.errors import PnpkitError
from cli.layout.schema import color
from cli.layout.sizes import load_layout
from cli.resources import data_dir, shown
from cli.toml_data import key_line, toml_value


@cache
def palette() -> dict[str, str]:
    """Every colour by name, checked to be #rrggbb; a wrong one is named with its line."""
    path = data_dir("layouts") / "colours.toml"
    data = load_layout("colours")
    names = data.get("colours") if isinstance(data.get("colours"), dict) else {}
    colours = {}
    for name in names:
        value = toml_value(path, data, ("colours", name), str, "layout file")
        try:
            checked = color(value)
        except ValueError:
            checked = None
        if checked is None:
            line = key_line(path, ("colours", name))
            raise PnpkitError(f"layout file {shown(path)}{f' line {line}' if line else ''}: colour '{name}' is "
                              f"'{value}'; write it as #rrggbb")
        colours[name] = checked
    return colours


def colour(name: str) -> str:
    """One named colour; a name the palette lacks is an error saying where to add it."""
    found = palette().get(name)
    if found is None:
        raise PnpkitError(f"layouts/colours.toml has no colour '{name}'; add it to the [colours] table")
    return found


class Palette:
    """palette.NAME in a template: the colour, read from layouts/colours.toml when first asked."""

    def __getattr__(self, name: str) -> str:
        if name.startswith("_"):
            raise AttributeError(name)
        return colour(name)
