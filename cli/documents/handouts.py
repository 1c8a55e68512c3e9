"""Rule handouts: section texts from templates/handouts/<game>.<lang>.toml, diagrams from the rules."""

from dataclasses import dataclass
from functools import cache

from cli.documents.language import Texts
from cli.documents.templating import build_document
from cli.documents.typography import typeset
from cli.errors import PnpkitError
from cli.games.cards import parse_card
from cli.games.trick import Play, Trick
from cli.layout.markup import Node
from cli.layout.sizes import Paper
from cli.resources import data_dir, read_toml

GAMES = ("trick", "dreist", "twinit")


@dataclass(frozen=True)
class TrickExample:
    """The trick drawn in the handout: A leads T2, B follows with T4, C (no triangle) discards S3."""

    plays: tuple[Play, ...]
    winner: str
    led_shape: str


def trick_example() -> TrickExample:
    plays = (Play("A", parse_card("T2"), True), Play("B", parse_card("T4"), True), Play("C", parse_card("S3"), False))
    trick = Trick(1, "A", plays)
    return TrickExample(plays, trick.winner, trick.plays[0].card.shape)


FACTS = ("players", "ages", "time", "need")


@cache
def handout_text(game: str, lang: str) -> dict:
    """One handout's texts; a missing or broken file, or one without facts or sections, is one line naming it."""
    name = f"templates/handouts/{game}.{lang}.toml"
    path = data_dir("templates") / "handouts" / f"{game}.{lang}.toml"
    if not path.exists():
        raise PnpkitError(f"{name} is missing: every handout needs a file in each language")
    text = read_toml(path, "handout text")
    missing = [key for key in FACTS if key not in text.get("facts", {})]
    if "title" not in text or missing or not text.get("section"):
        raise PnpkitError(f"{name} needs a title, [facts] with {', '.join(FACTS)} and [[section]] entries")
    return _typeset(text, lang)


def _typeset(value, lang: str):
    """Every string of a handout with its language's spacing around punctuation."""
    if isinstance(value, str):
        return typeset(value, lang)
    if isinstance(value, list):
        return [_typeset(item, lang) for item in value]
    if isinstance(value, dict):
        return {key: _typeset(item, lang) for key, item in value.items()}
    return value


def check_game(game: str) -> str:
    key = game.strip().lower()
    if key not in GAMES:
        raise PnpkitError(f"unknown game '{game}'; use one of: {', '.join(GAMES)}")
    return key


def rules_document(game: str, paper: Paper, texts: Texts, large: bool = False) -> Node:
    """The handout for one game in the chosen languages; sections pair up across languages.

    In large print (body 16 pt) the content flows onto as many pages as it needs."""
    game = check_game(game)
    handouts = [handout_text(game, lang) for lang in texts.langs]
    shapes = {(len(h["section"]), tuple(s.get("figure") for s in h["section"])) for h in handouts}
    if len(shapes) != 1:
        raise PnpkitError(f"templates/handouts/{game}.*.toml: the languages must have the same sections "
                          f"and figures, in the same order")
    return build_document("rules.xml.j2", paper=paper, texts=texts, handouts=handouts, large=large,
                          trick_example=trick_example())
