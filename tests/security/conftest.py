"""Fixtures for hostile-input tests: your own data folders, used in-process with every cache cleared."""

import shutil
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
def one_line(result) -> bool:
    """Exactly one line on stderr, and no traceback or internal error in it."""
    return result.err.count("\n") == 1 and "Traceback" not in result.err and "internal error" not in result.err


def clear_caches() -> None:
    """Forget every folder, template, catalogue, handout, layout and font read so far (any cached function)."""
    for name in [name for name in sys.modules if name == "cli" or name.startswith("cli.")]:
        module = sys.modules[name]
        for value in list(vars(module).values()):
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
