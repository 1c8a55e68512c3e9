"""Coverage paused while a test reads what pnpkit wrote.

Coverage measures `cli/` only, but on Python 3.11 a trace function slows every Python line of the process two
to three times, the tests' own PDF parsing included (pdfplumber and pdfminer are pure Python and made of many
small calls). What a test does to read a PDF is never measured, so it runs untraced: `with untraced():`, or
`reading(obj)`, a stand-in for a pdfplumber object whose every attribute and method runs untraced.
pnpkit's own code never runs inside: a test that calls `cli` from there would lose its coverage. A test module
marked `pytest.mark.untraced` (tests/conftest.py) runs its tests' bodies untraced and calls pnpkit only through
the fixtures, which run it `traced()`.
"""

import contextlib
import functools
import importlib.machinery
import inspect
import sys
from collections.abc import Callable, Iterator

try:
    from coverage import Coverage
except ImportError:  # the runtime install (./pnpkit) has no test tools: nothing to pause
    Coverage = None

_paused = 0  # nesting depth: only the outermost `untraced()` stops and restarts coverage
_stopped = None  # the Coverage the outermost `untraced()` stopped: `traced()` runs it again for a block


@contextlib.contextmanager
def untraced() -> Iterator[None]:
    """Coverage stopped for the block, then restarted (nothing when coverage is not running)."""
    global _paused, _stopped
    running = Coverage.current() if Coverage is not None and _paused == 0 else None
    before = _stopped
    if running is not None:
        running.stop()
        _stopped = running
    _paused += 1
    try:
        yield
    finally:
        _paused -= 1
        if running is not None:
            _stopped = before
            running.start()


@contextlib.contextmanager
def traced() -> Iterator[None]:
    """Coverage running for the block, also inside `untraced()`: pnpkit's own code that an untraced test
    calls through a fixture (`pnpkit`, `built`, `laid`, `kit_pdf`) is measured as everywhere else."""
    global _paused
    if _paused == 0 or _stopped is None:
        yield
        return
    depth, running = _paused, _stopped
    _paused = 0
    running.start()
    try:
        yield
    finally:
        running.stop()
        _paused = depth


def traced_if(measured: bool) -> contextlib.AbstractContextManager[None]:
    """pnpkit traced for a case chosen to measure its lines, untraced for a case that only repeats them.

    A test run over a grid (every language x paper x print size) asks the same code the same questions: its
    lines are measured by a few cases (each language once, each paper and print size once), and the other
    cases run at full speed, asserting as much. Choose the measured cases by their parameters, never by
    order (xdist spreads a module's tests over workers), and check that the module covers the same lines."""
    return traced() if measured else untraced()


def in_turn(langs: list[str], prints: list[tuple]) -> set[tuple]:
    """The cases a grid measures (`traced_if`): each language once, with the papers and print sizes in turn
    ((lang, *print)); the grid's other cases repeat their lines."""
    return {(lang, *prints[i % len(prints)]) for i, lang in enumerate(langs)}


PRINTS = [("a4", False), ("letter", False), ("a4", True), ("letter", True)]  # (paper, large print)


def untraced_helper(function: Callable) -> Callable:
    """A test helper that only measures what was read (loops over characters and boxes, no `cli` call) run
    untraced: its pure-Python loops cost two to three times as much traced, and are never measured."""
    @functools.wraps(function)
    def run(*args, **kwargs):
        with untraced():
            return function(*args, **kwargs)

    return run


class reading:  # noqa: N801  (reads as a function: `reading(pdfplumber.open(...))`)
    """A pdfplumber PDF or page whose attributes and methods run untraced; pages and crops stay wrapped."""

    __slots__ = ("_inner",)

    def __init__(self, inner) -> None:
        object.__setattr__(self, "_inner", inner)

    def __getattr__(self, name: str):
        with untraced():
            value = getattr(self._inner, name)
        return _wrapped(value)

    def __call__(self, *args, **kwargs):
        with untraced():
            value = self._inner(*args, **kwargs)
        return _wrapped(value)

    def __len__(self) -> int:
        return len(self._inner)

    def __iter__(self):
        return iter(_wrapped(list(self._inner)))

    def __getitem__(self, index):
        with untraced():
            value = self._inner[index]
        return _wrapped(value)

    def __repr__(self) -> str:
        return f"reading({self._inner!r})"


def _is_plumber(value) -> bool:
    return type(value).__module__.startswith(("pdfplumber.", "pdfminer."))


def _wrapped(value):
    """pdfplumber objects and their bound methods wrapped; plain data (floats, dicts, lists of dicts) as it is."""
    if inspect.ismethod(value) and _is_plumber(value.__self__):
        return reading(value)
    if _is_plumber(value) and not isinstance(value, (list, dict, tuple)):
        return reading(value)
    if isinstance(value, list) and value and _is_plumber(value[0]) and not isinstance(value[0], dict):
        return [reading(item) for item in value]
    return value


class _TracedImports:
    """A pnpkit module first imported inside `untraced()` (a lazy import in a case of a grid run untraced) is
    still run traced: its definitions are measured however the tests are spread over the workers."""

    @staticmethod
    def find_spec(name: str, path=None, target=None):
        if _paused == 0 or name.split(".")[0] != "cli":
            return None
        spec = importlib.machinery.PathFinder.find_spec(name, path, target)
        if spec is not None and hasattr(spec.loader, "exec_module"):
            run = spec.loader.exec_module

            def exec_module(module) -> None:
                with traced():
                    run(module)

            spec.loader.exec_module = exec_module
        return spec


sys.meta_path.insert(0, _TracedImports())
