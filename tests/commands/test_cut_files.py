"""`cards --cut-file svg|dxf [--registration silhouette]`: one cut file per front sheet whose outlines are the
printed cards' boxes, registration marks where the sheet says, nothing printed where they reserve room."""

import xml.etree.ElementTree as ET

import pytest

from cli.layout.imposition import Box
from cli.layout.registration import registration, reserved
from cli.layout.sizes import paper
from cli.main import run
from tests.pdfcheck import PT, WHITE, card_rects, plumbed

SVG = "{http://www.w3.org/2000/svg}"
A4 = paper("a4")


@pytest.fixture(scope="module")
def made(tmp_path_factory):
    """A4 poker with Silhouette marks and SVG cut files; Letter mini with DXF cut files."""
    folder = tmp_path_factory.mktemp("cut")
    assert run(["cards", "--cut-file", "svg", "--registration", "silhouette", "--seat-cards",
                "-o", str(folder / "reg.pdf")]) == 0
    assert run(["cards", "--cut-file", "dxf", "--paper", "letter", "--size", "mini", "--duplex", "short",
                "-o", str(folder / "mini.pdf")]) == 0
    return folder


def _printed(path, index: int, w: float, h: float) -> list[Box]:
    """The white card-sized boxes (cards, seat cards, reminder) of one front page, in mm from the top left."""
    with plumbed(path) as pdf:
        return [Box(r.x, r.y, r.w, r.h) for r in card_rects(pdf.pages[index], w, h, WHITE)]


def _same(outlines: list[Box], printed: list[Box]) -> None:
    assert len(outlines) == len(printed) > 0
    for box in printed:
        assert any(all(abs(a - b) <= 0.01 for a, b in zip(box, o, strict=True)) for o in outlines), box


def _svg_outlines(path) -> tuple[ET.Element, list[Box]]:
    root = ET.parse(path).getroot()
    return root, [Box(*(float(r.get(k)) for k in ("x", "y", "width", "height"))) for r in root.iter(f"{SVG}rect")]


def test_svg_cut_files_hold_every_printed_card_where_it_is_printed(made):
    files = sorted(made.glob("reg-sheet-*.svg"))
    assert [f.name for f in files] == ["reg-sheet-1.svg", "reg-sheet-3.svg", "reg-sheet-5.svg", "reg-sheet-7.svg"]
    for path in files:
        root, outlines = _svg_outlines(path)
        assert (root.get("width"), root.get("height"), root.get("viewBox")) == ("210mm", "297mm", "0 0 210 297")
        page = int(path.stem.rsplit("-", 1)[1]) - 1
        _same(outlines, _printed(made / "reg.pdf", page, 63, 88))  # the last sheet: seat cards, reminder
        for a in outlines:  # a gutter of at least 3 mm: no edge is cut twice
            for b in outlines:
                if a != b:
                    assert (max(b.x - a.x - a.w, a.x - b.x - b.w) >= 3 - 1e-6
                            or max(b.y - a.y - a.h, a.y - b.y - b.h) >= 3 - 1e-6)


def test_dxf_cut_files_read_back_in_millimetres(made):
    import ezdxf

    files = sorted(made.glob("mini-sheet-*.dxf"))
    assert files and not list(made.glob("mini-sheet-*.svg"))
    letter = paper("letter")
    for path in files:
        doc = ezdxf.readfile(path)
        assert doc.header["$INSUNITS"] == 4  # millimetres
        outlines = []
        for line in doc.modelspace().query("LWPOLYLINE"):
            assert line.closed and line.dxf.layer == "CUT"
            xs, ys = zip(*line.get_points("xy"), strict=True)
            outlines.append(Box(min(xs), letter.height - max(ys), max(xs) - min(xs), max(ys) - min(ys)))
        page = int(path.stem.rsplit("-", 1)[1]) - 1
        _same(outlines, _printed(made / "mini.pdf", page, 44, 63))


def test_registration_marks_stand_where_the_sheet_says_and_nothing_else_enters_their_room(made):
    reg = registration("silhouette")
    with plumbed(made / "reg.pdf") as pdf:
        page = pdf.pages[0]
        text = page.extract_text().replace("\u00a0", " ")
        assert "Type 1" in text and "longueur 20 mm" in text and "retrait 10 mm" in text
        square = [r for r in page.rects if abs(r["width"] / PT - 5) < 0.01 and abs(r["height"] / PT - 5) < 0.01]
        assert [(round(r["x0"] / PT, 2), round(r["top"] / PT, 2)) for r in square] == [(10.0, 10.0)]
        lines = [ln for ln in page.lines if abs(ln["linewidth"] / PT - 0.3) < 0.01]
        outer = sorted((round(min(ln["x0"], ln["x1"]) / PT, 2), round(ln["top"] / PT, 2)) for ln in lines)
        # top right: arm along the top 10 mm from the edge, ending 10 mm from the right edge; bottom left
        assert (A4.width - 10 - 20, 10.15) in outer and (10.0, A4.height - 10.15) in outer
        keep_out = reserved(A4, reg)
        marks = {id(r) for r in square} | {id(ln) for ln in lines}
        for obj in page.chars + page.rects + page.lines + page.curves:
            if id(obj) in marks:
                continue
            x0, y0, x1, y1 = obj["x0"] / PT, obj["top"] / PT, obj["x1"] / PT, obj["bottom"] / PT
            for box in keep_out:
                assert x1 <= box.x + 1e-3 or x0 >= box.x + box.w - 1e-3 or y1 <= box.y + 1e-3 \
                    or y0 >= box.y + box.h - 1e-3, (obj.get("text") or obj["object_type"], (x0, y0), box)


@pytest.mark.parametrize(("args", "message"), [
    (("--cut-file", "svg", "-o", "-"), "give -o a file name"),
    (("--cut-file", "svg", "--duplex", "fold"), "--duplex fold folds them first"),
    (("--cut-file", "svg", "--registration", "silhouette", "--duplex", "none"), "needs duplex long or short"),
    (("--cut-file", "svg", "--registration", "silhouette", "--duplex", "fold"), "--duplex fold folds the sheet before"),
    (("--registration", "silhouette"), "add --cut-file"),
    (("--cut-file", "png"), "unknown --cut-file 'png'"),
    (("--cut-file", "svg", "--registration", "silhouette", "--reg-inset", "40"), "--reg-inset 40"),
])
def test_combinations_that_cannot_work_are_refused_in_one_line(pnpkit, tmp_path, args, message):
    result = pnpkit("cards", *args) if "-" in args else pnpkit("cards", "-o", tmp_path / "c.pdf", *args)
    assert result.code == 2 and message in result.err and len(result.err.strip().splitlines()) == 1
    assert list(tmp_path.glob("*.pdf")) == [] and list(tmp_path.glob("*.svg")) == []


def test_kit_takes_no_cut_file(pnpkit, tmp_path):
    assert pnpkit("kit", "--cut-file", "svg", "-o", tmp_path / "k.pdf").code == 2


def test_pdf_and_cut_files_are_written_all_together_or_not_at_all(pnpkit, tmp_path, monkeypatch):
    import os

    real = os.replace
    calls = []

    def fail_second(src, dst):
        calls.append(dst)
        if len(calls) == 2:
            raise OSError(28, "No space left on device")
        real(src, dst)

    monkeypatch.setattr("os.replace", fail_second)
    result = pnpkit("cards", "--cut-file", "svg", "-o", tmp_path / "c.pdf")
    assert result.code == 2 and "No space left on device" in result.err
    assert sorted(p.name for p in tmp_path.iterdir()) == []


def test_cut_files_are_the_same_every_run(tmp_path):
    for name in ("a", "b"):
        assert run(["cards", "--cut-file", "dxf", "-o", str(tmp_path / f"{name}.pdf")]) == 0
    assert (tmp_path / "a-sheet-1.dxf").read_bytes() == (tmp_path / "b-sheet-1.dxf").read_bytes()


def _apart(a: Box, b: Box) -> bool:
    return a.x + a.w <= b.x + 1e-6 or b.x + b.w <= a.x + 1e-6 or a.y + a.h <= b.y + 1e-6 or b.y + b.h <= a.y + 1e-6


@pytest.mark.parametrize("name", ["a4", "letter"])
@pytest.mark.parametrize("size", ["poker", "bridge", "mini"])
def test_cut_mode_keeps_a_gutter_and_registration_room_for_every_size(name, size):
    """Geometry only (fast): the cards, their crop marks and the bands above and below stay out of the
    reserved room; cards stand at least 3 mm apart."""
    from cli.documents.card_sheets import sheet_imposition
    from cli.layout.imposition import crop_marks, mark_gap, strip_bottom
    from cli.layout.sheet_numbers import sheet_numbers
    from cli.layout.sizes import card_size

    sheet, reg = paper(name), registration("silhouette")
    keep_out = reserved(sheet, reg)
    for flip in ("long", "short"):
        imposition = sheet_imposition(sheet, *card_size(size), flip, cut=True, registration=reg)
        fronts = imposition.fronts
        assert fronts
        for i, a in enumerate(fronts):
            assert all(_apart(a, box) for box in keep_out), (name, size, a)
            for b in fronts[i + 1:]:
                assert _apart(a._replace(x=a.x - 3, w=a.w + 6), b) or _apart(a._replace(y=a.y - 3, h=a.h + 6), b)
        for x1, y1, x2, y2 in crop_marks(fronts, mark_gap(imposition), imposition.mark_length):
            mark = Box(min(x1, x2), min(y1, y2), abs(x2 - x1), abs(y2 - y1))
            assert all(_apart(mark, box) for box in keep_out), (name, size, mark)
        if imposition.bands == "top":
            strip = sheet_numbers().strip
            for top in (imposition.strip_top, strip_bottom(imposition) - strip):
                band = Box(imposition.margin[0], top, sheet.width - 2 * imposition.margin[0], strip)
                assert all(_apart(band, box) for box in keep_out), (name, size, band)


@pytest.mark.parametrize(("name", "lang", "length"), [("a4", "fr+en", None), ("letter", "de", None),
                                                       ("a4", "fr", 50.0), ("letter", "en+de", 40.0)])
def test_the_settings_to_type_are_read_at_8_pt_between_the_top_corners(name, lang, length):
    """The settings a grown-up types into Silhouette Studio: at least 8 pt (they were 6.5, the smallest text on
    the sheet), each line centred between the corners the marks reserve, wrapped there when the corners are
    large; the second language in italic."""
    import cli.render.text  # noqa: F401  (the pass's metrics)
    from cli.documents.card_sheets import cards_document
    from cli.documents.language import parse_lang
    from cli.layout.measure import face, text_width

    sheet, reg = paper(name), registration("silhouette", length=length)
    document = cards_document(sheet, parse_lang(lang), card_w=63, card_h=88, mode="long", cut=True,
                              registration=reg)
    lines = [node for node in document.children[0].children
             if node.tag == "text" and node.y < reg.inset + reg.length + reg.clearance]
    words = " ".join(node.text for node in lines).replace("\u00a0", " ")
    inset = {"de": "Einzug 10", "en": "Inset 10", "fr": "retrait 10"}
    assert words.count("Silhouette Studio") == lang.count("+") + 1
    assert all(inset[code] in words for code in lang.split("+"))
    room = sheet.width - 2 * (reg.inset + reg.length + reg.clearance)
    for node in lines:
        assert node.size >= 8 and node.align == "center" and node.x == pytest.approx(sheet.width / 2)
        assert text_width(node.text, node.size, face(node.weight, node.style)) <= room, node.text
    assert [node.style for node in lines][0] == "normal" and ("+" not in lang or lines[-1].style == "italic")
    assert len(lines) > lang.count("+") + 1 or length is None  # large corners wrap
