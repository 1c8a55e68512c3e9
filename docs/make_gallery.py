"""Regenerate the README's pictures from the real commands, so they always show what pnpkit prints.

    .venv/bin/python docs/make_gallery.py              # every picture
    .venv/bin/python docs/make_gallery.py serve-page   # only the named ones

The page of `pnpkit serve` is photographed in Debian's Chromium (/usr/bin/chromium) through Playwright
(a test dependency), after one click on its main button.
"""

import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

import pypdfium2  # noqa: E402  (a dependency: it counts the pages here)

from cli.main import run  # noqa: E402
from cli.render.preview import write_previews  # noqa: E402

SHOTS = [  # (picture name, command, pages to show (0-based; negative from the end))
    ("cards", ["cards", "--set-id", "3"], [0, 1, 2, 3]),  # 3: the seat and reminder cards' marked backs
    ("cards-fold", ["cards", "--duplex", "fold", "--lang", "en"], [0]),  # folded across the page
    ("cards-fold-mini", ["cards", "--duplex", "fold", "--size", "mini", "--paper", "letter", "--lang", "en"],
     [0]),  # folded down the page
    ("calibrate", ["calibrate", "--lang", "en"], [0, 1]),
    ("record-sheet", ["record-sheet", "--players", "Ana,Bo,Cy"], [0]),
    ("demo", ["demo"], [0, 2]),
    ("score-dreist", ["score", "dreist", "--names", "Ana,Bo,Cy"], [0]),
    ("score-dreist-solo", ["score", "dreist", "--players", "1", "--lang", "en"], [0]),
    ("score-twinit-ring", ["score", "twinit", "--variant", "ring", "--players", "5", "--lang", "en"], [0]),
    ("score-twinit-solo", ["score", "twinit", "--names", "Ana,Bo,Cy", "--per-page", "2", "--sheets", "2"], [0]),
    ("score-twinit-clans", ["score", "twinit", "--variant", "clans", "--names", "Ana,Bo,Cy,Dee,Eli",
                            "--per-page", "2", "--sheets", "2"], [0]),
    ("score-twinit-coop", ["score", "twinit", "--variant", "coop", "--per-page", "4", "--sheets", "4"], [0]),
    ("rules-dreist-bilingual", ["rules", "dreist", "--lang", "fr+en"], [0]),
    ("kit-cover", ["kit", "--groups", "3"], [0]),
    ("exercises", ["exercises", "--lang", "en"], [0, -1]),  # -1: the last page, the answer key
]


def main(only: list[str]) -> None:
    folder = HERE / "gallery"
    with tempfile.TemporaryDirectory() as tmp:
        for name, args, pages in SHOTS:
            if only and name not in only:
                continue
            pdf = Path(tmp, f"{name}.pdf")
            if run([*args, "-o", str(pdf)]) != 0:
                raise SystemExit(f"{name}: command failed")
            for old in folder.glob(f"{name}-*.png"):
                old.unlink()
            data = pdf.read_bytes()
            count = len(pypdfium2.PdfDocument(data))
            write_previews(data, folder, name, dpi=60, pages=[p if p >= 0 else count + p for p in pages])


def page_shot(path: Path) -> None:
    """The page in English after its main button was pressed: the kit's previews and its download."""
    import os
    import re
    import socket
    import subprocess

    from playwright.sync_api import sync_playwright

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with tempfile.TemporaryDirectory() as config:
        server = subprocess.Popen([sys.executable, "-m", "cli.main", "serve", "--no-browser", "--port", str(port)],
                                  stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, cwd=config,
                                  env={**os.environ, "PNPKIT_CONFIG": config})
        try:
            address = re.search(r"http://\S+", server.stdout.readline()).group(0)
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", headless=True,
                                                     args=["--no-sandbox", "--disable-gpu", "--disable-quic"])
                page = browser.new_page(viewport={"width": 1000, "height": 1320}, locale="en-GB")
                page.goto(address)
                page.get_by_label("Groups of three").fill("3")
                page.get_by_role("button", name="Make the kit").first.click()
                page.locator("#result-body .pages img").nth(9).wait_for()
                page.wait_for_function("[...document.querySelectorAll('#result-body .pages img')].slice(0, 10)"
                                       ".every(i => i.complete && i.naturalWidth > 0)")
                page.evaluate("scrollTo(0, 0)")  # the page's top (the result scrolled itself into view)
                page.screenshot(path=str(path))
                browser.close()
        finally:
            server.terminate()
            server.wait(10)


if __name__ == "__main__":
    wanted = sys.argv[1:]
    if not wanted or set(wanted) - {"serve-page"}:
        main([n for n in wanted if n != "serve-page"])
    if not wanted or "serve-page" in wanted:
        page_shot(HERE / "gallery" / "serve-page.png")
