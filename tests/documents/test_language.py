"""Languages: every catalogue holds the same labels with the same placeholders; any two languages pair up."""

import re
import shutil
import string
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from cli.documents.language import Texts, parse_lang
from cli.documents.languages import known
from cli.errors import PnpkitError

ROOT = Path(__file__).resolve().parents[2]
CATALOGUES = ROOT / "templates" / "catalogues"
# Keys built from a value: shape names, Twin It modes, DREIst! colours, duplex modes, exercise kinds and cases.
DYNAMIC = re.compile(r"^(circle|triangle|square)_name$|^twinit_mode_|^initial_|^how_duplex_"
                     r"|^calibrate_step\d$|^question\d$|^ex_|^reason_|^seat_")


# French elides "de" before a name (Carte d'Ana): the template hands it the elided form as well.
FRENCH_ONLY = {"col_card_of": {"of_player"}}


def _catalogue(lang: str) -> dict[str, str]:
    return tomllib.loads((CATALOGUES / f"{lang}.toml").read_text(encoding="utf-8"))


def _placeholders(text: str) -> set[str]:
    return {field for _, field, _, _ in string.Formatter().parse(text) if field}


def test_every_known_language_has_a_catalogue_and_no_other_is_lying_around():
    assert sorted(p.stem for p in CATALOGUES.glob("*.toml")) == sorted(known())


@pytest.mark.parametrize("lang", [lang for lang in known() if lang != "en"])
def test_every_language_has_the_same_labels_with_the_same_placeholders(lang):
    english, other = _catalogue("en"), _catalogue(lang)
    assert sorted(set(english) - set(other)) == [], f"missing in {lang}.toml"
    assert sorted(set(other) - set(english)) == [], f"only in {lang}.toml"
    for key, text in english.items():
        expected = _placeholders(text) | FRENCH_ONLY.get(key, set()) if lang == "fr" else _placeholders(text)
        assert _placeholders(other[key]) <= expected and _placeholders(text) <= expected, key


def test_every_label_is_used_somewhere():
    sources = "\n".join(path.read_text(encoding="utf-8") for folder in ("cli", "templates")
                        for path in (ROOT / folder).rglob("*") if path.suffix in (".py", ".j2"))
    unused = [key for key in _catalogue("en")
              if not DYNAMIC.search(key) and f"'{key}'" not in sources and f'"{key}"' not in sources]
    assert unused == []


@pytest.mark.parametrize(("given", "langs"), [
    ("fr", ("fr",)), ("DE", ("de",)), ("fr+de", ("fr", "de")), ("De+En", ("de", "en")),
    ("en+fr", ("en", "fr")), (" fr + en ", ("fr", "en")),
])
def test_any_two_distinct_languages_stand_side_by_side_in_the_order_given(given, langs):
    assert parse_lang(given).langs == langs


@pytest.mark.parametrize("given", ["it", "fr+fr", "fr+en+de", "", "fr+", "+de"])
def test_anything_else_is_refused_with_the_choices(given):
    with pytest.raises(PnpkitError, match="use fr, en or de"):
        parse_lang(given)


def test_one_lookup_gives_one_language_or_all_of_them_joined():
    texts = Texts(("de", "fr"))
    assert texts.t("group_label", group=2) == "Gruppe 2 / Groupe 2"
    assert texts.t("group_label", "fr", group=2) == "Groupe 2"
    assert texts.each("group_label", group=2) == ["Gruppe 2", "Groupe 2"]
    assert texts.t("col_total") == "Summe / Total"
    assert Texts(("fr", "en")).t("col_total") == "Total"  # said once where both languages agree
    shape = {"de": "Kreis", "fr": "cercle"}
    assert texts.each("diag_result", player="B", suit=shape.get) == [
        "B gewinnt: höchste Karte der Farbe Kreis.", texts.t("diag_result", "fr", player="B", suit="cercle")]


def test_a_missing_label_stops_with_the_file_and_the_key(tmp_path):
    templates = tmp_path / "templates"
    shutil.copytree(ROOT / "templates", templates)
    de = templates / "catalogues" / "de.toml"
    de.write_text(re.sub(r"(?m)^record_title = .*\n", "", de.read_text(encoding="utf-8")), encoding="utf-8")
    result = subprocess.run([sys.executable, "-m", "cli", "record-sheet", "--lang", "fr+de", "-o", "r.pdf"],
                            capture_output=True, text=True, cwd=tmp_path,
                            env={"PNPKIT_TEMPLATES": str(templates), "PATH": "/usr/bin:/bin"})
    assert result.returncode == 2
    assert "templates/catalogues/de.toml has no label 'record_title'" in result.stderr
    assert result.stderr.count("\n") == 1 and not (tmp_path / "r.pdf").exists()


def test_every_label_a_template_or_module_asks_for_exists():
    asked = set()
    for folder in ("cli", "templates"):
        for path in (ROOT / folder).rglob("*"):
            if path.suffix in (".py", ".j2"):
                text = path.read_text(encoding="utf-8")
                asked |= set(re.findall(r"\b(?:texts|t)\.(?:t|each)\(\s*['\"]([a-z_0-9]+)['\"]\s*[,)]", text))
                asked |= set(re.findall(r"page\.(?:paras|label|alt|side_paras|side_heading|header|footer)\("
                                        r"texts,\s*['\"]([a-z_0-9]+)['\"]\s*[,)]", text))
    assert asked, "the search finds the lookups"
    for lang in known():
        assert sorted(asked - set(_catalogue(lang))) == [], lang
