"""Page numbers ("n / N"): every page carries its number in the whole document, standalone and in the
kit (card sheets too, clear of the cards), and the kit's cover refers to pages by those very numbers."""

import itertools
import re
from typing import NamedTuple

import pypdf
import pypdfium2
import pytest

from tests.pdfcheck import PT, chars_of, pdf_text, plumbed
from tests.untraced import traced

pytestmark = pytest.mark.untraced  # bodies read untraced: pnpkit runs through the fixtures, traced

NUMBER = re.compile(r"(\d+)/(\d+)")


class _Page(NamedTuple):
    """A page's characters (pdfplumber's, or pdfium's through `chars_of`) and its size in points."""

    chars: list[dict]
    width: float
    height: float


def _number_zones(page: _Page) -> list[list[dict]]:
    """Where a page number may stand, each zone's characters in reading order: the bottom 12 mm (every
    page), the top 12 mm, and the side margins' top reading downwards (card sheets, which move the number
    away from backs shifted by --back-offset, or into the side margins with the bands)."""
    edge, side = 12 * PT, 10 * PT
    bottom = [c for c in page.chars if c["top"] > page.height - edge]
    top = [c for c in page.chars if c["bottom"] < edge]
    turned = [c for c in page.chars if not c["upright"] and c["top"] < 40 * PT]
    right = [c for c in turned if c["x0"] > page.width - side]
    left = [c for c in turned if c["x1"] < side]
    return [sorted(zone, key=lambda c: c["x0"]) for zone in (bottom, top)] + [
        sorted(zone, key=lambda c: c["top"]) for zone in (right, left)]


def _number_run(chars: list[dict]) -> list[dict]:
    """The zone's trailing digits, slashes and spaces: where "n / N" ends a line."""
    return list(itertools.takewhile(lambda c: c["text"] in "0123456789/ ", reversed(chars)))[::-1]


def page_number(page: _Page) -> tuple[int, int] | None:
    """The "n / N" the page prints (None when there is none)."""
    for zone in _number_zones(page):
        match = NUMBER.fullmatch("".join(c["text"] for c in _number_run(zone)).replace(" ", ""))
        if match:
            return int(match[1]), int(match[2])
    return None


def printed_numbers(path) -> list[tuple[int, int] | None]:
    """Each page's "n / N", read from pdfium's characters (the zones are bands of 10 mm and more: a box
    within a point places a character in its band as pdfplumber's would, without parsing the tint's curves
    in Python)."""
    document = pypdfium2.PdfDocument(path)
    sizes = [page.get_size() for page in document]
    document.close()
    return [page_number(_Page(chars_of(path, index), *size)) for index, size in enumerate(sizes)]


def bookmarks(path) -> list[tuple[str, int]]:
    reader = pypdf.PdfReader(path)
    marks: list[tuple[str, int]] = []

    def walk(items):
        for item in items:
            if isinstance(item, list):
                walk(item)
            else:
                marks.append((item.title, reader.get_destination_page_number(item) + 1))

    walk(reader.outline)
    return marks + [("", len(reader.pages) + 1)]


def card_pages(path) -> set[int]:
    """The kit's card sheets (1-based): from each "cards" bookmark to the next bookmark."""
    marks = bookmarks(path)
    starts = sorted({page for _, page in marks})
    cards = set()
    for title, page in marks:
        if {piece.strip().lower() for piece in title.split("/")} & {"cards", "cartes", "karten"}:
            cards |= set(range(page, next(s for s in starts if s > page)))
    return cards


def assert_numbered(path, unchecked=frozenset()) -> list[tuple[int, int] | None]:
    numbers = printed_numbers(path)
    total = len(numbers)
    for index, number in enumerate(numbers, start=1):
        if index in unchecked:
            continue
        if total == 1:
            assert number is None, (path.name, number)  # a one-page document: no "1 / 1"
        else:
            assert number == (index, total), (path.name, index, number)
    return numbers


@pytest.mark.parametrize("args", [
    ("--lang", "en", "--exercises", "2"),
    ("--lang", "fr+en", "--paper", "letter", "--single-sided", "--groups", "2"),
])
def test_every_kit_page_carries_its_physical_number_and_the_cover_agrees(kit_pdf, args):
    path = kit_pdf("--groups", "2", *args)
    cards = card_pages(path)
    assert len(cards) >= 4
    numbers = assert_numbered(path)
    cover = pdf_text(path, 0)
    contents = cover[cover.index("Contents" if "Contents" in cover else "Sommaire"):]
    ranges = [(int(a), int(b)) for a, b in re.findall(r"(\d+)–(\d+)", contents)]
    assert len(ranges) >= 6, contents
    for first, last in ranges:  # a part's range, or the card pages inside it
        assert 1 <= first < last <= len(numbers)
        for page in (first, last):
            assert numbers[page - 1][0] == page


def test_split_answer_keys_are_numbered_in_their_own_file(kit_pdf):
    path = kit_pdf("--split", "--exercises", "1")
    answers = path.with_name("kit-answers.pdf")
    assert_numbered(path)
    assert len(assert_numbered(answers)) >= 2


STANDALONE = [  # one or more cases for every printing command of main.COMMANDS but the kit and cards
    ("record-sheet", "--lang", "fr+en"),
    ("demo", "--paper", "letter"),
    ("exercises", "--lang", "en"),
    ("exercises", "--large-print"),
    ("calibrate", "--duplex", "short"),
    ("score", "dreist", "--per-page", "2"),
    ("score", "dreist", "--per-page", "4", "--sheets", "6", "--lang", "fr+en"),
    ("score", "twinit", "--per-page", "1", "--sheets", "2", "--paper", "letter"),
    ("score", "twinit", "--variant", "coop", "--per-page", "4", "--sheets", "5"),
    ("score", "dreist", "--large-print"),
    ("rules", "dreist", "--lang", "fr+de", "--paper", "letter"),
    ("rules", "twinit", "--large-print"),
    ("guide", "--lang", "fr+en", "--paper", "letter"),
    ("guide", "--large-print"),
]


@pytest.mark.parametrize("command", STANDALONE)
def test_every_standalone_page_carries_n_of_N(pnpkit, tmp_path, command):
    path = tmp_path / "doc.pdf"
    assert pnpkit(*command, "-o", path).code == 0
    numbers = assert_numbered(path)
    if len(numbers) > 1:  # in the kit's form, "2 / 3" (not "2/3"), spaces read as the PDF's text has them
        document = pypdfium2.PdfDocument(path)
        texts = [page.get_textpage().get_text_range() for page in document]
        document.close()
        assert all(f"{index} / {len(texts)}" in text for index, text in enumerate(texts, start=1))


@pytest.mark.parametrize("command", [("record-sheet",), ("score", "dreist"), ("score", "twinit")])
def test_a_one_page_document_prints_no_1_of_1(pnpkit, tmp_path, command):
    path = tmp_path / "doc.pdf"
    assert pnpkit(*command, "-o", path).code == 0
    with plumbed(path) as pdf:
        assert len(pdf.pages) == 1
        assert "1 / 1" not in (pdf.pages[0].extract_text() or "")


def _number_chars(page: _Page) -> list[dict]:
    """The characters of the page's "n / N", spaces left out."""
    for zone in _number_zones(page):
        run = _number_run(zone)
        if NUMBER.fullmatch("".join(c["text"] for c in run).replace(" ", "")):
            return [c for c in run if c["text"].strip()]
    return []


def _ink_around(image, box: tuple[float, ...], ring: float, dpi: int) -> int:
    """Dark pixels within `ring` mm around a box given in points, the box itself left out."""
    k = dpi / 72
    x0, y0, x1, y1 = (round(v * k) for v in box)
    r = round(ring * PT * k)
    dark = 0
    for x in range(max(0, x0 - r), min(image.width, x1 + r)):
        for y in range(max(0, y0 - r), min(image.height, y1 + r)):
            if not (x0 - 1 <= x <= x1 + 1 and y0 - 1 <= y <= y1 + 1) and image.getpixel((x, y)) < 200:
                dark += 1
    return dark


@pytest.mark.parametrize("args", [
    (),
    ("--lang", "fr+de"),
    ("--paper", "letter", "--lang", "fr+en"),
    ("--duplex", "short", "--size", "mini"),
    ("--duplex", "fold", "--paper", "letter"),
    ("--size", "bridge", "--back-offset", "0,9"),
    ("--paper", "letter", "--back-offset", "2.5,-2"),
    ("--paper", "letter", "--back-offset", "-2.5,2", "--back", "opaque"),
    ("--paper", "letter", "--size", "mini", "--back-offset", "0,8", "--no-crop-marks"),
])
def test_card_sheets_carry_n_of_N_clear_of_cards_marks_and_hints(pnpkit, tmp_path, args):
    """Fronts and backs are numbered like every page (a kit's cover points at them), 2 mm from anything
    else printed: the cards and their backs' ground (wherever --back-offset moved it), the crop marks,
    the hints, the ruler."""
    path = tmp_path / "cards.pdf"
    assert pnpkit("cards", "-o", path, *args).code == 0
    assert_numbered(path)
    dpi = 100
    rendered = pypdfium2.PdfDocument(str(path))
    with plumbed(path) as pdf:
        for page, drawn in zip(pdf.pages, rendered, strict=True):
            number = _number_chars(_Page(page.chars, page.width, page.height))
            box = (min(c["x0"] for c in number), min(c["top"] for c in number),
                   max(c["x1"] for c in number), max(c["bottom"] for c in number))
            image = drawn.render(scale=dpi / 72, grayscale=True).to_pil().convert("L")
            assert _ink_around(image, box, 2.0, dpi) == 0, (args, page.page_number)
            assert min(box[0], box[1]) >= 5 * PT and box[2] <= page.width - 5 * PT  # the safe margin
            assert box[3] <= page.height - 5 * PT


def test_every_printing_command_of_main_is_numbered_here():
    """A new command gets its page numbers checked: it must be added to STANDALONE (the kit and cards have
    tests of their own above)."""
    with traced():
        from cli.main import COMMANDS

    assert {case[0] for case in STANDALONE} | {"kit", "cards"} == set(COMMANDS) - {"printer", "serve"}
