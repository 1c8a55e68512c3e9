"""`pnpkit exercises`: the answer key starts a sheet of its own, whatever the worksheet's length.

A worksheet of an odd number of pages (one exercise: one page; twelve in large print: nine) would
otherwise put the key on the back of the students' last page.
"""

import pytest

from tests.pdfcheck import all_text

pytestmark = pytest.mark.untraced  # bodies read untraced: pnpkit runs through the fixtures, traced

KEY = "Answer key: worksheet"
BLANK = "This page is intentionally blank."


@pytest.mark.parametrize("large", [False, True], ids=["normal", "large-print"])
@pytest.mark.parametrize("count", [1, 2, 3, 6, 12])
def test_the_key_starts_a_new_sheet_after_a_worksheet_of_any_length(pnpkit, pdf_path, count, large):
    args = ["exercises", "--count", count, "--lang", "en", "--seed", "2", "-o", pdf_path]
    assert pnpkit(*args, *(["--large-print"] if large else [])).code == 0
    texts = all_text(pdf_path)
    first_key = next(index for index, text in enumerate(texts) if KEY in text)
    students = [index for index, text in enumerate(texts[:first_key]) if BLANK not in text]
    assert students == list(range(len(students))) and students  # the worksheet, then at most one blank page
    assert first_key % 2 == 0, (count, large, first_key)  # page 1, 3, 5…: the front of a sheet
    assert first_key - len(students) == len(students) % 2  # a blank back only after an odd worksheet
    assert all(KEY in text for text in texts[first_key:])  # nothing of the students' after it
