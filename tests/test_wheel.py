"""The wheel built from the repository works from any folder: templates, layouts and fonts ship in it."""

import os
import subprocess
import sys
import sysconfig
import venv
from pathlib import Path

import pypdf
import pytest

ROOT = Path(__file__).resolve().parents[1]


def _without_coverage() -> dict[str, str]:
    """The environment minus coverage's subprocess start-up: building and installing run no pnpkit code, and
    tracing pip and hatchling (pure Python) would cost more than the rest of the test."""
    return {k: v for k, v in os.environ.items() if k not in ("COVERAGE_PROCESS_CONFIG", "COVERAGE_PROCESS_START")}


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Path:
    """A new virtual environment holding only the wheel; its dependencies come from this one."""
    base = tmp_path_factory.mktemp("wheel")
    dist = base / "dist"
    # the build backend pip would call (pyproject.toml's), without pip's start-up
    subprocess.run([sys.executable, "-m", "hatchling", "build", "-t", "wheel", "-d", str(dist)],
                   check=True, cwd=ROOT, capture_output=True, env=_without_coverage())
    wheel = next(dist.glob("pnpkit-*.whl"))
    env_dir = base / "env"
    venv.EnvBuilder(with_pip=False).create(env_dir)
    python = env_dir / "bin" / "python"
    site = Path(sysconfig.get_paths(vars={"base": str(env_dir), "platbase": str(env_dir)})["purelib"])
    # Dependencies only: a bare path line does not run this environment's own .pth files,
    # so the editable checkout of pnpkit stays invisible to the new environment.
    Path(site, "deps.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "--no-deps", "-q",
                    str(wheel)], check=True, env=_without_coverage())
    return env_dir


def test_the_wheel_carries_templates_layouts_and_fonts(installed):
    python = installed / "bin" / "python"
    found = subprocess.run([str(python), "-c", "import pathlib, cli, cli.web, cli.resources as r; "
                            "print(cli.__file__); print(r.data_dir('templates')); print(r.data_dir('fonts')); "
                            "here = pathlib.Path(cli.web.__file__).parent; "
                            "print((here / 'templates' / 'page.html.j2').is_file(), "
                            "(here / 'static' / 'page.js').is_file(), "
                            "(r.data_dir('templates') / 'catalogues' / 'web' / 'de.toml').is_file())"],
                           check=True, capture_output=True, text=True, cwd="/").stdout.split()
    where, page = found[:3], found[3:]
    assert all(str(installed) in line for line in where), where
    assert page == ["True", "True", "True"]  # the page of `pnpkit serve` ships whole


def test_the_installed_command_works_from_another_folder(installed, tmp_path):
    result = subprocess.run([str(installed / "bin" / "pnpkit"), "cards", "--lang", "en"],
                            capture_output=True, text=True, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    pdf = tmp_path / "output" / "cards-a4-en.pdf"
    assert len(pypdf.PdfReader(pdf).pages) == 4
