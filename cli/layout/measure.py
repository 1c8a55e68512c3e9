"""What the layout pass needs to know about text, handed in by the renderer: widths and line breaks."""

from collections.abc import Callable

from cli.layout.units import MM_PER_PT
from cli.records import Record

ASCENT = 0.78  # of the font size: from a line's top to its baseline
MIDDLE = 0.35  # of the font size: from a line's middle (a box's, when centred in it) down to its baseline
BULLET_INDENT = 3.5  # mm from a bullet to its text, at least
BULLET_GAP = 1.2  # mm between a wide bullet ('12.') and its text


class Metrics(Record):
    """Text measured with the real font. A face is 'regular', 'bold', 'italic' or 'bold-italic'."""

    width: Callable[[str, float, str], float]  # (text, size pt, face) -> mm
    wrap: Callable[[str, float, float, str], list[str]]  # (text, size pt, limit mm, face) -> lines
    # (size pt, face) -> mm the font reaches above and below a baseline (its declared ascent and descent)
    extent: Callable[[float, str], tuple[float, float]] | None = None


def face(weight: str | None, style: str | None) -> str:
    """The face for a weight and a style: 'bold' and 'italic' make 'bold-italic'."""
    weight = weight or "regular"
    if style != "italic":
        return weight
    return "bold-italic" if weight == "bold" else "italic"


def leading_mm(size: float, leading: float | None) -> float:
    """Line spacing in mm: the given leading in points, or 1.25 x the font size."""
    return (leading if leading is not None else size * 1.25) * MM_PER_PT


_installed: list[Metrics] = []  # the renderer's metrics (cli.render.text installs them when imported)


def install(metrics: Metrics) -> None:
    """The renderer hands in how it measures text: the layout pass and every document builder use it."""
    _installed[:] = [metrics]


def metrics() -> Metrics:
    """The installed metrics: the same the layout pass measures with."""
    if not _installed:
        raise RuntimeError("no text metrics installed: import cli.render.text before building documents")
    return _installed[0]


def text_width(text: str, size: float, face: str = "regular") -> float:
    """The width in mm of `text` on one line at `size` pt in `face`, as it will be drawn."""
    return metrics().width(text, size, face)


def text_extent(size: float, face: str = "regular") -> tuple[float, float]:
    """How far a line of text reaches above and below its baseline, in mm: the font's own ascent and descent."""
    extent = metrics().extent
    if extent is None:
        raise RuntimeError("the installed text metrics have no extent")
    return extent(size, face)


def line_height(size: float, leading: float | None = None) -> float:
    """The height in mm of one line of text at `size` pt (`leading` in points, default 1.25 x the size)."""
    return leading_mm(size, leading)


def ascent(size: float) -> float:
    """From a line's top to its baseline, in mm."""
    return size * MM_PER_PT * ASCENT


def baseline_under(edge: float, size: float, clear: float) -> float:
    """The baseline of a line at `size` pt whose top stands `clear` mm under `edge` (a line's top as the pass
    stacks lines: one ascent over its baseline)."""
    return edge + clear + ascent(size)


def baseline_over(edge: float, size: float, clear: float, face: str = "regular") -> float:
    """The baseline of a line at `size` pt whose descent (the font's own) ends `clear` mm over `edge`."""
    return edge - clear - text_extent(size, face)[1]


def bullet_room(bullet_width: float) -> float:
    """From a bullet's left to its paragraph's text, in mm, for a bullet `bullet_width` mm wide."""
    return max(BULLET_INDENT, bullet_width + BULLET_GAP)


def middle_to_baseline(size: float) -> float:
    """From the middle of a line set centred in a box down to its baseline, in mm (as cells are drawn)."""
    return size * MM_PER_PT * MIDDLE
