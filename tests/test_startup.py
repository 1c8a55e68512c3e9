"""Start-up stays lean: each command imports only what it uses (measured, not guessed)."""

import json
import subprocess
import sys

HEAVY = ("reportlab", "jinja2", "pypdf", "pypdfium2", "pdfplumber", "PIL", "pydantic", "starlette", "uvicorn",
         "multipart", "anyio", "httpx")


def loaded_after(code: str) -> set[str]:
    script = f"import sys\n{code}\nimport json; print(json.dumps(sorted(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", script], check=True, capture_output=True, text=True).stdout
    return {name.split(".")[0] for name in json.loads(out.splitlines()[-1])}


def test_the_cli_loads_no_heavy_library_until_a_command_runs():
    assert not loaded_after("import cli.main") & set(HEAVY)


def test_help_loads_no_heavy_library():
    modules = loaded_after("from cli.main import run\ntry:\n    run(['cards', '--help'])\nexcept SystemExit:\n    pass")
    assert not modules & set(HEAVY)


def test_cards_never_loads_pdf_readers(tmp_path):
    modules = loaded_after(f"from cli.main import run\nrun(['cards', '-o', r'{tmp_path / 'c.pdf'}'])")
    assert {"reportlab", "jinja2"} <= modules
    assert not modules & {"pypdf", "pypdfium2", "pdfplumber", "pydantic", "starlette", "uvicorn", "multipart"}


def test_serve_help_loads_no_web_stack():
    """`pnpkit serve --help` answers without Starlette or uvicorn: they load only when the server starts."""
    modules = loaded_after("from cli.main import run\ntry:\n    run(['serve', '--help'])\nexcept SystemExit:\n    pass")
    assert not modules & set(HEAVY)


def test_harfbuzz_loads_only_when_a_complex_script_is_shaped(tmp_path):
    """ReportLab imports HarfBuzz when it starts; a stand-in defers it (2 MiB, 10–30 ms) to the first
    Arabic or Indic text, which is still shaped."""
    script = (f"import sys\nfrom cli.main import run\nrun(['cards', '-o', r'{tmp_path / 'c.pdf'}'])\n"
              "print('uharfbuzz._harfbuzz' in sys.modules)\n"
              "from cli.render.shaping import pieces\nprint(pieces('ليلى', 'regular')[0].shaped)\n"
              "print('uharfbuzz._harfbuzz' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", script], check=True, capture_output=True, text=True).stdout
    assert out.split()[-3:] == ["False", "True", "True"]
