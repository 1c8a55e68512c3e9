"""Measure and wrap text with the body font's real metrics (millimetres in, lines out).

Line breaking follows the typography the documents layer wrote: lines break at ordinary spaces
only, never at a no-break space (U+00A0) or a narrow one (U+202F), and never start with
: ; ! ? » or %. A paragraph whose last line would hold one word is rewrapped a little narrower
when that gives the last line company without adding a line.
"""

from functools import lru_cache

from reportlab.pdfbase.pdfmetrics import stringWidth

from cli.layout.units import MM_PER_PT
from cli.render.fonts import font_for

NNBSP = "\u202f"
NARROW_EM = 0.16  # the narrow no-break space's width in ems (the body font has no glyph for it)
_NO_LINE_START = tuple(":;!?»%)")
_BALANCE_FLOOR = 0.75  # a rewrap may narrow the measure to this share of the box, no further


def width_mm(text: str, size: float, weight: str = "regular") -> float:
    font = font_for(weight, text)  # the font draw_string will use for this very text
    if NNBSP in text:
        pieces = text.split(NNBSP)
        return (sum(stringWidth(p, font, size) for p in pieces)
                + (len(pieces) - 1) * NARROW_EM * size) * MM_PER_PT
    return stringWidth(text, font, size) * MM_PER_PT


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


