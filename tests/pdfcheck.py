"""Measure produced PDFs: page sizes, rectangles in mm, text, fonts, viewer preferences."""

from dataclasses import dataclass
from pathlib import Path

import pdfplumber
import pypdf

PT = 72 / 25.4  # points per mm
TOL = 0.1  # mm


@dataclass(frozen=True)
class MMRect:
    x: float
    y: float  # from the top of the page
    w: float
    h: float
    fill: tuple | None

    def close_to(self, other: "MMRect", tol: float = TOL) -> bool:
        return all(abs(a - b) <= tol for a, b in
                   ((self.x, other.x), (self.y, other.y), (self.w, other.w), (self.h, other.h)))


def _color(value) -> tuple | None:
    if value is None:
        return None
    return tuple(round(float(v), 3) for v in value) if isinstance(value, (list, tuple)) else (float(value),)


def rects(page) -> list[MMRect]:
    return [
        MMRect(r["x0"] / PT, r["top"] / PT, r["width"] / PT, r["height"] / PT,
               _color(r.get("non_stroking_color")) if r.get("fill") else None)
        for r in page.rects
    ]


def card_rects(page, w: float, h: float, fill: tuple) -> list[MMRect]:
    """Filled rectangles of exactly the card size and the given fill colour."""
    return [r for r in rects(page) if abs(r.w - w) <= TOL and abs(r.h - h) <= TOL and r.fill == fill]


WHITE = (1.0, 1.0, 1.0)
BACK_FILL = (0.114, 0.169, 0.31)  # #1d2b4f, the card back ground
BLEED = 3.0  # layouts/sheet.toml [back] bleed: the opaque ground runs this far past the card


def back_rects(page, w: float, h: float) -> list[MMRect]:
    """The cards behind opaque backs: their ground is the card grown by the bleed on every side."""
    return [MMRect(r.x + BLEED, r.y + BLEED, w, h, r.fill)
            for r in card_rects(page, w + 2 * BLEED, h + 2 * BLEED, BACK_FILL)]


def page_sizes_mm(path: Path) -> list[tuple[float, float]]:
    reader = pypdf.PdfReader(path)
    return [(float(p.mediabox.width) / PT, float(p.mediabox.height) / PT) for p in reader.pages]


def drawn_bounds(page) -> list[tuple[float, float, float, float]]:
    """Every drawn object's box in mm (x0, top, x1, bottom), text included."""
    boxes = []
    for obj in page.chars + page.rects + page.lines + page.curves:
        boxes.append((obj["x0"] / PT, obj["top"] / PT, obj["x1"] / PT, obj["bottom"] / PT))
    return boxes


def text_of(path: Path, page_index: int) -> str:
    with pdfplumber.open(path) as pdf:
        return pdf.pages[page_index].extract_text() or ""


def all_text(path: Path) -> list[str]:
    with pdfplumber.open(path) as pdf:
        return [page.extract_text() or "" for page in pdf.pages]


def font_report(path: Path) -> list[dict]:
    """Each font resource: its name, whether it embeds a font file, and whether it is subset."""
    reader = pypdf.PdfReader(path)
    seen, report = set(), []
    for page in reader.pages:
        fonts = page.get("/Resources", {}).get_object().get("/Font", {})
        for ref in fonts.values():
            font = ref.get_object()
            key = id(font)
            if key in seen:
                continue
            seen.add(key)
            base = str(font.get("/BaseFont", ""))
            descendants = font.get("/DescendantFonts")
            descriptor = (descendants[0].get_object() if descendants else font).get("/FontDescriptor")
            descriptor = descriptor.get_object() if descriptor is not None else {}
            embedded = any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3"))
            report.append({"name": base, "embedded": embedded, "subset": "+" in base})
    return report


def viewer_preferences(path: Path) -> dict:
    reader = pypdf.PdfReader(path)
    prefs = reader.trailer["/Root"].get("/ViewerPreferences")
    return {str(k): str(v) for k, v in prefs.get_object().items()} if prefs else {}


def metadata(path: Path) -> dict:
    reader = pypdf.PdfReader(path)
    info = {str(k): str(v) for k, v in (reader.metadata or {}).items()}
    info["/Lang"] = str(reader.trailer["/Root"].get("/Lang", ""))
    return info


def ink_near_the_edge(path, margin=5.0, dpi=100):
    """Pages with a pixel darker than white closer than `margin` mm to the paper edge (0.15 mm leeway)."""
    import pypdfium2

    band = int((margin - 0.15) * dpi / 25.4)
    found = []
    for number, page in enumerate(pypdfium2.PdfDocument(str(path))):
        image = page.render(scale=dpi / 72, grayscale=True).to_pil().convert("L")
        w, h = image.size
        for box in ((0, 0, w, band), (0, h - band, w, h), (0, 0, band, h), (w - band, 0, w, h)):
            if image.crop(box).getextrema()[0] < 255:
                found.append(number)
                break
    return found


def text_outside_its_boxes(path: Path, margin: float = 5.0, tol: float = TOL) -> list[str]:
    """Every character that leaves the paper's safe area, or the smallest filled or stroked box its
    centre lies in (a table cell, a card): one line per offender, empty when all text is inside."""
    problems = []
    with pdfplumber.open(path) as pdf:
        for number, page in enumerate(pdf.pages, start=1):
            width, height = page.width / PT, page.height / PT
            boxes = [(r["x0"] / PT, r["top"] / PT, r["x1"] / PT, r["bottom"] / PT)
                     for r in page.rects + page.curves if r["width"] / PT >= 3 and r["height"] / PT >= 3]
            for ch in page.chars:
                if not ch["text"].strip():
                    continue
                x0, top, x1, bottom = ch["x0"] / PT, ch["top"] / PT, ch["x1"] / PT, ch["bottom"] / PT
                low, right, foot = margin - tol, width - margin + tol, height - margin + tol
                if x0 < low or top < low or x1 > right or bottom > foot:
                    problems.append(f"page {number}: '{ch['text']}' at {x0:.1f},{top:.1f} mm is within {margin} mm "
                                    "of the paper's edge")
                    continue
                cx, cy = (x0 + x1) / 2, (top + bottom) / 2
                around = [b for b in boxes if b[0] <= cx <= b[2] and b[1] <= cy <= b[3]]
                if not around:
                    continue
                box = min(around, key=lambda b: (b[2] - b[0]) * (b[3] - b[1]))
                if x0 < box[0] - tol or x1 > box[2] + tol or top < box[1] - tol or bottom > box[3] + tol:
                    problems.append(f"page {number}: '{ch['text']}' at {x0:.1f},{top:.1f} mm leaves its box "
                                    f"{box[0]:.1f},{box[1]:.1f}–{box[2]:.1f},{box[3]:.1f}")
    return problems
