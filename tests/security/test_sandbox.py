"""Templates from a user's folder: they cannot reach Python objects or files outside their folder, and
their work is bounded by counting (the same refusal on every machine), never by a hang."""

import os
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cli.documents.templating import render_markup
from cli.errors import MarkupError, PnpkitError
from tests.security.conftest import one_line


def calibrate_with(folder, body: str) -> None:
    """Replace calibrate.xml.j2 by a one-page document whose text is `body` (a Jinja expression or tags)."""
    (folder / "calibrate.xml.j2").write_text(
        '<document title="x" width="210" height="297"><page>\n'
        f'<text x="10" y="10" size="10">{body}</text>\n</page></document>\n')


def test_a_catalogue_placeholder_cannot_reach_python_objects(pnpkit, own_folder, tmp_path):
    templates = own_folder("templates")
    for lang in ("fr", "en"):
        with (templates / "catalogues" / f"{lang}.toml").open("a") as handle:
            handle.write('\nevil = "{o.each.__func__.__globals__[data_dir].__wrapped__.__globals__[os].environ}"\n')
    calibrate_with(templates, '{{ texts.t("evil", o=texts) }}')
    os.environ["PNPKIT_SECRET_PROBE"] = "s3cret"
    try:
        result = pnpkit("calibrate", "-o", "c.pdf")
    finally:
        del os.environ["PNPKIT_SECRET_PROBE"]
    assert result.code == 2 and one_line(result)
    assert "catalogues/fr.toml, label 'evil'" in result.err and "s3cret" not in result.err
    assert not (tmp_path / "c.pdf").exists()


@pytest.mark.parametrize("lang", ["/etc/passwd", "../../elsewhere", "de", "fr "])
def test_texts_t_reads_only_the_chosen_languages(pnpkit, own_folder, tmp_path, lang):
    templates = own_folder("templates")
    calibrate_with(templates, f"{{{{ texts.t('print_notice', {lang!r}) }}}}")
    result = pnpkit("calibrate", "-o", "c.pdf")
    assert result.code == 2 and one_line(result) and "unknown language" in result.err


def test_an_include_through_a_link_out_of_the_folder_is_refused(pnpkit, own_folder, tmp_path):
    templates = own_folder("templates")
    secret = tmp_path / "secret.txt"
    secret.write_text("TOP-SECRET")
    (templates / "innocent.xml.j2").symlink_to(secret)
    calibrate_with(templates, "{% include 'innocent.xml.j2' %}")
    result = pnpkit("calibrate", "-o", "c.pdf")
    assert result.code == 2 and one_line(result) and "outside the templates folder" in result.err
    assert "TOP-SECRET" not in result.err and not (tmp_path / "c.pdf").exists()


def test_a_link_inside_the_folder_still_works(pnpkit, own_folder):
    templates = own_folder("templates")
    (templates / "alias.xml.j2").symlink_to(templates / "macros" / "page.xml.j2")
    calibrate_with(templates, "{% import 'alias.xml.j2' as page %}ok")
    assert pnpkit("calibrate", "-o", "c.pdf").code == 0


@pytest.mark.parametrize("name", ["../secret.txt", "/etc/hostname", "macros/../../secret.txt"])
def test_an_include_outside_the_folder_by_path_is_refused(tmp_path, name):
    (tmp_path / "secret.txt").write_text("TOP-SECRET")
    folder = tmp_path / "templates"
    folder.mkdir()
    (folder / "t.j2").write_text(f"{{% include {name!r} %}}")
    with pytest.raises(MarkupError) as caught:
        render_markup("t.j2", folder=str(folder))
    assert "TOP-SECRET" not in str(caught.value)


@pytest.mark.parametrize(("source", "words"), [
    ("{% include 't.j2' %}", "includes or calls itself"),
    ("{% macro m() %}{{ m() }}{% endmacro %}{{ m() }}", "includes or calls itself"),
    ("{% for i in range(10000) %}{% for j in range(10000) %}{% endfor %}{% endfor %}", "steps"),
    ("{{ range(10**8)|list|length }}", "range() of 100,000,000 items"),
    ("{{ lipsum(n=10**6) }}", "'lipsum' is undefined"),
    ("{{ 'x' * 10**9 }}", "more than 1,000,000"),
    ("{{ [0] * 10**8 }}", "more than 1,000,000"),
    ("{{ 'x'.center(10**9) }}", "too large for a template"),
    ("{{ 'x'|center(10**9) }}", "too large for a template"),
    ("{{ 'x'.ljust(9999999) }}", "9,999,999 characters"),
    ("{{ '{:>999999999}'.format(1) }}", "unsafe"),
    ("{{ '%99999999d' % 1 }}", "field width"),
    ("{{ 2 ** 100000 }}", "too large"),
    ("{% macro d(s, n) %}{% if n %}{{ d(s ~ s, n - 1) }}{% endif %}{% endmacro %}{{ d('x', 40) }}",
     "1,048,576 characters"),
    ("{{ 1 / 0 }}", "division by zero"),
    ("{{ ().__class__.__base__.__subclasses__() }}", "unsafe"),
])
def test_hostile_templates_are_refused_quickly_naming_the_file_and_line(tmp_path, source, words):
    (tmp_path / "t.j2").write_text("\n" + source)
    started = time.process_time()  # the CPU it took: a busy machine slows the clock, not the budget
    with pytest.raises(PnpkitError) as caught:
        render_markup("t.j2", folder=str(tmp_path))
    assert time.process_time() - started < 20
    message = str(caught.value)
    assert words in message and "t.j2 line 2" in message and "\n" not in message


def test_the_output_of_one_render_is_bounded(tmp_path, monkeypatch):
    monkeypatch.setattr("cli.documents.sandbox.MAX_OUTPUT", 50_000)
    (tmp_path / "t.j2").write_text("{% for i in range(1000) %}{{ 'x' * 100 }}{% endfor %}")
    with pytest.raises(MarkupError, match="more than 50,000 characters of markup"):
        render_markup("t.j2", folder=str(tmp_path))


@pytest.mark.parametrize("args", [  # one case each: a single test of both took 12 s of CPU, the suite's longest
    ("cards", "--decks", "50", "--size", "mini", "-o", "c.pdf"),
    ("score", "twinit", "--variant", "ring", "--sheets", "500", "--per-page", "4", "-o", "t.pdf"),
], ids=["cards", "score"])
def test_the_largest_real_printables_stay_far_below_the_bounds(pnpkit, monkeypatch, args):
    from cli.documents import sandbox

    monkeypatch.setattr(sandbox, "MAX_STEPS", sandbox.MAX_STEPS // 10)  # a tenth of the budget is plenty
    assert pnpkit(*args).code == 0


def test_a_huge_template_file_is_refused(tmp_path):
    (tmp_path / "t.j2").write_text("x" * (1024 * 1024 + 1))
    with pytest.raises(MarkupError, match="larger than 1024 KiB"):
        render_markup("t.j2", folder=str(tmp_path))


HEAVY = {
    "urlize": "{% for i in range(3) %}{{ ('www.a.com ' * 99000)|urlize|length }}{% endfor %}",
    "sort": "{% set l = range(100000)|list %}{% for i in range(20) %}{{ (l * 9)|sort|length }}{% endfor %}",
    "unique": "{% set l = range(100000)|list %}{{ (l * 9)|unique|list|length }}",
    "pprint": "{% set l = range(100000)|list %}{{ (l * 9)|pprint|length }}",
    "wordwrap": "{{ ('a' * 900000)|wordwrap(1)|length }}",
    "format": "{{ '%s%s%s'|format('x' * 900000, 'x' * 900000, 'x' * 900000)|length }}",
    "format-width": "{{ '%999999s'|format(1)|length }}",
    "join": "{{ (['x' * 900000] * 1000)|join|length }}",
    "join-separator": "{{ (range(100000)|list)|join('y' * 900000)|length }}",
    "join-lazy": "{{ range(100000)|map('string')|map('center', 900000)|join|length }}",
    "replace": "{{ ('a' * 900000)|replace('a', 'b' * 900000)|length }}",
    "str.replace": "{{ ('a' * 900000).replace('a', 'b' * 900000)|length }}",
    "str.join": "{{ ('y' * 900000).join(range(10000)|map('string')|list)|length }}",
    "str.expandtabs": "{{ ('x\\t' * 400000).expandtabs(9000000)|length }}",
    "list.extend": "{% set l = ['x'] %}{% for i in range(40) %}{{ l.extend(l) or '' }}{% endfor %}{{ l|length }}",
    "list.sort": "{% set l = range(100000)|list * 9 %}{% for i in range(20) %}{{ l.sort() or '' }}{% endfor %}",
    "indent": "{{ ('a\\n' * 400000)|indent(width=999999)|length }}",
    "center": "{{ 'x'|center(9999999)|length }}",
    "slice": "{{ range(10)|slice(9999999)|list|length }}",
    "tojson": "{{ range(1000)|list|tojson(indent=9000000)|length }}",
    "batch": "{{ range(10)|batch(9999999, 'x')|list|length }}",
    "sum": "{% set l = [[1] * 1000] * 1000 %}{{ l|sum(start=[])|length }}",
}


@pytest.mark.parametrize("name", sorted(HEAVY))
def test_every_heavy_filter_and_method_counts_its_work(tmp_path, name):
    (tmp_path / "t.j2").write_text("\n" + HEAVY[name])
    started = time.process_time()  # CPU, not the wall clock of a busy machine
    with pytest.raises(MarkupError) as caught:
        render_markup("t.j2", folder=str(tmp_path))
    assert time.process_time() - started < 10
    message = str(caught.value)
    assert "t.j2 line 2" in message and "\n" not in message
    assert any(words in message for words in ("steps", "at most 1,000,000", "field width")), message


@pytest.mark.parametrize(("source", "words"), [
    ("{% for i in [1] %}" * 20 + "x" + "{% endfor %}" * 20, "nest more than 16 deep"),
    ("{% if 1 %}" * 20 + "x" + "{% endif %}" * 20, "nest more than 16 deep"),
    ("{{ " + "(" * 3000 + "1" + ")" * 3000 + " }}", "brackets nest more than 64 deep"),
    ("{{ " + "[" * 100 + "]" * 100 + " }}", "brackets nest more than 64 deep"),
])
def test_nesting_too_deep_is_one_line_naming_the_template_and_line(tmp_path, source, words):
    (tmp_path / "t.j2").write_text("x\n\n" + source)
    with pytest.raises(MarkupError) as caught:
        render_markup("t.j2", folder=str(tmp_path))
    assert str(caught.value).endswith(words + ("; use a macro or fewer levels" if "blocks" in str(caught.value)
                                               else ""))
    assert "t.j2 line 3" in str(caught.value)


def test_the_nesting_of_pnpkits_own_templates_is_allowed():
    from cli.documents.sandbox import check_nesting
    from cli.resources import data_dir

    for path in data_dir("templates").rglob("*.j2"):
        check_nesting(path.read_text(), path.name, str(path))


@pytest.mark.parametrize(("name", "words"), [("nope.j2", "is missing from the templates folder"),
                                             ("../secret.txt", "is outside the templates folder")])
def test_a_refused_include_says_missing_or_outside(tmp_path, name, words):
    folder = tmp_path / "templates"
    folder.mkdir()
    (tmp_path / "secret.txt").write_text("s")
    (folder / "t.j2").write_text(f"\n{{% include {name!r} %}}")
    with pytest.raises(MarkupError) as caught:
        render_markup("t.j2", folder=str(folder))
    assert words in str(caught.value) and "t.j2 line 2" in str(caught.value)


def test_a_python_error_inside_a_helper_a_template_calls_is_internal(pnpkit, own_folder):
    templates = own_folder("templates")
    calibrate_with(templates, "{{ text_width(1, 10) }}")
    result = pnpkit("calibrate", "-o", "c.pdf")
    assert result.code == 1 and "internal error" in result.err and "fix" not in result.err


def test_a_refusal_of_a_helper_names_the_template_line(pnpkit, own_folder):
    templates = own_folder("templates")
    calibrate_with(templates, "{{ texts.t('print_notice', 'xx') }}")
    result = pnpkit("calibrate", "-o", "c.pdf")
    assert result.code == 2 and one_line(result)
    assert "calibrate.xml.j2 line 2: texts.t: unknown language" in result.err


def test_a_filter_given_the_wrong_kind_of_value_is_the_templates_error_not_pnpkits(tmp_path):
    (tmp_path / "t.j2").write_text("\n{{ [{'a': 'x'}] * 2|join(attribute='a') }}")
    with pytest.raises(MarkupError, match="t.j2 line 2: 'int' object is not iterable"):
        render_markup("t.j2", folder=str(tmp_path))


_SIZES = st.sampled_from([0, 3, 1000, 300_000, 999_999])
_FILTER_CALLS = st.sampled_from([
    "|sort|length", "|unique|list|length", "|join(S)|length", "|map('string')|join(S)|length", "|pprint|length",
    "|tojson|length", "|batch(N, 'x')|list|length", "|string|length", "|reverse|list|length", "|sum(start=[])|length",
])
_TEXT_CALLS = st.sampled_from([
    "|urlize|length", "|wordwrap(N)|length", "|replace('a', S)|length", "|indent(N)|length", "|title|length",
    "|center(N)|length", "|format(S, S)|length", ".replace('a', S)|length", ".expandtabs(N)|length",
    ".center(N)|length", "|striptags|length", "|truncate(N, false, S)|length", "|wordcount",
])


@settings(max_examples=int(os.environ.get('PNPKIT_HOSTILE_EXAMPLES', 3)), deadline=None)
@given(items=_SIZES, text=_SIZES, number=st.sampled_from([1, 7, 9_999_999]), separator=_SIZES,
       on_list=_FILTER_CALLS, on_text=_TEXT_CALLS)
def test_any_filter_on_any_size_ends_fast_in_a_result_or_one_template_error(items, text, number, separator,
                                                                             on_list, on_text):
    import tempfile

    s = f"('y' * {separator})"
    source = (f"{{% set l = range({min(items, 100_000)})|list * {max(1, items // 100_000)} %}}"
              f"{{% set t = ('a \\t' * {text // 3}) %}}\n"
              f"{{{{ l{on_list.replace('S', s).replace('N', str(number))} }}}}"
              f"{{{{ t{on_text.replace('S', s).replace('N', str(number))} }}}}")
    with tempfile.TemporaryDirectory() as folder:
        (Path(folder) / "t.j2").write_text(source)
        started = time.process_time()
        try:
            render_markup("t.j2", folder=folder)
        except MarkupError as error:
            assert "t.j2 line" in str(error) and "\n" not in str(error)
        assert time.process_time() - started < 10, source
