"""Printer profiles lose nothing: concurrent saves, hand-written text, links, bounds, hostile files."""

import multiprocessing
import os
import time
import tomllib

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cli.profiles import Profile, load_profiles, remove_profile, save_profile
from tests.security.conftest import one_line

# Python 3.12 warns that forking a process with threads (xdist's and coverage's here) may deadlock the child; the
# forked children below only save or remove a profile, taking no lock those threads hold.
pytestmark = pytest.mark.filterwarnings("ignore:This process .* is multi-threaded, use of fork:DeprecationWarning")


@pytest.fixture(autouse=True)
def config(tmp_path, monkeypatch):
    folder = tmp_path / "config"
    monkeypatch.setenv("PNPKIT_CONFIG", str(folder))
    return folder


def _save(name: str) -> None:
    save_profile(Profile(name, (1.0, -1.0)))


def _remove(name: str) -> None:
    remove_profile(name)


def _run_at_once(jobs: list[tuple]) -> None:
    """Each job in its own process, all started together (fork: no interpreter start-up to wait for)."""
    context = multiprocessing.get_context("fork")
    processes = [context.Process(target=target, args=(arg,)) for target, arg in jobs]
    for process in processes:
        process.start()
    for process in processes:
        process.join(30)
        assert process.exitcode == 0


def test_ten_saves_at_once_keep_ten_profiles(config):
    for round_ in range(2):
        names = [f"p{round_}-{i}" for i in range(10)]
        _run_at_once([(_save, name) for name in names])
        assert set(names) <= set(load_profiles())
    assert len(load_profiles()) == 20


def test_saves_and_removes_at_once_leave_what_they_asked(config):
    for round_ in range(2):
        old = [f"old{round_}-{i}" for i in range(5)]
        for name in old:
            _save(name)
        new = [f"new{round_}-{i}" for i in range(5)]
        _run_at_once([(_save, name) for name in new] + [(_remove, name) for name in old])
        saved = set(load_profiles())
        assert set(new) <= saved and not set(old) & saved
    assert sorted(p.name for p in config.iterdir() if not p.name.endswith(".lock")) == ["printers.toml"]


HAND_WRITTEN = """\
# My printers, kept by hand.
[office]  # the one by the door
back_offset = [0.5, 0.5]  # measured in March
duplex = "long"
paper = "a4"
toner = "black"  # not pnpkit's: kept

[lab]
back_offset = [1.0, 2.0]
"""


def test_a_save_keeps_comments_unknown_keys_and_order(config):
    config.mkdir()
    (config / "printers.toml").write_text(HAND_WRITTEN)
    save_profile(Profile("lab", (-1.5, 0.25), "short", "letter"))
    save_profile(Profile("new", (0.0, 0.0)))
    text = (config / "printers.toml").read_text()
    for kept in ("# My printers, kept by hand.", "# the one by the door", "# measured in March",
                 'toner = "black"  # not pnpkit\'s: kept'):
        assert kept in text
    data = tomllib.loads(text)
    assert list(data) == ["office", "lab", "new"]
    assert data["lab"] == {"back_offset": [-1.5, 0.25], "duplex": "short", "paper": "letter"}
    assert data["office"]["toner"] == "black"
    remove_profile("lab")
    assert "# the one by the door" in (config / "printers.toml").read_text()
    assert list(load_profiles()) == ["office", "new"]


def test_a_linked_file_is_written_through_to_its_target(config, tmp_path):
    dotfiles = tmp_path / "dotfiles"
    dotfiles.mkdir()
    (dotfiles / "printers.toml").write_text(HAND_WRITTEN)
    os.chmod(dotfiles / "printers.toml", 0o600)
    config.mkdir()
    (config / "printers.toml").symlink_to(dotfiles / "printers.toml")
    save_profile(Profile("new", (0.0, 1.0)))
    assert (config / "printers.toml").is_symlink()
    assert "new" in tomllib.loads((dotfiles / "printers.toml").read_text())
    assert os.stat(dotfiles / "printers.toml").st_mode & 0o777 == 0o600  # permissions kept


def test_a_bom_is_accepted(config):
    config.mkdir()
    (config / "printers.toml").write_bytes(b"\xef\xbb\xbf" + HAND_WRITTEN.encode())
    assert list(load_profiles()) == ["office", "lab"]
    save_profile(Profile("new", (0.0, 1.0)))
    assert list(load_profiles()) == ["office", "lab", "new"]


@pytest.mark.parametrize(("offset", "words"), [("10.5,0", "more than 10 mm one way"),
                                               ("0,-99999999999", "more than 10 mm one way"),
                                               ("9" * 400 + ",0", "more than 10 mm one way")])
def test_a_saved_offset_has_the_bounds_of_back_offset(pnpkit, config, offset, words):
    result = pnpkit("printer", "save", "lab", "--back-offset", offset)
    assert result.code == 2 and words in result.err and one_line(result), result.err
    assert not (config / "printers.toml").exists()


@pytest.mark.parametrize(("table", "words"), [
    ("back_offset = [12.0, 0.0]", "profile 'lab': back_offset 12,0 is more than 10 mm"),
    ("back_offset = [0.0, 0.0]\npaper = 'a3'", "profile 'lab': paper must be one of"),
    ("back_offset = [0.0, 0.0]\nduplex = 'fold'", "profile 'lab': duplex must be long or short"),
])
def test_a_bad_hand_edited_profile_names_the_profile_and_file_not_an_option(pnpkit, config, tmp_path, table, words):
    config.mkdir()
    (config / "printers.toml").write_text(f"[lab]\n{table}\n")
    result = pnpkit("cards", "--printer", "lab", "-o", tmp_path / "x.pdf")
    assert result.code == 2 and one_line(result), result.err
    assert words in result.err and str(config / "printers.toml") in result.err
    assert "--back-offset" not in result.err and "--paper" not in result.err
    assert not (tmp_path / "x.pdf").exists()


def test_a_profile_offset_does_not_apply_to_fold(pnpkit, config, tmp_path):
    assert pnpkit("printer", "save", "lab", "--back-offset", "1,1").code == 0
    result = pnpkit("cards", "--printer", "lab", "--duplex", "fold", "-o", tmp_path / "x.pdf")
    assert result.code == 0, result.err


def _hostile_files(config, tmp_path):
    """Things found where printers.toml should be, each with the words that name the problem."""
    deep = "[lab]\nback_offset = [0, 0]\nx = " + "[" * 3000 + "]" * 3000 + "\n"
    return {
        "fifo": (lambda p: os.mkfifo(p), "not a regular file"),
        "device": (lambda p: p.symlink_to("/dev/zero"), "not a regular file"),
        "folder": (lambda p: p.mkdir(), "it is a folder"),
        "large": (lambda p: p.write_text("# x\n" * 20000), "larger than 64 KiB"),
        "deep": (lambda p: p.write_text(deep), "nested"),
        "deep-shallow": (lambda p: p.write_text("[lab]\nback_offset = [0, 0]\nx = [[[[[1]]]]]\n"), "nested"),
        "latin1": (lambda p: p.write_bytes(b"# caf\xe9\n"), "not UTF-8"),
        "escape": (lambda p: p.write_text('["\\u001b[31mred"]\nback_offset = [0, 0]\n'), "not a printer name"),
    }


@pytest.mark.parametrize("kind", ["fifo", "device", "folder", "large", "deep", "deep-shallow", "latin1", "escape"])
def test_a_hostile_profiles_file_is_one_line_at_once(pnpkit, config, tmp_path, kind):
    make, words = _hostile_files(config, tmp_path)[kind]
    config.mkdir()
    make(config / "printers.toml")
    for args in (["printer", "list"], ["printer", "save", "x", "--back-offset", "0,0"]):
        start = time.monotonic()
        result = pnpkit(*args)
        assert time.monotonic() - start < 5.0  # a FIFO or device would block for ever; 5 s on a busy machine
        assert result.code == 2 and one_line(result), result.err
        assert words in result.err and "\x1b" not in result.err and "red" not in result.err


def test_pnpkit_config_naming_a_file_says_so(pnpkit, tmp_path, monkeypatch):
    (tmp_path / "cfg").write_text("x")
    monkeypatch.setenv("PNPKIT_CONFIG", str(tmp_path / "cfg"))
    for args in (["printer", "list"], ["printer", "save", "x", "--back-offset", "0,0"]):
        result = pnpkit(*args)
        assert result.code == 2 and one_line(result), result.err
        assert f"PNPKIT_CONFIG={tmp_path / 'cfg'} is a file, not a folder" in result.err


def test_a_profile_offset_the_layout_refuses_names_the_profile_not_the_option(pnpkit, config, tmp_path):
    assert pnpkit("printer", "save", "lab", "--back-offset", "10,10").code == 0
    result = pnpkit("cards", "--printer", "lab", "--size", "60x90", "-o", tmp_path / "x.pdf")
    assert result.code == 2 and one_line(result), result.err
    assert f"printer profile 'lab' in {config / 'printers.toml'}: its back_offset 10,10 moves" in result.err
    assert "--back-offset 10,10" not in result.err and not (tmp_path / "x.pdf").exists()
    typed = pnpkit("cards", "--printer", "lab", "--back-offset", "10,10", "--size", "60x90", "-o", tmp_path / "x.pdf")
    assert typed.code == 2 and "--back-offset 10,10 moves" in typed.err


_PIECES = st.sampled_from(["[lab]\n", "[lab]\nback_offset = [1.5, -0.5]\n", "back_offset = [1, 2]\n",
                           "duplex = 'SHORT'\n", "paper = 'Letter'\n", "# a comment\n", "x = [[[[1]]]]\n",
                           "[\"\\u001b[2J\"]\n", "[a.b]\n", "lab = 3\n", "\ufeff", "back_offset = [1e400, 0]\n"])


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(content=st.one_of(st.binary(max_size=200), st.lists(_PIECES, max_size=6).map("".join).map(str.encode),
                         st.text(max_size=200).map(lambda t: t.encode("utf-8", "surrogatepass"))))
def test_any_profiles_file_is_read_or_refused_in_one_safe_line(pnpkit, config, content):
    config.mkdir(exist_ok=True)
    (config / "printers.toml").write_bytes(content)
    for args in (["printer", "list"], ["printer", "save", "new", "--back-offset", "1,1"]):
        result = pnpkit(*args)
        assert result.code in (0, 2) and "internal error" not in result.err
        if result.code == 2:
            assert one_line(result) and "printer profiles file" in result.err
            assert "\x1b" not in result.err and result.err[:-1].isprintable()


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(offset=st.tuples(*[st.floats(-10, 10, allow_nan=False)] * 2), duplex=st.sampled_from(["long", "short"]),
       paper=st.sampled_from(["a4", "letter"]),
       comment=st.text(st.characters(codec="utf-8", exclude_categories=["Cc", "Cs"]), max_size=20))
def test_a_saved_profile_reads_back_and_the_hand_written_text_stays(config, offset, duplex, paper, comment):
    config.mkdir(exist_ok=True)
    (config / "printers.toml").write_text(f"# {comment}\n[office]  # {comment}\nback_offset = [0.5, 0.5]\n")
    save_profile(Profile("lab", offset, duplex, paper))
    assert load_profiles()["lab"] == Profile("lab", offset, duplex, paper)
    text = (config / "printers.toml").read_text()
    assert text.startswith(f"# {comment}\n[office]  # {comment}\n")
