"""A language is its catalogue, its handout files and one table in templates/languages.toml: a throw-away
fourth language added with those alone prints every document, alone and beside another."""

import shutil
import subprocess
import sys
from pathlib import Path

import pypdfium2

ROOT = Path(__file__).resolve().parents[2]
COMMANDS = [
    ("cards", "--lang", "xx"), ("record-sheet", "--lang", "xx"), ("demo", "--lang", "fr+xx"),
    ("exercises", "--count", "2", "--lang", "xx"), ("score", "dreist", "--lang", "xx+de"),
    ("rules", "trick", "--lang", "xx"), ("guide", "--lang", "xx"), ("calibrate", "--lang", "xx"),
]


def test_a_throw_away_language_needs_its_catalogue_its_handouts_and_the_registry(tmp_path):
    templates = tmp_path / "templates"
    shutil.copytree(ROOT / "templates", templates)
    text = (templates / "catalogues" / "en.toml").read_text(encoding="utf-8")
    (templates / "catalogues" / "xx.toml").write_text(
        text.replace('record_title = "', 'record_title = "XX ', 1), encoding="utf-8")
    for handout in (templates / "handouts").glob("*.en.toml"):
        shutil.copy(handout, handout.with_name(handout.name.replace(".en.", ".xx.")))
    with (templates / "languages.toml").open("a", encoding="utf-8") as registry:
        registry.write('\n[xx]\npunctuation = "french"\nquotes = "as-written"\ndecimal = ","\n')
    script = (f"import sys\nfrom cli.main import run\nfor n, args in enumerate({COMMANDS!r}):\n"
              "    if run([*args, '-o', f'{n}.pdf']):\n        sys.exit(f'{args} failed')\n")
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=tmp_path,
                            env={"PNPKIT_TEMPLATES": str(templates), "PATH": "", "HOME": str(tmp_path)})
    assert result.returncode == 0, result.stderr
    record = pypdfium2.PdfDocument(tmp_path / "1.pdf")[0].get_textpage().get_text_range()
    assert "XX Record sheet" in record and "A's card" in record  # its quotes as written, as its registry says
