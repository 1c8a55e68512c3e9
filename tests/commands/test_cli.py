"""The command line itself: usage mistakes are one line and exit 2; the kit's progress bar."""

import io

import pytest

from cli.commands import kit_report


@pytest.mark.parametrize(("args", "words"), [
    (["nosuch"], "No such command 'nosuch'"),
    (["cards", "--bogus"], "No such option: --bogus"),
    (["cards", "--decks", "x"], "--decks"),
    (["demo", "--seed", "1.5"], "--seed"),
])
def test_usage_mistakes_are_one_line_and_exit_2(pnpkit, args, words):
    result = pnpkit(*args)
    assert result.code == 2 and words in result.err
    assert result.err.count("\n") == 1 and "Traceback" not in result.err


def test_no_command_shows_the_help(pnpkit):
    result = pnpkit()
    assert result.code == 2 and "kit" in result.out and "cards" in result.out and result.err == ""


def test_progress_bar_only_on_a_terminal_and_for_several_groups(monkeypatch):
    class Terminal(io.StringIO):
        def isatty(self):
            return True

    screen = Terminal()
    monkeypatch.setattr("sys.stderr", screen)
    kit_report.progress(2, 3)
    assert screen.getvalue() == ""  # three groups or fewer: no bar
    for done in range(1, 6):
        kit_report.progress(done, 5)
    assert "groups [" in screen.getvalue() and screen.getvalue().endswith("5/5\n")
    pipe = io.StringIO()
    monkeypatch.setattr("sys.stderr", pipe)
    kit_report.progress(5, 5)
    assert pipe.getvalue() == ""


def test_version(pnpkit):
    from cli import __version__

    result = pnpkit("--version")
    assert result.code == 0 and result.out.strip() == f"pnpkit {__version__}"


def test_python_dash_m_cli_main_runs_the_tool():
    """`python -m cli.main` is the same tool as the pnpkit script (it once did nothing)."""
    import subprocess
    import sys

    result = subprocess.run([sys.executable, "-m", "cli.main", "cards", "--paper", "a5"], capture_output=True,
                            text=True, timeout=60)
    assert result.returncode == 2 and "a5" in result.stderr and result.stdout == ""


@pytest.mark.parametrize(("args", "said"), [(("record-sheet",), "(1 page)"), (("demo",), "(3 pages)")])
def test_the_report_says_one_page_in_the_singular(pnpkit, args, said):
    result = pnpkit(*args, "-o", "x.pdf")
    assert result.code == 0 and f"wrote x.pdf {said}" in result.out + result.err


def test_the_kit_summary_never_wraps_a_part_away_from_its_page(capsys):
    """'Score sheets p. 19' stays on one line: a wrap between 'p.' and '19' (or inside a part's name) left
    the number alone on the next line."""
    from cli.documents.kit_figures import KitFigures

    starts = [("Cover", 1), ("Group 1 (Ana, Bo, Cy)", 3), ("Group 2 (Dan, Eve, Fay)", 17),
              ("Group 3 (Gus, Hal, Ivy)", 31), ("Facilitator’s guide and answer keys", 45),
              ("Score sheets", 51), ("Rules", 53)]
    kit_report.summary(KitFigures(sheets=28, pages=56, ink=76.4, starts=starts, flip="long"))
    lines = capsys.readouterr().err.splitlines()[1:]
    assert len(lines) > 1 and all(len(line) <= 100 for line in lines)
    for label, page in starts:
        assert any(f"{label} p. {page}" in line for line in lines), label
