"""Fixtures for hostile-input tests: your own data folders, used in-process with every cache cleared."""

import importlib
import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
_CACHED = ("cli.resources", "cli.documents.templating", "cli.documents.language", "cli.layout.sizes",
           "cli.render.fonts")


def clear_caches() -> None:
    """Forget every folder, template, catalogue, layout and font read so far."""
    for name in _CACHED:
        module = importlib.import_module(name)
        for value in vars(module).values():
            if callable(getattr(value, "cache_clear", None)):
                value.cache_clear()


@pytest.fixture
def own_folder(tmp_path, monkeypatch):
    """Copy templates/, layouts/ or fonts/ to a temporary folder and point pnpkit at the copy."""

    def make(kind: str) -> Path:
        folder = tmp_path / f"my-{kind}"
        shutil.copytree(ROOT / kind, folder)
        monkeypatch.setenv(f"PNPKIT_{kind.upper()}", str(folder))
        clear_caches()
        return folder

    yield make
    monkeypatch.undo()
    clear_caches()
