"""The input contract of every command, drawn by Hypothesis: exit 0 with a valid PDF (or JSON), or exit 2
with exactly one line on stderr and no new or changed file; never exit 1, never a traceback.

Derandomised (the same examples on every run, so CI is deterministic) and small: a few hundred runs
in-process through cli.main.run.
"""

import io
import json
import os
import tempfile
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pypdf
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cli.main import run
from tests.security.conftest import ROOT, clear_caches
from tests.untraced import traced

# Hypothesis draws and shrinks at full speed (coverage paused in the tests' bodies); pnpkit runs traced
pytestmark = pytest.mark.untraced

CONTRACT = settings(max_examples=50, derandomize=True, deadline=None, database=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])

ODD = ["", " ", "\x00", "\udcff", "\u200b", "\u202e", "é", "Ζωή", "中", "😀", "سارة", "-", "1e9", "nan"]


def chosen(*valid: str) -> st.SearchStrategy[str]:
    """A choice option's value as people type it: valid, in another case, or with spaces around."""
    return st.sampled_from(list(valid) + [v.upper() for v in valid] + [f" {v.title()} " for v in valid])


def hostile(*valid: str) -> st.SearchStrategy[str]:
    """Anything at all for an option: odd characters, near misses, any text."""
    return st.one_of(st.sampled_from(ODD), st.text(max_size=8), st.sampled_from([v + "x" for v in valid]))


@st.composite
def options(draw, spec: dict) -> list[str]:
    """Command-line options: all plausible, or all but one plausible and that one hostile."""
    bad = draw(st.sampled_from([None, *spec]))
    args: list[str] = []
    for option, (good, evil) in spec.items():
        value = draw(evil if option == bad else good)
        if value is not None:
            args += [option, value]
    return args


ANY_CHAR = st.one_of(st.characters(), st.sampled_from(["\udcff", "\x00", "\x07", "\u200b", ",", ";", '"']))
GOOD_NAME = st.sampled_from(["Ana", "Bo", "Cy", "Zoë", "Ζωή", "Жанна", "Nguyễn Thị", "Ana, Jr", "A" * 16, "Lê"])
NAME = st.one_of(GOOD_NAME, st.sampled_from(["A" * 17, "中", "😀", "سارة", ""]),
                 st.text(alphabet=ANY_CHAR, max_size=18))


def _row(names: list[str]) -> str:
    return ",".join(f'"{n}"' if "," in n and '"' not in n else n for n in names)


GOOD_NAMES = st.lists(GOOD_NAME, min_size=3, max_size=3).map(_row)
NAMES = st.lists(NAME, min_size=0, max_size=6).map(_row)
CARD_TEXT = st.text(alphabet="ABCSTabcst01234:,; /¹٣５xZ\u00a0", max_size=60)
GOOD_DEAL = st.sampled_from(["A:C1,C4,T2,S3 B:C2,T1,T4,S1 C:C3,T3,S2,S4",
                             "a:s1 s2 s3 s4; b:t1 t2 t3 t4; c:c1 c2 c3 c4"])
DEAL = st.one_of(CARD_TEXT, st.text(max_size=30))
PLAYS = st.one_of(st.just("C1 C2 C3 / T3 T2 T4 / S1 S4 S3 / S2 C4 T1"), CARD_TEXT, st.text(max_size=20))
NUMBER = st.one_of(st.integers(-3, 20), st.integers(-(10**12), 10**12)).map(str)
PAPER, LANG = (chosen("a4", "letter"), hostile("a4")), (chosen("fr", "en", "fr+en"), hostile("fr"))


def _snapshot(folder: Path) -> dict[str, tuple[int, int]]:
    return {str(p.relative_to(folder)): (p.stat().st_size, p.stat().st_mtime_ns)
            for p in folder.rglob("*") if p.is_file()}


def check_contract(*args: str, json_out: bool = False) -> None:
    """Run `pnpkit ARGS -o out.pdf` in a fresh folder and check the contract."""
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        before = _snapshot(folder)
        stdout, stderr = io.TextIOWrapper(io.BytesIO(), encoding="utf-8"), io.StringIO()
        cwd = os.getcwd()
        os.chdir(folder)
        try:
            with redirect_stdout(stdout), redirect_stderr(stderr), traced():
                code = run([*args, "-o", "out.pdf"])
        finally:
            os.chdir(cwd)
        err = stderr.getvalue()
        assert code in (0, 2), (args, code, err)
        assert "Traceback" not in err and "internal error" not in err, (args, err)
        if code == 2:
            assert err.count("\n") == 1 and err.startswith("pnpkit: "), (args, err)
            assert _snapshot(folder) == before, args
            return
        if json_out:  # --json with -o FILE writes the JSON to FILE
            json.loads((folder / "out.pdf").read_text(encoding="utf-8"))
            return
        data = (folder / "out.pdf").read_bytes()
        assert data.startswith(b"%PDF-") and data.rstrip().endswith(b"%%EOF"), args
        assert len(pypdf.PdfReader(io.BytesIO(data)).pages) >= 1


@CONTRACT
@given(args=options({
    "--paper": PAPER, "--lang": LANG,
    "--size": (chosen("poker", "mini", "60x90", "30x40"), st.one_of(hostile("poker"), NUMBER.map(lambda n: n + "x90"))),
    "--duplex": (chosen("long", "short", "fold", "none"), hostile("long")),
    "--back-offset": (st.sampled_from(["0,0", "1.5,-0.5", "-2;1"]), st.one_of(hostile("0,0"), st.just("40,0"))),
    "--decks": (st.sampled_from(["1", "2"]), NUMBER),
}))
def test_cards(args):
    check_contract("cards", *args)


@CONTRACT
@given(args=options({
    "--deal": (st.none() | GOOD_DEAL, DEAL), "--leader": (chosen("A", "B", "C"), hostile("A")),
    "--seed": (st.none() | st.integers(0, 10**6).map(str), NUMBER), "--paper": PAPER, "--lang": LANG,
}), plays=st.one_of(st.none(), st.none(), st.none(), PLAYS), as_json=st.booleans())
def test_demo(args, plays, as_json):
    extra = (["--plays", plays] if plays is not None else []) + (["--json"] if as_json else [])
    check_contract("demo", *args, *extra, json_out=as_json)


@CONTRACT
@given(args=options({
    "--players": (st.none() | GOOD_NAMES, NAMES), "--copies": (st.sampled_from(["1", "2"]), NUMBER), "--lang": LANG,
}))
def test_record_sheet(args):
    check_contract("record-sheet", *args)


@CONTRACT
@given(game=st.sampled_from(["dreist", "twinit"]), args=options({
    "--names": (st.none() | GOOD_NAMES, NAMES), "--per-page": (st.sampled_from(["1", "2", "4"]), NUMBER),
    "--paper": PAPER, "--lang": LANG,
}), variant=st.one_of(chosen("solo", "ring", "coop"), hostile("solo")))
def test_score(game, args, variant):
    check_contract("score", game, *args, *(["--variant", variant] if game == "twinit" else []))


@settings(CONTRACT, max_examples=15)
@given(game=st.one_of(chosen("trick", "dreist", "twinit"), hostile("trick")), lang=st.one_of(*LANG))
def test_rules(game, lang):
    check_contract("rules", game, "--lang", lang)


@settings(CONTRACT, max_examples=12)
@given(rows=st.one_of(st.lists(GOOD_NAMES, min_size=1, max_size=2), st.lists(NAMES, min_size=0, max_size=3)),
       groups=st.none() | st.sampled_from(["1", "2", "0", "17", "x"]))
def test_kit_names_file(rows, groups, tmp_path):
    names_file = tmp_path / "groups.csv"
    names_file.write_text("\r\n".join(rows), encoding="utf-8", errors="surrogateescape")
    check_contract("kit", "--names-file", str(names_file), *(["--groups", groups] if groups is not None else []))


ATTRIBUTE = st.one_of(st.sampled_from(["0", "10", "-5", "1e9", "nan", "inf", "-inf", "1e400", "0x10", "", "5mm",
                                       "1" * 400, "&amp;", "<", '"', "{{", "10.5"]),
                      st.floats(allow_nan=True, allow_infinity=True).map(repr), st.text(max_size=6))


@settings(CONTRACT, max_examples=60)
@given(values=st.fixed_dictionaries({"x": st.just("20"), "y": st.just("20"), "size": st.just("10"),
                                     "width": st.just("30"), "step": st.just("2")}),
       which=st.sampled_from(["x", "y", "size", "width", "step"]), value=st.one_of(st.just("15"), ATTRIBUTE))
def test_template_attribute_values(values, which, value, tmp_path_factory):
    values[which] = value
    x, y, size, width, step = (values[key] for key in ("x", "y", "size", "width", "step"))
    folder = tmp_path_factory.mktemp("templates")
    import shutil

    shutil.copytree(ROOT / "templates", folder, dirs_exist_ok=True)
    (folder / "calibrate.xml.j2").write_text(
        '<document title="x" width="210" height="297"><page>\n'
        f'<text x="{x}" y="{y}" size="{size}">hello</text>\n'
        f'<rect x="20" y="20" w="{width}" h="10"/>\n'
        f'<hatch x="20" y="40" w="20" h="20" step="{step}"/>\n'
        "</page></document>\n", encoding="utf-8", errors="surrogateescape")
    os.environ["PNPKIT_TEMPLATES"] = str(folder)
    clear_caches()
    try:
        check_contract("calibrate")
    finally:
        del os.environ["PNPKIT_TEMPLATES"]
        clear_caches()


# -- every command of main.COMMANDS --------------------------------------------------------------
# The commands above have contracts written for them; every other printing command of main.COMMANDS
# gets one drawn from the option registry (its flags, choices and ranges), so a new command is covered
# the day it is added.
WRITTEN_FOR = {"cards", "demo", "record-sheet", "score", "rules", "kit"}
NOT_PRINTING = {"printer", "serve"}


def _drawn_commands() -> list:
    from cli.commands.registry import commands

    return [c for c in commands() if c.path[0] not in WRITTEN_FOR | NOT_PRINTING]


def _value(option) -> st.SearchStrategy:
    """A plausible value for a registry option, or None (left out)."""
    from cli.commands.registry import FLAG, INT, SWITCH

    if option.kind in (FLAG, SWITCH):
        return st.sampled_from([None, True, False])
    if option.choices:
        return st.none() | chosen(*option.choices)
    if option.kind == INT:
        low, high = option.minimum or 0, option.maximum if option.maximum is not None else 10
        return st.none() | st.integers(low, min(high, low + 3)).map(str)
    return st.none()


@st.composite
def drawn_args(draw, command) -> list[str]:
    """The command's options, each plausible or left out, one of them perhaps hostile."""
    fields = [o for o in command.options if o.on_page and not o.argument and o.name not in ("printer",)]
    bad = draw(st.sampled_from([None, *[o.flag for o in fields if o.kind not in ("flag", "switch")]]))
    args: list[str] = []
    for option in fields:
        value = draw(hostile(str(option.default or "")) if option.flag == bad else _value(option))
        if value is True:
            args.append(option.flag)
        elif value is False:
            args += [option.off_flag] if option.off_flag else []
        elif value is not None:
            args += [option.flag, value]
    return args


def test_every_printing_command_has_a_contract():
    with traced():
        from cli.main import COMMANDS

        drawn = {c.path[0] for c in _drawn_commands()}
    assert set(COMMANDS) - NOT_PRINTING == WRITTEN_FOR | drawn


@settings(CONTRACT, max_examples=6)
@given(data=st.data())
@pytest.mark.parametrize("name", [c.name for c in _drawn_commands()])
def test_every_other_command(name, data):
    from cli.commands.registry import command

    with traced():
        found = command(name)
    check_contract(*found.path, *data.draw(drawn_args(found)))
