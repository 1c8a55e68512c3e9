"""The kit's cover names the paper as layouts/papers.toml does: A4, US Letter, or your own paper's name
(not "US Letter" for every paper that is not A4)."""

import shutil
from pathlib import Path

import pytest

from cli.documents.kit_cover import cover_document
from cli.documents.kit_options import KitOptions
from cli.documents.language import parse_lang
from cli.layout.sizes import load_layout, paper
from cli.resources import data_dir

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def own_papers(tmp_path, monkeypatch):
    layouts = tmp_path / "layouts"
    shutil.copytree(ROOT / "layouts", layouts)
    with (layouts / "papers.toml").open("a") as handle:
        handle.write('\n[legal]\nwidth = 215.9\nheight = 355.6\nsafe_margin = 5.0\n'
                     '\n[tabloid]\ndisplay = "Ledger 11x17"\nwidth = 279.4\nheight = 431.8\nsafe_margin = 5.0\n')
    monkeypatch.setenv("PNPKIT_LAYOUTS", str(layouts))
    data_dir.cache_clear()
    load_layout.cache_clear()
    yield
    data_dir.cache_clear()
    load_layout.cache_clear()


def summary(paper_name: str) -> str:
    options = KitOptions(paper(paper_name), parse_lang("en"), "long", 1, 1, None)
    cover = cover_document(options, [], span=lambda first, last: "1")
    return " ".join(node.text for node in walk(cover) if node.text and " paper" in node.text)


def walk(node):
    yield node
    for child in node.children:
        yield from walk(child)


@pytest.mark.parametrize(("name", "shown"), [
    ("a4", "A4 paper"), ("letter", "US Letter paper"), ("legal", "legal paper"), ("tabloid", "Ledger 11x17 paper"),
])
def test_the_cover_names_the_paper_as_the_layouts_do(own_papers, name, shown):
    assert shown in summary(name)
