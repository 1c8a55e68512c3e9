"""The page's work runs in a worker process, one request at a time, through the very code `pnpkit` runs.

The worker calls `cli.main.run(argv)`, so a PDF made from the page is byte for byte the one the same
command makes in a terminal. It is started once and kept warm (its imports done); stopping a request
(Cancel, a closed tab, the time limit) ends the process and starts a fresh one, so nothing half-done
stays behind. Requests wait their turn in order; each knows its place in the line.
"""

import asyncio
import io
import multiprocessing
import os
import time
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass, field
from pathlib import Path

TIME_LIMIT = 120.0  # seconds one request may run
WARM = ("cli.commands.kit", "cli.commands.cards", "cli.commands.kit_report", "cli.documents.kit", "cli.render.pdf",
        "cli.layout.pagination")


@dataclass
class Outcome:
    """What a finished run left: its exit code, what it printed, and the kit's part starts if any."""

    code: int
    stdout: str = ""
    stderr: str = ""
    parts: list[tuple[str, int]] = field(default_factory=list)
    refusal: tuple[str, dict] | None = None  # a refusal's key and values, for the page to word (cli/errors.py)
    printed: list[tuple[str, int, str]] = field(default_factory=list)  # each PDF's name, sheets and how it prints
    fault: str = ""  # an internal error's traceback, for the server's log (the visitor reads one sentence)
    notes: list[tuple[str, dict]] = field(default_factory=list)  # what the run said without refusing, by key and values
    stopped: str = ""  # "cancelled" or "timeout" when the run was ended before its end

    @property
    def refusal_key(self) -> str:
        return self.refusal[0] if self.refusal else ""

    @property
    def refusal_values(self) -> dict:
        return self.refusal[1] if self.refusal else {}


def _serve(conn) -> None:
    """The worker's loop: import once, then run each (argv, folder) it is sent and answer with an Outcome."""
    import signal
    import traceback
    from importlib import import_module

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C reaches the whole terminal group: the server stops us
    for name in WARM:
        import_module(name)
    from cli.commands import kit_report
    from cli.commands.common import on_printed
    from cli.main import run

    _rehearse(run)
    heard: dict[str, object] = {}
    kit_report.listen(lambda done, total: conn.send(("progress", done, total)),
                      lambda figures: heard.update(parts=list(figures.starts)),
                      lambda key, values: heard.setdefault("notes", []).append((key, values)))

    on_printed(lambda name, sheets, how: heard.setdefault("printed", []).append((name, sheets, how)))

    def refused(error) -> None:
        if error.key:
            heard["refusal"] = (error.key, error.values)

    def faulted(error) -> None:
        heard["fault"] = "".join(traceback.format_exception(error))

    conn.send(("ready",))
    while True:
        job = conn.recv()
        if job is None:
            return
        argv, folder = job
        os.chdir(folder)
        heard.clear()
        out, err = io.StringIO(), io.StringIO()
        with redirect_stdout(out), redirect_stderr(err):
            code = run(argv, on_refusal=refused, on_fault=faulted)
        conn.send(("done", Outcome(code, out.getvalue(), err.getvalue(), **heard)))


def _rehearse(run) -> None:
    """Make the default kit once, unseen: fonts, templates and caches are loaded before the first click."""
    import shutil
    import tempfile

    folder = tempfile.mkdtemp(prefix="pnpkit-warm-")
    try:
        with redirect_stdout(io.StringIO()), redirect_stderr(io.StringIO()):
            run(["kit", "-o", folder + os.sep])
    finally:
        shutil.rmtree(folder, ignore_errors=True)


class Worker:
    """One warm worker process and the line of requests waiting for it."""

    def __init__(self, time_limit: float = TIME_LIMIT) -> None:
        self.time_limit = time_limit
        self._context = multiprocessing.get_context("spawn")  # never fork a server's threads
        self._process = None
        self._conn = None
        self._turn = asyncio.Lock()
        self._line: list[object] = []  # tickets of the requests waiting, in order

    def start(self) -> None:
        """Start the process now, so that the first request finds it warm."""
        if self._process is None or not self._process.is_alive():
            ours, theirs = self._context.Pipe()
            self._process = self._context.Process(target=_serve, args=(theirs,), daemon=True, name="pnpkit-worker")
            self._process.start()
            theirs.close()
            self._conn = ours

    def stop(self) -> None:
        if self._process is not None and self._process.is_alive():
            self._process.kill()
            self._process.join(5)
        self._process = None

    def place(self, ticket: object) -> int:
        """How many requests are ahead of this one (0: it runs next or now)."""
        return self._line.index(ticket) if ticket in self._line else 0

    async def run(self, argv: list[str], folder: Path, *, ticket: object, progress=None, stop=None) -> Outcome:
        """Run `pnpkit argv` in `folder` once every request ahead is done.

        `progress(done, total)` hears about groups; `stop()` is asked often and ends the run when true.
        """
        self._line.append(ticket)
        try:
            async with self._turn:
                self._line.remove(ticket)
                if stop is not None and stop():
                    return Outcome(130, stopped="cancelled")
                return await self._run(argv, folder, progress, stop)
        finally:
            if ticket in self._line:
                self._line.remove(ticket)

    async def _run(self, argv, folder, progress, stop) -> Outcome:
        self.start()
        conn, started = self._conn, time.monotonic()
        conn.send((argv, str(folder)))
        while True:
            if await asyncio.to_thread(conn.poll, 0.05):
                try:
                    message = conn.recv()
                except EOFError:  # the process died (out of memory, killed): a fresh one next time
                    self.stop()
                    return Outcome(1, stderr="pnpkit: internal error: the worker process stopped")
                if message[0] == "progress" and progress is not None:
                    progress(message[1], message[2])
                elif message[0] == "done":
                    return message[1]
                continue
            why = "cancelled" if stop is not None and stop() else (
                "timeout" if time.monotonic() - started > self.time_limit else "")
            if why or not self._process.is_alive():
                self.stop()
                self.start()  # warm again for the next request
                return Outcome(130 if why else 1, stopped=why or "cancelled")
