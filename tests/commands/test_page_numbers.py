"""Page numbers ("n / N"): every page but the card sheets carries its number in the whole document,
standalone and in the kit, and the kit's cover refers to pages by those very numbers."""

import re

import pdfplumber
import pypdf
import pytest

from tests.pdfcheck import PT

NUMBER = re.compile(r"(\d+) / (\d+)$")


def printed_numbers(path) -> list[tuple[int, int] | None]:
    """Per page, the "n / N" printed in its bottom 12 mm (None when there is none)."""
    found = []
    with pdfplumber.open(path) as pdf:
        for page in pdf.pages:
            words = [w for w in page.extract_words() if w["top"] > page.height - 12 * PT]
            match = NUMBER.search(" ".join(w["text"] for w in sorted(words, key=lambda w: w["x0"])))
            found.append((int(match[1]), int(match[2])) if match else None)
    return found


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


def assert_numbered(path, skip=frozenset(), unchecked=frozenset()) -> list[tuple[int, int] | None]:
    numbers = printed_numbers(path)
    total = len(numbers)
    for index, number in enumerate(numbers, start=1):
        if index in unchecked:
            continue
        if total == 1:
            assert number is None, (path.name, number)  # a one-page document: no "1 / 1"
        elif index in skip:
            assert number is None, (path.name, index, number)  # card sheets keep their own imposition
        else:
            assert number == (index, total), (path.name, index, number)
    return numbers


@pytest.mark.parametrize("args", [
    ("--lang", "en", "--exercises", "2"),
    ("--lang", "fr+en", "--paper", "letter", "--single-sided", "--groups", "2"),
])
def test_every_kit_page_but_the_cards_carries_its_physical_number_and_the_cover_agrees(pnpkit, tmp_path, args):
    path = tmp_path / "kit.pdf"
    assert pnpkit("kit", "--groups", "2", "-o", path, *args).code == 0
    cards = card_pages(path)
    assert len(cards) >= 4
    numbers = assert_numbered(path, cards)
    with pdfplumber.open(path) as pdf:
        cover = pdf.pages[0].extract_text()
    contents = cover[cover.index("Contents" if "Contents" in cover else "Sommaire"):]
    ranges = [(int(a), int(b)) for a, b in re.findall(r"(\d+)–(\d+)", contents)]
    assert len(ranges) >= 6, contents
    for first, last in ranges:  # a part's range, or the card pages inside it
        assert 1 <= first < last <= len(numbers)
        for page in (first, last):
            assert page in cards or numbers[page - 1][0] == page
        if all(page in cards for page in range(first, last + 1)):  # "cards pp. 3–6": the next page says 7
            assert numbers[last][0] == last + 1


def test_split_answer_keys_are_numbered_in_their_own_file(pnpkit, tmp_path):
    path = tmp_path / "kit.pdf"
    assert pnpkit("kit", "--split", "--exercises", "1", "-o", path).code == 0
    answers = tmp_path / "kit-answers.pdf"
    assert_numbered(path, card_pages(path))
    assert len(assert_numbered(answers)) >= 2


@pytest.mark.parametrize("command", [
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
])
def test_every_standalone_page_carries_n_of_N(pnpkit, tmp_path, command):
    path = tmp_path / "doc.pdf"
    assert pnpkit(*command, "-o", path).code == 0
    assert_numbered(path)


@pytest.mark.parametrize("command", [("record-sheet",), ("score", "dreist"), ("score", "twinit")])
def test_a_one_page_document_prints_no_1_of_1(pnpkit, tmp_path, command):
    path = tmp_path / "doc.pdf"
    assert pnpkit(*command, "-o", path).code == 0
    with pdfplumber.open(path) as pdf:
        assert len(pdf.pages) == 1
        assert "1 / 1" not in (pdf.pages[0].extract_text() or "")
