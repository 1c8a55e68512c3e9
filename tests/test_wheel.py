"""The wheel built from the repository works from any folder: templates, layouts and fonts ship in it."""

import subprocess
import sys
import sysconfig
import venv
from pathlib import Path

import pypdf
import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Path:
    """A new virtual environment holding only the wheel; its dependencies come from this one."""
    base = tmp_path_factory.mktemp("wheel")
    dist = base / "dist"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q",
                    "-w", str(dist), str(ROOT)], check=True)
    wheel = next(dist.glob("pnpkit-*.whl"))
    env_dir = base / "env"
    venv.EnvBuilder(with_pip=False).create(env_dir)
    python = env_dir / "bin" / "python"
    site = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                          check=True, capture_output=True, text=True).stdout.strip()
    # Dependencies only: a bare path line does not run this environment's own .pth files,
    # so the editable checkout of pnpkit stays invisible to the new environment.
    Path(site, "deps.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "--no-deps", "-q",
                    str(wheel)], check=True)
    return env_dir


def test_the_wheel_carries_templates_layouts_and_fonts(installed):
    python = installed / "bin" / "python"
    where = subprocess.run([str(python), "-c", "import cli, cli.resources as r; print(cli.__file__);"
                            "print(r.data_dir('templates')); print(r.data_dir('fonts'))"],
                           check=True, capture_output=True, text=True, cwd="/").stdout.split()
    assert all(str(installed) in line for line in where), where
    page = subprocess.run([str(python), "-c", "import pathlib, cli.web, cli.resources as r; "
                           "here = pathlib.Path(cli.web.__file__).parent; "
                           "print((here / 'templates' / 'page.html.j2').is_file(), "
                           "(here / 'static' / 'page.js').is_file(), "
                           "(r.data_dir('templates') / 'catalogues' / 'web' / 'de.toml').is_file())"],
                          check=True, capture_output=True, text=True, cwd="/").stdout.split()
    assert page == ["True", "True", "True"]  # the page of `pnpkit serve` ships whole


def test_the_installed_command_works_from_another_folder(installed, tmp_path):
    result = subprocess.run([str(installed / "bin" / "pnpkit"), "cards", "--lang", "en"],
                            capture_output=True, text=True, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    pdf = tmp_path / "output" / "cards-a4-en.pdf"
    assert len(pypdf.PdfReader(pdf).pages) == 4
