"""Who the rule handouts speak to (docs/sources.md): the children who read them at their table, as the reminder
card, the demonstration page and the score pads do: "tu" in French, "du" in German (or the table's "ihr"), never
the adults' "vous" / "Sie" (the second teacher review, #2). The few lines about the adult ("an adult prints
them", learning together) speak of the adult, not to anyone."""

import re

import pytest

from cli.documents.handouts import handout_text

GAMES = ("trick", "dreist", "twinit")
FRENCH_FORMAL = re.compile(r"\b(vous|votre|vos)\b", re.IGNORECASE)
FRENCH_INFORMAL = re.compile(r"\b(tu|te|t’|toi|ton|ta|tes)\b|\bt’", re.IGNORECASE)
# Sie, Ihr, Ihre…, Ihnen with their capital: the formal address (no sentence of a handout starts with the
# "sie" of "they" or the "ihr" of the table, so a capital always means the adult)
GERMAN_FORMAL = re.compile(r"\b(Sie|Ihr\w*|Ihnen)\b")
GERMAN_INFORMAL = re.compile(r"\b(du|dich|dir|dein\w*|euer|eure\w*)\b")


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
def test_french_handouts_speak_to_the_child_as_tu(game):
    texts = strings(handout_text(game, "fr"))
    assert [t for t in texts if FRENCH_FORMAL.search(t)] == []
    assert any(FRENCH_INFORMAL.search(t) for t in texts)


@pytest.mark.parametrize("game", GAMES)
def test_german_handouts_speak_to_the_child_as_du(game):
    texts = strings(handout_text(game, "de"))
    assert [t for t in texts if GERMAN_FORMAL.search(t)] == []
    assert any(GERMAN_INFORMAL.search(t) for t in texts)
