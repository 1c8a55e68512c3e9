"""What a teacher printing the documents for the first time saw wrong, measured on the printed pages."""
import pytest

from tests.pdfcheck import plumbed

pytestmark = pytest.mark.untraced  # bodies read untraced: pnpkit runs through the fixtures, traced

CHILD_BODY = 11.0  # pt: the least body size on a children's page


@pytest.mark.parametrize("lang", ["fr+en", "de+en"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_two_language_demo_yes_no_answers_are_body_size(built, lang, paper):
    """The children circle 'oui · non  yes · no' in each cell: in two languages it stays at 11 pt, on one line
    (it shrank to 9.2 pt in columns cut for one language)."""
    with plumbed(built("demo", "--lang", lang, "--paper", paper)) as pdf:
        words = pdf.pages[0].extract_words(extra_attrs=["size"])
    answers = [w for w in words if w["text"] in ("oui", "non", "yes", "no", "ja", "nein")]
    assert len(answers) >= 4 * 3 * 4  # four words in each of the 12 cells
    assert min(w["size"] for w in answers) >= CHILD_BODY - 0.01
    per_row: dict[int, int] = {}
    for word in answers:  # the instruction above the table says 'yes or no' too: count the table's rows
        per_row[round(word["top"])] = per_row.get(round(word["top"]), 0) + 1
    assert len([row for row, count in per_row.items() if count >= 12]) == 4  # one line a trick, both languages


@pytest.mark.parametrize("variant, heading", [("solo", "Noms"), ("ring", "Noms")])
def test_twinit_players_column_says_what_to_write(built, variant, heading):
    """The first column of a Twin It catch table is where each child writes a name: its heading says so
    (it was an empty heading cell, the only blank one of the row)."""
    with plumbed(built("score", "twinit", "--variant", variant)) as pdf:
        page = pdf.pages[0]
        words = page.extract_words()
    catches = [w for w in words if w["text"] == "Prises"]
    names = [w for w in words if w["text"] == heading]
    assert catches and len(names) == len(catches)  # one per game table
    for name, catch in zip(names, catches, strict=True):
        assert abs(name["top"] - catch["top"]) < 1 and name["x0"] < catch["x0"]


@pytest.mark.parametrize("paper", ["a4", "letter"])  # notices above and below the cards (A4), or sideways (Letter)
def test_card_sheet_notices_in_the_second_language_are_italic(built, paper):
    """The print-at-100 % notice, the ruler's label and the cutting hint on a card sheet: the second
    language in italic, as everywhere else (they were in the same roman as the first)."""
    with plumbed(built("cards", "--lang", "fr+en", "--paper", paper)) as pdf:
        chars = pdf.pages[0].chars
    italic = "".join(c["text"] for c in chars if "Italic" in c["fontname"]).replace(" ", "")
    roman = "".join(c["text"] for c in chars if "Italic" not in c["fontname"]).replace(" ", "")
    for text in ("Print", "Thisruler", "Cutalong"):  # sideways text may read backwards
        assert text in italic or text[::-1] in italic, text
    for text in ("Imprimez", "Cetterègle", "Découpez"):
        assert text in roman or text[::-1] in roman, text


def test_blank_page_notice_in_the_second_language_is_italic(built):
    with plumbed(built("demo", "--lang", "fr+en")) as pdf:
        fonts = {w["text"]: w["fontname"] for w in pdf.pages[1].extract_words(extra_attrs=["fontname"])}
    assert "Italic" not in fonts["Page"] and "Italic" in fonts["This"]  # 'Page volontairement laissée blanche.'
