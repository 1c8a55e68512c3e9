"""Rule handouts: section texts from templates/handouts/<game>.<lang>.toml, diagrams from the rules."""

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from cli.documents.assembly import make_document
from cli.documents.language import Texts
from cli.documents.page_style import page_style
from cli.documents.templating import build_document
from cli.documents.typography import typeset
from cli.errors import PnpkitError
from cli.games.cards import parse_card
from cli.games.trick import Play, Trick
from cli.layout.markup import Element
from cli.layout.sizes import Paper
from cli.resources import data_dir, shown
from cli.toml_data import read_toml, toml_value

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
    return _typeset(_checked_handout(path, read_toml(path, "handout text")), lang)


def _checked_handout(path, data: dict) -> dict:
    """A handout with a title, its facts and a list of sections, each with a heading: else one error naming
    the file."""
    toml_value(path, data, ("title",), str, "handout text")
    for key in FACTS:
        toml_value(path, data, ("facts", key), str, "handout text")
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
        after = section.get("figure_after", 1)
        if not (isinstance(after, int) and not isinstance(after, bool)
                and 1 <= after <= max(1, len(section.get("items", [])))):
            raise PnpkitError(f"handout text {shown(path)}: section {number}: 'figure_after' must be the number "
                              "of one of its items")
        if "items" in section and not (isinstance(section["items"], list)
                                       and all(isinstance(item, str) for item in section["items"])):
            raise PnpkitError(f"handout text {shown(path)}: section {number}: 'items' must be a list of texts")
    return data


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


def rules_document(game: str, paper: Paper, texts: Texts, large: bool = False) -> Element:
    """The handout for one game in the chosen languages; sections pair up across languages.

    Two languages in ordinary print: each language's handout whole, the first's pages then the second's,
    each at the body size of a one-language page (11 pt): side by side, the columns needed 9 pt, too
    small for young readers. In large print (body 16 pt) each section is followed by its translation and
    the content flows onto as many pages as it needs."""
    game = check_game(game)
    handouts = [handout_text(game, lang) for lang in texts.langs]
    shapes = {(len(h["section"]), tuple((s.get("figure"), s.get("figure_after")) for s in h["section"]))
              for h in handouts}
    if len(shapes) != 1:
        raise PnpkitError(f"templates/handouts/{game}.*.toml: the languages must have the same sections "
                          f"and figures, in the same order")
    if large or len(texts.langs) == 1:
        return _handout(handouts, paper, texts, large)
    pages = [page for lang, handout in zip(texts.langs, handouts, strict=True)
             for page in _handout([handout], paper, Texts((lang,)), large).children]
    return make_document(pages, title=" / ".join(dict.fromkeys(h["title"] for h in handouts)),
                         subject=texts.t("rules_subject", game=handouts[0]["title"]), width=paper.width,
                         height=paper.height, lang=texts.primary)


def _handout(handouts: list[dict], paper: Paper, texts: Texts, large: bool) -> Element:
    """One handout document; its body's thread is named for its languages, so that two handouts put one
    after the other (one per language) each pour their own text."""
    return build_document("rules.xml.j2", paper=paper, texts=texts, handouts=handouts, sizes=page_style(large),
                          page_titles=page_titles(handouts, texts), trick_example=trick_example(),
                          thread=f"body-{texts.code}")


def page_titles(handouts: list[dict], texts: Texts) -> tuple[list[str], list[str]]:
    """The titles of the first page and of the pages after it, one line per language, a shared title once:
    a reader who finds a page on its own sees that it continues, in each language."""
    titles = [h["title"] for h in handouts]
    more = [texts.t("continued", lang) for lang in texts.langs]
    if len(set(titles)) == 1:
        joined = " / ".join(word.strip("()") for word in more)
        return titles[:1], [f"{titles[0]} ({joined})"]
    return titles, [f"{title} {word}" for title, word in zip(titles, more, strict=True)]


def handout_title(game: str) -> Callable[[str], str]:
    """A handout's title as a label's placeholder, in that label's language: the cover and the guide name the
    handout by the words printed at its top."""
    return lambda lang: handout_text(game, lang)["title"]


def catalogue_titles(texts: Texts, key: str) -> tuple[list[str], list[str]]:
    """`page_titles` of a document whose title is the catalogue's label `key`, one per language."""
    return page_titles([{"title": texts.t(key, lang)} for lang in texts.langs], texts)
