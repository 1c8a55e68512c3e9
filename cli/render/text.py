"""Measure and wrap text with the body font's real metrics (millimetres in, lines out).

Line breaking follows the typography the documents layer wrote: lines break at ordinary spaces
only, never at a no-break space (U+00A0) or a narrow one (U+202F), and never start with
: ; ! ? » or %. A paragraph whose last line would hold one word is rewrapped a little narrower
when that gives the last line company without adding a line.

Every line is measured as it will be drawn (cli.render.shaping: Arabic joined, right-to-left text
in visual order, each piece in its font), and `draw_line` draws those same pieces.
"""

from functools import lru_cache

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.pdfmetrics import stringWidth

from cli.layout.measure import Metrics, install
from cli.layout.units import MM_PER_PT
from cli.render.fonts import font_name
from cli.render.shaping import NNBSP as NNBSP  # re-exported: the text code names it here
from cli.render.shaping import Piece, pieces, shaped_width

NARROW_EM = 0.16  # the narrow no-break space's width in ems (the body font has no glyph for it)
STROKE_EM = 0.05  # synthetic bold: outline stroke width in ems, about Noto Sans' stem difference regular/bold
_NO_LINE_START = tuple(":;!?»%)")
_BALANCE_FLOOR = 0.75  # a rewrap may narrow the measure to this share of the box, no further


def _piece_pt(piece: Piece, size: float) -> float:
    """A piece's width in points: a stroked (synthetic bold) piece grows by one stroke width."""
    if piece.font is None:
        return NARROW_EM * size
    advance = shaped_width(piece.text) if piece.shaped else None
    width = advance * size / 1000 if advance is not None else stringWidth(piece.text, piece.font, size)
    return width + (STROKE_EM * size if piece.stroke else 0.0)


@lru_cache(maxsize=16384)
def width_mm(text: str, size: float, weight: str = "regular") -> float:
    """The width of one line as `draw_line` draws it, in millimetres (remembered: a kit measures the same
    names, headings and cells again for every group, two times in three)."""
    return sum(_piece_pt(piece, size) for piece in pieces(text, weight)) * MM_PER_PT


def draw_line(canvas, x: float, y: float, text: str, size: float, weight: str, align: str) -> None:
    """Draw one line at baseline (x, y) in points, aligned 'left', 'center' or 'right' on x."""
    parts = pieces(text, weight)
    if len(parts) == 1 and parts[0].font is not None and not parts[0].stroke:  # the common case
        canvas.setFont(parts[0].font, size)
        draw = {"center": canvas.drawCentredString, "right": canvas.drawRightString}.get(align, canvas.drawString)
        draw(x, y, parts[0].text)
        return
    widths = [_piece_pt(piece, size) for piece in parts]
    x -= {"center": sum(widths) / 2, "right": sum(widths)}.get(align, 0.0)
    for piece, width in zip(parts, widths, strict=True):
        if piece.font is not None:
            canvas.setFont(piece.font, size)
            if piece.stroke:
                _stroked(canvas, x + STROKE_EM * size / 2, y, piece.text, size)
            else:
                canvas.drawString(x, y, piece.text)
        x += width


def _stroked(canvas, x: float, y: float, text: str, size: float) -> None:
    """Text filled and stroked in the fill colour (PDF text render mode 2): a bold for a font without one."""
    canvas.saveState()
    canvas.setStrokeColor(canvas._fillColorObj)
    canvas.setLineWidth(STROKE_EM * size)
    canvas.setLineJoin(1)  # round joins: no spikes at sharp corners
    line = canvas.beginText(x, y)
    line.setFont(canvas._fontname, size)
    line.setTextRenderMode(2)
    line.textOut(text)
    canvas.drawText(line)
    canvas.restoreState()


def _split_long_word(word: str, size: float, weight: str, limit: float) -> list[str]:
    pieces, current = [], ""
    for char in word:
        if current and width_mm(current + char, size, weight) > limit:
            pieces.append(current)
            current = ""
        current += char
    return pieces + [current]


def words(text: str) -> list[str]:
    """The unbreakable pieces of a text: split at ordinary spaces, punctuation kept with its word."""
    out: list[str] = []
    for word in text.replace("\t", " ").replace("\n", " ").split(" "):
        if not word:
            continue
        if out and word.startswith(_NO_LINE_START):
            out[-1] = f"{out[-1]} {word}"
        else:
            out.append(word)
    return out


def _greedy(pieces: list[str], size: float, limit: float, weight: str) -> list[str]:
    lines: list[str] = []
    current = ""
    for word in pieces:
        parts = _split_long_word(word, size, weight, limit) if width_mm(word, size, weight) > limit else [word]
        for part in parts:
            candidate = f"{current} {part}" if current else part
            if width_mm(candidate, size, weight) <= limit:
                current = candidate
            else:
                if current:
                    lines.append(current)
                current = part
    if current:
        lines.append(current)
    return lines


def _lonely_end(lines: list[str]) -> bool:
    return len(lines) > 1 and " " not in lines[-1]


@lru_cache(maxsize=4096)
def wrap(text: str, size: float, limit: float, weight: str = "regular") -> list[str]:
    """Lines no wider than `limit` mm, breaking only where the typography allows."""
    pieces = words(text)
    lines = _greedy(pieces, size, limit, weight)
    if not _lonely_end(lines):
        return lines
    step = max(0.5, limit * 0.02)
    floor = max(limit * _BALANCE_FLOOR, max(width_mm(piece, size, weight) for piece in pieces))
    trial = limit - step
    while trial >= floor:
        narrower = _greedy(pieces, size, trial, weight)
        if len(narrower) > len(lines):
            break
        if not _lonely_end(narrower):
            return narrower
        trial -= step
    return lines


def extent_mm(size: float, weight: str = "regular") -> tuple[float, float]:
    """The body font's ascent and descent at `size`, in millimetres (what it declares, not one glyph's ink)."""
    face = pdfmetrics.getFont(font_name(weight.replace("-italic", "").replace("italic", "regular"))).face
    return face.ascent / 1000 * size * MM_PER_PT, -face.descent / 1000 * size * MM_PER_PT


METRICS = Metrics(width_mm, wrap, extent_mm)
install(METRICS)  # documents ask the layout pass's metrics (cli.layout.measure.text_width): these
