"""Measure text with the body font's real metrics: the function the layout pass is handed."""

from reportlab.pdfbase.pdfmetrics import stringWidth

from cli.layout.units import MM_PER_PT
from cli.render.fonts import font_name


def width_mm(text: str, size: float, weight: str = "regular") -> float:
    return stringWidth(text, font_name(weight), size) * MM_PER_PT
