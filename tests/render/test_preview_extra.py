"""pypdfium2 missing (a broken install): --preview is a clear one-line error, not a traceback."""

import sys

import pytest

from cli.errors import PnpkitError
from cli.render import preview


def test_preview_without_pypdfium2_says_how_to_fix_it(monkeypatch, tmp_path):
    monkeypatch.setitem(sys.modules, "pypdfium2", None)  # makes `import pypdfium2` fail
    with pytest.raises(PnpkitError, match=r"reinstall pnpkit"):
        preview.write_previews(b"%PDF-1.4", tmp_path, "x")
    assert list(tmp_path.iterdir()) == []


def test_license_matches_the_declared_licence():
    import tomllib
    from pathlib import Path

    root = Path(__file__).parents[2]
    declared = tomllib.loads((root / "pyproject.toml").read_text())["project"]["license"]
    assert declared == "MIT"
    assert (root / "LICENSE").read_text().startswith("MIT License")
