"""A document made once and copied with a group's tag swapped in: the rest shared, measured tags respected."""

import pytest

import cli.render.text  # noqa: F401  installs the metrics templates measure with
from cli.documents.stencil import Stencil, Stencils
from cli.documents.templating import environment
from cli.layout.markup import make


def _sheet(tag: str):
    title, rule = make("text", x=20.0, y=20.0, text="Relevé"), make("line", x1=10.0, y1=30.0, x2=100.0, y2=30.0)
    page = make("page", children=[title, make("group", children=[make("text", x=190.0, y=20.0, text=tag)]), rule])
    return make("document", children=[page], width=210.0, height=297.0)


def test_a_copy_swaps_the_tag_and_shares_every_other_element():
    original = _sheet("Groupe 1")
    copy = Stencil(original, ["Groupe 1"]).filled(["Groupe 12"])
    page, first = copy.children[0], original.children[0]
    assert page.children[1].children[0].text == "Groupe 12"
    assert page.children[0] is first.children[0] and page.children[2] is first.children[2]
    assert first.children[1].children[0].text == "Groupe 1"  # the stencil itself is left as it was


def test_a_stencil_must_find_its_texts():
    with pytest.raises(ValueError, match="Groupe 2"):
        Stencil(_sheet("Groupe 1"), ["Groupe 2"])


def test_one_stencil_serves_every_group_unless_the_template_measured_the_tag():
    made: list[str] = []

    def maker(tag: str, measure: bool):
        def make_sheet():
            made.append(tag)
            if measure:  # as a template placing something by the tag's width would
                environment().globals["text_width"](tag, 12, "bold")
            return _sheet(tag)
        return make_sheet

    stencils = Stencils()
    for group in (1, 2, 11):
        stencils.document("free", [f"Groupe {group}"], maker(f"Groupe {group}", measure=False))
    assert made == ["Groupe 1"]
    made.clear()
    sheets = [stencils.document("measured", [f"Groupe {g}"], maker(f"Groupe {g}", measure=True)) for g in (1, 2)]
    assert made == ["Groupe 1", "Groupe 2"]  # the digits 1 and 2 differ in width: each its own
    assert [sheet.children[0].children[1].children[0].text for sheet in sheets] == ["Groupe 1", "Groupe 2"]


def test_a_kits_record_sheets_share_all_but_their_groups_tag(laid):
    from tests import laidcheck

    kit = laid("--groups", "40", "--lang", "fr").kit  # the kit tests' own 40 groups: laid out once a session
    sheets = [i for i in range(len(kit.children)) if "Relevé des plis" in laidcheck.page_text(kit, i)]
    assert len(sheets) == 40
    for group, index in enumerate(sheets, start=1):
        assert f"Groupe {group}" in laidcheck.page_strings(kit, index)
    flows = {id(child) for index in sheets for child in kit.children[index].children if child.tag == "flow"}
    assert len(flows) == 1  # the table and its notes: one element, laid out and drawn once
