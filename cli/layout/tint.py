"""The security tint of a card back: irregular pebbles that tile seamlessly and survive a half turn.

Security envelopes hide a letter with a dense, irregular one-colour pattern: the eye cannot tell a
shape showing through from the pattern's own patches. One card's tile (w x h, origin at its top-left
corner) is cut into a grid of cells, each holding one pebble (an irregular hexagon). Pebbles come in
pairs turned half a turn about the tile's centre, so the back looks the same upside down, and their
size follows a smooth field periodic over the tile, so dark and light patches a few millimetres
across run on across neighbouring cards without a seam:

    (0,0) ───────── w        cell (i, j)  ↔  cell (nx-1-i, ny-1-j), the pebble turned 180°
      │  ⬢ ⬣ ⬢ ⬣ ⬢
      │  ⬣ ⬢ ⬣ ⬢ ⬣         pebbles that cross an edge are repeated on the opposite edge
      h
"""

import math
import random
from functools import cache

CORNERS = 6  # even, so the pebble in a centre cell can be its own half-turned twin
SEED = 20261130  # fixed: every deck, every run, the same pattern


def _field(rng: random.Random, w: float, h: float):
    """A smooth field in [0, 1], periodic over the tile: where pebbles are large (dark patches)."""
    waves = [(m, n, rng.uniform(0.6, 1.0), rng.uniform(0, 2 * math.pi))
             for m, n in ((1, 1), (2, -1), (1, 2), (3, 1), (0, 3), (2, 2))]
    total = sum(a for _, _, a, _ in waves)

    def value(u: float, v: float) -> float:
        s = sum(a * math.cos(2 * math.pi * (m * u / w + n * v / h) + phase) for m, n, a, phase in waves)
        return 0.5 + 0.5 * s / total

    return value


def _pebble(cx: float, cy: float, radii: list[float], turn: float) -> list[float]:
    points: list[float] = []
    for k, r in enumerate(radii):
        angle = turn + 2 * math.pi * k / len(radii)
        points += [cx + r * math.cos(angle), cy + r * math.sin(angle)]
    return points


def _turned(points: list[float], w: float, h: float) -> list[float]:
    """The outline turned half a turn about the tile's centre."""
    return [w - p if i % 2 == 0 else h - p for i, p in enumerate(points)]


def _wrapped(points: list[float], w: float, h: float, reach: float) -> list[list[float]]:
    """The outline, plus its copies one tile over wherever it comes within `reach` of an edge."""
    xs, ys = points[0::2], points[1::2]
    shifts_x = [0.0] + ([w] if min(xs) < reach else []) + ([-w] if max(xs) > w - reach else [])
    shifts_y = [0.0] + ([h] if min(ys) < reach else []) + ([-h] if max(ys) > h - reach else [])
    return [[p + (sx if i % 2 == 0 else sy) for i, p in enumerate(points)]
            for sx in shifts_x for sy in shifts_y]


@cache
def tint_tile(w: float, h: float, pitch: float = 7.0, small: float = 0.2, large: float = 0.85) -> tuple:
    """The pebble outlines of one card's tile (tile coordinates, mm), wrapped copies included.

    A pebble's radius runs from `small` to `large` times the cell pitch with the smooth field.
    """
    rng = random.Random(SEED)
    nx, ny = max(1, round(w / pitch)), max(1, round(h / pitch))
    cw, ch = w / nx, h / ny
    field = _field(rng, w, h)
    outlines: list[list[float]] = []
    for j in range(ny):
        for i in range(nx):
            twin = (nx - 1 - i, ny - 1 - j)
            if twin < (i, j):
                continue  # drawn as the twin of an earlier cell
            centre = (i + 0.5) * cw, (j + 0.5) * ch
            own_twin = twin == (i, j)
            jitter = (0.0, 0.0) if own_twin else (rng.uniform(-0.3, 0.3) * cw, rng.uniform(-0.3, 0.3) * ch)
            size = min(cw, ch) * (small + (large - small) * field(*centre)) * rng.uniform(0.85, 1.1)
            radii = [size * rng.uniform(0.7, 1.0) for _ in range(CORNERS)]
            if own_twin:
                radii = radii[:CORNERS // 2] * 2  # opposite corners equal: symmetric about the centre
            pebble = _pebble(centre[0] + jitter[0], centre[1] + jitter[1], radii, rng.uniform(0, math.pi))
            outlines.append(pebble)
            if not own_twin:
                outlines.append(_turned(pebble, w, h))
    reach = min(cw, ch) * large * 1.1
    return tuple(tuple(copy) for outline in outlines for copy in _wrapped(outline, w, h, reach))
