"""Names: CSV, NFC, drawn by the body font or a fallback font, refused naming the character otherwise."""

import pytest

from cli.documents.names import parse_names
from tests.pdfcheck import chars_of, pdf_text, plumbed
from tests.security.conftest import one_line


def fonts_of(pdf_path, word: str) -> set[str]:
    """The fonts of the characters of every occurrence of `word` on page 1 (as drawn: pdfminer reads Arabic
    presentation forms, which pdfium turns back into base letters)."""
    with plumbed(pdf_path, reader="pdfminer") as pdf:
        page = pdf.pages[0]
        text = "".join(ch["text"] for ch in page.chars)
        found = set()
        start = text.find(word)
        assert start >= 0, f"{word!r} is not on the page"
        while start >= 0:
            found |= {page.chars[i]["fontname"].split("+")[-1] for i in range(start, start + len(word))}
            start = text.find(word, start + 1)
        return found


def test_greek_cyrillic_and_vietnamese_names_are_drawn_by_the_fallback_font(pnpkit, pdf_path):
    result = pnpkit("score", "dreist", "--names", "Zoë,Ζωή,Жанна,Nguyễn Thị", "-o", pdf_path)
    assert result.code == 0, result.err
    assert fonts_of(pdf_path, "Ζωή") == {"NotoSans-Regular"} == fonts_of(pdf_path, "Жанна")
    assert fonts_of(pdf_path, "Nguyễn") == {"NotoSans-Regular"}
    assert all(font.startswith("Atkinson") for font in fonts_of(pdf_path, "Zoë"))  # the body font has ë


def test_a_combining_accent_is_joined_to_its_letter():
    assert parse_names("Zoe\u0308,Bo,Cy", "--names") == ["Zo\u00eb", "Bo", "Cy"]


@pytest.mark.parametrize(("text", "names"), [
    ('"Ana, Jr",Bo,Cy', ["Ana, Jr", "Bo", "Cy"]),
    ("Ana;Bo;Cy", ["Ana", "Bo", "Cy"]),
    ('"Ana, Jr";Bo;Cy', ["Ana, Jr", "Bo", "Cy"]),
    (" Ana , Bo,Cy ", ["Ana", "Bo", "Cy"]),
])
def test_names_are_csv(text, names):
    assert parse_names(text, "--names") == names


def test_a_quoted_name_with_a_comma_is_one_name_on_the_sheet(pnpkit, pdf_path):
    result = pnpkit("record-sheet", "--players", '"Ana, Jr",Bo,Cy', "-o", pdf_path)
    assert result.code == 0, result.err
    assert "Ana, Jr" in pdf_text(pdf_path, 0)


@pytest.mark.parametrize(("names", "words"), [
    ("Ana,中文,Bo", "'中' (U+4E2D CJK UNIFIED IDEOGRAPH-4E2D), which no font of pnpkit can draw"),
    ("😀,Bo,Cy", "(U+1F600 GRINNING FACE)"),
    ("Ana,ليلى中,Bo", "'中' (U+4E2D"),  # an Arabic name with one character no font has
    ("𓀀,Bo,Cy", "(U+13000 EGYPTIAN HIEROGLYPH A001)"),
    ("An\u200fa,Bo,Cy", "(U+200F RIGHT-TO-LEFT MARK)"),  # pnpkit orders text itself: no direction marks
    ("An\u200ba,Bo,Cy", "name 'AnU+200Ba' holds an invisible character (U+200B ZERO WIDTH SPACE)"),
    ("An\x07a,Bo,Cy", "name 'An\\x07a' holds an invisible character (U+0007"),
    ("An\u202ea,Bo,Cy", "(U+202E RIGHT-TO-LEFT OVERRIDE)"),
    ("\udcffAna,Bo,Cy", "name 1 is not valid UTF-8"),
    ('"Ana, Jr,Bo,Cy', "is not valid CSV"),
])
def test_names_the_fonts_cannot_print_are_refused_naming_the_character(pnpkit, tmp_path, names, words):
    result = pnpkit("score", "dreist", "--names", names, "-o", "s.pdf")
    assert result.code == 2 and one_line(result) and words in result.err, result.err
    assert "--names" in result.err and "templates/" not in result.err  # the name is blamed, not a template
    assert not (tmp_path / "s.pdf").exists()


def test_a_names_file_with_a_bom_crlf_semicolons_and_quotes(pnpkit, tmp_path):
    # the second row as a spreadsheet saves it, padded with empty cells to the widest row
    (tmp_path / "groups.csv").write_bytes('\ufeff"Ana, Jr";Bo;Cy\r\n\r\nDee,Eli,Fa,,\r\n'.encode())
    result = pnpkit("kit", "--names-file", "groups.csv", "-o", "k.pdf")
    assert result.code == 0, result.err  # a row of 4 names, a BOM or a stray \r in a name would be refused
    cover = pdf_text(tmp_path / "k.pdf", 0)
    sheets = "".join(ch["text"] for ch in chars_of(tmp_path / "k.pdf"))
    assert "2 groupes" in cover and "Groupe 2 (A = Dee · B = Eli · C = Fa)" in cover
    assert "Ana, Jr" in sheets and "\ufeff" not in sheets and "\r" not in sheets


@pytest.mark.parametrize(("content", "words"), [
    (b"Ana,Bo,Cy\n" * 7000, "larger than 64 KiB"),
    (b"Ana,Bo,Cy\n" * 201, "201 rows; a kit holds at most 200"),
    (b"Ana,Bo,Cy,Dee\n", "row 1: each row needs exactly 3 names, this one has 4"),
    (b"Ana,Bo,,,\n", "row 1: name 3 is empty"),
    (b"Ana,Bo,\xffCy\n", "byte 8 is not UTF-8"),
    (b"\x89PNG\r\n\x1a\n\x00\x00", "is not a text (CSV) file"),
    (b"%PDF-1.7\n", "is not a text (CSV) file"),
    (b"Ana,Bo,Cy\nDan,\x00,Fay\n", "is not a text (CSV) file"),
    (b"\n , ;\n", "is empty"),
])
def test_a_bad_names_file_is_named(pnpkit, tmp_path, content, words):
    (tmp_path / "groups.csv").write_bytes(content)
    result = pnpkit("kit", "--names-file", "groups.csv", "-o", "k.pdf")
    assert result.code == 2 and one_line(result) and words in result.err and "groups.csv" in result.err
    assert not (tmp_path / "k.pdf").exists()


def test_a_device_as_names_file_is_refused_without_reading_it(pnpkit):
    result = pnpkit("kit", "--names-file", "/dev/zero", "-o", "k.pdf")
    assert result.code == 2 and one_line(result) and "not a regular file" in result.err
