"""Shared fixtures: run the CLI in-process, and pin what could make tests flaky."""

from dataclasses import dataclass
from pathlib import Path

import PIL.Image  # noqa: F401  the real module before cli.render's stand-in: pypdfium2 renders use it
import pytest

import cli.render.text  # noqa: F401  the layout pass's metrics, which documents built in tests ask
from cli.main import run


@dataclass
class Result:
    code: int
    out: str
    err: str


@pytest.fixture(autouse=True)
def _steady_environment(monkeypatch):
    monkeypatch.setenv("COLUMNS", "100")
    monkeypatch.setenv("TZ", "UTC")


@pytest.fixture
def pnpkit(capsys, tmp_path, monkeypatch):
    """Run `pnpkit ARGS` in a temporary folder; returns exit code, stdout and stderr."""
    monkeypatch.chdir(tmp_path)

    def invoke(*args: str) -> Result:
        code = run([str(a) for a in args])
        captured = capsys.readouterr()
        return Result(code, captured.out, captured.err)

    return invoke


@pytest.fixture
def pdf_path(tmp_path) -> Path:
    return tmp_path / "out.pdf"


@pytest.fixture(scope="session")
def built(tmp_path_factory):
    """`built(*args)`: the file `pnpkit ARGS -o FILE` writes, made once per session (per xdist worker) for
    the same arguments: pnpkit is deterministic, so tests that read the same document share it. Read it,
    never change it; a test about writing files or about the exit code runs `pnpkit` itself."""
    made: dict[tuple[str, ...], Path] = {}

    def build(*args) -> Path:
        key = tuple(str(a) for a in args)
        if key not in made:
            path = tmp_path_factory.mktemp("built") / "out.pdf"
            assert run([*key, "-o", str(path)]) == 0, key
            made[key] = path
        return made[key]

    return build

