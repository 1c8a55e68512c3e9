"""Where output goes: -o semantics, places that are refused, and no file after a failure or an interrupt."""

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from cli.main import run
from tests.security.conftest import one_line


def test_a_trailing_slash_means_a_folder_that_gets_the_default_name(pnpkit, tmp_path):
    result = pnpkit("calibrate", "-o", "prints/")
    assert result.code == 0
    assert [p.name for p in (tmp_path / "prints").iterdir()] == ["calibrate-a4-long.pdf"]
    assert not (tmp_path / "prints.pdf").exists()


def test_an_existing_folder_also_gets_the_default_name(pnpkit, tmp_path):
    (tmp_path / "here").mkdir()
    assert pnpkit("calibrate", "-o", "here").code == 0
    assert (tmp_path / "here" / "calibrate-a4-long.pdf").is_file()


def test_dash_writes_the_pdf_and_nothing_else_to_standard_output(tmp_path):
    done = subprocess.run([sys.executable, "-m", "cli", "calibrate", "-o", "-"], cwd=tmp_path,
                          capture_output=True, check=False)
    assert done.returncode == 0
    assert done.stdout.startswith(b"%PDF-") and done.stdout.rstrip().endswith(b"%%EOF")
    assert not (tmp_path / "-").exists() and not (tmp_path / "output").exists()


def test_a_file_named_dash_is_written_with_dot_slash(pnpkit, tmp_path):
    assert pnpkit("calibrate", "-o", "./-").code == 0
    assert (tmp_path / "-").read_bytes().startswith(b"%PDF-")


@pytest.mark.parametrize("kind", ["device", "fifo", "symlink", "read-only", "folder-link"])
def test_places_that_are_not_a_writable_regular_file_are_refused_and_left_alone(pnpkit, tmp_path, kind):
    target = tmp_path / "target.pdf"
    real = tmp_path / "real.pdf"
    real.write_bytes(b"keep")
    if kind == "device":
        target = Path("/dev/null")
    elif kind == "fifo":
        os.mkfifo(target)
    elif kind == "symlink":
        target.symlink_to(real)
    elif kind == "folder-link":
        target.symlink_to(tmp_path / "nowhere")  # a dangling link is refused too
    else:
        target.write_bytes(b"keep")
        target.chmod(0o444)
    before = target.lstat()
    result = pnpkit("calibrate", "-o", target)
    assert result.code == 2 and one_line(result) and "cannot write" in result.err
    after = target.lstat()
    assert (after.st_mode, after.st_ino) == (before.st_mode, before.st_ino)
    assert real.read_bytes() == b"keep"


def test_a_250_character_name_works_and_a_300_character_one_is_refused_cleanly(pnpkit, tmp_path):
    long_name = "a" * 246 + ".pdf"
    assert pnpkit("calibrate", "-o", long_name).code == 0
    assert (tmp_path / long_name).is_file()
    result = pnpkit("calibrate", "-o", "b" * 300 + ".pdf")
    assert result.code == 2 and one_line(result) and "longer than" in result.err


def test_a_missing_output_folder_is_made_before_the_work_and_stays_when_it_fails(pnpkit, tmp_path):
    result = pnpkit("cards", "--size", "400x400", "-o", "new/deep/cards.pdf")
    assert result.code == 2 and one_line(result)
    assert (tmp_path / "new" / "deep").is_dir() and not list((tmp_path / "new" / "deep").iterdir())


def test_a_preview_place_that_is_a_file_is_refused_before_any_work(pnpkit, tmp_path):
    (tmp_path / "taken").write_text("a file")
    result = pnpkit("kit", "--preview", "taken", "-o", "kit.pdf")
    assert result.code == 2 and one_line(result) and "--preview" in result.err
    assert not (tmp_path / "kit.pdf").exists()


def test_a_full_standard_output_is_one_line_and_exit_2(tmp_path):
    with open("/dev/full", "w") as full:
        done = subprocess.run([sys.executable, "-m", "cli", "demo", "--json"], cwd=tmp_path, stdout=full,
                              stderr=subprocess.PIPE, text=True, check=False)
    assert done.returncode == 2 and done.stderr.count("\n") == 1 and "standard output" in done.stderr
    with open("/dev/full", "w") as full:
        done = subprocess.run([sys.executable, "-m", "cli", "calibrate", "-o", "c.pdf"], cwd=tmp_path,
                              stdout=full, stderr=subprocess.PIPE, text=True, check=False)
    assert done.returncode == 2 and done.stderr.count("\n") == 1
    assert "wrote c.pdf (2 pages), but could not say so" in done.stderr
    assert [p.name for p in tmp_path.iterdir()] == ["c.pdf"]  # only the message failed: the PDF is kept


def _handlers_set(pid: int, seconds: float = 20.0) -> bool:
    """Wait until the process catches SIGTERM: pnpkit's handlers are set (main() sets them, then runs the
    command). False where /proc does not tell, or once the process has ended."""
    status = Path(f"/proc/{pid}/status")
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        try:
            caught = next(line for line in status.read_text().splitlines() if line.startswith("SigCgt:"))
        except (OSError, StopIteration):
            return False
        if int(caught.split()[1], 16) >> (signal.SIGTERM - 1) & 1:
            return True
        time.sleep(0.01)
    return False


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
@pytest.mark.parametrize("preview", [False, True])
def test_an_interrupt_exits_130_with_one_line_and_leaves_no_partial_file(tmp_path, signum, preview):
    extra = ["--preview", "pv"] if preview else []
    for delay in (0.6, 1.0, 1.6, 2.4, 4.0, 8.0):  # on a busy machine start-up (before our handlers) takes longer
        process = subprocess.Popen([sys.executable, "-m", "cli", "kit", "--groups", "16", "-o", "k.pdf", *extra],
                                   cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        # on Linux, signal once the handlers are set, and a little later: the run is under way (a kit of 16
        # groups takes seconds), the handlers were set before it; elsewhere, after a delay
        time.sleep(0.2 if _handlers_set(process.pid) else delay)
        process.send_signal(signum)
        out, err = process.communicate(timeout=120)
        if process.returncode != -signum:  # not killed during Python's own start-up
            break
    if process.returncode == 0:
        pytest.skip("the machine finished the kit before the signal arrived")
    assert process.returncode == 130 and err == "pnpkit: interrupted\n", (process.returncode, err[-2000:])
    left = sorted(p.name for p in tmp_path.rglob("*"))
    assert left in ([], ["pv"])  # the preview folder is made before the work; nothing inside it


def test_an_interrupt_inside_the_run_is_reported(monkeypatch, capsys):
    def stop(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr("cli.commands.common._put", stop)
    assert run(["demo", "--json"]) == 130
    assert capsys.readouterr().err == "pnpkit: interrupted\n"


def test_dash_refuses_a_terminal_before_any_work(pnpkit, monkeypatch, tmp_path):
    monkeypatch.setattr("sys.stdout.isatty", lambda: True)
    result = pnpkit("calibrate", "-o", "-")
    assert result.code == 2 and one_line(result) and "terminal" in result.err
    assert not list(tmp_path.iterdir())
