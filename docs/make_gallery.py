"""Regenerate the README's pictures from the real commands, so they always show what pnpkit prints.

    .venv/bin/python docs/make_gallery.py
"""

import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

import pypdfium2  # noqa: E402  (the preview extra, which write_previews needs anyway)

from cli.main import run  # noqa: E402
from cli.render.preview import write_previews  # noqa: E402

SHOTS = [  # (picture name, command, pages to show (0-based; negative from the end))
    ("cards", ["cards"], [0, 1, 2]),
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


def main() -> None:
    folder = HERE / "gallery"
    with tempfile.TemporaryDirectory() as tmp:
        for name, args, pages in SHOTS:
            pdf = Path(tmp, f"{name}.pdf")
            if run([*args, "-o", str(pdf)]) != 0:
                raise SystemExit(f"{name}: command failed")
            for old in folder.glob(f"{name}-*.png"):
                old.unlink()
            data = pdf.read_bytes()
            count = len(pypdfium2.PdfDocument(data))
            write_previews(data, folder, name, dpi=60, pages=[p if p >= 0 else count + p for p in pages])


if __name__ == "__main__":
    main()
