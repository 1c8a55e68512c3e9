"""Templates are read and reviewed like code: no line longer than the code's 120 characters, so a diff shows the
attribute or argument that changed instead of a whole tag; and no one-letter variable that says nothing (`p`, `b`,
`w`): only x and y, a point's coordinates, stay one letter."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LIMIT = 120
ONE_LETTER_SET = re.compile(r"\{%-?\s*set\s+(?![xy]\b)([a-z])\s*=")


def long_lines(text: str) -> list[tuple[int, int]]:
    """(line number, length) of every line of text longer than LIMIT."""
    return [(number, len(line)) for number, line in enumerate(text.splitlines(), start=1) if len(line) > LIMIT]


def test_no_template_line_exceeds_120_characters():
    templates = sorted((ROOT / "templates").rglob("*.j2"))
    assert templates, "no template found: the check would pass on nothing"
    found = [f"{path.relative_to(ROOT)}:{number}: {length} characters"
             for path in templates for number, length in long_lines(path.read_text(encoding="utf-8"))]
    assert not found, "break between attributes or after a comma inside {{ }} / {% %}:\n" + "\n".join(found)


def test_the_check_finds_a_long_line():
    assert long_lines("<text>\n" + "x" * (LIMIT + 1) + "\n" + "y" * LIMIT) == [(2, LIMIT + 1)]


def test_no_template_sets_a_one_letter_name():
    found = [f"{path.relative_to(ROOT)}:{number}: {line.strip()[:80]}"
             for path in sorted((ROOT / "templates").rglob("*.j2"))
             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
             if ONE_LETTER_SET.search(line)]
    assert not found, "name what the value is (paper, margin, table_w, scale…):\n" + "\n".join(found)


def test_the_check_finds_a_one_letter_name():
    assert ONE_LETTER_SET.search("{% set w = box.w %}") and ONE_LETTER_SET.search("{%- set a = ex.answer -%}")
    assert not ONE_LETTER_SET.search("{% set x = 2 %}{% set width = 3 %}")
