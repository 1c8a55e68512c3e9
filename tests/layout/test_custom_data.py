"""Your own layouts and templates: a broken one is named in one line, never a traceback."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.security.conftest import clear_caches

ROOT = Path(__file__).resolve().parents[2]


def fresh_process(env: dict, *args: str, cwd: Path) -> subprocess.CompletedProcess:
    """`python -m cli ARGS`: the help's choices are read from layouts/ when the commands are defined, once a
    process, so only a new process shows what your layouts offer."""
    return subprocess.run([sys.executable, "-m", "cli", *args], capture_output=True, text=True,
                          env={**os.environ, **env}, cwd=cwd)


@pytest.fixture
def run(pnpkit, monkeypatch):
    """`run(env, *args)`: pnpkit in process (in tmp_path) with `env` set and every cached read forgotten,
    before and after: the same as a fresh process for these files, without starting one."""

    def invoke(env: dict, *args: str):
        for name, value in env.items():
            monkeypatch.setenv(name, value)
        clear_caches()
        return pnpkit(*args)

    yield invoke
    monkeypatch.undo()
    clear_caches()


def test_a_custom_card_size_from_your_own_layouts(run, tmp_path):
    layouts = tmp_path / "layouts"
    shutil.copytree(ROOT / "layouts", layouts)
    with (layouts / "cards.toml").open("a") as handle:
        handle.write("\n[tarot]\nwidth = 70.0\nheight = 120.0\n")
    result = run({"PNPKIT_LAYOUTS": str(layouts)}, "cards", "--size", "tarot", "-o", "t.pdf")
    assert result.code == 0, result.err


def test_a_broken_layout_file_is_named(run, tmp_path):
    layouts = tmp_path / "layouts"
    shutil.copytree(ROOT / "layouts", layouts)
    (layouts / "papers.toml").write_text("[a4\nwidth = 210\n")
    result = run({"PNPKIT_LAYOUTS": str(layouts)}, "cards", "-o", "t.pdf")
    assert result.code == 2 and "papers.toml" in result.err
    assert result.err.count("\n") == 1 and not (tmp_path / "t.pdf").exists()


def test_a_layout_missing_a_value_is_named(run, tmp_path):
    layouts = tmp_path / "layouts"
    shutil.copytree(ROOT / "layouts", layouts)
    (layouts / "cards.toml").write_text("[poker]\nwidth = 63.0\n")
    result = run({"PNPKIT_LAYOUTS": str(layouts)}, "cards", "-o", "t.pdf")
    assert result.code == 2
    assert "layouts/cards.toml line 1: 'poker.height' must be a number, not missing" in result.err


def test_a_broken_entry_is_named_with_its_key_and_line(run, tmp_path):
    layouts = tmp_path / "layouts"
    shutil.copytree(ROOT / "layouts", layouts)
    (layouts / "cards.toml").write_text('# sizes\n[poker]\nwidth = 63.0\nheight = "tall"\n')
    result = run({"PNPKIT_LAYOUTS": str(layouts)}, "cards", "-o", "t.pdf")
    assert result.code == 2 and result.err.count("\n") == 1
    assert "cards.toml line 4: 'poker.height' must be a number, not 'tall'" in result.err


@pytest.mark.parametrize(("folder", "file", "what"), [
    ("templates", "catalogues/en.toml", "label catalogue"),
    ("templates", "handouts/trick.en.toml", "handout text"),
    ("fonts", "manifest.toml", "font manifest"),
    ("layouts", "papers.toml", "layout file"),
])
def test_every_data_file_is_read_by_one_reader_that_names_the_line(run, tmp_path, folder, file, what):
    copy = tmp_path / folder
    shutil.copytree(ROOT / folder, copy)
    path = copy / file
    path.write_text(path.read_text(encoding="utf-8") + "\nbroken = = 1\n", encoding="utf-8")
    line = path.read_text(encoding="utf-8").count("\n")  # the line just added
    args = ("rules", "trick", "--lang", "en") if folder == "templates" else ("cards", "--lang", "en")
    result = run({f"PNPKIT_{folder.upper()}": str(copy)}, *args, "-o", "t.pdf")
    assert result.code == 2 and result.err.count("\n") == 1, result.err
    assert f"{what} {path} line {line}: " in result.err and not (tmp_path / "t.pdf").exists()


def test_a_broken_custom_template_is_named_with_its_line(run, tmp_path):
    templates = tmp_path / "templates"
    shutil.copytree(ROOT / "templates", templates)
    path = templates / "trick_record.xml.j2"
    source = path.read_text()
    always = '<figure h="{{ name_h'  # the headings' figure, on every record sheet (earlier ones hang on a class list)
    line = source[:source.index(always)].count("\n") + 1  # the template's own line, not the markup's
    path.write_text(source.replace(always, '<figuer h="{{ name_h', 1))
    result = run({"PNPKIT_TEMPLATES": str(templates)}, "record-sheet", "-o", "r.pdf")
    assert result.code == 2 and f"templates/trick_record.xml.j2 line {line}: " in result.err
    assert "unknown element <figuer>" in result.err and not (tmp_path / "r.pdf").exists()


def test_a_missing_override_folder_is_named(run, tmp_path):
    result = run({"PNPKIT_FONTS": str(tmp_path / "nowhere")}, "cards", "-o", "t.pdf")
    assert result.code == 2 and "PNPKIT_FONTS" in result.err


def test_the_help_names_the_papers_and_card_sizes_of_your_layouts(tmp_path):
    """--paper, --size and --reg-* name layouts/ (their one home): a size or paper added there is offered."""
    layouts = tmp_path / "layouts"
    shutil.copytree(ROOT / "layouts", layouts)
    with (layouts / "cards.toml").open("a") as handle:
        handle.write("\n[tarot]\nwidth = 70.0\nheight = 120.0\n")
    with (layouts / "papers.toml").open("a") as handle:
        handle.write("\n[a3]\nwidth = 297.0\nheight = 420.0\nsafe_margin = 5.0\n")
    marks = layouts / "registration.toml"
    marks.write_text(marks.read_text().replace("inset = 10.0 ", "inset = 12.5 ", 1))
    env = {"PNPKIT_LAYOUTS": str(layouts), "COLUMNS": "400"}
    shown = fresh_process(env, "cards", "--help", cwd=tmp_path)
    assert shown.returncode == 0, shown.stderr
    assert "poker (63x88), bridge (57x89), mini (44x63), tarot (70x120) or WxH in mm." in shown.stdout
    assert "Paper size: a4, letter or a3." in shown.stdout
    assert "(default 12.5 for silhouette)" in shown.stdout and "(default 20 for silhouette)" in shown.stdout


def test_a_broken_layout_file_is_named_even_for_help(tmp_path):
    layouts = tmp_path / "layouts"
    shutil.copytree(ROOT / "layouts", layouts)
    (layouts / "cards.toml").write_text('[poker]\nwidth = "wide"\nheight = 88.0\n')
    result = fresh_process({"PNPKIT_LAYOUTS": str(layouts)}, "cards", "--help", cwd=tmp_path)
    assert result.returncode == 2 and result.stderr.count("\n") == 1
    assert "cards.toml line 2: 'poker.width' must be a number, not 'wide'" in result.stderr


def test_crop_marks_take_their_length_from_the_layout_file(tmp_path, monkeypatch):
    """Imposition.mark_length is layouts/sheet.toml's crop_marks.length, not a copy of it (fold sheets too)."""
    from cli.layout.imposition import impose_cards
    from cli.layout.sheet_numbers import sheet_numbers
    from cli.layout.sizes import load_layout, paper, sheet_value
    from cli.resources import data_dir

    layouts = tmp_path / "layouts"
    shutil.copytree(ROOT / "layouts", layouts)
    sheet = layouts / "sheet.toml"
    sheet.write_text(sheet.read_text().replace("length = 3.0 ", "length = 2.5 ", 1))
    monkeypatch.setenv("PNPKIT_LAYOUTS", str(layouts))
    for cached in (data_dir, load_layout, sheet_numbers, sheet_value):
        cached.cache_clear()
    try:
        a4 = paper("a4")
        assert {impose_cards(a4, 63, 88, mode).mark_length for mode in ("long", "fold")} == {2.5}
    finally:
        monkeypatch.undo()
        for cached in (data_dir, load_layout, sheet_numbers, sheet_value):
            cached.cache_clear()
    assert impose_cards(paper("a4"), 63, 88, "fold").mark_length == 3.0
