"""Templates and document builders never guess a text's size: they ask the layout pass (its metrics, its
line height, its points-to-mm factor from cli/layout/units.py). Any of these written out again fails."""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
GUESSES = {
    "the points-to-mm factor written out": re.compile(r"0\.352[78]|25\.4\s*/\s*72|72\s*/\s*25\.4|2\.834[56]"),
    "a 'mm a character' estimate": re.compile(r"mm (a|per|each) (char|character|letter)", re.I),
    "a per-character width table": re.compile(
        r"""\{\s*(['"]).\1\s*:\s*\d*\.\d+\s*,\s*(['"]).\2\s*:\s*\d*\.\d+"""  # {"i": 0.32, "m": 0.89 …}
        r"""|(?i:narrow|wide)\w*\s*=\s*frozenset\(|def _em\("""),
}


def sources() -> list[Path]:
    return sorted([*(ROOT / "templates").rglob("*.j2"), *(ROOT / "cli" / "documents").rglob("*.py")])


@pytest.mark.parametrize("what", GUESSES)
def test_no_template_or_document_module_guesses_a_metric(what):
    found = [f"{path.relative_to(ROOT)}:{number}: {line.strip()[:80]}"
             for path in sources() for number, line in enumerate(path.read_text().splitlines(), start=1)
             if GUESSES[what].search(line)]
    advice = "ask cli.layout.measure (text_width, line_height, mm_per_pt) instead"
    assert not found, f"{what}: {advice}\n" + "\n".join(found)


def test_the_points_to_mm_factor_has_one_home():
    homes = [path.relative_to(ROOT).as_posix() for path in (ROOT / "cli").rglob("*.py")
             if GUESSES["the points-to-mm factor written out"].search(path.read_text())]
    assert homes == ["cli/layout/units.py"]


@pytest.mark.parametrize("line", [
    "{% set lh = b * 0.3528 * 1.35 %}", "size * 1.25 * 25.4 / 72", "2.45 mm a character at 11 pt",
    '_W = {"i": 0.32, "m": 0.89}', '_NARROW = frozenset("fijlrt")', "def _em(char: str) -> float:",
])
def test_each_guess_is_caught(line):
    assert any(pattern.search(line) for pattern in GUESSES.values())
