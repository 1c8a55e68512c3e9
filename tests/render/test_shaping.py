"""Right-to-left text: visual order, pieces by font, shaped by HarfBuzz, measured as drawn, bold stroked."""

from reportlab.pdfbase.pdfmetrics import stringWidth

from cli.layout.units import MM_PER_PT
from cli.render.fonts import font_name
from cli.render.shaping import pieces, shaped_width, undrawable, visual
from cli.render.text import STROKE_EM, width_mm, wrap

LAYLA = "ليلى"  # lam yeh lam alef-maksura
LAYLA_DRAWN = LAYLA[::-1]  # the letters in visual order (HarfBuzz joins them when the piece is shaped)
DANA = "דנה"


def test_arabic_letters_take_their_joined_forms():
    (piece,) = pieces(LAYLA, "regular")
    assert piece.shaped and piece.text[-1] == "\ufedf" and piece.text[0] != "\u0649"  # initial lam, final form
    (ligature,) = pieces("لا", "regular")
    assert len(ligature.text) < 2 or ligature.text != "\u0627\u0644"  # lam-alef drawn as one
    assert not pieces("Ana", "regular")[0].shaped


def test_right_to_left_words_are_drawn_right_to_left_after_a_left_to_right_label():
    assert visual(DANA) == "הנד"
    assert visual(LAYLA) == LAYLA_DRAWN
    assert visual(f"Nom : {LAYLA}") == f"Nom : {LAYLA_DRAWN}"
    assert visual(f"Carte de {DANA} et d’Ana") == "Carte de הנד et d’Ana"
    assert visual(f"{DANA} {LAYLA}") == f"{LAYLA_DRAWN} הנד"  # two right-to-left words: the first on the right


def test_the_names_of_a_list_keep_the_order_they_were_given_in():
    assert visual(f"Groupe 1 ({LAYLA}, {DANA}, Ana)") == f"Groupe 1 ({LAYLA_DRAWN}, הנד, Ana)"
    assert visual(f"Donne 1 · {LAYLA} entame le pli 1") == f"Donne 1 · {LAYLA_DRAWN} entame le pli 1"


def test_a_mixed_line_keeps_the_body_font_for_the_label():
    label, name = pieces(f"Carte de {DANA}", "regular")
    assert label.text == "Carte de " and label.font == font_name("regular")
    assert name.text == "הנד" and "hebrew" in name.font and not name.stroke
    drawn = pieces(f"Donne 1 · {LAYLA} entame", "bold")
    assert [p.text for p in drawn[::2]] == ["Donne 1 · ", " entame"] and drawn[1].shaped


def test_the_layout_measures_the_shaped_string_the_renderer_draws():
    (piece,) = pieces(LAYLA, "regular")
    expected = shaped_width(piece.text) * 11 / 1000 * MM_PER_PT
    assert abs(width_mm(LAYLA, 11) - expected) < 1e-9
    assert abs(width_mm(LAYLA, 11) - stringWidth(LAYLA, piece.font, 11) * MM_PER_PT) > 0.1  # shaping matters


def test_bold_in_a_font_without_a_bold_file_is_stroked_and_measured_with_the_stroke():
    (regular,) = pieces(DANA, "regular")
    (bold,) = pieces(DANA, "bold")
    assert bold.stroke and not regular.stroke and bold.font == regular.font
    assert abs(width_mm(DANA, 10, "bold") - width_mm(DANA, 10) - STROKE_EM * 10 * MM_PER_PT) < 1e-9
    assert not any(p.stroke for p in pieces("Ana", "bold"))  # the body font has a real bold
    (italic,) = pieces("Ζωή", "italic")
    (bold_italic,) = pieces("Ζωή", "bold-italic")  # Noto Sans has an italic file but no bold one
    assert bold_italic.font == italic.font and bold_italic.stroke and not italic.stroke


def test_a_wrapped_right_to_left_paragraph_fits_its_measure():
    text = " ".join([LAYLA, DANA, "et", "Ana"] * 6)
    lines = wrap(text, 11, 30)
    assert len(lines) > 1 and all(width_mm(line, 11) <= 30 + 1e-9 for line in lines)


def test_characters_no_font_has_are_found_even_next_to_drawable_ones():
    assert undrawable(f"{LAYLA}中") == "中"
    assert undrawable("Ana 😀") == "😀"
    assert undrawable(f"{LAYLA} {DANA} Ζωή Жанна Nguyễn") is None


def test_the_quick_check_passes_every_character_that_may_be_right_to_left_or_shaped():
    """The characters `_MAYBE_COMPLEX` lets through unchecked hold no right-to-left letter and no script to
    shape: a French or German line (no-break spaces, quotes, the minus) is drawn as before, found at C speed."""
    import re
    import unicodedata

    from cli.render.shaping import _MAYBE_COMPLEX, COMPLEX, complex_script, right_to_left

    skipped = [chr(code) for code in range(0x0590, 0x3000) if re.fullmatch(_MAYBE_COMPLEX, chr(code)) is None]
    assert "\u202f" in skipped and "\u2212" in skipped and "\u200f" not in skipped
    assert not [ch for ch in skipped if unicodedata.bidirectional(ch) in ("R", "AL")
                or any(low <= ord(ch) <= high for low, high in COMPLEX)]
    assert right_to_left("Ana \u200f") and right_to_left("de ليلى") and complex_script("दीपा")
    assert not right_to_left("Net\u00a0= prises\u00a0\u2212 erreurs\u202f!") and not complex_script("l’équipe")
