"""How quickly `pnpkit serve` answers and how much memory it keeps (a benchmark, not a test).

    .venv/bin/python tests/benchmark_serve.py [--kits 20]

Targets on a 2-core machine: the page answers within 1 s of the start; the first thumbnail of the
default kit shows within 1.5 s of the click (Debian's Chromium through Playwright); resident memory
stays under 250 MB after 20 kits (the server, and the server with its worker process).
"""

import argparse
import os
import re
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def children(pid: int) -> list[int]:
    found = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        found += [int(p) for p in (task / "children").read_text().split()]
    return found


def first_thumbnail(address: str) -> tuple[float, float]:
    """Seconds from the click to the first thumbnail drawn, for a first and a second default kit."""
    from playwright.sync_api import sync_playwright

    times = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", headless=True, args=ARGS)
        page = browser.new_page(locale="en-US")
        for _ in range(2):
            page.goto(address)
            started = time.perf_counter()
            page.get_by_role("button", name="Make the kit").first.click()
            page.wait_for_function("(() => { const i = document.querySelector('#result-body .pages img');"
                                   " return i && i.complete && i.naturalWidth > 0; })()", polling=10)
            times.append(time.perf_counter() - started)
        browser.close()
    return times[0], times[1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kits", type=int, default=20)
    kits = parser.parse_args().kits
    port = free_port()
    with tempfile.TemporaryDirectory() as config:
        env = {**os.environ, "PNPKIT_CONFIG": config}
        started = time.perf_counter()
        server = subprocess.Popen([sys.executable, "-m", "cli.main", "serve", "--no-browser", "--port", str(port)],
                                  cwd=config, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        address = f"http://127.0.0.1:{port}/"
        try:
            while True:
                try:
                    if httpx.get(address, timeout=1).status_code == 200:
                        break
                except httpx.TransportError:
                    time.sleep(0.01)
            answered = time.perf_counter() - started
            print(f"page answers {answered:.2f} s after the start (target 1 s)")
            first, second = first_thumbnail(address)
            print(f"first thumbnail {first:.2f} s after the click, {second:.2f} s the next time (target 1.5 s)")
            with httpx.Client(base_url=address, timeout=120) as client:
                csrf = re.search(r'name="csrf" value="([^"]+)"', client.get("/").text).group(1)
                for _ in range(kits):
                    made = client.post("/make", data={"csrf": csrf, "command": "kit"})
                    assert made.status_code == 200 and "kit-a4-fr.pdf" in made.text
                    job = re.search(r"/jobs/(\d+)/pages/1\.png", made.text).group(1)
                    client.get(f"/jobs/{job}/pages/1.png")  # a preview made, as the page would
            alone = rss_mb(server.pid)
            total = alone + sum(rss_mb(child) for child in children(server.pid))
            print(f"after {kits + 2} kits: server {alone:.0f} MB resident, with its worker {total:.0f} MB "
                  "(target 250 MB)")
        finally:
            server.terminate()
            server.wait(10)


if __name__ == "__main__":
    main()
