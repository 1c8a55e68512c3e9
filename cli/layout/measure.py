"""What the layout pass needs to know about text, handed in by the renderer: widths and line breaks."""

from collections.abc import Callable
from typing import NamedTuple

from cli.layout.units import MM_PER_PT

ASCENT = 0.78  # of the font size: from a line's top to its baseline


class Metrics(NamedTuple):
    """Text measured with the real font. A face is 'regular', 'bold', 'italic' or 'bold-italic'."""

    width: Callable[[str, float, str], float]  # (text, size pt, face) -> mm
    wrap: Callable[[str, float, float, str], list[str]]  # (text, size pt, limit mm, face) -> lines


def face(weight: str | None, style: str | None) -> str:
    """The face for a weight and a style: 'bold' and 'italic' make 'bold-italic'."""
    weight = weight or "regular"
    if style != "italic":
        return weight
    return "bold-italic" if weight == "bold" else "italic"


def leading_mm(size: float, leading: float | None) -> float:
    """Line spacing in mm: the given leading in points, or 1.25 x the font size."""
    return (leading if leading is not None else size * 1.25) * MM_PER_PT
