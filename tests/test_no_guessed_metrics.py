"""Templates and document builders never guess a text's size: they ask the layout pass (its metrics, its
line height, its points-to-mm factor from cli/layout/units.py). Any of these written out again fails."""

import re
from pathlib import Path

import pytest

from cli.documents.page_style import PageStyle

ROOT = Path(__file__).resolve().parents[1]
GUESSES = {
    "the points-to-mm factor written out": re.compile(r"0\.352[78]|25\.4\s*/\s*72|72\s*/\s*25\.4|2\.834[56]"),
    "a 'mm a character' estimate": re.compile(r"mm (a|per|each) (char|character|letter)", re.I),
    "a per-character width table": re.compile(
        r"""\{\s*(['"]).\1\s*:\s*\d*\.\d+\s*,\s*(['"]).\2\s*:\s*\d*\.\d+"""  # {"i": 0.32, "m": 0.89 …}
        r"""|(?i:narrow|wide)\w*\s*=\s*frozenset\(|def _em\("""),
    # a line height, an ascent, a baseline offset or a label's width from the font size ('sizes.body * 0.42')
    "a font size times a written-out number": re.compile(
        r"\b(size|body|heading|cell|cell_heading|small|value|label|\w+_size|(\w+_)?sizes\.\w+)\s*\*\s*\d*\.\d"
        r"|\[\s*((\w+_)?sizes\.\w+|size|body\w*)\b[^\]]*\]\|(min|max)\s*\*\s*\d*\.\d"  # '[sizes.small, 12]|min * 0.42'
        r"|\(\s*((\w+_)?sizes\.\w+|size|body\w*)\b[^()]*\)\s*\*\s*\d*\.\d"),  # '(pad_sizes.cell + 1) * 0.5'
    # a baseline guessed as a fraction of a line ('label_line * 0.78'): middle_to_baseline or ascent says it
    "a line's fraction taken for a baseline": re.compile(r"\b(\w+_line|line_h\w*|lh)\s*\*\s*0?\.\d"),
    "a line height worked out by hand": re.compile(r"mm_per_pt\s*\*\s*\d|\d\s*\*\s*mm_per_pt"),
    # a text's lines stepped by written-out millimetres ('y="{{ (top + 2.6 + loop.index0 * 3.0)|n }}"')
    "a text line step written out": re.compile(
        r"""\by="\{\{[^}]*loop\.(index0|index|length)\)?\s*\*\s*\(?\s*\d"""
        r"""|\by="\{\{[^}]*\d\s*\*\s*\(?loop\.(index0|index|length)\b"""),  # '(3.8 + 5 * loop.index0)'
    # a one-cell table set back by the pass's cell padding written out (the global `cell_padding` says it)
    "the cell padding written out": re.compile(
        r"""<table x="(-1\.2|\{\{[^}]*- 1\.2\)[^}]*\}\})"|widths="\{\{ \([^}]*\+ (2\.4|1\.2)\)"""),
    # a width or a height from how many characters or lines there are ('2.2 * mark.text|length', '5 * lines|length')
    "a size from a count of characters or lines": re.compile(
        r"\d\s*\*\s*[\w.]+\|length\b|[\w.]+\|length\s*\*\s*\d|\blen\([^()]*\)\s*\*\s*\d|\d\s*\*\s*len\("),
    # a text's baseline a written-out millimetre from a band's or a box's edge, with nothing measured in it
    # ('y="{{ (top + 2.6 + …', '"text_y": reg.inset + reg.clearance + 3.0'): band_text, ascent, text_extent or
    # middle_to_baseline and a named clearance say it ('y + 1.0 + ascent(value)' is a box's inset and a measure; a
    # number scaled with a drawn figure, '+ 8.6 * scale', is the figure's geometry)
    "a literal mm added to a text's baseline": re.compile(
        r"""(<text\b[^>]*?\by="\{\{|["']text_y["']\s*:)\s*\(?[\w.]+(\[\d\])?( [+-] [\w.]+)* [+-] \d+(\.\d+)?"""
        r"""(?![\d.]*\s*[*/])(?![^"\n]*(ascent|text_extent|middle_to_baseline|band_text|baseline))"""),
    # a text's edge a written-out millimetre from the ruler's zero, whose "0" stands centred on it ('ruler_x - 2.5')
    "a text's edge guessed beside a ruler": re.compile(r"\bruler_(x|zero)\s*-\s*\d"),
    # lines read sideways stepped from a margin by a written-out millimetre ('- 2.4 - loop.index0 * line_height(6)')
    "a sideways line's baseline written out": re.compile(r"[+-] \d+(\.\d+)? [+-] loop\.index0 \* line_height\("),
    # a font size turned into millimetres and added to a position ('top + body_size * mm_per_pt + 0.5'): the font's
    # ascent and descent, or the row's middle, say where a baseline falls
    "a font size in mm taken for a baseline": re.compile(
        r"[+-]\s*\(?(\w*size\w*|body\w*|(\w+_)?sizes\.\w+)\s*\*\s*mm_per_pt|[+-]\s*mm_per_pt\s*\*\s*\w"),
    # a flow's gap chosen per print in the template ('gap=2.4 if large else 1.8'): sizes.gap() and the pads' gap
    "a flow gap written out": re.compile(r"\bgap=.*?\d+(\.\d+)? if (not )?(\w+\.)?large else"),
    # the room a page number takes written out ('{% set foot = 7 %}'): sizes.number_room(size) measures it
    "a page number's room written out": re.compile(r"\{%-? set (foot|number_room|room) = \d"),
}
# A leading is a choice in points the layout pass measures with, not a guess: 'leading="{{ size * 1.17 }}"',
# 'line_height(size, size * 1.45)'. Only the font-size pattern looks past them.
LEADING = re.compile(r'leading="[^"]*"|line_height\((?:[^()]|\([^()]*\))*\)')
# Sizes that follow a font size without being a text's metric (each says why).
NOT_METRICS = {
    "cli/documents/template_costs.py": ["2 * len(item)"],  # the sandbox's cost of a copy, not a text's size
}


def guessed(what: str, line: str) -> bool:
    """Whether `line` holds the guess `what` (a leading chosen in points is not one)."""
    if what == "a font size times a written-out number":
        line = LEADING.sub("", line)
    return GUESSES[what].search(line) is not None


def joined_tags(source: str) -> list[str]:
    """The source's lines, each <text …> opening tag that spans lines joined onto its first line (a text's y is
    often on the line after its x), so that a pattern over a text's attributes sees them all."""
    lines, out = source.splitlines(), []
    for line in lines:
        if out and "<text" in out[-1] and ">" not in out[-1].split("<text", 1)[1]:
            out[-1] += " " + line.strip()
            out.append("")  # keeps the numbering: the joined line stays at its first line's number
        else:
            out.append(line)
    return out


def sources() -> list[Path]:
    return sorted([*(ROOT / "templates").rglob("*.j2"), *(ROOT / "cli" / "documents").rglob("*.py")])


def allowed(path: str, line: str) -> bool:
    """Whether `line` of `path` is a size that follows a font size without being a metric."""
    return any(known in line for known in NOT_METRICS.get(path, []))


def guesses_in(what: str, path: Path) -> list[str]:
    """'file:line: text' for each line of `path` (a template or a document module) that holds the guess `what`."""
    name = path.relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) else path.name
    return [f"{name}:{number}: {line.strip()[:80]}"
            for number, line in enumerate(joined_tags(path.read_text()), start=1)
            if guessed(what, line) and not allowed(name, line)]


@pytest.mark.parametrize("what", GUESSES)
def test_no_template_or_document_module_guesses_a_metric(what):
    found = [guess for path in sources() for guess in guesses_in(what, path)]
    advice = "ask cli.layout.measure (text_width, line_height, ascent, middle_to_baseline, mm_per_pt) instead"
    assert not found, f"{what}: {advice}\n" + "\n".join(found)


def test_the_points_to_mm_factor_has_one_home():
    homes = [path.relative_to(ROOT).as_posix() for path in (ROOT / "cli").rglob("*.py")
             if GUESSES["the points-to-mm factor written out"].search(path.read_text())]
    assert homes == ["cli/layout/units.py"]


@pytest.mark.parametrize("line", [
    "{% set lh = b * 0.3528 * 1.35 %}", "size * 1.25 * 25.4 / 72", "2.45 mm a character at 11 pt",
    '_W = {"i": 0.32, "m": 0.89}', '_NARROW = frozenset("fijlrt")', "def _em(char: str) -> float:",
    "{% set line_h = sizes.body * 0.42 %}", 'y="{{ (top + row_h / 2 + sizes.cell * 0.13)|n }}"',
    'indent="{{ (size * 0.32)|n }}"', "(y + 1.0 + value * 0.26)", "{% set line_h = size * mm_per_pt * 1.45 %}",
    'y="{{ (top + 2.6 + loop.index0 * 3.0)|n }}"', 'y="{{ (bottom - (lines|length - loop.index) * 3.0)|n }}"',
    'y="{{ (y + loop.index0 * (4.2 + 0.7))|n }}"', "{% set label_w = body * 2.1 %}",
    "line_height(size, size * 1.45) + size * 0.1", "5 + nl * [sizes.small, 12]|min * 0.42 + 2",
    'y="{{ (y + label_line * 0.78)|n }}"', "((pad_sizes.cell + 1) * 0.5)", "pad_sizes.text * 0.42",
    'y="{{ (2 + line_h * 0.8 + loop.index0 * line_h)|n }}"', 'y="{{ (3.8 + 5 * loop.index0)|n }}"',
    "{% set label_w = (3.2 + 2.2 * mark.text|length) * scale %}", '<figure h="{{ (5 * figures|length)|n }}">',
    "bottom=(7.5 + 3.6 * texts.langs|length)", "width = len(text) * 2.1",
    '<table x="-1.2" y="0" widths="{{ (width + 2.4)|n }}"', '<table x="{{ (x - 1.2)|n }}" y="{{ y|n }}"',
    '<text x="{{ paper.safe_margin|n }}" y="{{ (top + 2.6 + loop.index0 * line_height(7))|n }}" size="7">',
    '<text x="{{ (ruler_x - 2.5)|n }}" y="{{ y|n }}" size="6">', "NumberPlace(w - m - inset, ruler_zero - 4.0, 90)",
    '<text x="{{ (w / 2)|n }}" y="{{ (bottom - 1.0 - (lines|length - loop.index) * line_height(6.5))|n }}">',
    '<text x="{{ (w / 2)|n }}" y="{{ (ctx.strip_bottom + 2.0 + loop.index0 * line_height(6.5))|n }}">',
    '<text x="{{ x|n }}" y="{{ (rule + 5.5)|n }}" size="{{ sizes.small }}">',
    '<text x="{{ (x + 2.4)|n }}" y="{{ (y + 5.2)|n }}" size="11">',
    '"text_x": paper.width / 2, "text_y": reg.inset + reg.clearance + 3.0}',
    "{% set x = paper.width - margin - 2.4 - loop.index0 * line_height(6, 7) %}",
    "{% set x = margin + 1.9 + loop.index0 * line_height(6.5, 7) %}",
    'y1="{{ (paper.safe_margin + top + body_size * mm_per_pt + 0.5)|n }}"',
    'y="{{ (paper.safe_margin + top + body_size * mm_per_pt - 0.3)|n }}"',
    ' gap="{{ gap if gap is not none else (2.2 if not sizes.large else 3) }}"', " gap=2.4 if large else 1.8) %}",
    "{% set foot = 7 %}",
])
def test_each_guess_is_caught(line):
    assert any(guessed(what, line) for what in GUESSES)


@pytest.mark.parametrize("line", [
    'y="{{ (top + loop.index0 * line_height(7))|n }}"', "{% set x = (6 + loop.index0 * 27) * scale %}",
    'leading="{{ size * 1.17 }}"', "line_height(body_size, body_size * 1.35)", "round(size * 100)",
    'indent="{{ (body * mm_per_pt)|n }}"', "{% set card_h = card_w * 1.4 %}", "{% set base = col * 0.19 %}",
    "{% set pip = [w, h]|min * 0.27 %}", "(2 + (loop.index0 + 0.5) * line_h + middle_to_baseline(size))",
    '<figure h="{{ (figure_line * figures|length)|n }}">', "{% set hx = pos.plays|length * (cw + 3 * scale) %}",
    '<text x="{{ (x + 1.0)|n }}" y="{{ (y + 1.0 + ascent(value))|n }}" size="{{ value|n }}">',
    '<text x="{{ (x + 4.2 * scale)|n }}" y="{{ (y + 8.6 * scale)|n }}" size="{{ (22 * scale)|n }}">',
    '<text x="{{ x|n }}" y="{{ (band_text.notice(top, 7) + loop.index0 * line_height(7))|n }}" size="7">',
    '<text x="{{ band_text.before_ruler(ruler_x)|n }}" y="{{ y|n }}" size="6">', 'y="{{ name_base|n }}"',
    "{% set x = band_text.downwards(paper.width - margin) - loop.index0 * line_height(6, 7) %}",
    'indent="{{ (body * mm_per_pt)|n }}"', ' gap="{{ gap if gap is not none else sizes.gap() }}"',
    "{% set below = page_style(pad_sizes.large).number_room(pad_sizes.text) %}",
])
def test_what_the_layout_pass_measures_or_geometry_passes(line):
    assert not any(guessed(what, line) for what in GUESSES)



GUESSING_TEMPLATE = """{% macro print_band(texts, paper, top) %}
{% for line in texts.each('print_notice') %}
<text x="{{ paper.safe_margin|n }}"
 y="{{ (top + 2.6 + loop.index0 * line_height(7))|n }}" size="7">{{ line }}</text>
{% endfor %}
{% set foot = 7 %}
{% endmacro %}
"""


def test_a_template_that_guesses_a_baseline_is_refused(tmp_path):
    """The test of the test: a template placing a note's baseline 2.6 mm under its band's top (its y on the line
    after its x, as templates break them) and keeping a page number's room written out is found."""
    path = tmp_path / "guessing.xml.j2"
    path.write_text(GUESSING_TEMPLATE)
    assert guesses_in("a literal mm added to a text's baseline", path) == [
        'guessing.xml.j2:3: <text x="{{ paper.safe_margin|n }}" y="{{ (top + 2.6 + loop.index0 * line_height']
    assert guesses_in("a page number's room written out", path) == ["guessing.xml.j2:6: {% set foot = 7 %}"]
    path.write_text(GUESSING_TEMPLATE.replace("(top + 2.6 + ", "(band_text.notice(top, 7) + "))
    assert guesses_in("a literal mm added to a text's baseline", path) == []


# The page frame's fields in mm that are geometry, not where a text falls (each says why).
PAGE_GEOMETRY = {
    "row": "a write-in row's height, chosen for handwriting",
    "inset": "the frame's margin inside the safe margin",
}
FIELD = re.compile(r"^\s+(\w+): (\w+)(?:\s*#\s*(\w+))?", re.M)


def page_style_fields(source: str) -> dict[str, str]:
    """Each float field of PageStyle's source and the unit its comment starts with ('pt', 'mm', '' for none)."""
    body = source.split("class PageStyle", 1)[1].split("\n\n", 1)[0]
    return {name: unit or "" for name, kind, unit in FIELD.findall(body) if kind == "float"}


def position_fields(source: str) -> list[str]:
    """The PageStyle fields that are neither a font size in points nor a named piece of geometry: a position in
    mm guessed per font size ('title_y: float  # mm below the safe margin: the title's baseline')."""
    return [name for name, unit in page_style_fields(source).items() if unit != "pt" and name not in PAGE_GEOMETRY]


def test_the_page_frame_holds_sizes_not_guessed_positions():
    source = (ROOT / "cli" / "documents" / "page_style.py").read_text()
    assert set(page_style_fields(source)) == set(PageStyle._fields) - {"large"}
    found = position_fields(source)
    assert not found, ("PageStyle places text by hand (ask the layout pass: ascent, line_height, text_extent, "
                       f"and a gap of layouts/sheet.toml [page]): {found}")


def test_a_position_field_in_the_page_frame_is_caught():
    source = """class PageStyle(NamedTuple):
    large: bool
    title: float  # pt, the page title
    row: float  # mm, a write-in row
    title_y: float  # mm below the safe margin: the title's baseline
    subtitle_y: float
"""
    assert position_fields(source) == ["title_y", "subtitle_y"]
