"""Benchmark (not a test): `pnpkit cards` against a minimal hand-written ReportLab script.

Both run as whole processes, draw the same twelve fronts and backs on A4 with the same embedded
font, and are timed alternately; the ratio of medians is printed. Target: at most 1.5.

    .venv/bin/python tests/benchmark_cards.py [runs]
"""

import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BASELINE = r'''
import sys
from fontpkg_atkinson_hyperlegible import ROOT
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

pdfmetrics.registerFont(TTFont("R", str(ROOT / "files/AtkinsonHyperlegible-Regular.ttf")))
pdfmetrics.registerFont(TTFont("B", str(ROOT / "files/AtkinsonHyperlegible-Bold.ttf")))
W, H, CW, CH = 210, 297, 63, 88
c = Canvas(sys.argv[1], pagesize=(W * mm, H * mm), invariant=1, initialFontName="R")
slots = [(10.5 + col * CW, 16.5 + row * CH) for row in range(3) for col in range(3)]
cards = [(s, v) for s in "CTS" for v in range(1, 5)]

def shape(kind, x, y, size):
    if kind == "C":
        c.circle(x * mm, (H - y) * mm, size / 2 * mm, fill=1)
    else:
        c.rect((x - size / 2) * mm, (H - y - size / 2) * mm, size * mm, size * mm, fill=1)

for start in (0, 9):
    chunk = cards[start:start + 9]
    for (suit, value), (x, y) in zip(chunk, slots):
        c.setFillColorRGB(1, 1, 1); c.rect(x * mm, (H - y - CH) * mm, CW * mm, CH * mm, stroke=0, fill=1)
        c.setFillColorRGB(0, 0, 0)
        c.roundRect((x + 2.6) * mm, (H - y - CH + 2.6) * mm, (CW - 5.2) * mm, (CH - 5.2) * mm, 3 * mm)
        c.setFont("B", 22); c.drawCentredString((x + 6.8) * mm, (H - y - 11.2) * mm, str(value))
        c.setFont("R", 6.5); c.drawCentredString((x + 6.8) * mm, (H - y - 21) * mm, f"{suit}{value}")
        c.saveState(); c.translate((x + CW / 2) * mm, (H - y - CH / 2) * mm); c.rotate(180)
        c.setFont("B", 22); c.drawCentredString((6.8 - CW / 2) * mm, (CH / 2 - 11.2) * mm, str(value))
        c.restoreState()
        for i in range(value):
            shape(suit, x + CW / 2, y + 20 + i * 16, 15)
    c.showPage()
    for (x, y) in slots[:len(chunk)]:
        bx = W - x - CW
        c.setFillColorRGB(0.11, 0.17, 0.31); c.rect(bx * mm, (H - y - CH) * mm, CW * mm, CH * mm, stroke=0, fill=1)
        c.saveState()
        p = c.beginPath(); p.rect(bx * mm, (H - y - CH) * mm, CW * mm, CH * mm); c.clipPath(p, stroke=0, fill=0)
        c.setStrokeColorRGB(0.2, 0.27, 0.48); c.setLineWidth(0.6 * mm)
        for k in range(-25, 26):
            c.line((bx + k * 6) * mm, (H - y) * mm, (bx + k * 6 + 100) * mm, (H - y - 100) * mm)
            c.line((bx + k * 6) * mm, (H - y - CH) * mm, (bx + k * 6 + 100) * mm, (H - y - CH + 100) * mm)
        c.restoreState()
        c.setStrokeColorRGB(0.56, 0.64, 0.81)
        c.roundRect((bx + 2.6) * mm, (H - y - CH + 2.6) * mm, (CW - 5.2) * mm, (CH - 5.2) * mm, 3 * mm)
        c.circle((bx + CW / 2) * mm, (H - y - CH / 2) * mm, 11 * mm, fill=1)
    c.showPage()
c.save()
'''


def timed(command: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(command, check=True, capture_output=True)
    return time.perf_counter() - start


def main(runs: int = 15) -> None:
    python = sys.executable
    pnpkit = str(Path(python).with_name("pnpkit"))
    with tempfile.TemporaryDirectory() as folder:
        script = Path(folder, "baseline.py")
        script.write_text(BASELINE)
        ours = [pnpkit, "cards", "-o", str(Path(folder, "ours.pdf"))]
        theirs = [python, str(script), str(Path(folder, "theirs.pdf"))]
        timed(ours), timed(theirs)  # warm the file cache
        a, b = [], []
        for _ in range(runs):
            a.append(timed(ours))
            b.append(timed(theirs))
    mine, base = statistics.median(a), statistics.median(b)
    print(f"pnpkit cards      median {mine * 1000:7.1f} ms over {runs} runs")
    print(f"minimal ReportLab median {base * 1000:7.1f} ms")
    print(f"ratio {mine / base:.2f} (target <= 1.5)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 15)
