"""Time and peak memory of a school-sized kit: `pnpkit kit --groups 200` (not a test: run it by hand).

    .venv/bin/python tests/benchmark_kit.py [--groups N] [--lang fr+en] [--names]

The whole process is measured, start-up included, as a print-room volunteer would wait for it: wall
time, and the peak resident memory the kernel reports for the child (wait4's ru_maxrss). The targets
are 30 s and 1 GiB on a 2-core machine; the script says whether they were met (exit 1 if not).
"""

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LIMIT_SECONDS = 30.0
LIMIT_BYTES = 1 << 30


def run_kit(groups: int, lang: str, names: bool) -> tuple[float, int, str]:
    """Wall seconds, peak resident bytes and the kit's summary line, for one run in a fresh process."""
    with tempfile.TemporaryDirectory() as folder:
        args = [sys.executable, "-m", "cli", "kit", "--lang", lang, "-o", str(Path(folder) / "kit.pdf")]
        if names:
            rows = Path(folder) / "groups.csv"
            rows.write_text("".join(f"Ana{g},Bo{g},Cy{g}\n" for g in range(groups)), encoding="utf-8")
            args += ["--names-file", str(rows)]
        else:
            args += ["--groups", str(groups)]
        start = time.perf_counter()
        child = subprocess.Popen(args, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        err = child.stderr.read()
        _, status, usage = os.wait4(child.pid, 0)
        seconds = time.perf_counter() - start
        child.returncode = os.waitstatus_to_exitcode(status)
        if child.returncode != 0:
            raise SystemExit(f"pnpkit kit failed ({child.returncode}): {err.strip()}")
    return seconds, usage.ru_maxrss * 1024, err.splitlines()[0] if err else ""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--groups", type=int, default=200)
    parser.add_argument("--lang", default="fr")
    parser.add_argument("--names", action="store_true", help="with a names file (score sheets per group)")
    options = parser.parse_args()
    seconds, peak, summary = run_kit(options.groups, options.lang, options.names)
    print(summary)
    print(f"time: {seconds:.1f} s (target {LIMIT_SECONDS:.0f} s)")
    print(f"peak memory: {peak / (1 << 20):.0f} MiB (target {LIMIT_BYTES >> 20} MiB)")
    met = seconds <= LIMIT_SECONDS and peak <= LIMIT_BYTES
    print("targets met" if met else "TARGETS MISSED")
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
