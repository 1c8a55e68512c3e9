"""Every bad input and every broken file of a user folder: exit 2, one line naming the file (and line)."""

from pathlib import Path

import pytest

from tests.security.conftest import one_line

ATKINSON = "package:fontpkg_atkinson_hyperlegible/files/AtkinsonHyperlegible-Regular.ttf"


@pytest.mark.parametrize(("card", "shown"), [("C¹", "C¹"), ("C٣", "C٣"), ("C５", "C５")])
def test_a_card_with_a_digit_that_is_not_0_9_is_an_unknown_card(pnpkit, card, shown):
    result = pnpkit("demo", "--json", "--deal", f"A:{card},C4,T2,S3 B:C2,T1,T4,S1 C:C3,T3,S2,S4")
    assert result.code == 2 and one_line(result) and f"unknown card '{shown}'" in result.err


def _package_file(spec: str) -> Path:
    import importlib.util

    package, _, inner = spec.removeprefix("package:").partition("/")
    return Path(list(importlib.util.find_spec(package).submodule_search_locations)[0]) / inner


@pytest.mark.parametrize(("manifest", "words"), [
    (None, "manifest.toml: No such file"),
    ("[body\n", "manifest.toml line 1"),
    ("x = 1\n", "'body' must be a table"),
    ('[body]\nregular = 3\nbold = "b.ttf"\n', "'body.regular' must be a text"),
    ('[body]\nregular = "t.ttf"\nbold = "t.ttf"\n', "t.ttf is not a usable TrueType font"),
    ('[body]\nregular = "nothere.ttf"\nbold = "t.ttf"\n', "nothere.ttf is missing"),
    ('[body]\nregular = "/etc/hostname"\nbold = "t.ttf"\n', "'/etc/hostname' is outside the fonts folder"),
    ('[body]\nregular = "../t.ttf"\nbold = "t.ttf"\n', "'../t.ttf' is outside the fonts folder"),
    ('[body]\nregular = "link.ttf"\nbold = "t.ttf"\n', "'link.ttf' is outside the fonts folder"),
    ('[body]\nregular = "package:fontpkg_atkinson_hyperlegible/../../x.ttf"\nbold = "t.ttf"\n',
     "is outside the fonts folder"),
    ('[body]\nregular = "package:no_such_font_pkg/x.ttf"\nbold = "t.ttf"\n', "'no_such_font_pkg' is not installed"),
])
def test_a_broken_fonts_folder_is_named(pnpkit, own_folder, tmp_path, manifest, words):
    fonts = own_folder("fonts")
    (fonts / "t.ttf").write_bytes(_package_file(ATKINSON).read_bytes()[:5000])  # a truncated font
    (tmp_path / "outside.ttf").write_bytes(_package_file(ATKINSON).read_bytes())
    (fonts / "link.ttf").symlink_to(tmp_path / "outside.ttf")
    if manifest is None:
        (fonts / "manifest.toml").unlink()
    else:
        (fonts / "manifest.toml").write_text(manifest)
    result = pnpkit("calibrate", "-o", "c.pdf")
    assert result.code == 2 and one_line(result) and words in result.err, result.err
    assert not (tmp_path / "c.pdf").exists()


def test_a_fonts_folder_without_fallback_refuses_a_greek_name(pnpkit, own_folder):
    fonts = own_folder("fonts")
    text = (fonts / "manifest.toml").read_text()
    (fonts / "manifest.toml").write_text(text[:text.index("[fallback]")])
    result = pnpkit("score", "dreist", "--names", "Ζωή,Bo,Cy", "-o", "s.pdf")
    assert result.code == 2 and one_line(result) and "U+0396" in result.err and "fonts/README.md" in result.err


def test_a_templates_folder_missing_a_catalogue_or_a_key_is_named(pnpkit, own_folder):
    templates = own_folder("templates")
    (templates / "catalogues" / "en.toml").unlink()
    result = pnpkit("calibrate", "--lang", "en", "-o", "c.pdf")
    assert result.code == 2 and one_line(result) and "en.toml" in result.err


def test_a_catalogue_missing_a_key_is_named(pnpkit, own_folder):
    templates = own_folder("templates")
    path = templates / "catalogues" / "en.toml"
    path.write_text("\n".join(line for line in path.read_text().splitlines() if not line.startswith("print_notice")))
    result = pnpkit("cards", "--lang", "en", "-o", "c.pdf")
    assert result.code == 2 and one_line(result) and "en.toml" in result.err and "print_notice" in result.err


FACTS = '[facts]\nplayers = "3"\nages = "8+"\ntime = "15 min"\nneed = "cards"\n'


@pytest.mark.parametrize(("content", "words"), [
    ('title = "x"\n' + FACTS, "'section' must be a list"),
    ('title = "x"\nsection = [1, 2]\n' + FACTS, "[[section]] tables"),
    ('title = "x"\n' + FACTS + '[[section]]\ntext = "t"\n', "section 1 needs a heading"),
    (FACTS + '[[section]]\nheading = "h"\n', "'title' must be a text"),
    ('title = "x"\n' + FACTS + '[[section]]\nheading = "h"\nitems = "one"\n', "'items' must be a list"),
    ('title = "x"\n[facts]\nplayers = "3"\n[[section]]\nheading = "h"\n', "'facts.ages' must be a text"),
    ('title = "x"\n' + FACTS + '[[section]]\nheading = "h"\nitems = ["a"]\nfigure_after = 2\n', "'figure_after' must"),
])
def test_a_broken_handout_is_named(pnpkit, own_folder, content, words):
    templates = own_folder("templates")
    (templates / "handouts" / "trick.en.toml").write_text(content)
    result = pnpkit("rules", "trick", "--lang", "en", "-o", "r.pdf")
    assert result.code == 2 and one_line(result) and words in result.err and "trick.en.toml" in result.err


@pytest.mark.parametrize(("kind", "inner", "args"), [
    ("templates", "catalogues/en.toml", ["calibrate", "--lang", "en"]),
    ("templates", "handouts/trick.en.toml", ["rules", "trick", "--lang", "en"]),
    ("layouts", "papers.toml", ["calibrate"]),
    ("fonts", "manifest.toml", ["calibrate"]),
])
def test_a_data_file_linked_from_outside_its_folder_is_refused(pnpkit, own_folder, tmp_path, kind, inner, args):
    folder = own_folder(kind)
    outside = tmp_path / "elsewhere.toml"
    outside.write_bytes((folder / inner).read_bytes())
    (folder / inner).unlink()
    (folder / inner).symlink_to(outside)
    result = pnpkit(*args, "-o", "out.pdf")
    assert result.code == 2 and one_line(result) and "link leading outside" in result.err
    assert not (tmp_path / "out.pdf").exists()


@pytest.mark.parametrize("device", ["/dev/zero", "fifo"])
def test_a_data_file_that_is_a_device_or_fifo_is_refused_without_reading_it(pnpkit, own_folder, tmp_path, device):
    import os

    layouts = own_folder("layouts")
    (layouts / "papers.toml").unlink()
    if device == "fifo":
        os.mkfifo(layouts / "papers.toml")
    else:
        (layouts / "papers.toml").symlink_to(device)
    result = pnpkit("calibrate", "-o", "out.pdf")
    assert result.code == 2 and one_line(result)
    assert "not a regular file" in result.err or "link leading outside" in result.err


def test_a_huge_data_file_is_refused(pnpkit, own_folder):
    layouts = own_folder("layouts")
    with (layouts / "papers.toml").open("a") as handle:
        handle.write("# padding\n" * 120_000)
    result = pnpkit("calibrate", "-o", "out.pdf")
    assert result.code == 2 and one_line(result) and "larger than 1024 KiB" in result.err


def _broken_own(monkeypatch, folder: Path, name: str, source: str) -> None:
    """pnpkit's own templates with `name` broken, as an update under a running page can leave them."""
    from jinja2 import ChoiceLoader, FileSystemLoader

    from cli.documents import templating

    (folder / name).write_text(source)
    own = templating.environment(None)
    broken = own.overlay(loader=ChoiceLoader([FileSystemLoader(folder), own.loader]), bytecode_cache=None)
    monkeypatch.setattr(templating, "environment", lambda folder=None: broken if folder is None else own)


BROKEN = '<document title="t"\n width="{{ intro_key }}" height="1"/>\n'


def test_a_fault_in_pnpkits_own_template_is_an_internal_error_not_a_refusal(pnpkit, monkeypatch, tmp_path):
    _broken_own(monkeypatch, tmp_path, "calibrate.xml.j2", BROKEN)
    result = pnpkit("calibrate", "-o", "c.pdf")
    assert result.code == 1 and "internal error: TemplateFault: " in result.err, result.err
    assert "calibrate.xml.j2 line 2: 'intro_key' is undefined" in result.err and "PNPKIT_DEBUG=1" in result.err
    assert not (tmp_path / "c.pdf").exists()
    monkeypatch.setenv("PNPKIT_DEBUG", "1")
    from cli.errors import TemplateFault

    with pytest.raises(TemplateFault):  # the traceback, for whoever reports it
        pnpkit("calibrate", "-o", "c.pdf")


def test_the_same_fault_in_a_users_templates_folder_stays_a_refusal(pnpkit, own_folder):
    templates = own_folder("templates")
    (templates / "calibrate.xml.j2").write_text(BROKEN)
    result = pnpkit("calibrate", "-o", "c.pdf")
    assert result.code == 2 and one_line(result) and "calibrate.xml.j2 line 2: 'intro_key' is undefined" in result.err
