"""The worksheets' pictures and frames take their numbers from layouts/ (one home each): with your own
layouts/sheet.toml [worksheet] and styles.toml [worksheet], the card pictures, the write-in boxes, the frames'
corners and the exercises' titles are drawn at your sizes, those that grow with large print scaled by its body
(16 / 11). Read on the built document (its markup, before the layout pass): no PDF needed."""

import re
import shutil
from pathlib import Path

import pytest

import cli.render.text  # noqa: F401  (the layout pass's metrics, which the templates ask)
from cli.documents.exercise_docs import worksheet
from cli.documents.language import parse_lang
from cli.games.exercises import parse_kinds, worksheets
from cli.layout.sizes import paper
from tests.security.conftest import clear_caches

ROOT = Path(__file__).resolve().parents[2]
SCALE = 16 / 11  # large print's body over the ordinary body
OWN = {  # [worksheet] of layouts/sheet.toml: numbers no default has
    "card_w": 14.0, "card_h": 19.5, "card_w_large": 21.0, "card_h_large": 29.0, "box_h": 9.5, "answer_box_w": 41.0,
    "box_radius": 1.1, "frame_radius": 2.5,
}
OWN_TITLE = 13.0  # [worksheet] title of layouts/styles.toml, pt


def _replaced(text: str, table: str, values: dict[str, float]) -> str:
    """`text` (a TOML file) with `values` written over the same keys of its [table]."""
    head, body = text.split(f"\n[{table}]\n", 1)
    own, rest = (body.split("\n[", 1) + [""])[:2]
    for key, value in values.items():
        own, found = re.subn(rf"^{key} = [\d.]+", f"{key} = {value}", own, flags=re.M)
        assert found == 1, key
    return f"{head}\n[{table}]\n{own}" + (f"\n[{rest}" if rest else "")


def _walk(node):
    yield node
    for child in node.children:
        yield from _walk(child)


@pytest.fixture(scope="module")
def drawn(tmp_path_factory):
    """Per print (False, True): the rects and tables of a two-exercise worksheet (may they play it, who wins)
    built with your own layouts/."""
    layouts = tmp_path_factory.mktemp("own") / "layouts"
    shutil.copytree(ROOT / "layouts", layouts)
    sheet_toml, styles_toml = layouts / "sheet.toml", layouts / "styles.toml"
    sheet_toml.write_text(_replaced(sheet_toml.read_text(), "worksheet", OWN))
    styles_toml.write_text(_replaced(styles_toml.read_text(), "worksheet", {"title": OWN_TITLE}))
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("PNPKIT_LAYOUTS", str(layouts))
        clear_caches()
        sheet = worksheets(1, parse_kinds("may-play,who-wins", 3), 2, 3, 1)[0]
        built = {large: list(_walk(worksheet(sheet, paper("a4"), parse_lang("fr"), large))) for large in (False, True)}
    clear_caches()
    return {large: ([node for node in nodes if node.tag == "rect"], [node for node in nodes if node.tag == "table"])
            for large, nodes in built.items()}


@pytest.mark.parametrize("large", [False, True])
def test_card_pictures_are_the_size_the_layout_says(drawn, large):
    pictures = {(rect.w, rect.h) for rect in drawn[large][0] if 1.1 < rect.radius < 2.5}  # a mini card's corners
    assert pictures == ({(OWN["card_w_large"], OWN["card_h_large"])} if large else {(OWN["card_w"], OWN["card_h"])})


@pytest.mark.parametrize("large", [False, True])
def test_write_in_boxes_and_frames_take_the_layout_s_numbers_scaled_in_large_print(drawn, large):
    scale = SCALE if large else 1
    rects = drawn[large][0]
    boxes = [rect for rect in rects if rect.radius == OWN["box_radius"]]
    frames = [rect for rect in rects if rect.radius == OWN["frame_radius"]]
    assert len(frames) == 2 and len(boxes) == 3  # may they play it: one box; who wins: two, side by side
    assert {round(box.h, 3) for box in boxes} == {round(OWN["box_h"] * scale, 3)}
    assert [round(box.w, 3) for box in boxes[1:]] == [round(OWN["answer_box_w"] * scale, 3)] * 2


@pytest.mark.parametrize("large", [False, True])
def test_exercise_titles_take_the_layout_s_size_scaled_in_large_print(drawn, large):
    titles = [table for table in drawn[large][1] if table.size > (16 if large else 11)]  # over the body's size
    assert len(titles) == 2 and {title.size for title in titles} == {round(OWN_TITLE * (SCALE if large else 1), 3)}
