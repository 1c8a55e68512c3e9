"""Measure produced PDFs: page sizes, rectangles in mm, text, fonts, viewer preferences.

Everything is read by pypdfium2 (C): text (15 to 50 times faster than pdfplumber on pages full of curves such
as the tint card backs), laid out into lines by pdfplumber's own algorithm so that it reads exactly as
`pdfplumber.Page.extract_text()` would, memoised per file content and extracted one page at a time, on demand;
and positions (`plumbed`, 2 to 5 times faster than pdfminer), the characters and shapes pdfplumber would find,
in its dictionaries.
"""

import hashlib
import io
from collections import OrderedDict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path

import pdfplumber
import pypdf
import pypdfium2
import pypdfium2.raw as pdfium
from pdfplumber.utils.text import chars_to_textmap

from tests import pdfium_page
from tests.untraced import reading, untraced, untraced_helper

PT = 72 / 25.4  # points per mm
TOL = 0.1  # mm


@dataclass(frozen=True)
class MMRect:
    x: float
    y: float  # from the top of the page
    w: float
    h: float
    fill: tuple | None

    def close_to(self, other: "MMRect", tol: float = TOL) -> bool:
        return all(abs(a - b) <= tol for a, b in
                   ((self.x, other.x), (self.y, other.y), (self.w, other.w), (self.h, other.h)))


def _color(value) -> tuple | None:
    if value is None:
        return None
    return tuple(round(float(v), 3) for v in value) if isinstance(value, (list, tuple)) else (float(value),)


@untraced_helper
def rects(page) -> list[MMRect]:
    return [
        MMRect(r["x0"] / PT, r["top"] / PT, r["width"] / PT, r["height"] / PT,
               _color(r.get("non_stroking_color")) if r.get("fill") else None)
        for r in page.rects
    ]


def card_rects(page, w: float, h: float, fill: tuple) -> list[MMRect]:
    """Filled rectangles of exactly the card size and the given fill colour."""
    return [r for r in rects(page) if abs(r.w - w) <= TOL and abs(r.h - h) <= TOL and r.fill == fill]


WHITE = (1.0, 1.0, 1.0)
BACK_FILL = (0.114, 0.169, 0.31)  # #1d2b4f, the card back ground
BLEED = 3.0  # layouts/sheet.toml [back] bleed: the opaque ground runs this far past the card


def back_rects(page, w: float, h: float) -> list[MMRect]:
    """The cards behind opaque backs: their ground is the card grown by the bleed on every side."""
    return [MMRect(r.x + BLEED, r.y + BLEED, w, h, r.fill)
            for r in card_rects(page, w + 2 * BLEED, h + 2 * BLEED, BACK_FILL)]


@untraced_helper
def page_sizes_mm(path: Path) -> list[tuple[float, float]]:
    reader = pypdf.PdfReader(path)
    return [(float(p.mediabox.width) / PT, float(p.mediabox.height) / PT) for p in reader.pages]


@untraced_helper
def drawn_bounds(page) -> list[tuple[float, float, float, float]]:
    """Every drawn object's box in mm (x0, top, x1, bottom), text included."""
    boxes = []
    for obj in page.chars + page.rects + page.lines + page.curves:
        boxes.append((obj["x0"] / PT, obj["top"] / PT, obj["x1"] / PT, obj["bottom"] / PT))
    return boxes


_CHARS: OrderedDict[tuple[str, int], list[dict]] = OrderedDict()
_CHARS_KEPT = 24  # pages: a test reads a page's text, then its positions (or the other way round), soon after


def page_chars(document: pypdfium2.PdfDocument, key: str, index: int, *, page_number: int = 1,
               initial_doctop: float = 0.0, shared: bool = False) -> list[dict]:
    """pdfium_page.chars of page `index` of the document whose content's SHA-1 is `key`, read once for its
    text and its positions: pdf_text, chars_of and plumbed read the same pages, often one after the other.
    `shared`: the remembered list itself, to read and let go (the text); else the test's own copy."""
    if (key, index) not in _CHARS:
        page = document[index]
        _CHARS[key, index] = pdfium_page.chars(page)
        page.close()
        while len(_CHARS) > _CHARS_KEPT:
            _CHARS.popitem(last=False)
    _CHARS.move_to_end((key, index))
    found = _CHARS[key, index]
    if shared:
        return found
    return [{**char, "doctop": initial_doctop + char["top"], "page_number": page_number} for char in found]


def _extract_text(chars: list[dict], width: float, height: float) -> str:
    """pdfplumber's `extract_text()` of a page, from pdfium's characters."""
    if not chars:
        return ""
    return chars_to_textmap(chars, layout_bbox=(0, 0, width, height), layout_width=width,
                            layout_height=height).as_string


class PageTexts(Sequence):
    """The text of every page of one PDF, each extracted the first time it is asked for."""

    def __init__(self, data: bytes, key: str):
        self._document, self._key = pypdfium2.PdfDocument(data), key
        self._texts: list[str | None] = [None] * len(self._document)

    def __len__(self) -> int:
        return len(self._texts)

    def __getitem__(self, index):
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        index = range(len(self))[index]  # a negative index counts from the end; out of range: IndexError
        if self._texts[index] is None:
            with untraced():
                width, height = self._document.get_page_size(index)
                self._texts[index] = _extract_text(page_chars(self._document, self._key, index, shared=True),
                                                   width, height)
        return self._texts[index]

    def __eq__(self, other) -> bool:
        return list(self) == list(other) if isinstance(other, Sequence) else NotImplemented

    def __repr__(self) -> str:
        return f"PageTexts({list(self)!r})"


_TEXTS: OrderedDict[str, PageTexts] = OrderedDict()
_KEPT = 32  # documents whose texts stay memoised (a kit of 40 groups is about 300 pages of text)


def _texts(path: Path | str) -> PageTexts:
    data = Path(path).read_bytes()
    key = hashlib.sha1(data).hexdigest()
    if key not in _TEXTS:
        _TEXTS[key] = PageTexts(data, key)
        while len(_TEXTS) > _KEPT:
            _TEXTS.popitem(last=False)
    _TEXTS.move_to_end(key)
    return _TEXTS[key]


def pdf_text(path: Path | str, page: int | None = None) -> str | PageTexts:
    """The text of page `page` (0-based, negative from the end), or of every page (a lazy sequence of str)
    when page is None; memoised per file content, so reading a kit again costs nothing."""
    texts = _texts(path)
    return texts if page is None else texts[page]


def chars_of(path: Path | str, page: int | None = None) -> list[dict]:
    """The characters pdfminer would find on page `page` (0-based), or on every page when None, in content
    order, from pdfium, as `plumbed(path).pages[page].chars` gives them."""
    with untraced():
        data = Path(path).read_bytes()
        document, key = pypdfium2.PdfDocument(data), hashlib.sha1(data).hexdigest()
        pages = range(len(document)) if page is None else [page]
        chars = [char for index in pages for char in page_chars(document, key, index, page_number=index + 1)]
        document.close()
    return chars


@untraced_helper
def pages_drawing_nothing(path: Path | str) -> list[int]:
    """Numbers (1-based) of the pages with no text, path, image or shading drawn, forms looked into."""
    document = pypdfium2.PdfDocument(Path(path).read_bytes())
    empty = [number for number, page in enumerate(document, start=1)
             if not any(obj.type != pdfium.FPDF_PAGEOBJ_FORM for obj in page.get_objects(max_depth=16))]
    document.close()
    return empty


class _Kept:
    """A pdfplumber PDF that `with` leaves open: `with plumbed(path) as pdf:` reads as `pdfplumber.open`."""

    def __init__(self, pdf: pdfplumber.PDF):
        self.pdf = pdf

    def __enter__(self) -> pdfplumber.PDF:
        return reading(self.pdf)

    def __exit__(self, *exc) -> None:
        return None

    def __getattr__(self, name: str):
        return getattr(reading(self.pdf), name)


class _PageObjects(Mapping):
    """What pdfminer would find on a page (chars, rects, lines, curves), read by pdfium when first asked: the
    characters alone for a test that reads text and words, the shapes (a tint back's 1,647 curves) only when
    a test asks for rects, lines or curves."""

    KINDS = ("char", "rect", "line", "curve")

    def __init__(self, document: pypdfium2.PdfDocument, key: tuple[str, str], page: pdfplumber.page.Page):
        self._document, self._key, self._page = document, key, page
        self._found: dict[str, list[dict]] = {}

    def __getitem__(self, kind: str) -> list[dict]:
        if kind not in self.KINDS:
            raise KeyError(kind)
        if kind not in self._found:
            with untraced():
                self._read(kind)
        return self._found[kind]

    def _read(self, kind: str) -> None:
        page = self._page
        where = {"page_number": page.page_number, "initial_doctop": page.initial_doctop}
        if kind == "char":
            self._found["char"] = page_chars(self._document, self._key[0], page.page_number - 1, **where)
        else:
            drawn = self._document[page.page_number - 1]
            self._found.update(pdfium_page.shapes(drawn, **where))
            drawn.close()
        if len(self._found) in (1, 3):  # the page's first reading: it counts against the pages kept
            _PARSED[self._key] = _PARSED.get(self._key, 0) + 1

    def __iter__(self):
        return iter(self.KINDS)

    def __len__(self) -> int:
        return len(self.KINDS)


def _words_once(page: pdfplumber.page.Page, made: dict[str, list[dict]], **options) -> list[dict]:
    """`page.extract_words(**options)`, grouped once per page and options (tests ask for them again and again)."""
    key = repr(sorted(options.items()))
    if key not in made:
        with untraced():
            made[key] = pdfplumber.page.Page.extract_words(page, **options)
    return list(made[key])


_PLUMBED: OrderedDict[tuple[str, str], pdfplumber.PDF] = OrderedDict()
_PARSED: dict[tuple[str, str], int] = {}  # pages read so far, per kept document
_PAGES_KEPT = 160  # at most a few MB a page (4,000 characters): the documents read longest ago are let go


def plumbed(path: Path | str | bytes, *, reader: str = "pdfium") -> _Kept:
    """The PDF as pdfplumber describes it, for positions: `page.chars`, `rects`, `lines`, `curves` (same keys)
    are read by pdfium (`tests/pdfium_page.py`, 2 to 5 times faster than pdfminer), and pdfplumber's own
    `extract_words` (memoised per page), `extract_text`, `crop` and `within_bbox` work on them. Font names
    come without their subset tag, colours as RGB, and Arabic letters as their base letters (pdfium undoes
    presentation forms): `reader="pdfminer"` reads the page with pdfplumber's own pdfminer, for the glyphs a
    shaped name drew. Kept open per file content with the pages it has read (up to 160 pages in all):
    another test reading the same page of the same PDF does not read it again. Use it as `pdfplumber.open`
    (`with plumbed(path) as pdf:`; a PDF in memory: `plumbed(data)`) and read only the pages you check."""
    data = path if isinstance(path, bytes) else Path(path).read_bytes()
    key = (hashlib.sha1(data).hexdigest(), reader)
    if key not in _PLUMBED:
        pdf = pdfplumber.open(io.BytesIO(data))
        if reader == "pdfium":
            document = pypdfium2.PdfDocument(data)
            for page in pdf.pages:  # pdfplumber asks parse_objects once per page, the first time it is read
                page.parse_objects = partial(_PageObjects, document, key, page)
                page.extract_words = partial(_words_once, page, {})
        elif reader != "pdfminer":
            raise ValueError(f"reader is 'pdfium' or 'pdfminer', not {reader!r}")
        _PLUMBED[key] = pdf
    _PLUMBED.move_to_end(key)
    while len(_PLUMBED) > 1 and (sum(_PARSED.values()) > _PAGES_KEPT or len(_PLUMBED) > 4 * _PAGES_KEPT):
        gone, pdf = _PLUMBED.popitem(last=False)
        _PARSED.pop(gone, None)
        pdf.close()
    return _Kept(_PLUMBED[key])


ANSWER_KEYS = ("Answer key",)  # the English titles: the worksheet's key, the demonstration's ("Answer key: …")


def answer_key_page(text: str) -> bool:
    """Whether an English page's text (as pdf_text or a laid-out page reads it) is an answer key's."""
    return text.startswith(ANSWER_KEYS)


def text_of(path: Path, page_index: int) -> str:
    return pdf_text(path, page_index)


def all_text(path: Path) -> PageTexts:
    """Every page's text; only the pages indexed are extracted (`all_text(kit)[0]` reads page 1 only)."""
    return pdf_text(path)


@untraced_helper
def font_report(path: Path) -> list[dict]:
    """Each font resource: its name, whether it embeds a font file, and whether it is subset."""
    reader = pypdf.PdfReader(path)
    seen, report = set(), []
    for page in reader.pages:
        fonts = page.get("/Resources", {}).get_object().get("/Font", {})
        for ref in fonts.values():
            font = ref.get_object()
            key = id(font)
            if key in seen:
                continue
            seen.add(key)
            base = str(font.get("/BaseFont", ""))
            descendants = font.get("/DescendantFonts")
            descriptor = (descendants[0].get_object() if descendants else font).get("/FontDescriptor")
            descriptor = descriptor.get_object() if descriptor is not None else {}
            embedded = any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3"))
            report.append({"name": base, "embedded": embedded, "subset": "+" in base})
    return report


@untraced_helper
def viewer_preferences(path: Path) -> dict:
    reader = pypdf.PdfReader(path)
    prefs = reader.trailer["/Root"].get("/ViewerPreferences")
    return {str(k): str(v) for k, v in prefs.get_object().items()} if prefs else {}


@untraced_helper
def metadata(path: Path) -> dict:
    reader = pypdf.PdfReader(path)
    info = {str(k): str(v) for k, v in (reader.metadata or {}).items()}
    info["/Lang"] = str(reader.trailer["/Root"].get("/Lang", ""))
    return info


@untraced_helper
def ink_near_the_edge(path, margin=5.0, dpi=100):
    """Pages with a pixel darker than white closer than `margin` mm to the paper edge (0.15 mm leeway)."""
    import pypdfium2

    band = int((margin - 0.15) * dpi / 25.4)
    found = []
    for number, page in enumerate(pypdfium2.PdfDocument(str(path))):
        image = page.render(scale=dpi / 72, grayscale=True).to_pil().convert("L")
        w, h = image.size
        for box in ((0, 0, w, band), (0, h - band, w, h), (0, 0, band, h), (w - band, 0, w, h)):
            if image.crop(box).getextrema()[0] < 255:
                found.append(number)
                break
    return found


BAND = 10  # mm: boxes are looked up by the bands of the page they cross


def by_bands(boxes: list[tuple[float, float, float, float]]) -> dict[int, list]:
    """The boxes (x0, top, x1, bottom) crossing each band of the page, in their order: a point meets only the
    boxes of its band, a character only those of the bands it crosses."""
    bands: dict[int, list] = {}
    for box in boxes:
        for band in range(int(box[1] // BAND), int(box[3] // BAND) + 1):
            bands.setdefault(band, []).append(box)
    return bands


@untraced_helper
def text_outside_its_boxes(path: Path, margin: float = 5.0, tol: float = TOL,
                           pages: Iterable[int] | None = None) -> list[str]:
    """Every character that leaves the paper's safe area, or the smallest filled or stroked box its
    centre lies in (a table cell, a card): one line per offender, empty when all text is inside.
    `pages`: the page numbers (1-based) to check, every page when None."""
    problems = []
    with plumbed(path) as pdf:
        for number in range(1, len(pdf.pages) + 1) if pages is None else pages:
            page = pdf.pages[number - 1]
            width, height = page.width / PT, page.height / PT
            boxes = by_bands([(r["x0"] / PT, r["top"] / PT, r["x1"] / PT, r["bottom"] / PT)
                               for r in page.rects + page.curves if r["width"] / PT >= 3 and r["height"] / PT >= 3])
            for ch in page.chars:
                if not ch["text"].strip():
                    continue
                x0, top, x1, bottom = ch["x0"] / PT, ch["top"] / PT, ch["x1"] / PT, ch["bottom"] / PT
                low, right, foot = margin - tol, width - margin + tol, height - margin + tol
                if x0 < low or top < low or x1 > right or bottom > foot:
                    problems.append(f"page {number}: '{ch['text']}' at {x0:.1f},{top:.1f} mm is within {margin} mm "
                                    "of the paper's edge")
                    continue
                cx, cy = (x0 + x1) / 2, (top + bottom) / 2
                around = [b for b in boxes.get(int(cy // BAND), ()) if b[0] <= cx <= b[2] and b[1] <= cy <= b[3]]
                if not around:
                    continue
                box = min(around, key=lambda b: (b[2] - b[0]) * (b[3] - b[1]))
                if x0 < box[0] - tol or x1 > box[2] + tol or top < box[1] - tol or bottom > box[3] + tol:
                    problems.append(f"page {number}: '{ch['text']}' at {x0:.1f},{top:.1f} mm leaves its box "
                                    f"{box[0]:.1f},{box[1]:.1f}–{box[2]:.1f},{box[3]:.1f}")
    return problems


def palette_rgb(name: str) -> tuple[float, float, float]:
    """A colour of layouts/colours.toml as PDF readers give it: r, g, b from 0 to 1, to 3 decimals."""
    from cli.layout.palette import colour

    value = colour(name)
    return tuple(round(int(value[i:i + 2], 16) / 255, 3) for i in (1, 3, 5))
