"""Break text into lines no wider than a limit, with widths measured by a function the renderer hands in."""

from collections.abc import Callable

from cli.layout.units import MM_PER_PT

# The width in mm of a text at a font size (pt) and weight ('regular' or 'bold').
Measure = Callable[[str, float, str], float]

ASCENT = 0.78  # of the font size: from a line's top to its baseline


def _split_long_word(word: str, size: float, weight: str, limit: float, measure: Measure) -> list[str]:
    pieces, current = [], ""
    for char in word:
        if current and measure(current + char, size, weight) > limit:
            pieces.append(current)
            current = ""
        current += char
    return pieces + [current]


def wrap(text: str, size: float, limit: float, weight: str, measure: Measure) -> list[str]:
    """Greedy line breaking so that no line is wider than `limit` mm (a word wider than it is split)."""
    lines: list[str] = []
    current = ""
    for word in text.split():
        too_wide = measure(word, size, weight) > limit
        for piece in _split_long_word(word, size, weight, limit, measure) if too_wide else [word]:
            candidate = f"{current} {piece}" if current else piece
            if not current or measure(candidate, size, weight) <= limit:
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
