"""Time and peak memory of a school-sized kit: `pnpkit kit --groups 200` (not a test: run it by hand).

    .venv/bin/python tests/benchmark_kit.py [--groups N] [--lang fr+en] [--names]

The whole process is measured, start-up included, as a print-room volunteer would wait for it: wall
time, and the peak resident memory the kernel reports for the child (wait4's ru_maxrss). The targets
are 30 s and 1 GiB on a 2-core machine; the script says whether they were met (exit 1 if not).

Then the cost of a page, side by side with tests/benchmark_cards.py's hand-written ReportLab script
drawing as many decks as the kit has groups (the plain way: every drawing made again on every page),
each the processor time of the whole process (user + system, steady on a busy machine) over its
pages. Target: the kit no slower a page than the script (ratio at most 1.00).

    .venv/bin/python tests/benchmark_kit.py --instructions [--groups N]   # valgrind, steady on a busy machine

counts instead the instructions of a page (valgrind's callgrind; default 6 groups): the kit with N groups less
the kit with one, over the pages it adds, against the script with N decks less the script with one deck. Start-up
and everything made once are left out on both sides, as 200 groups spread them over 2,600 pages.
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchmark_cards import BASELINE, instructions

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


def kit_command(groups: int, lang: str, names: bool, folder: str) -> list[str]:
    """The kit's command line for `groups` groups (with a names file of as many rows with `names`)."""
    args = [sys.executable, "-m", "cli", "kit", "--lang", lang, "-o", str(Path(folder) / f"kit{groups}.pdf")]
    if names:
        rows = Path(folder) / f"groups{groups}.csv"
        rows.write_text("".join(f"Ana{g},Bo{g},Cy{g}\n" for g in range(groups)), encoding="utf-8")
        return [*args, "--names-file", str(rows)]
    return [*args, "--groups", str(groups)]


def pages_of(err: str) -> int:
    """The page count the kit reports on stderr ('… (2,612 pages)')."""
    return int(re.search(r"\(([\d,]+) pages\)", err)[1].replace(",", ""))


def run_kit(groups: int, lang: str, names: bool, folder: str) -> tuple[Run, int]:
    """The kit's run, in a fresh process, and its page count."""
    run = Run(kit_command(groups, lang, names, folder))
    return run, pages_of(run.err)


def script_command(decks: int, folder: str) -> tuple[list[str], int]:
    """The hand-written script drawing `decks` decks (fronts and backs, nine cards a sheet), and its pages."""
    script = Path(folder, "baseline.py")
    script.write_text(BASELINE)
    sheets = -(-12 * decks // 9)
    return [sys.executable, str(script), str(Path(folder, f"decks{decks}.pdf")), str(decks)], 2 * sheets


def run_script(decks: int, folder: str) -> tuple[Run, int]:
    """The script's run, in a fresh process, and its page count."""
    command, pages = script_command(decks, folder)
    return Run(command), pages


def per_page_instructions(groups: int, lang: str, names: bool) -> int:
    """Instructions of a page, kit against script, each the difference between N groups (decks) and one."""
    if not shutil.which("valgrind"):
        raise SystemExit("--instructions needs valgrind (apt-get install valgrind)")

    def least(command: list[str]) -> int:
        """The fewer of two counts: a cache another process emptied meanwhile (compiled templates, parsed TOML)
        once added 640 M to one run."""
        return min(instructions(command, cwd=ROOT) for _ in range(2))

    with tempfile.TemporaryDirectory() as folder:
        counts, pages = {}, {}
        for n in (1, groups):
            kit = kit_command(n, lang, names, folder)
            pages["kit", n] = pages_of(Run(kit).err)  # the page count; warms the file and template caches
            counts["kit", n] = least(kit)
            script, pages["script", n] = script_command(n, folder)
            Run(script)
            counts["script", n] = least(script)
    cost = {side: (counts[side, groups] - counts[side, 1]) / (pages[side, groups] - pages[side, 1])
            for side in ("kit", "script")}
    for side, name in (("kit", f"kit --groups {groups}"), ("script", f"hand-written {groups} decks")):
        print(f"{name}: {counts[side, groups] / 1e6:,.0f} M instructions, {pages[side, groups]} pages; "
              f"one: {counts[side, 1] / 1e6:,.0f} M, {pages[side, 1]} pages; "
              f"a page: {cost[side] / 1e6:.2f} M")
    ratio = cost["kit"] / cost["script"]
    print(f"per page: ratio {ratio:.2f} (target <= {LIMIT_PAGE_RATIO:.2f})")
    return 0 if ratio <= LIMIT_PAGE_RATIO else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--groups", type=int, help="default 200 (6 with --instructions)")
    parser.add_argument("--lang", default="fr")
    parser.add_argument("--names", action="store_true", help="with a names file (score sheets per group)")
    parser.add_argument("--instructions", action="store_true", help="a page's instructions under valgrind")
    options = parser.parse_args()
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "cli")], check=True)  # as pip installs it
    if options.instructions:
        return per_page_instructions(options.groups or 6, options.lang, options.names)
    options.groups = options.groups or 200
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
