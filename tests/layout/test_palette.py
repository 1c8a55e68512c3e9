"""Every colour has one home, layouts/colours.toml: templates name it (palette.heading), tests read it."""

import re
import shutil
from pathlib import Path

import pytest

from cli.errors import PnpkitError
from cli.layout.palette import colour, palette
from cli.layout.sizes import load_layout
from cli.resources import data_dir

ROOT = Path(__file__).resolve().parents[2]
TEMPLATES = sorted((ROOT / "templates").rglob("*.j2"))


def test_no_template_writes_a_colour_out():
    found = [f"{path.name}:{n}" for path in TEMPLATES
             for n, line in enumerate(path.read_text().splitlines(), start=1) if re.search(r"#[0-9a-fA-F]{6}", line)]
    assert not found, "name it in layouts/colours.toml and write palette.NAME: " + ", ".join(found)


def test_every_colour_of_the_palette_is_used():
    text = "\n".join(path.read_text() for path in TEMPLATES)
    assert [name for name in palette() if f"palette.{name}" not in text] == []


@pytest.fixture
def own_layouts(tmp_path, monkeypatch):
    layouts = tmp_path / "layouts"
    shutil.copytree(ROOT / "layouts", layouts)
    monkeypatch.setenv("PNPKIT_LAYOUTS", str(layouts))
    for cached in (data_dir, load_layout, palette):
        cached.cache_clear()
    yield layouts
    for cached in (data_dir, load_layout, palette):
        cached.cache_clear()


def test_a_colour_that_is_not_rrggbb_is_named_with_its_line(own_layouts):
    path = own_layouts / "colours.toml"
    path.write_text(path.read_text().replace('heading = "#e8ecf4"', 'heading = "light blue"'))
    with pytest.raises(PnpkitError, match=r"colours.toml line \d+: colour 'heading' is 'light blue'; write it as"):
        palette()


def test_a_colour_the_palette_lacks_says_where_to_add_it():
    with pytest.raises(PnpkitError, match="layouts/colours.toml has no colour 'mauve'"):
        colour("mauve")
