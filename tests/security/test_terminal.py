"""Standard output and the terminal: every write checked, closed streams, safe echoes, inputs never overwritten."""

import json
import os
import stat
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cli.terminal import printable
from tests.security.conftest import one_line


def _pnpkit(*args: str, cwd, env=None, **streams) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "cli", *args], cwd=cwd, env={**os.environ, **(env or {})},
                          capture_output=not streams, check=False, **streams)


def test_dash_into_a_full_disk_is_one_line_and_exit_2(tmp_path):
    with open("/dev/full", "wb") as full:
        done = _pnpkit("cards", "-o", "-", cwd=tmp_path, stdout=full, stderr=subprocess.PIPE)
    assert done.returncode == 2 and done.stderr.decode().count("\n") == 1
    assert b"No space left on device" in done.stderr


def test_dash_into_a_pipe_closed_early_is_one_line_and_exit_2(tmp_path):
    """A pipe whose reader left before the PDF was all written (`| head -c 100`): never exit 0."""
    reader, writer = os.pipe()
    os.close(reader)  # the reader is gone before the first byte
    try:
        done = _pnpkit("kit", "-o", "-", cwd=tmp_path, stdout=writer, stderr=subprocess.PIPE)
    finally:
        os.close(writer)
    assert done.returncode == 2 and done.stderr.decode().count("\n") == 1, done.stderr
    assert b"cannot write to standard output" in done.stderr and b"Traceback" not in done.stderr


def test_dash_into_a_closed_stdout_is_refused_before_any_work(tmp_path):
    done = subprocess.run([sys.executable, "-m", "cli", "cards", "-o", "-"], cwd=tmp_path, capture_output=False,
                          stdout=None, stderr=subprocess.PIPE, check=False, preexec_fn=lambda: os.close(1))
    assert done.returncode == 2 and done.stderr.decode().count("\n") == 1
    assert b"standard output, which is closed" in done.stderr


@pytest.mark.parametrize("closed", [[1], [2], [1, 2]])
def test_closed_stdout_or_stderr_never_a_traceback_and_the_pdf_is_written(tmp_path, closed):
    err = tmp_path / "err.txt"
    with open(err, "wb") as sink:
        done = subprocess.run([sys.executable, "-m", "cli", "cards", "-o", "c.pdf"], cwd=tmp_path,
                              stderr=sink if 2 not in closed else None, check=False,
                              preexec_fn=lambda: [os.close(fd) for fd in closed])
    assert (tmp_path / "c.pdf").read_bytes().startswith(b"%PDF")
    said = err.read_text()
    assert "Traceback" not in said and "internal error" not in said
    if closed == [2]:
        assert done.returncode == 0
    else:  # the summary could not be printed: said (when stderr is there), exit 2, the PDF kept
        assert done.returncode == 2
        if 2 not in closed:
            assert said.count("pnpkit:") == 1
            assert ("pnpkit: error: wrote c.pdf (4 pages), but could not say so: cannot write to standard output: "
                    "standard output is closed\n") in said


def test_a_deleted_working_folder_is_one_line(tmp_path):
    gone = tmp_path / "gone"
    gone.mkdir()
    done = subprocess.run([sys.executable, "-c", "import os, sys; os.rmdir(os.getcwd()); sys.argv[0] = 'pnpkit';"
                           "from cli.main import main; main()", "cards", "-o", str(tmp_path / "c.pdf")],
                          cwd=gone, capture_output=True, text=True, check=False,
                          env={**os.environ, "PYTHONPATH": os.getcwd()})
    assert done.returncode == 2 and done.stderr.count("\n") == 1, done.stderr
    assert "the current folder no longer exists" in done.stderr


def test_an_ascii_terminal_keeps_the_pdf_and_says_why_in_one_line(tmp_path):
    done = _pnpkit("cards", "-o", "cartes-é.pdf", cwd=tmp_path, env={"PYTHONIOENCODING": "ascii"})
    assert done.returncode == 2 and done.stderr.decode().count("\n") == 1
    assert b"takes only ascii text" in done.stderr and b"could not say so" in done.stderr
    assert (tmp_path / "cartes-é.pdf").read_bytes().startswith(b"%PDF")


def test_an_ascii_stderr_still_gets_its_line(tmp_path):
    done = _pnpkit("cards", "--paper", "é", cwd=tmp_path, env={"PYTHONIOENCODING": "ascii"})
    assert done.returncode == 2 and done.stderr == b"pnpkit: error: unknown paper '\\xe9'; use one of: a4, letter\n"


@pytest.mark.parametrize("option", [["kit", "--title"], ["cards", "--paper"], ["cards", "--lang"],
                                    ["kit", "--names-file"], ["cards", "--back"]])
def test_a_byte_that_is_not_utf8_in_an_option_is_one_line(pnpkit, option):
    result = pnpkit(*option, os.fsdecode(b"\xffx"), "-o", "x.pdf")
    assert result.code == 2 and one_line(result), result.err
    assert "\udcff" not in result.err


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.text(st.characters(codec="utf-8", categories=["Cc", "Cf", "Zl", "Zp", "Co", "Lu", "Lo", "Zs"]),
               min_size=1, max_size=12))
def test_any_echoed_value_is_one_safe_line(pnpkit, value):
    result = pnpkit("cards", "--paper", f"x{value}")
    assert result.code == 2 and one_line(result)
    line = result.err[:-1]
    assert line.isprintable() or all(c.isprintable() or c.isspace() and c not in "\n\r\x0b\x0c\x1c\x1d\x1e\x1f\x85"
                                     for c in line)
    assert "\x1b" not in line


def test_printable_spells_out_what_would_drive_a_terminal():
    assert printable("a\nb\x1b[31mc\u200bd\udcffe\u00a0f") == "a\\nb\\x1b[31mc" + "U+200Bd\\xffe\u00a0f"
    assert printable("ليلى") == "ليلى"


def test_the_output_may_not_be_an_input(pnpkit, tmp_path):
    (tmp_path / "g.csv").write_text("Ana,Bo,Cy\n")
    before = (tmp_path / "g.csv").read_bytes()
    for out in ("g.csv", "./g.csv", str(tmp_path / "g.csv")):
        result = pnpkit("kit", "--names-file", "g.csv", "-o", out)
        assert result.code == 2 and one_line(result) and "is the input file" in result.err
    os.link(tmp_path / "g.csv", tmp_path / "hard.pdf")  # the same file under another name
    result = pnpkit("kit", "--names-file", "g.csv", "-o", "hard.pdf")
    assert result.code == 2 and "is the input file" in result.err
    assert (tmp_path / "g.csv").read_bytes() == before


def test_a_replaced_file_keeps_its_permissions(pnpkit, tmp_path):
    target = tmp_path / "c.pdf"
    target.write_bytes(b"old")
    target.chmod(0o600)
    assert pnpkit("calibrate", "-o", target).code == 0
    assert stat.S_IMODE(target.stat().st_mode) == 0o600 and target.read_bytes().startswith(b"%PDF")
    old_umask = os.umask(0o027)
    try:
        assert pnpkit("calibrate", "-o", tmp_path / "new.pdf").code == 0
    finally:
        os.umask(old_umask)
    assert stat.S_IMODE((tmp_path / "new.pdf").stat().st_mode) == 0o640


@pytest.mark.parametrize("kinds", ["", " ", ","])
def test_empty_kinds_are_refused(pnpkit, kinds):
    result = pnpkit("exercises", "--kinds", kinds, "-o", "x.pdf")
    assert result.code == 2 and one_line(result) and "kind" in result.err


@pytest.mark.parametrize("command", [["exercises", "--count", "2"], ["demo", "--seed", "3"]])
def test_json_with_an_output_file_writes_the_json_there(pnpkit, tmp_path, command):
    printed = pnpkit(*command, "--json")
    result = pnpkit(*command, "--json", "-o", "data.json")
    assert result.code == 0 and result.out == "wrote data.json\n"
    assert json.loads((tmp_path / "data.json").read_text()) == json.loads(printed.out)
    assert pnpkit(*command, "--json", "-o", "-").out == printed.out


@pytest.mark.parametrize(("title", "words"), [
    ("CM2\u200bB", "U+200B"), ("CM2\u202eB", "U+202E"), ("a\nb", "U+000A"), ("x" * 101, "too long for the cover"),
    ("中文", "U+4E2D"),
])
def test_the_title_is_checked_like_names(pnpkit, title, words):
    result = pnpkit("kit", "--title", title, "-o", "k.pdf")
    assert result.code == 2 and one_line(result) and words in result.err, result.err


@pytest.mark.parametrize("how", ["closed", "pipe"])
def test_help_into_a_closed_stdout_or_pipe_is_one_line_and_exit_2(tmp_path, how):
    if how == "closed":
        done = subprocess.run([sys.executable, "-m", "cli", "kit", "--help"], cwd=tmp_path, stderr=subprocess.PIPE,
                              check=False, preexec_fn=lambda: os.close(1))
    else:
        reader, writer = os.pipe()
        os.close(reader)
        try:
            done = subprocess.run([sys.executable, "-m", "cli", "kit", "--help"], cwd=tmp_path, stdout=writer,
                                  stderr=subprocess.PIPE, check=False)
        finally:
            os.close(writer)
    assert done.returncode == 2 and done.stderr.decode().count("\n") == 1, done.stderr
    assert b"cannot write to standard output" in done.stderr
