"""Who the rule handouts speak to (docs/sources.md): the adults who read them, families and teachers, in one
voice a language. German says "Sie" as its guide and cover do (the French "vous"), never the "du" of the
children's pages nor the table's "ihr"; before, a German handout mixed the two."""

import re

import pytest

from cli.documents.handouts import handout_text

GAMES = ("trick", "dreist", "twinit")
# du, dich, dir, dein…, ihr (the pronoun, lower case), euch, euer…: the informal voices, whole words only
INFORMAL = re.compile(r"\b(du|dich|dir|dein\w*|ihr|euch|eue?r\w*)\b")
PLURAL_IMPERATIVE = re.compile(r"(?:^|[.:;?!] )(Mischt|Legt|Spielt|Zählt|Sammelt|Schlagt|Erfindet|Gebt|Fragt)\b")


def strings(value) -> list[str]:
    """Every text of a handout, its headings, paragraphs, items and facts."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [text for item in value.values() for text in strings(item)]
    if isinstance(value, list):
        return [text for item in value for text in strings(item)]
    return []


@pytest.mark.parametrize("game", GAMES)
def test_german_handouts_speak_to_adults_as_sie(game):
    texts = strings(handout_text(game, "de"))
    assert [t for t in texts if INFORMAL.search(t) or PLURAL_IMPERATIVE.search(t)] == []
    assert any(re.search(r"\b(Sie|Ihr\w*|Ihnen)\b", t) for t in texts)


@pytest.mark.parametrize("game", GAMES)
def test_french_handouts_speak_to_adults_as_vous(game):
    texts = strings(handout_text(game, "fr"))
    assert not [t for t in texts if re.search(r"\b(tu|te|toi|ton|ta|tes)\b", t)]
