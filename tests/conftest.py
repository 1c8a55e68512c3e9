"""Shared fixtures: run the CLI in-process, and pin what could make tests flaky."""

from dataclasses import dataclass
from pathlib import Path

import PIL.Image  # noqa: F401  the real module before cli.render's stand-in: pypdfium2 renders use it
import pytest

import cli.render.text  # noqa: F401  the layout pass's metrics, which documents built in tests ask
from cli.main import run
from tests.schedule import pytest_collection_modifyitems  # noqa: F401  the costliest modules first on xdist
from tests.untraced import traced, traced_if, untraced


def pytest_configure(config):
    config.addinivalue_line("markers", "untraced: the test's body runs with coverage paused (tests/untraced.py); "
                                       "pnpkit runs only through the fixtures, traced")
    config.addinivalue_line("markers", "opens(query): the browser tests' tab opens the page at that address "
                                       "(tests/web/test_browser.py `page`)")


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item):
    """A test marked `untraced` reads at full speed: coverage paused in its body, running again inside the
    fixtures that call pnpkit (`pnpkit`, `built`, `laid`, `kit_pdf`). Mark only tests that never call `cli`
    themselves: what they call directly would go unmeasured."""
    if item.get_closest_marker("untraced") is None:
        return (yield)
    with untraced():
        return (yield)


@dataclass
class Result:
    code: int
    out: str
    err: str


@pytest.fixture(autouse=True)
def _steady_environment(monkeypatch):
    monkeypatch.setenv("COLUMNS", "100")
    monkeypatch.setenv("TZ", "UTC")


@pytest.fixture
def pnpkit(capsys, tmp_path, monkeypatch):
    """Run `pnpkit ARGS` in a temporary folder; returns exit code, stdout and stderr. `measured=False`: pnpkit
    untraced, for a case of a grid whose lines other cases measure (tests/untraced.py traced_if)."""
    monkeypatch.chdir(tmp_path)

    def invoke(*args: str, measured: bool = True) -> Result:
        with traced_if(measured):
            code = run([str(a) for a in args])
        captured = capsys.readouterr()
        return Result(code, captured.out, captured.err)

    return invoke


@pytest.fixture
def pdf_path(tmp_path) -> Path:
    return tmp_path / "out.pdf"


@pytest.fixture(scope="session")
def built(tmp_path_factory):
    """`built(*args)`: the file `pnpkit ARGS -o FILE` writes, made once per session (per xdist worker) for
    the same arguments: pnpkit is deterministic, so tests that read the same document share it. Read it,
    never change it; a test about writing files or about the exit code runs `pnpkit` itself."""
    made: dict[tuple[str, ...], Path] = {}

    def build(*args) -> Path:
        key = tuple(str(a) for a in args)
        if key not in made:
            path = tmp_path_factory.mktemp("built") / "out.pdf"
            with traced():
                assert run([*key, "-o", str(path)]) == 0, key
            made[key] = path
        return made[key]

    return build




# -- kits laid out once, read as a tree or drawn (tests/laidcheck.py reads the tree) -------------------------

@pytest.fixture(scope="session")
def _kits(tmp_path_factory):
    """The session's laid-out kits, by arguments: `laid` reads them, `kit_pdf` draws them."""
    import cli.commands.kit
    import cli.documents.kit

    made: dict[tuple[str, ...], cli.documents.kit.LaidKit] = {}
    unmeasured: set[tuple[str, ...]] = set()  # laid out untraced: laid out again, traced, if a test measures it

    def make(key: tuple[str, ...], out: Path | None, measured: bool = True) -> cli.documents.kit.LaidKit:
        """Run `pnpkit kit KEY -o kit.pdf` (the command's own option parsing, rebuild command included),
        laying the kit out only the first time; drawn and written only when `out` is given. `measured=False`:
        pnpkit untraced (tests/untraced.py traced_if), for a kit whose lines other cases measure."""
        if measured and key in unmeasured:  # coverage must not depend on which test came first
            made.pop(key)
            unmeasured.discard(key)
        elif not measured and key not in made:
            unmeasured.add(key)

        def laid_kit(*given, **keywords):
            if key not in made:
                made[key] = real(*given, **keywords)
            return made[key]

        if out is None and key in made:
            return made[key]
        real = cli.documents.kit.laid_kit
        target = out or tmp_path_factory.mktemp("laid") / "kit.pdf"  # the same file name: the cover names
        with pytest.MonkeyPatch.context() as patch, traced_if(measured):  # the answers' file after it
            patch.setattr(cli.documents.kit, "laid_kit", laid_kit)
            if out is None:
                patch.setattr(cli.commands.kit, "_write", lambda *given: None)
            assert run(["kit", *key, "-o", str(target)]) == 0, key
        return made[key]

    return make


@pytest.fixture(scope="session")
def laid(_kits):
    """`laid(*args)`: the `LaidKit` (`.kit`, `.figures`, `.answers`) that `pnpkit kit ARGS` draws, laid out
    once per session (per xdist worker) and not drawn: structure tests read its tree (`tests/laidcheck.py`)
    at the cost of the layout alone; `measured=False` for a case of a grid whose lines other cases measure
    (tests/untraced.py traced_if). Read it, never change it."""
    return lambda *args, measured=True: _kits(tuple(str(a) for a in args), None, measured)


@pytest.fixture(scope="session")
def kit_pdf(_kits, tmp_path_factory):
    """`kit_pdf(*args)`: the file `pnpkit kit ARGS -o kit.pdf` writes (with --split, kit-answers.pdf beside
    it), made once per session from the same laid-out kit as `laid(*args)`: a test that reads the PDF end to
    end and one that reads the tree share the layout. Read it, never change it."""
    drawn: dict[tuple[str, ...], Path] = {}

    def draw(*args) -> Path:
        key = tuple(str(a) for a in args)
        if key not in drawn:
            drawn[key] = tmp_path_factory.mktemp("kit") / "kit.pdf"
            _kits(key, drawn[key])
        return drawn[key]

    return draw


@pytest.fixture(scope="session")
def class_list(tmp_path_factory):
    """`class_list(rows)`: a names file (CSV) holding `rows`, one file per content for the session: its path
    is part of the kit's rebuild command, so `laid`, `kit_pdf` and `built` share the kits made from it."""
    files: dict[str, Path] = {}

    def write(rows: str) -> Path:
        if rows not in files:
            files[rows] = tmp_path_factory.mktemp("names") / "names.csv"
            files[rows].write_text(rows, encoding="utf-8")
        return files[rows]

    return write
