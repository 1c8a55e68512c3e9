"""The pages of a card sheet document: fronts then backs (or both on a fold sheet), crop marks, fold dashes."""


from cli.documents.card_faces import Face
from cli.layout.imposition import (
    Box,
    Imposition,
    back_bleed,
    back_half,
    bleed_area,
    crop_marks,
    mark_gap,
    strip_bottom,
)
from cli.layout.sheet_number_place import number_place, number_size
from cli.layout.sheet_numbers import sheet_numbers
from cli.records import Record


class Placed(Record):
    face: Face
    box: Box


class BackSlot(Record):
    box: Box  # the card
    clip: str  # the card and its bleed inside the printable area, as a markup clip
    face: Face  # what its front shows: seat and reminder cards mark their backs


class SheetPage(Record):
    kind: str  # "fronts", "backs" or "fold"
    fronts: list[Placed]
    backs: list[BackSlot]
    marks: list[tuple[float, float, float, float]]


def _clip(box: Box) -> str:
    return f"{box.x:.3f} {box.y:.3f} {box.w:.3f} {box.h:.3f}"


def card_pages(fronts: list[Face | None], imposition: Imposition, marks: bool) -> list[SheetPage]:
    """Fronts then their backs, sheet after sheet; a fold sheet holds both on one page."""
    per = imposition.per_sheet
    within = back_half(imposition)
    bleed = back_bleed(imposition, marks)
    gap = mark_gap(imposition)
    pages: list[SheetPage] = []
    for start in range(0, len(fronts), per):
        chunk = fronts[start:start + per]
        placed = [Placed(face, box) for face, box in zip(chunk, imposition.fronts, strict=False) if face]
        backs = [BackSlot(box, _clip(bleed_area(box, bleed, within)), face)
                 for face, box in zip(chunk, imposition.backs, strict=False) if face]
        printed = [p.box for p in placed] + ([b.box for b in backs] if imposition.mode == "fold" else [])
        cuts = [m for m in crop_marks(printed, gap, imposition.mark_length)
                if not _on_fold(m, imposition.fold_line)] if marks else []
        if imposition.mode == "fold":
            pages.append(SheetPage("fold", placed, backs, cuts))
        else:
            pages.append(SheetPage("fronts", placed, [], cuts))
            pages.append(SheetPage("backs", [], backs, []))
    return pages


def _on_fold(mark: tuple[float, float, float, float], fold: tuple[float, float, float, float] | None) -> bool:
    """A crop mark on the fold line: the fold line's dashes take its place."""
    if fold is None:
        return False
    if fold[1] == fold[3]:
        return abs(mark[1] - fold[1]) < 1e-6 and abs(mark[3] - fold[1]) < 1e-6
    return abs(mark[0] - fold[0]) < 1e-6 and abs(mark[2] - fold[0]) < 1e-6


def fold_dashes(imposition: Imposition) -> list[tuple[float, float, float, float]]:
    """The fold line's dashed pieces, from margin to margin right across the gap between the fronts and their
    backs (no card stands there: both keep `min_bleed` off the fold, the backs' ground reaching it), so that
    the fold is a line to fold on, not a tick among the crop marks; a fold down the page stops short of the
    bands of text it crosses."""
    if imposition.fold_line is None:
        return []
    numbers = sheet_numbers()
    x1, y1, x2, y2 = imposition.fold_line
    if y1 == y2:  # across the page
        pieces = [(x1, y1, x2, y2)]
    else:  # down the page: around the bands
        top, bottom = imposition.strip_top, strip_bottom(imposition)
        gap = numbers.fold_clearance
        pieces = [(x1, y1, x1, top - gap), (x1, top + numbers.strip + gap, x1, bottom - numbers.strip - gap),
                  (x1, bottom + gap, x1, y2)]
    return [p for p in pieces if p[2] - p[0] + p[3] - p[1] >= 2.0]


def sheet_context(imposition: Imposition, marks: bool) -> dict:
    """What the sheet macros need besides the pages: bands, fold line, the numbers they use."""
    block = imposition.mark_grid.box
    paper = imposition.paper
    numbers = sheet_numbers()
    return {
        "paper": paper._replace(safe_margin=imposition.margin[0]),  # the front page's: registration's, if any
        "bands": imposition.bands,
        "strip_top": imposition.strip_top,
        "strip_bottom": strip_bottom(imposition),
        "block": block,
        "row_h": imposition.mark_grid.card_h,
        "turned": imposition.turned,  # the cards lie on their side: each drawn upright, then turned
        "fold": fold_dashes(imposition),
        "numbers": numbers,
        "number_at": {kind: number_place(imposition, kind, marks) for kind in ("fronts", "backs", "fold")},
        "number_size": number_size(),
    }
