"""Split a page into 1, 2 or 4 sheet regions separated by cut lines, all inside the safe margin."""


from cli.errors import PnpkitError
from cli.layout.imposition import Box
from cli.layout.sizes import Paper, sheet_value
from cli.records import Record

PER_PAGE = (1, 2, 4)


class Tiling(Record):
    regions: list[Box]
    cuts: list[tuple[float, float, float, float]]  # x1, y1, x2, y2


def check_per_page(per_page: int) -> int:
    if per_page not in PER_PAGE:
        raise PnpkitError(f"--per-page {per_page} is not possible; use 1, 2 or 4")
    return per_page


def tile(paper: Paper, per_page: int) -> Tiling:
    """Regions in reading order; a cut across the middle for 2, and a cross for 4."""
    check_per_page(per_page)
    m, w, h = paper.safe_margin, paper.width, paper.height
    if per_page == 1:
        return Tiling([Box(m, m, w - 2 * m, h - 2 * m)], [])
    gutter = sheet_value("pad", "cut_gutter")
    half_h = h / 2 - m - gutter
    across = (m, h / 2, w - m, h / 2)
    if per_page == 2:
        return Tiling([Box(m, m, w - 2 * m, half_h), Box(m, h / 2 + gutter, w - 2 * m, half_h)], [across])
    half_w = w / 2 - m - gutter
    regions = [Box(x, y, half_w, half_h) for y in (m, h / 2 + gutter) for x in (m, w / 2 + gutter)]
    return Tiling(regions, [across, (w / 2, m, w / 2, h - m)])
