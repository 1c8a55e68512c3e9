"""Benchmark (not a test): `pnpkit cards` against a minimal hand-written ReportLab script.

Both run as whole processes, draw the same fronts and opaque backs on A4 with the same embedded font
(the script the plain way: every drawing made again on every page; pnpkit without its seat cards),
and are timed alternately. Two ratios of medians are printed: the whole process for one deck (target
at most 1.35), and the cost of each extra page, from one deck to 50 (target at most 0.80).

    .venv/bin/python tests/benchmark_cards.py [runs]
    .venv/bin/python tests/benchmark_cards.py --instructions   # valgrind: counts, steady on a busy machine
"""

import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BASELINE = r'''
import math, sys
from fontpkg_atkinson_hyperlegible import ROOT
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

pdfmetrics.registerFont(TTFont("R", str(ROOT / "files/AtkinsonHyperlegible-Regular.ttf")))
pdfmetrics.registerFont(TTFont("B", str(ROOT / "files/AtkinsonHyperlegible-Bold.ttf")))
W, H, CW, CH = 210, 297, 63, 88
c = Canvas(sys.argv[1], pagesize=(W * mm, H * mm), invariant=1, initialFontName="R")
c.setTitle("Shape cards"); c.setViewerPreference("PrintScaling", "None")
slots = [(10.5 + col * CW, 16.5 + row * CH) for row in range(3) for col in range(3)]
cards = [(s, v) for s in "CTS" for v in range(1, 5)] * int(sys.argv[2])  # decks
colour = {"C": (0.23, 0.44, 0.77), "T": (0.82, 0.28, 0.23), "S": (0.18, 0.57, 0.35)}
spots = {1: [(0, 0)], 2: [(0, -0.19), (0, 0.19)], 3: [(0, -0.23), (0, 0), (0, 0.23)],
         4: [(-0.2, -0.17), (0.2, -0.17), (-0.2, 0.17), (0.2, 0.17)]}

def P(x, y):
    return x * mm, (H - y) * mm

def shape(kind, x, y, size):
    r = size / 2
    if kind == "C":
        c.circle(*P(x, y), r * mm, fill=1)
        return
    h = size * math.sqrt(3) / 4
    pts = ([(x - r, y - r), (x + r, y - r), (x + r, y + r), (x - r, y + r)] if kind == "S" else
           [(x, y - h), (x + r, y + h), (x - r, y + h)])
    p = c.beginPath(); p.moveTo(*P(*pts[0]))
    for q in pts[1:]:
        p.lineTo(*P(*q))
    p.close(); c.drawPath(p, fill=1)

def corner(suit, value, x, y):
    c.setFillColorRGB(0, 0, 0); c.setFont("B", 22); c.drawCentredString(*P(x + 4.2, y + 8.6), str(value))
    c.setFillColorRGB(*colour[suit]); shape(suit, x + 4.2, y + 12.6, 4.2)
    c.setFillColorRGB(0, 0, 0); c.setFont("R", 6.5); c.drawCentredString(*P(x + 4.2, y + 18.4), f"{suit}{value}")

for start in range(0, len(cards), 9):
    chunk = cards[start:start + 9]
    c.setFont("B", 7); c.drawString(*P(5, 9.1), "Imprimez à 100 % (taille réelle), sans ajuster à la page.")
    c.setLineWidth(0.2 * mm); c.line(*P(153.5, 6.8), *P(203.5, 6.8))
    for i in range(51):
        c.line(*P(153.5 + i, 6.8), *P(153.5 + i, 6.8 + (3 if i % 10 == 0 else 2 if i % 5 == 0 else 1.2)))
        if i % 10 == 0:
            c.setFont("R", 6); c.drawCentredString(*P(153.5 + i, 12.2), str(i))
    c.setFont("R", 6.5); c.drawCentredString(*P(105, 289.5), "Découpez le long des traits de coupe.")
    for i in range(4):
        for y0, y1 in ((16, 13), (281, 284)):
            c.line(*P(10.5 + i * CW, y0), *P(10.5 + i * CW, y1))
        for x0, x1 in ((10, 7), (200, 203)):
            c.line(*P(x0, 16.5 + i * CH), *P(x1, 16.5 + i * CH))
    for (suit, value), (x, y) in zip(chunk, slots):
        c.setFillColorRGB(1, 1, 1); c.rect(*P(x, y + CH), CW * mm, CH * mm, stroke=0, fill=1)
        c.setStrokeColorRGB(*colour[suit]); c.setLineWidth(0.5 * mm)
        c.roundRect(*P(x + 2.6, y + CH - 2.6), (CW - 5.2) * mm, (CH - 5.2) * mm, 3 * mm)
        c.setStrokeColorRGB(0, 0, 0); c.setLineWidth(0.3 * mm)
        corner(suit, value, x + 2.6, y + 2.6)
        cx, cy = P(x + CW / 2, y + CH / 2)
        c.saveState(); c.translate(cx, cy); c.rotate(180); c.translate(-cx, -cy)
        corner(suit, value, x + 2.6, y + 2.6)
        c.restoreState()
        c.setFillColorRGB(*colour[suit])
        for dx, dy in spots[value]:
            shape(suit, x + CW / 2 + dx * CW, y + CH / 2 + dy * CH, 17)
    c.showPage()
    for (x, y) in slots[:len(chunk)]:
        bx = W - x - CW
        c.setFillColorRGB(0.11, 0.17, 0.31); c.rect(*P(bx, y + CH), CW * mm, CH * mm, stroke=0, fill=1)
        c.setStrokeColorRGB(0.2, 0.27, 0.48); c.setLineWidth(0.6 * mm)
        for k in range(-13, 14):  # crossed lines, cut to the card by hand like pnpkit does
            for sign in (1, -1):
                ox = bx + CW / 2 + k * 4.2 * math.sqrt(2)
                c.line(*P(max(bx, ox - 44), y + CH / 2 - sign * 44), *P(min(bx + CW, ox + 44), y + CH / 2 + sign * 44))
        c.setStrokeColorRGB(0.56, 0.64, 0.81); c.setLineWidth(0.5 * mm)
        c.roundRect(*P(bx + 2.6, y + CH - 2.6), (CW - 5.2) * mm, (CH - 5.2) * mm, 3 * mm)
        c.setFillColorRGB(0.11, 0.17, 0.31); c.circle(*P(bx + CW / 2, y + CH / 2), 11 * mm, fill=1)
        c.setFillColorRGB(0.79, 0.83, 0.92); shape("S", bx + CW / 2, y + CH / 2, 10)
    c.showPage()
c.save()
'''


def timed(command: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(command, check=True, capture_output=True)
    return time.perf_counter() - start


def instructions(command: list[str], cwd: Path | None = None) -> int:
    """Instructions executed by the command under valgrind's callgrind (needs valgrind)."""
    result = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *command],
                            check=True, capture_output=True, text=True, cwd=cwd)
    return int(re.search(r"Collected : (\d+)", result.stderr).group(1))


def main(runs: int = 9, count_instructions: bool = False) -> None:
    python = sys.executable
    pnpkit = str(Path(python).with_name("pnpkit"))
    # An installed pnpkit has its bytecode compiled (pip does it); a checkout under
    # PYTHONDONTWRITEBYTECODE would recompile every module on every run, so compile once here.
    subprocess.run([python, "-m", "compileall", "-q", str(Path(__file__).resolve().parents[1] / "cli")], check=True)
    with tempfile.TemporaryDirectory() as folder:
        script = Path(folder, "baseline.py")
        script.write_text(BASELINE)

        def commands(decks: int) -> tuple[list[str], list[str]]:
            ours = [pnpkit, "cards", "--back", "opaque", "--no-seat-cards", "--decks", str(decks),
                    "-o", str(Path(folder, f"ours{decks}.pdf"))]
            return ours, [python, str(script), str(Path(folder, f"theirs{decks}.pdf")), str(decks)]

        (ours1, theirs1), (ours50, theirs50) = commands(1), commands(DECKS)
        for command in (ours1, theirs1, ours50, theirs50):
            timed(command)  # warm the file cache
        if count_instructions:
            if not shutil.which("valgrind"):
                raise SystemExit("--instructions needs valgrind (apt-get install valgrind)")
            unit, scale = "M instr.", 1e6
            a1, b1, a50, b50 = (instructions([python, *c] if c[0] == pnpkit else c)
                                for c in (ours1, theirs1, ours50, theirs50))
        else:
            unit, scale = "ms", 1e-3
            samples: dict[int, list[float]] = {i: [] for i in range(4)}
            for _ in range(runs):  # alternately, so a busy moment hits both sides
                for i, command in enumerate((ours1, theirs1, ours50, theirs50)):
                    samples[i].append(timed(command))
            a1, b1, a50, b50 = (statistics.median(samples[i]) for i in range(4))
    extra = PAGES[DECKS] - PAGES[1]
    print(f"pnpkit cards               {a1 / scale:8.1f} {unit}   hand-written {b1 / scale:8.1f} {unit}")
    print(f"pnpkit cards --decks {DECKS}     {a50 / scale:8.1f} {unit}   hand-written {b50 / scale:8.1f} {unit}")
    print(f"whole process: ratio {a1 / b1:.2f} (target <= 1.35)")
    print(f"per page ({extra} more pages): ratio {(a50 - a1) / (b50 - b1):.2f} (target <= 0.80)")


DECKS = 50
PAGES = {1: 4, 50: 134}  # 12 cards a deck, 9 to a sheet, fronts and backs


if __name__ == "__main__":
    if "--instructions" in sys.argv:
        main(count_instructions=True)
    else:
        main(int(sys.argv[1]) if len(sys.argv) > 1 else 9)
