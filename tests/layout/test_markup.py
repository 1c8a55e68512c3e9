"""The markup parser: typed attributes, and one precise line for every kind of mistake."""

import pytest

from cli.documents.templating import build_document, render_markup
from cli.errors import MarkupError
from cli.layout.markup import parse_markup

DOC = '<document title="t" width="210" height="297">{}</document>'


def test_attributes_are_typed_and_defaults_filled():
    doc = parse_markup(DOC.format('<page><rect x="1" y="2.5" w="3" h="4" fill="#FFAA00"/></page>'))
    rect = doc.children[0].children[0]
    assert (rect.x, rect.y, rect.w, rect.h) == (1.0, 2.5, 3.0, 4.0)
    assert rect.fill == "#ffaa00" and rect.stroke == "#000000" and rect.line == 0.3
    assert doc.duplex == "none" and doc.margin == 5.0


@pytest.mark.parametrize(("body", "message"), [
    ('<page><blob/></page>', "unknown element <blob>"),
    ('<page><rect x="1" y="2" w="3"/></page>', "<rect> needs the attribute 'h'"),
    ('<page><rect x="1" y="2" w="3" h="q"/></page>', "<rect h=\"q\">"),
    ('<page><rect x="1" y="2" w="3" h="4" colour="#000000"/></page>', "<rect> has no attribute 'colour'"),
    ('<page><text x="1" y="2" align="middle">hi</text></page>', "expected one of left, center, right"),
    ('<page><rect x="1" y="2" w="3" h="4" fill="red"/></page>', "expected #rrggbb or none"),
    ('<rect x="1" y="2" w="3" h="4"/>', "<rect> cannot stand inside <document>"),
    ('<page>loose words</page>', "<page> holds elements, not text"),
    ('<page><text x="1" y="2">unclosed</page>', "mismatched tag"),
])
def test_broken_markup_names_the_source_line_and_problem(body, message):
    with pytest.raises(MarkupError) as caught:
        parse_markup(DOC.format(body), source="templates/x.xml.j2")
    assert str(caught.value).startswith("templates/x.xml.j2 line 1: ")
    assert message in str(caught.value)


def test_a_broken_template_names_the_file_and_line(tmp_path):
    (tmp_path / "bad.xml.j2").write_text('<document title="t"\n width="1" height="1">\n{% for x in %}\n')
    with pytest.raises(MarkupError) as caught:
        render_markup("bad.xml.j2", folder=str(tmp_path))
    assert "bad.xml.j2, line 3" in str(caught.value)


def test_a_template_runtime_error_names_the_file_and_line(tmp_path):
    (tmp_path / "oops.xml.j2").write_text('<document title="t"\n width="{{ missing.value }}" height="1"/>\n')
    with pytest.raises(MarkupError) as caught:
        render_markup("oops.xml.j2", folder=str(tmp_path))
    assert "oops.xml.j2, line 2" in str(caught.value) and "missing" in str(caught.value)


def test_templates_cannot_reach_python_internals(tmp_path):
    (tmp_path / "evil.xml.j2").write_text("{{ ''.__class__.__mro__[1].__subclasses__() }}")
    with pytest.raises(MarkupError) as caught:
        render_markup("evil.xml.j2", folder=str(tmp_path))
    assert "unsafe" in str(caught.value) or "__class__" in str(caught.value)


def test_player_text_is_escaped_and_prints_as_typed(tmp_path):
    (tmp_path / "name.xml.j2").write_text(
        '<document title="{{ name }}" width="210" height="297"><page>'
        '<text x="10" y="10">{{ name }}</text></page></document>')
    doc = build_document("name.xml.j2", folder=str(tmp_path), name='<b>&"Zoé"')
    assert doc.title == '<b>&"Zoé"'
    assert doc.children[0].children[0].text == '<b>&"Zoé"'
