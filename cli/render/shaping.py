"""Right-to-left text as it is drawn: Arabic letters joined, every line in visual order, cut by font.

ReportLab draws characters left to right, one glyph each, and knows neither joining nor direction.
So a line goes through three steps before it is measured or drawn, once, cached, and the layout
pass and the renderer both use the result (what is measured is what is drawn):

1. shaping: each Arabic letter becomes its contextual presentation form (initial, medial, final,
   isolated; lam-alef ligatures) with `arabic-reshaper`; vowel marks (harakat) are dropped, as
   ReportLab could not place them over their letters;
2. order: the Unicode bidirectional algorithm (`python-bidi`) with a left-to-right paragraph, the
   direction of every document pnpkit prints, so "Nom : ليلى" keeps the label first and the name
   reads right to left; the items of a list (between ", ", " · ", " / ") are ordered each on its
   own, so names keep the order they were given in;
3. pieces: the visual string is cut where the font must change, word by word (see `_by_font`), and
   at each narrow no-break space, which no font has and which is left blank.

Text without right-to-left letters skips steps 1 and 2.
"""

import re
import unicodedata
from functools import lru_cache
from typing import NamedTuple

from cli.errors import PnpkitError
from cli.render.fonts import describe, font_name, fonts, has, missing, synthetic_bold

NNBSP = "\u202f"
_RTL = frozenset(("R", "AL"))


class Piece(NamedTuple):
    """Characters drawn in one font, in visual order; `font` None is a blank narrow no-break space."""

    text: str
    font: str | None
    stroke: bool = False  # synthetic bold: the regular outlines stroked with the text colour


def right_to_left(text: str) -> bool:
    """Whether `text` holds a right-to-left letter (Hebrew, Arabic…)."""
    return any(ord(ch) >= 0x0590 and unicodedata.bidirectional(ch) in _RTL for ch in text)


@lru_cache(maxsize=1)
def _reshaper():
    from arabic_reshaper import ArabicReshaper  # imported only when a text needs it

    return ArabicReshaper(configuration={"delete_harakat": True, "support_ligatures": True})


@lru_cache(maxsize=4096)
def shaped(text: str) -> str:
    """`text` in logical order with its Arabic letters in their contextual forms (unchanged without any)."""
    if not any(unicodedata.bidirectional(ch) == "AL" for ch in text):
        return text
    return _reshaper().reshape(text)


_SEPARATOR = re.compile(r"(\s*[,;·/]\s+)")  # between the items of a list: "Ana, ليلى, דנה" or "fr / en"


@lru_cache(maxsize=4096)
def visual(text: str) -> str:
    """One line as it is drawn left to right: shaped, then reordered by the bidirectional algorithm.

    Each item of a list is ordered on its own (as if isolated): "(ليلى, דנה, Ana)" keeps the names in
    the order written, each read right to left, instead of the two right-to-left names swapping places.
    """
    if not right_to_left(text):
        return text
    from bidi import get_display

    items = _SEPARATOR.split(shaped(text))
    return "".join(item if number % 2 else get_display(item, base_dir="L") for number, item in enumerate(items))


def _first(weight: str, able) -> str | None:
    """The first font (body, then each fallback, registered only when reached) for which `able(font)` holds."""
    return next((font for font in fonts(weight) if able(font)), None)


def _word_fonts(word: str, text: str, weight: str) -> list[tuple[str, str]]:
    """One word as (characters, font): the first font that has it all, else the first font for each letter."""
    whole = _first(weight, lambda font: missing(font, word) is None)
    if whole is not None:
        return [(word, whole)]
    out: list[tuple[str, str]] = []
    for char in word:
        font = out[-1][1] if out and has(out[-1][1], char) else _first(weight, lambda f, c=char: has(f, c))
        if font is None:
            raise unfit(text, weight)
        out.append((char, font))
    return out


def _by_font(text: str, weight: str) -> list[tuple[str, str]]:
    """`text` cut into (characters, font), adjacent pieces of one font joined.

    Each word is drawn in the first font that has it whole (so a label keeps the body font next to a
    Hebrew name, and a Vietnamese word is not a patchwork of two designs); spaces are the body font's.
    """
    body = font_name(weight)
    if missing(body, text) is None:  # nearly every text: the body font draws it all
        return [(text, body)]
    out: list[tuple[str, str]] = []
    for token in re.split(r"( +)", text):
        if not token:
            continue
        if token.isspace():
            parts = [(token, body)]
        else:
            parts = _word_fonts(token, text, weight)
        for chars, font in parts:
            if out and out[-1][1] == font:
                out[-1] = (out[-1][0] + chars, font)
            else:
                out.append((chars, font))
    return out


@lru_cache(maxsize=8192)
def pieces(text: str, weight: str) -> tuple[Piece, ...]:
    """The pieces one line is drawn as, left to right; the layout pass measures these very pieces."""
    out: list[Piece] = []
    for chars, font in _by_font(visual(text), weight):
        stroke = synthetic_bold(font, weight)
        for number, part in enumerate(chars.split(NNBSP)):
            if number:
                out.append(Piece(NNBSP, None))
            if part:
                out.append(Piece(part, font, stroke))
    return tuple(out)


def undrawable(text: str, weight: str = "regular") -> str | None:
    """A character of `text` that no font of the manifest has, as written or as drawn (joined, mirrored)."""
    for char in dict.fromkeys(text + shaped(text) + visual(text)):  # visual: brackets mirrored right to left
        if not any(has(font, char) for font in fonts(weight)):
            return char
    return None


def unfit(text: str, weight: str) -> PnpkitError:
    """The error for a text that holds a character no font has."""
    char = undrawable(text, weight) or missing(font_name(weight), text) or text[:1]
    return PnpkitError(f"no font of pnpkit can draw {describe(char)} in '{text[:40]}'; write it another "
                       "way, or add a font that has it (see fonts/README.md)")
