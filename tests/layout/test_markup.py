"""The markup parser: typed attributes, and one precise line for every kind of mistake."""

import pytest

from cli.documents.templating import build_document, environment, render_markup
from cli.errors import MarkupError
from cli.layout.markup import parse_markup, where

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
    ('<page><group><flow x="1" y="2" w="50" h="20" thread="a"><p>x</p></flow></group></page>',
     "a <flow> with a thread stands on its page, not inside <group>"),
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
    assert "bad.xml.j2 line 3" in str(caught.value)


def test_a_template_runtime_error_names_the_file_and_line(tmp_path):
    (tmp_path / "oops.xml.j2").write_text('<document title="t"\n width="{{ missing.value }}" height="1"/>\n')
    with pytest.raises(MarkupError) as caught:
        render_markup("oops.xml.j2", folder=str(tmp_path))
    assert "oops.xml.j2 line 2" in str(caught.value) and "missing" in str(caught.value)


def test_a_template_compiled_in_another_folder_names_the_file_read_now(tmp_path, monkeypatch):
    # compiled templates are kept by name and content, so a fresh clone or a copied folder finds them
    source = '<document title="t"\n width="{{ missing.value }}" height="1"/>\n'
    for folder in ("first", "copy"):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "oops.xml.j2").write_text(source)
    with pytest.raises(MarkupError, match="first/oops.xml.j2 line 2"):
        render_markup("oops.xml.j2", folder=str(tmp_path / "first"))
    monkeypatch.setattr(environment(str(tmp_path / "copy")), "compile", lambda *given: pytest.fail("compiled again"))
    with pytest.raises(MarkupError) as caught:
        render_markup("oops.xml.j2", folder=str(tmp_path / "copy"))
    assert f"{tmp_path / 'copy' / 'oops.xml.j2'} line 2: " in str(caught.value)


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


# -- where an element was written ----------------------------------------------------------------
def test_elements_name_the_template_line_that_wrote_them_not_the_markup_line(tmp_path):
    (tmp_path / "m.xml.j2").write_text(
        "{# a macro file #}\n{% macro box(x) %}\n\n<rect x=\"{{ x }}\" y=\"1\" w=\"2\" h=\"2\"/>\n{% endmacro %}\n")
    (tmp_path / "t.xml.j2").write_text(
        "{% import 'm.xml.j2' as m %}\n{# two lines\nof comment #}\n"
        '<document title="t" width="100" height="100">\n<page>\n'
        "{% for i in range(3) %}\n<text x=\"1\" y=\"{{ i + 1 }}\">{{ i }}</text>\n{% endfor %}\n"
        "{{ m.box(5) }}\n</page>\n</document>\n")
    page = build_document("t.xml.j2", folder=str(tmp_path)).children[0]
    texts, rect = page.children[:3], page.children[3]
    assert [where(t.at) for t in texts] == ["templates/t.xml.j2 line 7"] * 3
    assert where(rect.at) == "templates/m.xml.j2 line 4 (called from templates/t.xml.j2 line 9)"


def test_a_call_block_names_the_macro_for_its_own_elements_and_the_caller_for_the_body(tmp_path):
    (tmp_path / "m.xml.j2").write_text(
        "{% macro frame() %}\n<page>\n<line x1=\"0\" y1=\"0\" x2=\"1\" y2=\"1\"/>\n{{ caller() }}\n</page>\n"
        "{% endmacro %}\n")
    (tmp_path / "t.xml.j2").write_text(
        "{% import 'm.xml.j2' as m %}\n<document title=\"t\" width=\"100\" height=\"100\">\n"
        "{% call m.frame() %}\n<text x=\"1\" y=\"1\">hi</text>\n{% endcall %}\n</document>\n")
    page = build_document("t.xml.j2", folder=str(tmp_path)).children[0]
    assert where(page.at) == "templates/m.xml.j2 line 2 (called from templates/t.xml.j2 line 3)"
    assert where(page.children[0].at) == "templates/m.xml.j2 line 3 (called from templates/t.xml.j2 line 3)"
    assert where(page.children[1].at) == "templates/t.xml.j2 line 4"


def test_a_kit_error_names_the_parts_own_template(pnpkit, tmp_path, monkeypatch):
    import shutil
    from pathlib import Path

    templates = tmp_path / "own"
    shutil.copytree(Path(__file__).resolve().parents[2] / "templates", templates)
    record = templates / "trick_record.xml.j2"
    source = record.read_text()
    always = '<figure h="{{ name_h'  # the headings' figure, on every record sheet (earlier ones hang on a class list)
    line = source[:source.index(always)].count("\n") + 1
    record.write_text(source.replace(always, '<figure bad="1" h="{{ name_h', 1))
    monkeypatch.setenv("PNPKIT_TEMPLATES", str(templates))
    from cli.documents.templating import environment
    from cli.resources import data_dir

    data_dir.cache_clear()
    environment.cache_clear()
    try:
        result = pnpkit("kit", "-o", tmp_path / "k.pdf")
    finally:
        data_dir.cache_clear()
        environment.cache_clear()
    assert result.code == 2
    assert f"templates/trick_record.xml.j2 line {line}: <figure> has no attribute 'bad'" in result.err


# -- what markup may not do ---------------------------------------------------------------------
@pytest.mark.parametrize(("body", "message"), [
    ('<page><rect x="nan" y="2" w="3" h="4"/></page>', "expected a finite number"),
    ('<page><rect x="inf" y="2" w="3" h="4"/></page>', "expected a finite number"),
    ('<page><rect x="1" y="2" w="3000" h="4"/></page>', "expected a number from 0 to 2000"),
    ('<page><rect x="1" y="2" w="-3" h="4"/></page>', "expected a number from 0 to 2000"),
    ('<page><hatch x="1" y="2" w="3" h="4" step="0.1"/></page>', "expected a number from 0.5 to 2000"),
    ('<page><tint x="1" y="2" w="1000" h="4" fill="#000000"/></page>', "expected a number from 5 to 500"),
    ('<page><group clip="1 2 3"/></page>', "rectangles 'x y w h'"),
    ('<page><text x="1" y="2" size="0">t</text></page>', "expected a number from 1 to 200"),
    ('<page><ruler x="1" y="2" length="300"/></page>', "is longer than the page"),
    ('<page><table x="1" y="2" widths="1 nan"/></page>', "expected a finite number"),
])
def test_numbers_must_be_finite_and_in_range(body, message):
    with pytest.raises(MarkupError) as caught:
        parse_markup(DOC.format(body), source="templates/x.xml.j2")
    assert str(caught.value).startswith("templates/x.xml.j2 line 1: ") and message in str(caught.value)


@pytest.mark.parametrize("markup", [
    '<!DOCTYPE document [<!ENTITY a "aaaa">]><document title="&a;" width="1" height="1"/>',
    '<!DOCTYPE document SYSTEM "file:///etc/passwd"><document title="t" width="1" height="1"/>',
])
def test_doctypes_and_entities_are_refused(markup):
    with pytest.raises(MarkupError, match="DOCTYPE or entity declaration is not allowed"):
        parse_markup(markup)


def test_nesting_is_bounded():
    body = "<page>" + "<group>" * 40 + "</group>" * 40 + "</page>"
    with pytest.raises(MarkupError, match="nested more than 32 deep"):
        parse_markup(DOC.format(body))


def test_template_whitespace_collapses_but_typographic_no_break_spaces_stay():
    doc = parse_markup(DOC.format('<page><text x="1" y="1">\n  Pli\u00a0:  qui\t\nentame\u202f?  </text></page>'))
    assert doc.children[0].children[0].text == "Pli\u00a0: qui entame\u202f?"  # the line breaker keeps them


def test_text_is_bounded_and_collected_in_linear_time():
    parse_markup(DOC.format(f'<page><text x="1" y="1">{"a&amp;" * 9_000}</text></page>'))  # 18,000 pieces
    with pytest.raises(MarkupError, match="holds more than 20000 characters"):
        parse_markup(DOC.format(f'<page><text x="1" y="1">{"a&amp;" * 10_001}</text></page>'))


def test_elements_per_page_and_pages_are_counted(monkeypatch):
    from cli.layout import markup

    parse_markup(DOC.format("<page>" + '<line x1="0" y1="0" x2="1" y2="1"/>' * 20_000 + "</page>"))
    with pytest.raises(MarkupError, match="a page holds more than 20000 elements"):
        parse_markup(DOC.format("<page>" + '<line x1="0" y1="0" x2="1" y2="1"/>' * 20_001 + "</page>"))
    monkeypatch.setattr(markup, "MAX_PAGES", 2)
    with pytest.raises(MarkupError, match="more than 2 pages"):
        parse_markup(DOC.format("<page/>" * 3))
    monkeypatch.setattr(markup, "MAX_ELEMENTS", 5)  # the document and its pages count too
    with pytest.raises(MarkupError, match="more than 5 elements"):
        parse_markup(DOC.format("<page/><page>" + '<line x1="0" y1="0" x2="1" y2="1"/>' * 3 + "</page>"))


# -- the tree is small -------------------------------------------------------------------------
def test_an_element_stores_its_attributes_once_in_slots():
    import sys

    doc = parse_markup(DOC.format('<page><rect x="1" y="2" w="3" h="4"/><rect x="1" y="2" w="3" h="4"/></page>'))
    first, second = doc.children[0].children
    assert not hasattr(first, "__dict__")
    assert sys.getsizeof(first) <= 16 + 8 * 16  # header + at most 16 slots
    assert first.x is second.x and first.at is second.at  # equal values parsed once, shared
