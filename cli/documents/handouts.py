"""Rule handouts: section texts from templates/handouts/<game>.<lang>.toml, diagrams from the rules."""

from dataclasses import dataclass
from functools import cache

from cli.documents.language import Texts
from cli.documents.templating import build_document
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


@cache
def handout_text(game: str, lang: str) -> dict:
    path = data_dir("templates") / "handouts" / f"{game}.{lang}.toml"
    return read_toml(path, "handout text")


def check_game(game: str) -> str:
    key = game.strip().lower()
    if key not in GAMES:
        raise PnpkitError(f"unknown game '{game}'; use one of: {', '.join(GAMES)}")
    return key


def rules_document(game: str, paper: Paper, texts: Texts) -> Node:
    """The handout for one game in the chosen languages; sections pair up across languages."""
    handouts = [handout_text(check_game(game), lang) for lang in texts.langs]
    if len({len(h["section"]) for h in handouts}) != 1:
        raise PnpkitError(f"templates/handouts/{game}.*.toml: the languages have different section counts")
    return build_document("rules.xml.j2", paper=paper, texts=texts, handouts=handouts,
                          trick_example=trick_example())
