"""Time and peak memory of a school-sized kit: `pnpkit kit --groups 200` (not a test: run it by hand).

    .venv/bin/python tests/benchmark_kit.py [--groups N] [--lang fr+en] [--names]

The whole process is measured, start-up included, as a print-room volunteer would wait for it: wall
time, and the peak resident memory the kernel reports for the child (wait4's ru_maxrss). The targets
are 30 s and 1 GiB on a 2-core machine; the script says whether they were met (exit 1 if not).

Then the cost of a page, side by side with tests/benchmark_cards.py's hand-written ReportLab script
drawing as many decks as the kit has groups (the plain way: every drawing made again on every page),
each the processor time of the whole process (user + system, steady on a busy machine) over its
pages. Target: the kit no slower a page than the script (ratio at most 1.00).
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchmark_cards import BASELINE

ROOT = Path(__file__).resolve().parents[1]
LIMIT_SECONDS = 30.0
LIMIT_BYTES = 1 << 30
LIMIT_PAGE_RATIO = 1.0


class Run:
    """One finished child process: wall and processor seconds, peak resident bytes, its stderr."""

    def __init__(self, args: list[str]) -> None:
        start = time.perf_counter()
        child = subprocess.Popen(args, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        self.err = child.stderr.read()
        _, status, usage = os.wait4(child.pid, 0)
        self.wall = time.perf_counter() - start
        self.cpu = usage.ru_utime + usage.ru_stime
        self.peak = usage.ru_maxrss * 1024
        if os.waitstatus_to_exitcode(status) != 0:
            raise SystemExit(f"{' '.join(args[1:3])} failed: {self.err.strip()}")


def run_kit(groups: int, lang: str, names: bool, folder: str) -> tuple[Run, int]:
    """The kit's run, in a fresh process, and its page count."""
    args = [sys.executable, "-m", "cli", "kit", "--lang", lang, "-o", str(Path(folder) / "kit.pdf")]
    if names:
        rows = Path(folder) / "groups.csv"
        rows.write_text("".join(f"Ana{g},Bo{g},Cy{g}\n" for g in range(groups)), encoding="utf-8")
        args += ["--names-file", str(rows)]
    else:
        args += ["--groups", str(groups)]
    run = Run(args)
    return run, int(re.search(r"\((\d+) pages\)", run.err)[1])


def run_script(decks: int, folder: str) -> tuple[Run, int]:
    """The hand-written script drawing `decks` decks (fronts and backs, nine cards a sheet), and its pages."""
    script = Path(folder, "baseline.py")
    script.write_text(BASELINE)
    sheets = -(-12 * decks // 9)
    return Run([sys.executable, str(script), str(Path(folder, "decks.pdf")), str(decks)]), 2 * sheets


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--groups", type=int, default=200)
    parser.add_argument("--lang", default="fr")
    parser.add_argument("--names", action="store_true", help="with a names file (score sheets per group)")
    options = parser.parse_args()
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "cli")], check=True)  # as pip installs it
    with tempfile.TemporaryDirectory() as folder:
        kit, pages = run_kit(options.groups, options.lang, options.names, folder)
        script, script_pages = run_script(options.groups, folder)
    print(kit.err.splitlines()[0] if kit.err else "")
    print(f"time: {kit.wall:.1f} s (target {LIMIT_SECONDS:.0f} s)")
    print(f"peak memory: {kit.peak / (1 << 20):.0f} MiB (target {LIMIT_BYTES >> 20} MiB)")
    ours, theirs = kit.cpu / pages, script.cpu / script_pages
    print(f"a page: kit {1000 * ours:.1f} ms ({pages} pages, {kit.cpu:.1f} s processor time), hand-written "
          f"{options.groups} decks {1000 * theirs:.1f} ms ({script_pages} pages, {script.cpu:.1f} s)")
    print(f"per page: ratio {ours / theirs:.2f} (target <= {LIMIT_PAGE_RATIO:.2f})")
    met = kit.wall <= LIMIT_SECONDS and kit.peak <= LIMIT_BYTES and ours <= LIMIT_PAGE_RATIO * theirs
    print("targets met" if met else "TARGETS MISSED")
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
