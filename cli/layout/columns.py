"""Table columns sized to their content: each column's least (what its widest unbreakable word needs) and
wanted width (its text at full size, or its fair share), shared out over the table's width."""

from collections.abc import Sequence


def share_widths(total: float, least: Sequence[float], wanted: Sequence[float]) -> list[float]:
    """Widths summing to `total`. When every column gets what it wants, the spare goes in proportion to
    what they want; else each gets its least and the rest in proportion to what it wants beyond that;
    when even the least do not fit, they shrink in proportion (the cells' text shrinks with them)."""
    wanted = [max(low, want) for low, want in zip(least, wanted, strict=True)]
    if sum(wanted) <= total:
        return [want * total / sum(wanted) for want in wanted]
    if sum(least) >= total:
        return [low * total / sum(least) for low in least]
    growth = sum(want - low for want, low in zip(wanted, least, strict=True))
    spare = total - sum(least)
    return [low + (want - low) * spare / growth for want, low in zip(wanted, least, strict=True)]
