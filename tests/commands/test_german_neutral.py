"""German speaks of the players without a generic masculine ("Der Erste am dicken Strich gewinnt" became "Zuerst
am dicken Strich? Gewonnen!"; "jeder legt seine …" became "alle legen ihre …"), on every printed page
(pads, worksheets, rule handouts, cover, guide) and on the web page; and it says "du" to children only, "Sie" to
the adult reading the cover and the guide. Read on a laid-out German kit holding all of them (`laid`, once per
session) and in the catalogues, for texts the kit does not print (the ring's pad, the page's words)."""

import re
import tomllib
from pathlib import Path

import pytest

from cli.documents.language import parse_lang
from tests import laidcheck
from tests.commands.test_words import flat

CATALOGUES = Path(__file__).resolve().parents[2] / "templates" / "catalogues"
GENERIC = re.compile(  # the generic masculine forms German used for "a player", each as it was written
    r"\b(?:Der Erste|Keiner|[Ee]in Erwachsener|Der älteste Spieler|Jeder Spieler|Zwei Spieler)\b"
    r"|\b[Jj]eder (?:bekommt|legt|notiert|beginnt|dreht)\b|\b(?:notiert|dreht) jeder\b"
    r"|\bobwohl er\b|\bwann immer er\b|\bniemand seine\b|\bfür den Gewinner\b|\bder Gewinner notiert\b")
FAMILIAR = re.compile(r"\b(?:du|dich|dir|dein\w*)\b", re.I)


@pytest.fixture(scope="module")
def kit(laid):
    return laid("--lang", "de", "--exercises", "6").kit


def test_german_pages_say_players_without_a_generic_masculine(kit):
    text = flat(" ".join(laidcheck.texts(kit)))
    texts = parse_lang("de")
    for key in ("ex_mistake_task", "dreist_series_rule"):  # a worksheet and a pad are in this kit
        assert flat(texts.t(key)) in text, key
    assert "Zuerst am dicken Strich (5)? Gewonnen!" in text  # the Twin It pad's rule
    assert not GENERIC.findall(text)


@pytest.mark.parametrize("catalogue", ["de.toml", "web/de.toml"])
def test_german_catalogues_hold_no_generic_masculine(catalogue):
    values = tomllib.loads((CATALOGUES / catalogue).read_text(encoding="utf-8")).values()
    assert not [value for value in values if GENERIC.search(value)]


def test_the_german_cover_and_guide_say_sie_to_the_adult(kit):
    starts = laidcheck.part_starts(kit)
    guide = next(page for title, page in starts.items() if title.startswith("Leitfaden"))
    cover = " ".join(laidcheck.page_text(kit, i) for i in laidcheck.cover_pages(kit))
    guide_text = laidcheck.page_text(kit, guide - 1)
    assert "Lesen Sie diesen Leitfaden" in guide_text
    assert not FAMILIAR.findall(cover) and not FAMILIAR.findall(guide_text)
