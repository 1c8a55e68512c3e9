"""Simulate a card back held against a window: how much of the front shows through, and the ink used.

Rasterised with pypdfium2 in grey at a low resolution, computed in pure Python (no numpy):
- ink coverage: the mean darkness (1 - luminance) of the whole page;
- show-through: the front, mirrored as seen from the back, multiplied into the back at 25 % strength,
  then both the result and the back alone are blurred (a box of 1.5 mm each way: an eye at arm's
  length). The signal is what the front adds (blurred with-front minus blurred blank-front); the
  mask is the back's own variation after the same blur. A shape is hard to see when its signal is
  small, or small against the mask (what a security envelope does):
      visibility = rms(signal) / sqrt(rms(mask)² + 0.02²)   (0.02: a just-visible step of 2 % grey)
  inside the card areas.
"""

from dataclasses import dataclass
from functools import cache
from itertools import accumulate, chain, repeat
from operator import itemgetter, mul, sub, truediv

import pypdfium2

DPI = 50
PX = DPI / 25.4  # pixels per mm
STRENGTH = 0.25
BLUR_MM = 1.5
FLOOR = 0.02


@dataclass
class Grey:
    w: int
    h: int
    v: list[float]  # 0 = black, 1 = white, row after row


def render(path, index: int) -> Grey:
    page = pypdfium2.PdfDocument(str(path))[index]
    image = page.render(scale=DPI / 72, grayscale=True).to_pil().convert("L")
    return Grey(image.width, image.height, [p / 255 for p in image.tobytes()])


def ink(page: Grey) -> float:
    return 1 - sum(page.v) / len(page.v)


def mirrored(page: Grey) -> Grey:
    """The page as seen through the paper from the other side after a long-edge flip."""
    rows = [page.v[y * page.w:(y + 1) * page.w][::-1] for y in range(page.h)]
    return Grey(page.w, page.h, [p for row in rows for p in row])


def _blur_rows(v: list[float], w: int, h: int, r: int) -> list[float]:
    """Each pixel the mean of the row's pixels within r of it (fewer at the row's ends); the middle of a
    row in C (map over the running sums), as the pure-Python loop was most of the tests' time."""
    width = 2 * r + 1
    out: list[float] = []
    for y in range(h):
        sums = list(accumulate(v[y * w:(y + 1) * w], initial=0.0))
        out.extend([(sums[x + r + 1] - sums[0]) / (x + r + 1) for x in range(r)])
        out.extend(map(truediv, map(sub, sums[width:], sums[:w + 1 - width]), repeat(width)))
        out.extend([(sums[w] - sums[x - r]) / (w - x + r) for x in range(w - r, w)])
    return out


def _transpose(v: list[float], w: int, h: int) -> list[float]:
    return list(chain.from_iterable(zip(*(v[y * w:(y + 1) * w] for y in range(h)), strict=True)))


def blurred(page: Grey) -> Grey:
    r = max(1, round(BLUR_MM * PX))
    across = _blur_rows(page.v, page.w, page.h, r)
    down = _blur_rows(_transpose(across, page.w, page.h), page.h, page.w, r)
    return Grey(page.w, page.h, _transpose(down, page.h, page.w))


def _rms(values: list[float]) -> float:
    mean = sum(values) / len(values)
    apart = list(map(sub, values, repeat(mean)))
    return (sum(map(mul, apart, apart)) / len(values)) ** 0.5


@cache
def _inside(w: int, cards: tuple[tuple[float, float, float, float], ...]) -> itemgetter:
    """Picks the pixels inside the cards, 1 mm in from their edges (made once per page width and cards)."""
    return itemgetter(*(y * w + x for cx, cy, cw, ch in cards
                        for y in range(round((cy + 1) * PX), round((cy + ch - 1) * PX))
                        for x in range(round((cx + 1) * PX), round((cx + cw - 1) * PX))))


@dataclass
class ShowThrough:
    signal: float  # rms of what the front adds, after the blur
    mask: float  # rms of the back's own variation, after the blur
    visibility: float


def show_through(front: Grey, back: Grey, cards: list[tuple[float, float, float, float]]) -> ShowThrough:
    """The front shows through `back` inside the cards (x, y, w, h in mm on the back page)."""
    seen = mirrored(front)
    with_front = Grey(back.w, back.h, [b * (1 - STRENGTH * (1 - f)) for b, f in zip(back.v, seen.v, strict=True)])
    a, b = blurred(with_front), blurred(back)
    inside = _inside(back.w, tuple(map(tuple, cards)))
    behind = inside(b.v)
    signal = _rms(list(map(sub, inside(a.v), behind)))
    mask = _rms(list(behind))
    return ShowThrough(signal, mask, signal / (mask ** 2 + FLOOR ** 2) ** 0.5)
