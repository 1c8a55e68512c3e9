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
from cli.resources import data_dir, read_toml, shown, toml_value

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
    return _checked_handout(path, read_toml(path, "handout text"))


def _checked_handout(path, data: dict) -> dict:
    """A handout with a title and a list of sections, each with a heading: else one error naming the file."""
    for key in ("title", "subtitle"):
        toml_value(path, data, (key,), str, "handout text")
    sections = toml_value(path, data, ("section",), list, "handout text")
    if not sections or not all(isinstance(section, dict) for section in sections):
        raise PnpkitError(f"handout text {shown(path)}: write one or more [[section]] tables; fix or restore it")
    for number, section in enumerate(sections, start=1):
        if not isinstance(section.get("heading"), str):
            raise PnpkitError(f"handout text {shown(path)}: section {number} needs a heading = \"…\"; "
                              "fix or restore it")
        for key in ("text", "figure"):
            if key in section and not isinstance(section[key], str):
                raise PnpkitError(f"handout text {shown(path)}: section {number}: '{key}' must be a text")
        if "items" in section and not (isinstance(section["items"], list)
                                       and all(isinstance(item, str) for item in section["items"])):
            raise PnpkitError(f"handout text {shown(path)}: section {number}: 'items' must be a list of texts")
    return data


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
