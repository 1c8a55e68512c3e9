"""The order pytest-xdist hands the tests to its workers: the costliest modules first, the cheap ones last, so
both cores end together. In file order the security and web tests (a 12-s sandbox test, the property tests,
Chromium) came last and kept one core busy for a minute while the other waited.

`.ci/run` passes `--dist loadfile --no-loadscope-reorder`: each module runs whole on one worker, modules handed out
in the order collected here, each in its own order. Its module- and session-scoped documents are made once: handed
out test by test (`--dist loadgroup` without groups), a quarter of the documents that nine heavy modules build
were built on both workers (69 of 278; their CPU 84 s against 75 s as whole modules, 2 Dec 2026).
A plain run (no xdist) keeps the file order.
"""

import os
from collections import Counter

# CPU seconds of each module run alone with coverage, less about 3.5 s of start-up and collection (Python 3.12 with
# COVERAGE_CORE=sysmon, measured 2 Dec 2026 at 02:30 on the 2-core machine; modules not measured then: their 3.11
# figure of 1 Dec times 0.6); a module not listed counts 0.02 s a test. Only the order matters: refresh it when a
# module grows or shrinks a lot (`/usr/bin/time .venv/bin/python -m pytest tests/…/test_x.py --cov -q`).
COST = {
    "tests/web/test_browser.py": 30,  # mostly waiting for Chromium (about 40 s of its CPU, not counted here)
    "tests/commands/test_kit.py": 23,
    "tests/web/test_http.py": 16,
    "tests/commands/test_kit_decks.py": 15,
    "tests/commands/test_rules.py": 12,
    "tests/security/test_properties.py": 12,
    "tests/commands/test_score.py": 12,
    "tests/commands/test_exercises.py": 10,
    "tests/commands/test_kit_cover_groups.py": 10,
    "tests/commands/test_page_numbers.py": 9,
    "tests/commands/test_trick_printables.py": 8,
    "tests/commands/test_kit_cover_fits.py": 8,
    "tests/security/test_sandbox.py": 7,
    "tests/documents/test_child_text_sizes.py": 7,
    "tests/documents/test_house_minimums.py": 1,  # measured 07:02 (minimums): 3.7 s with start-up
    "tests/commands/test_class_pages.py": 8,
    "tests/commands/test_cards.py": 7,
    "tests/commands/test_exercise_sheet.py": 7,
    "tests/documents/test_page_breaks.py": 6,
    "tests/commands/test_one_group_words.py": 7,  # measured 05:55 (words5): four kits of its own laid out
    "tests/commands/test_teacher4_guide.py": 8,  # measured 06:27 (guide5): small kits in three languages, A4/Letter
    "tests/commands/test_calibrate.py": 5,
    "tests/commands/test_part_names.py": 5,
    "tests/security/test_terminal.py": 5,
    "tests/commands/test_students_page_fit.py": 5,
    "tests/commands/test_card_sheets.py": 5,
    "tests/documents/test_safe_margin.py": 5,
    "tests/commands/test_words.py": 4,
    "tests/commands/test_card_backs.py": 4,
    "tests/documents/test_pad_notes.py": 4,
    "tests/commands/test_kit_backs.py": 4,
    "tests/security/test_outputs.py": 4,
    "tests/commands/test_offset_sheets.py": 4,
    "tests/security/test_names.py": 4,
    "tests/commands/test_printer.py": 4,
    "tests/commands/test_exercises_key_sheet.py": 3,
    "tests/commands/test_german_neutral.py": 3,
    "tests/commands/test_teacher_review.py": 2,
}
PER_TEST = 0.02


def pytest_collection_modifyitems(config, items) -> None:
    """On an xdist worker (every worker collects the same list, and sorts it the same way): modules by
    descending cost, each in its own order."""
    if not os.environ.get("PYTEST_XDIST_WORKER"):
        return
    modules = [item.nodeid.split("::")[0] for item in items]
    counts = Counter(modules)
    first = {module: index for index, module in reversed(list(enumerate(modules)))}
    cost = {module: COST.get(module, PER_TEST * count) for module, count in counts.items()}
    ranked = sorted(zip(modules, range(len(items)), items, strict=True),
                    key=lambda entry: (-cost[entry[0]], first[entry[0]], entry[1]))
    items[:] = [item for _, _, item in ranked]
