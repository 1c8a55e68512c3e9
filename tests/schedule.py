"""The order pytest-xdist hands the tests to its workers: the costliest modules first, the cheap ones last, so
both cores end together. In file order the security and web tests (a 12-s sandbox test, the property tests,
Chromium) came last and kept one core busy for a minute while the other waited.

`.ci/run` passes `--dist loadgroup --no-loadscope-reorder`: a group (`xdist_group`, one module on one worker) or
a single test is handed out in the order collected here. A module keeps its own order and stays in one run of
tests, so its module-scoped fixtures are made once per worker. A plain run (no xdist) keeps the file order.
"""

import os
from collections import Counter

# CPU seconds of each module run alone with coverage on Python 3.11 (measured 1-2 Dec 2026 on the 2-core machine);
# a module not listed counts 0.02 s a test. Only the order matters: refresh it when a module grows or shrinks
# a lot (`/usr/bin/time .venv/bin/python -m pytest tests/…/test_x.py --cov -q`).
COST = {
    "tests/commands/test_kit.py": 50,
    "tests/web/test_browser.py": 40,  # mostly waiting for Chromium: wall time
    "tests/commands/test_kit_decks.py": 35,
    "tests/commands/test_exercises.py": 31,
    "tests/commands/test_rules.py": 29,
    "tests/security/test_properties.py": 23,
    "tests/commands/test_kit_cover_fits.py": 14,
    "tests/commands/test_score.py": 19,
    "tests/security/test_sandbox.py": 21,
    "tests/commands/test_page_numbers.py": 20,
    "tests/web/test_http.py": 38,
    "tests/commands/test_trick_printables.py": 16,
    "tests/commands/test_class_pages.py": 13,
    "tests/commands/test_cards.py": 12,
    "tests/commands/test_exercise_sheet.py": 11,
    "tests/commands/test_calibrate.py": 9,
    "tests/commands/test_students_page_fit.py": 8,
    "tests/commands/test_card_sheets.py": 8,
    "tests/commands/test_words.py": 7,
    "tests/commands/test_card_backs.py": 7,
    "tests/commands/test_kit_backs.py": 6,
    "tests/security/test_outputs.py": 6,
    "tests/commands/test_offset_sheets.py": 6,
    "tests/security/test_names.py": 6,
    "tests/commands/test_printer.py": 6,
    "tests/commands/test_exercises_key_sheet.py": 5,
    "tests/commands/test_teacher_review.py": 4,
    "tests/documents/test_child_text_sizes.py": 17,
    "tests/documents/test_page_breaks.py": 10,
    "tests/documents/test_safe_margin.py": 8,
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
