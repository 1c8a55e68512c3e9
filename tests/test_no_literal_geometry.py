"""Every number has one home: a template writes no millimetre of its own. A distance, a gap, a line's width or a
type size lives in layouts/ (`sheet_value(table, field)`, `sizes`, `pad_sizes`, `band_text`…) or is measured by
the layout pass (`text_width`, `line_height`, `heading_height`…). This test finds numbers written out in a
template's geometry (x, y, w, h, gap, space, line, dash, radius, a type size or leading… and the `{% set %}` lines
that feed them) and
refuses any more than the templates held when it was written: KNOWN lists what is still to move, file by file, and
shrinks as it moves (a file with fewer must lower its count, so the list never hides a new one).

Not geometry, and so not counted: 0; a multiplier or a divisor (`/ 2`, `2 * gap`); a figure's own drawing units
scaled with it (`(mark[0] * 9 + 8.6) * scale`); a list of spots (`[(0, -0.19), (0, 0.19)]`: a drawing's places); an
index or a slice (`titles[-1]`, `extent(v)[1]`, `all[1][1:]`), a comparison, a call's argument; loop arithmetic
(`loop.index - 1`, `lines|length + 1`).

A share of a length or a factor (a number with a fraction times a width, a height or a size: `col * 0.62`,
`card_w * 1.4`, a leading `size * 1.45`; one chosen by a condition, `table_w * (0.17 if short else 0.22)`; a list
of them, a table's columns `[0.1, 0.23, 0.23]`) is a choice all the same: it lives in layouts/ (sheet.toml
`*_share`, read with `sheet_value`, `*_shares`, a list, with `sheet_shares` and cut with `split(col, shares)`,
`*_scale`; a line spacing in styles.toml, `type_size(table, '…_spacing')`), and one written in a template's Jinja is
counted wherever it stands. A half (`(loop.index0 + 0.5) * line_h`, a line's middle) is no choice, and a drawing's
own units (in a group multiplied by `scale`) are counted in DRAWN, not here. So is a threshold a length, a size or a
scale is compared with (`col_w > 150`, `scale >= 0.9`: name it, `sheet_value('rules', 'wide_w')`); a small count is
not one (`labels|length > 1`).

A number multiplied by `scale` (`9 * scale`, `scale * 9`: a box that grows with large print) is a distance or a
type size all the same, and is counted wherever it is written (an attribute, a `{% set %}`, a call's argument, a
macro's output): name it in layouts/ and scale the named value (`sheet_value('worksheet', 'box_h') * scale`); a
factor applied to a scaled size (`label * scale * 1.2`) is not counted.
Only the drawings designed in their own units at scale 1 and multiplied by their scale (a card's faces and backs,
the rule handouts' diagrams: a picture's shape, not a place on a page) write them, counted in DRAWN so that a new
one is a choice made with the drawing, not a slip."""

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.test_no_guessed_metrics import joined_tags

ROOT = Path(__file__).resolve().parents[1]
WORDS = r"x|y|w|h|x1|y1|x2|y2|cx|cy|dx|dy|r|radius|gap|space|before|indent|line|widths|length|dash|size|leading"
GEOMETRY = re.compile(rf'\b(?:{WORDS})'
                      r'="([^"]*)"')
KEYWORD = re.compile(rf"\b(?:{WORDS}|after|widest|width|height|top|bottom|inset|pad)=(?![=\"])")  # an argument
SET = re.compile(r"\{%-?\s*set\s+[\w.,\s]+=\s*(.*?)-?%\}")
NUMBER = re.compile(r"(?<![\w.'\"])(\d+(?:\.\d+)?)(?![\w.'\"])")
COUNTER = r"(loop\.\w+|\|length|\bnumber|\bindex|\bcount|\w+_count)"
# Numbers still written out in each template's geometry (see the module's docstring): lower a count as you move
# its numbers into layouts/ or ask the layout pass; never raise one.
KNOWN = {
    "templates/macros/tricks.xml.j2": 4,
    "templates/trick_record.xml.j2": 2,
}
# Numbers written before `* scale` in the drawings designed in their own units (see the module's docstring): raise a
# count only with a drawing's new stroke, never for a distance between things on a page.
DRAWN = {
    "templates/macros/cards.xml.j2": 53,
    "templates/macros/diagrams.xml.j2": 115,
}
SCALED = re.compile(r"(?<![\w.)\]])(\d+(?:\.\d+)?)\s*\*\s*scale\b"  # 9 * scale
                    r"|(?<!\*\s)(?<!\*)\bscale\s*\*\s*(\d+(?:\.\d+)?)(?![\w.(])")  # scale * 9, not size * scale * 1.2


def _inside(expr: str, at: int, opening: str, closing: str) -> tuple[int, int] | None:
    """The innermost `opening`…`closing` group of `expr` around position `at`: its two positions, or None."""
    depth = 0
    for start in range(at - 1, -1, -1):
        if expr[start] == closing:
            depth += 1
        elif expr[start] == opening:
            if depth == 0:
                break
            depth -= 1
    else:
        return None
    depth = 0
    for end in range(at, len(expr)):
        if expr[end] == opening:
            depth += 1
        elif expr[end] == closing:
            if depth == 0:
                return start, end
            depth -= 1
    return None


def _not_geometry(expr: str, start: int, end: int) -> bool:
    """Whether the number expr[start:end] is one of the docstring's exceptions."""
    value, before, after = expr[start:end], expr[:start].rstrip(), expr[end:].lstrip()
    if float(value) == 0 or before.endswith(("*", "/", "%")) or after.startswith(("*", "/", "%")):
        return True
    if re.search(r"(==|!=|<=|>=|<|>)$", before) or re.match(r"(==|!=|<=|>=|<|>)", after):
        return True  # a comparison
    if re.search(r"[\w)\]]\[-?$|\brange\($|\w=$", before) or re.search(r"[(,]$", before) and re.match(r"[,)]", after):
        return True  # an index, a call's argument
    indexed = _inside(expr, start, "[", "]")
    if indexed and re.search(r"[\w)\]]$", expr[:indexed[0]]):
        return True  # an index chosen by a condition (`sizes[0 if loop.first else 1]`)
    counted = re.search(COUNTER + r"\)?\s*[+-]$", before) or re.match(r"[+-]\s*\(?" + COUNTER, after)
    if value in ("1", "2") and counted:
        return True  # loop arithmetic
    group = _inside(expr, start, "(", ")")
    if group and (expr[group[1] + 1:].lstrip().startswith(("*", "/")) or expr[:group[0]].rstrip().endswith("*")):
        return True  # a figure's drawing units scaled, a share chosen by a condition, a count's arithmetic
    listed = _inside(expr, start, "[", "]")
    return bool(listed and re.search(r"(^|[=(,\[])\s*$", expr[:listed[0]]))  # a list of shares or spots


def written_out(expr: str) -> list[str]:
    """The numbers written out in a template expression that are geometry (see the module's docstring)."""
    expr = re.sub(r"'[^']*'|\"[^\"]*\"", "''", expr)  # a string's digits are words
    return [match.group(1) for match in NUMBER.finditer(expr) if not _not_geometry(expr, *match.span(1))]


def literals_in(path: Path) -> list[str]:
    """'line: number in what' for each number written out in the geometry of the template at `path`."""
    found = []
    for number, line in enumerate(joined_tags(path.read_text()), start=1):
        for match in GEOMETRY.finditer(line):
            value = match.group(1)
            for expr in re.findall(r"\{\{(.*?)\}\}", value) if "{{" in value else [value]:
                found += [f"{number}: {literal} in {match.group(0)[:60]}" for literal in written_out(expr)]
        for match in SET.finditer(line):
            found += [f"{number}: {literal} in {match.group(0)[:60]}" for literal in written_out(match.group(1))]
    return found


def _blocks(path: Path) -> Iterator[tuple[int, str]]:
    """Each Jinja expression and statement of the template at `path` (not its comments), its strings emptied:
    (its first line, its text)."""
    source = re.sub(r"\{#.*?#\}", lambda comment: "\n" * comment.group(0).count("\n"), path.read_text(), flags=re.S)
    for block in re.finditer(r"\{\{.*?\}\}|\{%.*?%\}", source, flags=re.S):
        yield source.count("\n", 0, block.start()) + 1, re.sub(r"'[^']*'|\"[^\"]*\"", "''", block.group(0))


def scaled_in(path: Path) -> list[str]:
    """'line: number * scale' for each number multiplied by `scale` in the Jinja expressions and statements of the
    template at `path` (not in its comments nor its strings), 0 aside."""
    found = []
    for first, expr in _blocks(path):
        for match in SCALED.finditer(expr):
            number = match.group(1) or match.group(2)
            if float(number):
                found.append(f"{first + expr.count(chr(10), 0, match.start())}: {number} * scale")
    return found


def _argument(expr: str, start: int) -> str:
    """The keyword argument's value that starts at expr[start]: up to the next comma or closing bracket outside
    brackets."""
    depth = 0
    for end in range(start, len(expr)):
        if expr[end] in "([{":
            depth += 1
        elif expr[end] in ")]}" and depth == 0 or expr[end] == "," and depth == 0:
            return expr[start:end]
        elif expr[end] in ")]}":
            depth -= 1
    return expr[start:]


def keywords_in(path: Path) -> list[str]:
    """'line: number in name=' for each number written out in a keyword argument named for geometry (a macro's
    default included: `before=2`, `widest=11.5 if two else 14`) of the template at `path`."""
    found = []
    for first, expr in _blocks(path):
        for match in KEYWORD.finditer(expr):
            line = first + expr.count("\n", 0, match.start())
            found += [f"{line}: {number} in {match.group(0)}" for number in written_out(_argument(expr, match.end()))]
    return found


FRACTION = re.compile(r"(?<![\w.'\"])(\d*\.\d+)(?![\w.'\"])")  # 0.62, .5, 1.45: a number with a fraction


def _by_scale(before: str, after: str) -> bool:
    """Whether what stands before and after a number (or a group) multiplies it by `scale` (a drawing's unit)."""
    return bool(re.search(r"\bscale\s*\*$", before) or re.match(r"\*\s*scale\b", after))


def _in_a_drawing(expr: str, at: int) -> bool:
    """Whether position `at` of `expr` stands in a group multiplied by `scale` (a drawing's own units)."""
    group = _inside(expr, at, "(", ")")
    while group:
        if _by_scale(expr[:group[0]].rstrip(), expr[group[1] + 1:].lstrip()):
            return True
        group = _inside(expr, group[0], "(", ")")
    return False


def _a_share(expr: str, start: int, end: int) -> bool:
    """Whether the number expr[start:end] is a share or a factor written out (see the module's docstring)."""
    value, before, after = float(expr[start:end]), expr[:start].rstrip(), expr[end:].lstrip()
    if value.is_integer() or value == 0.5 or _in_a_drawing(expr, start):
        return False
    if before.endswith("*") or after.startswith("*"):
        return not _by_scale(before, after)
    group, listed = _inside(expr, start, "(", ")"), _inside(expr, start, "[", "]")
    if group and (not listed or group[0] > listed[0]):  # a share chosen by a condition, multiplied; not a spot
        around = expr[:group[0]].rstrip(), expr[group[1] + 1:].lstrip()
        return (around[0].endswith("*") or around[1].startswith("*")) and not _by_scale(*around)
    return bool(listed)  # a list of shares


def shares_in(path: Path) -> list[str]:
    """'line: share' for each share or factor written out in the Jinja expressions and statements of the template at
    `path` (not in its comments nor its strings)."""
    found = []
    for first, expr in _blocks(path):
        for match in FRACTION.finditer(expr):
            if _a_share(expr, *match.span(1)):
                found.append(f"{first + expr.count(chr(10), 0, match.start())}: share {match.group(1)}")
    return found


COMPARED = re.compile(r"(?:<=|>=|<|>)\s*(\d+(?:\.\d+)?)(?![\w.])|(?<![\w.])(\d+(?:\.\d+)?)\s*(?:<=|>=|<|>)")


def thresholds_in(path: Path) -> list[str]:
    """'line: threshold N' for each number a length, a size or a scale is compared with in the Jinja of the template
    at `path` (`col_w > 150`, `scale >= 0.9`); a small count is not one (`labels|length > 1`, `number == 1`)."""
    found = []
    for first, expr in _blocks(path):
        for match in COMPARED.finditer(expr):
            number = match.group(1) or match.group(2)
            if not (float(number).is_integer() and float(number) <= 3):
                found.append(f"{first + expr.count(chr(10), 0, match.start())}: threshold {number}")
    return found


def templates() -> list[str]:
    return sorted(path.relative_to(ROOT).as_posix() for path in (ROOT / "templates").rglob("*.j2"))


@pytest.mark.parametrize("name", templates())
def test_a_template_writes_no_new_millimetre(name):
    found = (literals_in(ROOT / name) + keywords_in(ROOT / name) + ([] if name in DRAWN else scaled_in(ROOT / name))
             + shares_in(ROOT / name) + thresholds_in(ROOT / name))
    known = KNOWN.get(name, 0)
    assert len(found) <= known, (
        f"{name} writes {len(found) - known} more number(s) in its geometry than before: name each in layouts/ "
        "(sheet_value, sheet_shares, sizes) or ask the layout pass (text_width, line_height, heading_height…)\n"
        + "\n".join(found))
    assert len(found) == known, f"{name} now writes {len(found)} numbers in its geometry: lower KNOWN to that"


@pytest.mark.parametrize("name", sorted(DRAWN))
def test_a_drawing_s_own_units_are_counted(name):
    found = scaled_in(ROOT / name)
    assert len(found) == DRAWN[name], (
        f"{name} multiplies {len(found)} numbers by its scale, DRAWN says {DRAWN[name]}: a distance between things "
        "on a page goes to layouts/ (sheet_value); a new stroke of the drawing itself, raise DRAWN\n"
        + "\n".join(found))


GUESSING = """{% set band = 6 %}
<flow x="{{ left|n }}" y="{{ (xb.y - 1)|n }}" w="{{ col|n }}" h="26" gap="1.6"></flow>
<line x1="0" y1="{{ y|n }}" x2="{{ w|n }}" y2="{{ y|n }}" line="0.3"/>
{% set foot = xb.y + xb.h + 3 %}
<heading size="12" space="{{ 0.4 if not loop.last else 1.2 }}">{{ line }}</heading>
{{ boxes(items, pad, top + 3 * scale) }}{% set bh = scale * 9 %}{# a box 9 * scale #}
<rect x="0" y="0" w="{{ w|n }}" h="{{ bh|n }}" radius="1.5"/>
{{ tricks.hands(hands, texts, col, sizes, widest=11.5 if two else 14) }}{% macro side(key, before=2.0) %}
{% set w = col * 0.62 %}{% set fr = [0.1, .9] %}<cell w="{{ (table_w * (0.17 if short else 0.22))|n }}"/>
<p size="8">{{ command }}</p><cell size="{{ sizes.cell + 2 }}"/>{{ page.paras(texts, key, size=11) }}
{% set card_h = card_w * 1.4 %}<row h="{{ line_height(size, size * 1.45)|n }}"/>
{% if col_w > 150 and not large %}{% set body = 11 if scale >= 0.9 else 8 %}{% endif %}
"""
MEASURED = """{% set band = sheet_value('calibration', 'notice_band') %}
<flow x="{{ left|n }}" y="{{ (xb.y - clear.beside_x_top)|n }}" w="{{ (col / 2)|n }}" h="{{ read_h|n }}"></flow>
<line x1="0" y1="{{ cut[1]|n }}" x2="{{ (x0 + (mark[0] * 9 + 8.6) * scale)|n }}" y2="{{ y|n }}" line="{{ rule|n }}"/>
{% set row = titles[loop.index - 1] %}{% set rows = lines|length + 1 %}{% set spots = [(0, -0.19), (0, 0.19)] %}
<rect x="{{ (x + cell_padding)|n }}" y="{{ y|n }}" w="{{ (w * 0.5)|n }}" h="{{ cell_height(1, size)|n }}"/>
{% set row = chip + clear * scale ** 3 %}{{ label(texts.t('9 * scale'), size=label * scale * 1.2, at=2 * gap) }}
{{ tricks.hands(hands, texts, col, sizes, widest=sheet_value('tricks', 'hand_card_w'), key=none) }}
{% macro side(key, before, gap=none, first=true) %}{{ heading(before=before if first else 0) }}{% endmacro %}
{% set middle = (loop.index0 + 0.5) * line_h %}{% set widths = split(col, sheet_shares('tricks', 'play_shares')) %}
<line line="{{ (0.8 if new else 0.25) * scale }}"/>{# a share: 0.62 of the width #}{{ texts.t('at 0.62') }}
<p size="{{ sizes[0 if loop.first else 1] }}"/><cell size="{{ sizes.cell + type_size('tricks', 'answer_over') }}"/>
<rect x="{{ (x + (-2.5 + i * 1.3) * scale)|n }}"/>
{% if labels|length > 1 and number == 1 or card.value >= 3 %}{% set wide = col_w > sheet_value('r', 'w') %}{% endif %}
"""


def test_numbers_written_in_a_template_s_geometry_are_found(tmp_path):
    """The test of the test: the calibration sheet's old offsets (a band of 6, a flow 1 mm over a band, 26 mm
    tall, 1.6 apart, a 0.3 line, 3 mm under a band, a heading's 0.4/1.2) and a box's corner radius are found;
    named values, measures, indices, loop arithmetic and a figure's scaled units are not; a number times
    `scale`, wherever it is written, is (not in a comment or a string, nor a factor of a size already scaled), and
    so is a number passed as a keyword argument named for geometry or a type size, or a macro's default (`widest=14`,
    `size=11`), a type size written out (`size="8"`, `sizes.cell + 2`) and a share
    of a length, alone, chosen by a condition or in a list (not a half, a drawing's spots nor its units)."""
    path = tmp_path / "guessing.xml.j2"
    path.write_text(GUESSING)
    assert [found.split(" in ")[0] for found in literals_in(path)] == [
        "1: 6", "2: 1", "2: 26", "2: 1.6", "3: 0.3", "4: 3", "5: 12", "5: 0.4", "5: 1.2", "7: 1.5", "10: 8", "10: 2",
        "12: 11", "12: 8"]
    assert scaled_in(path) == ["6: 3 * scale", "6: 9 * scale"]
    assert [found.split(" in ")[0] for found in keywords_in(path)] == ["8: 11.5", "8: 14", "8: 2.0", "10: 11"]
    assert shares_in(path) == ["9: share 0.62", "9: share 0.1", "9: share .9", "9: share 0.17", "9: share 0.22",
                               "11: share 1.4", "11: share 1.45"]
    assert thresholds_in(path) == ["12: threshold 150", "12: threshold 0.9"]
    path.write_text(MEASURED)
    assert literals_in(path) == [] and scaled_in(path) == [] and keywords_in(path) == [] and shares_in(path) == []
    assert thresholds_in(path) == []
