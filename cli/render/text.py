"""Measure and wrap text with the body font's real metrics (millimetres in, lines out)."""

from reportlab.pdfbase.pdfmetrics import stringWidth

from cli.layout.units import MM_PER_PT
from cli.render.fonts import font_name


def width_mm(text: str, size: float, weight: str = "regular") -> float:
    return stringWidth(text, font_name(weight), size) * MM_PER_PT


def _split_long_word(word: str, size: float, weight: str, limit: float) -> list[str]:
    pieces, current = [], ""
    for char in word:
        if current and width_mm(current + char, size, weight) > limit:
            pieces.append(current)
            current = ""
        current += char
    return pieces + [current]


def wrap(text: str, size: float, limit: float, weight: str = "regular") -> list[str]:
    """Greedy line breaking so that no line is wider than `limit` mm."""
    lines: list[str] = []
    current = ""
    for word in text.split():
        pieces = _split_long_word(word, size, weight, limit) if width_mm(word, size, weight) > limit else [word]
        for piece in pieces:
            candidate = f"{current} {piece}" if current else piece
            if width_mm(candidate, size, weight) <= limit:
                current = candidate
            else:
                lines.append(current)
                current = piece
    if current:
        lines.append(current)
    return lines


def leading_mm(size: float, leading: float | None) -> float:
    """Line spacing in mm: the given leading in points, or 1.25 x the font size."""
    return (leading if leading is not None else size * 1.25) * MM_PER_PT
