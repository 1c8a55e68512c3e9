"""Text as it is drawn: right-to-left lines in visual order, complex scripts shaped by HarfBuzz, cut by font.

ReportLab draws characters left to right, one glyph each. So a line goes through three steps before it
is measured or drawn, once, cached, and the layout pass and the renderer both use the result (what is
measured is what is drawn):

1. order: the Unicode bidirectional algorithm (`python-bidi`) with a left-to-right paragraph, the
   direction of every document pnpkit prints, so "Nom : ليلى" keeps the label first and the name
   reads right to left; the items of a list (between ", ", " · ", " / ") are ordered each on its
   own, so names keep the order they were given in;
2. pieces: the visual string is cut where the font must change, word by word (see `_by_font`), and
   at each narrow no-break space, which no font has and which is left blank;
3. shaping: a piece in a script that needs it (Arabic, Hebrew, Devanagari, Tamil, Telugu, Thai,
   Khmer… every script from U+0590 on that `COMPLEX` lists) is shaped by HarfBuzz (`uharfbuzz`,
   through ReportLab's `shapeStr`): Arabic letters joined, vowel marks and Indic vowel signs placed,
   conjuncts formed. The piece then holds glyphs with their advances and offsets; its width is the
   shaped width. Latin, Greek and Cyrillic are never shaped: they are drawn exactly as before.

Text without right-to-left letters skips step 1; text without complex-script letters skips step 3.
"""

import re
import unicodedata
from functools import lru_cache
from itertools import chain, groupby

from cli.errors import PnpkitError
from cli.records import Record
from cli.render.fonts import describe, font_name, fonts, has, missing, preferred_fonts, synthetic_bold

NNBSP = "\u202f"
_RTL = frozenset(("R", "AL"))
# scripts whose letters change shape, join, reorder or stack: shaped by HarfBuzz (code point ranges)
COMPLEX = ((0x0590, 0x08FF), (0x0900, 0x0DFF), (0x0E00, 0x0FFF), (0x1000, 0x109F), (0x1780, 0x17FF),
           (0x19E0, 0x19FF), (0x1CD0, 0x1CFF), (0xA8E0, 0xA8FF), (0xFB1D, 0xFDFF), (0xFE70, 0xFEFF))
# a character that may be right-to-left or of a script to shape: from U+0590 up, but for general punctuation
# (no-break spaces, quotes, dashes), arrows and mathematical signs (the minus), which hold no right-to-left
# character but the right-to-left mark U+200F (checked against Unicode's data by tests/render/test_shaping.py);
# a text without one (nearly every text) is known plain at C speed. Compiled by `re` on first use.
_MAYBE_COMPLEX = "[^\u0000-\u058f\u2000-\u200e\u2010-\u2bff]"
_SHAPING_SIZE = 10.0  # HarfBuzz's advances scale with the size: shaped once, drawn at any size


class Piece(Record):
    """Characters drawn in one font, in visual order; `font` None is a blank narrow no-break space.

    A shaped piece's `text` is ReportLab's ShapedStr: one character per glyph (private-use code points
    for glyphs without their own), carrying each glyph's advance and offset for the renderer."""

    text: str
    font: str | None
    stroke: bool = False  # synthetic bold: the regular outlines stroked with the text colour
    shaped: bool = False


def right_to_left(text: str) -> bool:
    """Whether `text` holds a right-to-left letter (Hebrew, Arabic…)."""
    if re.search(_MAYBE_COMPLEX, text) is None:
        return False
    return any(ord(ch) >= 0x0590 and unicodedata.bidirectional(ch) in _RTL for ch in text)


def complex_script(text: str) -> bool:
    """Whether `text` holds a letter of a script that must be shaped (see COMPLEX)."""
    if re.search(_MAYBE_COMPLEX, text) is None:
        return False
    return any(ord(ch) >= 0x0590 and any(low <= ord(ch) <= high for low, high in COMPLEX) for ch in text)


_SEPARATOR = re.compile(r"(\s*[,;·/]\s+)")  # between the items of a list: "Ana, ليلى, דנה" or "fr / en"


@lru_cache(maxsize=4096)
def visual(text: str) -> str:
    """One line as it is drawn left to right: reordered by the bidirectional algorithm.

    Each item of a list is ordered on its own (as if isolated): "(ليلى, דנה, Ana)" keeps the names in
    the order written, each read right to left, instead of the two right-to-left names swapping places.
    """
    if not right_to_left(text):
        return text
    from bidi import get_display

    items = _SEPARATOR.split(text)
    return "".join(item if number % 2 else get_display(item, base_dir="L") for number, item in enumerate(items))


def _first(weight: str, able, word: str = "") -> str | None:
    """The first font (the fonts made for the word's script, then body, then each fallback, registered
    only when reached) for which `able(font)` holds."""
    preferred = preferred_fonts(word, weight) if word else []
    return next((font for font in chain(preferred, fonts(weight)) if able(font)), None)


def _word_fonts(word: str, text: str, weight: str) -> list[tuple[str, str]]:
    """One word as (characters, font): the first font that has it all, else the first font for each letter."""
    whole = _first(weight, lambda font: missing(font, word) is None, word)
    if whole is not None:
        return [(word, whole)]
    out: list[tuple[str, str]] = []
    for char in word:
        font = out[-1][1] if out and has(out[-1][1], char) else _first(weight, lambda f, c=char: has(f, c), char)
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


@lru_cache(maxsize=4096)
def shape(chars: str, font: str) -> str:
    """Characters of one font in visual order, shaped by HarfBuzz: a ShapedStr of glyphs, or `chars`
    unchanged when shaping changes nothing.

    HarfBuzz reads logical text and lays a right-to-left run out in visual order itself (mirroring its
    brackets), so each right-to-left run goes back to its logical order first, and what the
    bidirectional algorithm left left-to-right in the piece (brackets around a name, digits) is shaped
    left to right on its own."""
    from reportlab.pdfbase.ttfonts import shapeStr

    if not right_to_left(chars):
        shaped = shapeStr(chars, font, _SHAPING_SIZE)
        return shaped if hasattr(shaped, "__shapeData__") else chars
    runs = [(rtl, "".join(run)) for rtl, run in groupby(chars, key=_in_rtl_run)]
    if len(runs) == 1:
        shaped = shapeStr(chars[::-1], font, _SHAPING_SIZE)
        return shaped if hasattr(shaped, "__shapeData__") else chars
    out = None
    for rtl, run in runs:
        shaped = shapeStr(run[::-1] if rtl else run, font, _SHAPING_SIZE, force=True)
        out = shaped if out is None else out + shaped
    return out


def _in_rtl_run(char: str) -> bool:
    """Whether a character of a visual string belongs to a right-to-left run (letters and their marks)."""
    return unicodedata.bidirectional(char) in ("R", "AL", "NSM")


def shaped_width(text: str) -> float | None:
    """A shaped piece's advance in thousandths of the size (None for text HarfBuzz left alone)."""
    data = getattr(text, "__shapeData__", None)
    return None if data is None else sum(glyph.x_advance for glyph in data)


@lru_cache(maxsize=8192)
def pieces(text: str, weight: str) -> tuple[Piece, ...]:
    """The pieces one line is drawn as, left to right; the layout pass measures these very pieces."""
    out: list[Piece] = []
    for chars, font in _by_font(visual(text), weight):
        stroke = synthetic_bold(font, weight)
        for number, part in enumerate(chars.split(NNBSP)):
            if number:
                out.append(Piece(NNBSP, None))
            if part and complex_script(part):
                glyphs = shape(part, font)
                out.append(Piece(glyphs, font, stroke, shaped_width(glyphs) is not None))
            elif part:
                out.append(Piece(part, font, stroke))
    return tuple(out)


def undrawable(text: str, weight: str = "regular") -> str | None:
    """A character of `text` that no font of the manifest has, as written or as drawn (mirrored)."""
    for char in dict.fromkeys(text + visual(text)):  # visual: brackets mirrored right to left
        if not any(has(font, char) for font in fonts(weight)):
            return char
    return None


def unfit(text: str, weight: str) -> PnpkitError:
    """The error for a text that holds a character no font has."""
    char = undrawable(text, weight) or missing(font_name(weight), text) or text[:1]
    return PnpkitError(f"no font of pnpkit can draw {describe(char)} in '{text[:40]}'; write it another "
                       "way, or add a font that has it (see fonts/README.md)")
