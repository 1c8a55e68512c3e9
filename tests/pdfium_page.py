"""A page's characters and shapes as pdfplumber describes them, read with pypdfium2 (C) instead of pdfminer.

pdfminer interprets every content stream in pure Python: a page of tint card backs (1,647 curves) costs it
seconds, pdfium milliseconds. These functions give the dictionaries pdfplumber's `page.chars`, `page.rects`,
`page.lines` and `page.curves` hold (same keys, points from the page's top, content order, forms looked
into), so that pdfplumber's own words, text, crop and within_bbox work on them unchanged. Shapes are
sorted as pdfminer sorts them (`re` and `m l l l h` axis-aligned: rect; `m l`: line; anything else: curve,
its box from the segments' end points); colours come as pdfium gives them (8 bits a channel), written
back as the PDF wrote them (6 decimals, RGB), which is exact for the palette's colours.
"""

import ctypes

import pypdfium2
import pypdfium2.raw as pdfium

_Matrix = tuple[float, float, float, float, float, float]
_IDENTITY: _Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def _by_address(function, restype, *argtypes):
    """`function` called with plain addresses (ints) and, for a pointer result, answering one: pypdfium2's
    typed pointers cost a conversion on every call, and `ctypes.cast` to compare them three times a call."""
    return ctypes.CFUNCTYPE(restype, *argtypes)(ctypes.cast(function, ctypes.c_void_p).value)


_ADDRESS, _INDEX = ctypes.c_void_p, ctypes.c_int
_text_object_at = _by_address(pdfium.FPDFText_GetTextObject, _ADDRESS, _ADDRESS, _INDEX)  # NULL: made up by pdfium
_origin_of = _by_address(pdfium.FPDFText_GetCharOrigin, ctypes.c_int, _ADDRESS, _INDEX, _ADDRESS, _ADDRESS)
_unicode_of = _by_address(pdfium.FPDFText_GetUnicode, ctypes.c_uint, _ADDRESS, _INDEX)
_page_object = _by_address(pdfium.FPDFPage_GetObject, _ADDRESS, _ADDRESS, _INDEX)
_type_of = _by_address(pdfium.FPDFPageObj_GetType, ctypes.c_int, _ADDRESS)
_form_count = _by_address(pdfium.FPDFFormObj_CountObjects, ctypes.c_int, _ADDRESS)
_form_object = _by_address(pdfium.FPDFFormObj_GetObject, _ADDRESS, _ADDRESS, ctypes.c_ulong)
_segment_at = _by_address(pdfium.FPDFPath_GetPathSegment, _ADDRESS, _ADDRESS, _INDEX)
_segment_type = _by_address(pdfium.FPDFPathSegment_GetType, ctypes.c_int, _ADDRESS)
_segment_point = _by_address(pdfium.FPDFPathSegment_GetPoint, ctypes.c_int, _ADDRESS, _ADDRESS, _ADDRESS)
_segment_closes = _by_address(pdfium.FPDFPathSegment_GetClose, ctypes.c_int, _ADDRESS)
_segment_count = _by_address(pdfium.FPDFPath_CountSegments, ctypes.c_int, _ADDRESS)
_fill_of = _by_address(pdfium.FPDFPageObj_GetFillColor, ctypes.c_int, *[_ADDRESS] * 5)
_stroke_of = _by_address(pdfium.FPDFPageObj_GetStrokeColor, ctypes.c_int, *[_ADDRESS] * 5)
_matrix_into = _by_address(pdfium.FPDFPageObj_GetMatrix, ctypes.c_int, _ADDRESS, _ADDRESS)
_draw_mode_into = _by_address(pdfium.FPDFPath_GetDrawMode, ctypes.c_int, _ADDRESS, _ADDRESS, _ADDRESS)
_stroke_width_into = _by_address(pdfium.FPDFPageObj_GetStrokeWidth, ctypes.c_int, _ADDRESS, _ADDRESS)
_dash_count = _by_address(pdfium.FPDFPageObj_GetDashCount, ctypes.c_int, _ADDRESS)
# what pdfium writes into, made once (the tests read one page at a time, in one thread)
_RGBA = (ctypes.c_uint * 4)()
_RGBA_AT = [ctypes.addressof(_RGBA) + i * ctypes.sizeof(ctypes.c_uint) for i in range(4)]
_MATRIX = pdfium.FS_MATRIX()
_MODES = (ctypes.c_int * 2)()
_WIDTH = ctypes.c_float()


def _times(m: _Matrix, n: _Matrix) -> _Matrix:
    """m then n (PDF's row-vector order: a point p goes to p·m·n)."""
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (a * a2 + b * c2, a * b2 + b * d2, c * a2 + d * c2, c * b2 + d * d2,
            e * a2 + f * c2 + e2, e * b2 + f * d2 + f2)


def _matrix_of(obj: int) -> _Matrix:
    _matrix_into(obj, ctypes.addressof(_MATRIX))
    return (_MATRIX.a, _MATRIX.b, _MATRIX.c, _MATRIX.d, _MATRIX.e, _MATRIX.f)


def _colour(obj: int, getter) -> tuple[float, float, float]:
    """The object's colour (`_fill_of` or `_stroke_of`) as RGB from 0 to 1."""
    getter(obj, *_RGBA_AT)
    return (round(_RGBA[0] / 255, 6), round(_RGBA[1] / 255, 6), round(_RGBA[2] / 255, 6))


def _font_name(font) -> str:
    size = pdfium.FPDFFont_GetBaseFontName(font, None, 0)
    buffer = ctypes.create_string_buffer(size)
    pdfium.FPDFFont_GetBaseFontName(font, buffer, size)
    return buffer.value.decode("utf-8", "replace")


def chars(page: pypdfium2.PdfPage, *, page_number: int = 1, initial_doctop: float = 0.0) -> list[dict]:
    """The page's characters as pdfminer finds them (x0, x1, top, bottom from the page's top, in points).
    Along the line the box is the advance from the origin, as pdfminer's (pdfium's loose box also takes in
    a glyph that overhangs it: q, j, italics); across it, pdfminer's: one font size from the font's descent
    below the baseline, whichever way the text is turned. Characters pdfium makes up (spaces, line ends)
    are left out, as pdfminer has none."""
    height = page.get_height()
    textpage = page.get_textpage()
    raw = textpage.raw
    box, matrix = pdfium.FS_RECTF(), pdfium.FS_MATRIX()
    x, y, number, advance = ctypes.c_double(), ctypes.c_double(), ctypes.c_float(), ctypes.c_float()
    objects: dict[int, tuple] = {}  # per text object: one font, size and colour for all its characters
    widths: dict[tuple[int, int], float | None] = {}  # per text object and character: its advance
    found, places = [], []
    address, x_at, y_at = ctypes.cast(raw, ctypes.c_void_p).value, ctypes.addressof(x), ctypes.addressof(y)
    for index in range(pdfium.FPDFText_CountChars(raw)):
        key = _text_object_at(address, index)
        if key is None:  # a space or line end pdfium made up (pdfminer has none)
            continue
        if key not in objects:
            text_object = pdfium.FPDFText_GetTextObject(raw, index)
            font = pdfium.FPDFTextObj_GetFont(text_object)
            size = pdfium.FPDFText_GetFontSize(raw, index)
            number.value = size
            pdfium.FPDFFont_GetDescent(font, number, advance)
            pdfium.FPDFText_GetMatrix(raw, index, matrix)  # one text object, one matrix but for the origin
            objects[key] = (font, size, advance.value, _font_name(font),
                            _colour(key, _fill_of), _colour(key, _stroke_of),
                            (matrix.a, matrix.b, matrix.c, matrix.d))
        font, size, below, fontname, fill, stroke, (a, b, c, d) = objects[key]
        _origin_of(address, index, x_at, y_at)
        ox, oy = x.value, y.value
        code = _unicode_of(address, index)
        width = widths.get((key, code), False)
        if width is False:
            number.value = size
            width = widths[key, code] = (advance.value if pdfium.FPDFFont_GetGlyphWidth(font, code, number, advance)
                                         else None)
        if width is not None:
            left, right = (ox, ox + width * a) if a >= 0 else (ox + width * a, ox)
            low, high = (oy, oy + width * b) if b >= 0 else (oy + width * b, oy)
        else:  # a character pdfium cannot map back to the font: its loose box
            pdfium.FPDFText_GetLooseCharBox(raw, index, box)
            low, high = min(box.top, box.bottom), max(box.top, box.bottom)
            left, right = min(box.left, box.right), max(box.left, box.right)
        if abs(c) > abs(d):  # turned a quarter (a sideways label): the size runs across the page
            left = ox + below if c > 0 else ox - below - size
            right = left + size
        else:  # upright, or upside down (a card's turned corner index)
            low = oy + below if d >= 0 else oy - below - size
            high = low + size
        top = height - high
        places.append((key, ox * a + oy * b))  # within one text object: along its line
        found.append({"text": chr(code), "fontname": fontname, "size": size,
                      "x0": left, "x1": right, "y0": low, "y1": high, "width": right - left, "height": high - low,
                      "top": top, "bottom": height - low, "doctop": initial_doctop + top,
                      "matrix": (a, b, c, d, ox, oy), "upright": a * d > 0 and b * c <= 0,
                      "non_stroking_color": fill, "stroking_color": stroke,
                      "object_type": "char", "page_number": page_number})
    textpage.close()
    drawn = _content_order(page)  # pdfium's text page sorts runs into lines; pdfminer keeps the content's order
    ranked = sorted(zip(places, found, strict=True), key=lambda pair: (drawn.get(pair[0][0], 0), pair[0][1]))
    return [char for _, char in ranked]


def _content_order(page: pypdfium2.PdfPage) -> dict[int, int]:
    """Each text object's place in the page's content (forms looked into, depth first), by its address."""
    order: dict[int, int] = {}

    def visit(obj: int) -> None:
        kind = _type_of(obj)
        if kind == pdfium.FPDF_PAGEOBJ_TEXT:
            order[obj] = len(order)
        elif kind == pdfium.FPDF_PAGEOBJ_FORM:
            for index in range(_form_count(obj)):
                visit(_form_object(obj, index))

    address = ctypes.cast(page.raw, ctypes.c_void_p).value
    for index in range(pdfium.FPDFPage_CountObjects(page.raw)):
        visit(_page_object(address, index))
    return order


def _subpaths(path: int, matrix: _Matrix) -> list[tuple[str, list[tuple[float, float]]]]:
    """The path's subpaths as pdfminer's operators ("m", "l", "c", "h") and end points, on the page."""
    a, b, c, d, e, f = matrix
    x, y = ctypes.c_float(), ctypes.c_float()
    x_at, y_at = ctypes.addressof(x), ctypes.addressof(y)
    subpaths: list[tuple[str, list[tuple[float, float]]]] = []
    shape, points, bezier = "", [], 0
    for index in range(_segment_count(path)):
        segment = _segment_at(path, index)
        kind = _segment_type(segment)
        _segment_point(segment, x_at, y_at)
        point = (a * x.value + c * y.value + e, b * x.value + d * y.value + f)
        if kind == pdfium.FPDF_SEGMENT_MOVETO:
            if shape:
                subpaths.append((shape, points))
            shape, points, bezier = "m", [point], 0
        elif kind == pdfium.FPDF_SEGMENT_BEZIERTO:
            bezier += 1
            if bezier % 3:  # a control point: pdfminer keeps only where each curve ends
                continue
            shape += "c"
            points.append(point)
        else:
            shape += "l"
            points.append(point)
        if _segment_closes(segment):
            if len(points) > 2 and shape.endswith("l") and _same(points[-1], points[0]):
                shape = shape[:-1]  # pdfium closes with a line back to the start; pdfminer's "h" says it
                points.pop()
            shape += "h"
            points.append(points[0])
    if shape:
        subpaths.append((shape, points))
    return subpaths


def _same(p: tuple[float, float], q: tuple[float, float], tol: float = 1e-3) -> bool:
    return abs(p[0] - q[0]) <= tol and abs(p[1] - q[1]) <= tol


def _kind(shape: str, points: list[tuple[float, float]]) -> str:
    if shape in ("ml", "mlh"):
        return "line"
    if shape in ("mlllh", "mllll") and _same(points[0], points[4]):
        (x0, y0), (x1, y1), (x2, y2), (x3, y3) = points[:4]
        near = lambda p, q: abs(p - q) <= 1e-3  # noqa: E731
        if ((near(x0, x1) and near(y1, y2) and near(x2, x3) and near(y3, y0))
                or (near(y0, y1) and near(x1, x2) and near(y2, y3) and near(x3, x0))):
            return "rect"
    return "curve"


def _dash(obj: int) -> tuple[list[float], float] | None:
    count = _dash_count(obj)
    if count <= 0:
        return None
    typed = ctypes.cast(obj, pdfium.FPDFPage_GetObject.restype)  # a dashed line is rare: pypdfium2's functions
    array = (ctypes.c_float * count)()
    pdfium.FPDFPageObj_GetDashArray(typed, array, count)
    phase = ctypes.c_float()
    pdfium.FPDFPageObj_GetDashPhase(typed, phase)
    return [round(v, 6) for v in array], round(phase.value, 6)


def _path_objects(obj: int, matrix: _Matrix, height: float, page_number: int, initial_doctop: float,
                  into: dict[str, list[dict]]) -> None:
    _draw_mode_into(obj, ctypes.addressof(_MODES), ctypes.addressof(_MODES) + ctypes.sizeof(ctypes.c_int))
    fill_mode, stroke = _MODES[0], _MODES[1]
    _stroke_width_into(obj, ctypes.addressof(_WIDTH))
    common = {"linewidth": round(_WIDTH.value, 4), "stroke": bool(stroke), "fill": fill_mode != 0,
              "evenodd": fill_mode == pdfium.FPDF_FILLMODE_ALTERNATE,
              "stroking_color": _colour(obj, _stroke_of), "non_stroking_color": _colour(obj, _fill_of),
              "dash": _dash(obj), "page_number": page_number}
    for shape, points in _subpaths(obj, _times(_matrix_of(obj), matrix)):
        if len(shape) < 2:
            continue  # a lone move draws nothing (pdfminer drops it too)
        kind = _kind(shape, points)
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
        top = height - y1
        into[kind].append({**common, "object_type": kind, "x0": x0, "x1": x1, "y0": y0, "y1": y1,
                           "width": x1 - x0, "height": y1 - y0, "top": top, "bottom": height - y0,
                           "doctop": initial_doctop + top,
                           "pts": [(px, height - py) for px, py in points]})


def shapes(page: pypdfium2.PdfPage, *, page_number: int = 1, initial_doctop: float = 0.0) -> dict[str, list]:
    """The page's rects, lines and curves (pdfplumber's keys), in content order, forms looked into."""
    height = page.get_height()
    found: dict[str, list[dict]] = {"rect": [], "line": [], "curve": []}

    def visit(obj: int, matrix: _Matrix) -> None:
        kind = _type_of(obj)
        if kind == pdfium.FPDF_PAGEOBJ_PATH:
            _path_objects(obj, matrix, height, page_number, initial_doctop, found)
        elif kind == pdfium.FPDF_PAGEOBJ_FORM:
            inner = _times(_matrix_of(obj), matrix)
            for index in range(_form_count(obj)):
                visit(_form_object(obj, index), inner)

    address = ctypes.cast(page.raw, ctypes.c_void_p).value
    for index in range(pdfium.FPDFPage_CountObjects(page.raw)):
        visit(_page_object(address, index), _IDENTITY)
    return found
