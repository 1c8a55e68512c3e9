"""Your own layouts and templates: a broken one is named in one line, never a traceback."""

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run(env_extra: dict, *args: str, cwd: Path) -> subprocess.CompletedProcess:
    import os

    env = {**os.environ, **env_extra}
    return subprocess.run([sys.executable, "-m", "cli", *args], capture_output=True, text=True, env=env, cwd=cwd)


def test_a_custom_card_size_from_your_own_layouts(tmp_path):
    layouts = tmp_path / "layouts"
    shutil.copytree(ROOT / "layouts", layouts)
    with (layouts / "cards.toml").open("a") as handle:
        handle.write("\n[tarot]\nwidth = 70.0\nheight = 120.0\n")
    result = run({"PNPKIT_LAYOUTS": str(layouts)}, "cards", "--size", "tarot", "-o", "t.pdf", cwd=tmp_path)
    assert result.returncode == 0, result.stderr


def test_a_broken_layout_file_is_named(tmp_path):
    layouts = tmp_path / "layouts"
    shutil.copytree(ROOT / "layouts", layouts)
    (layouts / "papers.toml").write_text("[a4\nwidth = 210\n")
    result = run({"PNPKIT_LAYOUTS": str(layouts)}, "cards", "-o", "t.pdf", cwd=tmp_path)
    assert result.returncode == 2 and "papers.toml" in result.stderr
    assert result.stderr.count("\n") == 1 and not (tmp_path / "t.pdf").exists()


def test_a_layout_missing_a_value_is_named(tmp_path):
    layouts = tmp_path / "layouts"
    shutil.copytree(ROOT / "layouts", layouts)
    (layouts / "cards.toml").write_text("[poker]\nwidth = 63.0\n")
    result = run({"PNPKIT_LAYOUTS": str(layouts)}, "cards", "-o", "t.pdf", cwd=tmp_path)
    assert result.returncode == 2 and "cards.toml: size 'poker' needs a numeric width and height" in result.stderr


def test_a_broken_custom_template_is_named_with_its_line(tmp_path):
    templates = tmp_path / "templates"
    shutil.copytree(ROOT / "templates", templates)
    path = templates / "trick_record.xml.j2"
    source = path.read_text()
    line = source[:source.index("<figure")].count("\n") + 1  # the template's own line, not the markup's
    path.write_text(source.replace("<figure", "<figuer", 1))
    result = run({"PNPKIT_TEMPLATES": str(templates)}, "record-sheet", "-o", "r.pdf", cwd=tmp_path)
    assert result.returncode == 2 and f"templates/trick_record.xml.j2 line {line}: " in result.stderr
    assert "unknown element <figuer>" in result.stderr and not (tmp_path / "r.pdf").exists()


def test_a_missing_override_folder_is_named(tmp_path):
    result = run({"PNPKIT_FONTS": str(tmp_path / "nowhere")}, "cards", "-o", "t.pdf", cwd=tmp_path)
    assert result.returncode == 2 and "PNPKIT_FONTS" in result.stderr
