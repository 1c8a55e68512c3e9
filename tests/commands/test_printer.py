"""`pnpkit printer`: profiles survive a round trip, apply to cards and calibrate, and lose to explicit options."""

import tomllib

import pypdf
import pytest

from cli.profiles import Profile, format_profiles
from tests.pdfcheck import page_sizes_mm, viewer_preferences


@pytest.fixture(autouse=True)
def config(tmp_path, monkeypatch):
    folder = tmp_path / "config"
    monkeypatch.setenv("PNPKIT_CONFIG", str(folder))
    return folder


def files(folder):
    """The folder's files but the lock file (which stays: removing it would race with the next save)."""
    return sorted(p.name for p in folder.iterdir() if p.name != ".printers.toml.lock")


def ok(result):
    assert result.code == 0, result.err
    return result


def test_save_list_remove_round_trip(pnpkit, config):
    ok(pnpkit("printer", "save", "lab-card", "--back-offset", "1.5,-0.5", "--duplex", "short"))
    ok(pnpkit("printer", "save", "office", "--back-offset", "0,2", "--paper", "letter"))
    data = tomllib.loads((config / "printers.toml").read_text())
    assert data == {"lab-card": {"back_offset": [1.5, -0.5], "duplex": "short", "paper": "a4"},
                    "office": {"back_offset": [0.0, 2.0], "duplex": "long", "paper": "letter"}}
    listed = ok(pnpkit("printer", "list")).out
    assert "lab-card  --back-offset 1.5,-0.5  --duplex short  --paper a4" in listed
    assert "office    --back-offset 0,2  --duplex long  --paper letter" in listed
    ok(pnpkit("printer", "save", "office", "--back-offset", "-1,0"))  # replacing keeps the others
    ok(pnpkit("printer", "remove", "lab-card"))
    data = tomllib.loads((config / "printers.toml").read_text())
    assert data == {"office": {"back_offset": [-1.0, 0.0], "duplex": "long", "paper": "a4"}}
    assert files(config) == ["printers.toml"]  # no temporary file left behind


def test_the_file_is_written_in_one_step(pnpkit, config, monkeypatch):
    ok(pnpkit("printer", "save", "lab", "--back-offset", "1,1"))
    before = (config / "printers.toml").read_text()

    def crash(*args):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("os.replace", crash)
    result = pnpkit("printer", "save", "other", "--back-offset", "2,2")
    assert result.code == 2 and "No space left on device" in result.err
    assert (config / "printers.toml").read_text() == before
    assert files(config) == ["printers.toml"]


def test_written_text_reads_back_as_the_same_profiles():
    profiles = {"b": Profile("b", (0.1, -4.25), "short", "letter"), "a": Profile("a", (0.0, 0.0))}
    data = tomllib.loads(format_profiles(profiles))
    assert list(data) == ["a", "b"]
    assert data["b"] == {"back_offset": [0.1, -4.25], "duplex": "short", "paper": "letter"}


def test_empty_list_says_how_to_save(pnpkit):
    assert "pnpkit printer save NAME --back-offset X,Y" in ok(pnpkit("printer", "list")).out


def test_a_profile_gives_cards_its_paper_flip_and_offset(pnpkit, tmp_path):
    ok(pnpkit("printer", "save", "lab", "--back-offset", "1.5,-0.5", "--duplex", "short", "--paper", "letter"))
    ok(pnpkit("cards", "--printer", "lab", "-o", tmp_path / "profile.pdf"))
    ok(pnpkit("cards", "--paper", "letter", "--duplex", "short", "--back-offset", "1.5,-0.5",
              "-o", tmp_path / "explicit.pdf"))
    assert (tmp_path / "profile.pdf").read_bytes() == (tmp_path / "explicit.pdf").read_bytes()
    width, height = page_sizes_mm(tmp_path / "profile.pdf")[0]
    assert abs(width - 215.9) < 0.1 and abs(height - 279.4) < 0.1
    assert viewer_preferences(tmp_path / "profile.pdf")["/Duplex"] == "/DuplexFlipShortEdge"


def test_explicit_options_win_over_the_profile(pnpkit, tmp_path):
    ok(pnpkit("printer", "save", "lab", "--back-offset", "1.5,-0.5", "--duplex", "short", "--paper", "letter"))
    ok(pnpkit("cards", "--printer", "lab", "--back-offset", "0,0", "--paper", "a4", "-o", tmp_path / "mixed.pdf"))
    ok(pnpkit("cards", "--paper", "a4", "--duplex", "short", "-o", tmp_path / "explicit.pdf"))
    assert (tmp_path / "mixed.pdf").read_bytes() == (tmp_path / "explicit.pdf").read_bytes()
    ok(pnpkit("cards", "--printer", "lab", "--duplex", "long", "-o", tmp_path / "long.pdf"))
    ok(pnpkit("cards", "--paper", "letter", "--back-offset", "1.5,-0.5", "-o", tmp_path / "long2.pdf"))
    assert (tmp_path / "long.pdf").read_bytes() == (tmp_path / "long2.pdf").read_bytes()


def test_calibrate_takes_only_paper_and_flip(pnpkit, tmp_path):
    ok(pnpkit("printer", "save", "lab", "--back-offset", "3,-2", "--duplex", "short", "--paper", "letter"))
    ok(pnpkit("calibrate", "--printer", "lab", "-o", tmp_path / "profile.pdf"))
    ok(pnpkit("calibrate", "--paper", "letter", "--duplex", "short", "-o", tmp_path / "plain.pdf"))
    assert (tmp_path / "profile.pdf").read_bytes() == (tmp_path / "plain.pdf").read_bytes()
    assert len(pypdf.PdfReader(tmp_path / "plain.pdf").pages) == 2


@pytest.mark.parametrize(("args", "words"), [
    (["printer", "save", "bad name", "--back-offset", "1,1"], "printer name 'bad name' is not allowed"),
    (["printer", "save", "x" * 33, "--back-offset", "1,1"], "is not allowed"),
    (["printer", "save", "lab", "--back-offset", "1"], "not an offset"),
    (["printer", "save", "lab", "--back-offset", "1,1", "--duplex", "fold"], "use --duplex long or short"),
    (["printer", "save", "lab", "--back-offset", "1,1", "--paper", "a3"], "unknown paper 'a3'"),
    (["printer", "remove", "ghost"], "no printer profile 'ghost' to remove"),
    (["cards", "--printer", "ghost"], "no printer profile 'ghost' (saved: none yet)"),
    (["calibrate", "--printer", "../x"], "not allowed"),
])
def test_bad_profile_input_is_one_line(pnpkit, tmp_path, args, words):
    result = pnpkit(*args, *(["-o", tmp_path / "x.pdf"] if args[0] != "printer" else []))
    assert result.code == 2 and words in result.err, result.err
    assert result.err.count("\n") == 1
    assert not (tmp_path / "x.pdf").exists()


@pytest.mark.parametrize(("content", "words"), [
    ("lab = [", "Invalid"),
    ("[lab]\nback_offset = [1]\n", "profile 'lab': back_offset must be two numbers"),
    ("[lab]\nback_offset = [1, 'a']\n", "back_offset must be two numbers"),
    ("[lab]\nback_offset = [1, nan]\n", "back_offset must be two numbers"),
    ("[lab]\nback_offset = [1, 2]\nduplex = 'fold'\n", "duplex must be long or short"),
    ("lab = 3\n", "'lab' is not a profile table"),
])
def test_a_broken_file_is_named_in_one_line(pnpkit, config, tmp_path, content, words):
    config.mkdir()
    (config / "printers.toml").write_text(content)
    for args in (["printer", "list"], ["cards", "--printer", "lab", "-o", tmp_path / "x.pdf"]):
        result = pnpkit(*args)
        assert result.code == 2 and result.err.count("\n") == 1, result.err
        assert f"printer profiles file {config / 'printers.toml'} is broken" in result.err
        assert words in result.err and "fix it or delete it" in result.err
    assert not (tmp_path / "x.pdf").exists()


def _rects(path, page):
    from tests.pdfcheck import plumbed

    with plumbed(path) as pdf:
        shapes = pdf.pages[page].rects + pdf.pages[page].curves  # card backs: the tint's pebbles are curves
        return sorted((round(r["x0"], 2), round(r["top"], 2), round(r["width"], 2)) for r in shapes)


def test_the_kit_takes_the_back_offset_and_the_profile(pnpkit, tmp_path):
    ok(pnpkit("printer", "save", "lab", "--back-offset", "1.5,-0.5", "--duplex", "short", "--paper", "letter"))
    ok(pnpkit("kit", "--printer", "lab", "--lang", "en", "-o", tmp_path / "profile.pdf"))
    ok(pnpkit("kit", "--paper", "letter", "--duplex", "short", "--back-offset", "1.5,-0.5", "--lang", "en",
              "-o", tmp_path / "explicit.pdf"))
    assert (tmp_path / "profile.pdf").read_bytes() == (tmp_path / "explicit.pdf").read_bytes()
    ok(pnpkit("cards", "--paper", "letter", "--duplex", "short", "--back-offset", "1.5,-0.5", "--lang", "en",
              "-o", tmp_path / "cards.pdf"))
    ok(pnpkit("cards", "--paper", "letter", "--duplex", "short", "--lang", "en", "-o", tmp_path / "plain.pdf"))
    backs = _rects(tmp_path / "cards.pdf", 1)
    assert backs != _rects(tmp_path / "plain.pdf", 1)  # the offset moves the backs
    kit_pages = [_rects(tmp_path / "profile.pdf", i) for i in range(2, 6)]
    assert backs in kit_pages  # the kit's card backs sit exactly where the cards command puts them


def test_choice_values_are_case_insensitive_when_saved_and_when_read(pnpkit, config, tmp_path):
    ok(pnpkit("printer", "save", "lab", "--back-offset", "1,1", "--duplex", "SHORT", "--paper", " Letter "))
    saved = tomllib.loads((config / "printers.toml").read_text())["lab"]
    assert (saved["duplex"], saved["paper"]) == ("short", "letter")  # saved normalised
    (config / "printers.toml").write_text('[lab]\nback_offset = [1, 2]\nduplex = "LONG"\npaper = "A4"\n')
    assert "--duplex long  --paper a4" in ok(pnpkit("printer", "list")).out
    ok(pnpkit("cards", "--printer", "lab", "-o", tmp_path / "x.pdf"))
    assert [round(v) for v in page_sizes_mm(tmp_path / "x.pdf")[0]] == [210, 297]


@pytest.mark.parametrize(("content", "words"), [
    ('[lab]\nback_offset = [1, 2]\npaper = "zz"\n', "profile 'lab': paper must be one of a4, letter"),
    ("[lab]\nback_offset = [1, 2]\npaper = 4\n", "paper must be one of"),
    ('[lab]\nback_offset = [1, 2]\nduplex = "FOLD"\n', "duplex must be long or short"),
])
def test_an_unknown_paper_or_flip_in_the_file_is_refused_naming_the_file(pnpkit, config, tmp_path, content, words):
    config.mkdir()
    (config / "printers.toml").write_text(content)
    result = pnpkit("calibrate", "--printer", "lab", "-o", tmp_path / "x.pdf")
    assert result.code == 2 and result.err.count("\n") == 1, result.err
    assert str(config / "printers.toml") in result.err and words in result.err
    assert not (tmp_path / "x.pdf").exists()


def test_saving_a_name_again_in_any_case_replaces_it_and_says_what_it_was(pnpkit, config):
    first = ok(pnpkit("printer", "save", "salon", "--back-offset", "1.5,-0.5")).out
    assert first.startswith("saved printer 'salon' in ")
    again = ok(pnpkit("printer", "save", "Salon", "--back-offset", "2,0")).out
    assert again.startswith("replaced printer 'salon' in ")
    assert again.rstrip().endswith("(was --back-offset 1.5,-0.5 --duplex long --paper a4)")
    assert tomllib.loads((config / "printers.toml").read_text()) == {
        "salon": {"back_offset": [2.0, 0.0], "duplex": "long", "paper": "a4"}}  # one profile, never two
    ok(pnpkit("cards", "--printer", "SALON", "-o", "c.pdf"))  # found in any case
    removed = ok(pnpkit("printer", "remove", "SALON")).out
    assert "to undo: pnpkit printer save salon --back-offset 2,0 --duplex long --paper a4" in removed
    assert tomllib.loads((config / "printers.toml").read_text()) == {}
