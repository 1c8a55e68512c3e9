"""The printing languages (those of templates/languages.toml, and any pair of them) and the label catalogues.

Labels live in templates/catalogues/<lang>.toml. There is one way to look one up: `texts.t(key)` gives
the label in the chosen languages joined by " / " (or in one language with `lang=`), `texts.each(key)`
gives the same labels as a list, one per language, for templates that lay them out one under the other.
"""

from collections.abc import Callable
from functools import cache

from cli.documents.languages import known, listed
from cli.documents.placeholders import fill
from cli.documents.typography import curl_quotes, typeset
from cli.errors import PnpkitError
from cli.records import Record
from cli.resources import data_dir
from cli.toml_data import read_toml

Value = object | Callable[[str], object]  # a callable value is asked for its text in each language
# A printed sentence that says where the web page (`pnpkit serve`) does something names the page's own label:
# its {page_…} placeholder -> that label's key in templates/catalogues/web/<lang>.toml. The PDF is the same from
# the page and the terminal, so such a sentence gives both routes ("web page: 'Printer profiles'; terminal: …").
PAGE_LABELS = {
    "page_printers": "printers_heading",
    "page_rules_per_group": "opt.rules_per_group",
}


def catalogue_path(lang: str) -> str:
    """How errors name a catalogue file."""
    return f"templates/catalogues/{lang}.toml"


@cache
def catalogue(lang: str) -> dict[str, str]:
    """The labels of one language; a broken or missing file is one line naming it."""
    if lang not in known():
        raise PnpkitError(f"unknown language '{lang}'; use {listed()}")
    path = data_dir("templates") / "catalogues" / f"{lang}.toml"
    return read_toml(path, "label catalogue")


@cache
def page_catalogue(lang: str) -> dict[str, str]:
    """The web page's words in `lang` (templates/catalogues/web/<lang>.toml), read by the page and by the printed
    sentences that name its labels."""
    return read_toml(data_dir("templates") / "catalogues" / "web" / f"{lang}.toml", "page catalogue")


@cache
def page_languages() -> tuple[str, ...]:
    """The printing languages (templates/languages.toml) that also have a page catalogue, in their order."""
    folder = data_dir("templates") / "catalogues" / "web"
    return tuple(lang for lang in known() if (folder / f"{lang}.toml").is_file())


def page_label(key: str, lang: str) -> str:
    """One of the page's labels as a printed sentence names it: in `lang`, or in English where the page does not
    speak it (a printing language without a page catalogue: its visitors read the page in English)."""
    return page_catalogue(lang if lang in page_languages() else "en")[key]


def _fill(text: str, values: dict[str, object], lang: str, key: str) -> str:
    """A label with its {placeholders} filled in (plain names only), typeset for its language."""
    return typeset(fill(curl_quotes(text, lang), values, f"{catalogue_path(lang)}, label '{key}'"), lang)


class Texts(Record):
    """The chosen languages, the first one leading; templates call `texts.t(...)` and `texts.each(...)`."""

    langs: tuple[str, ...]

    @property
    def code(self) -> str:
        return "+".join(self.langs)

    @property
    def primary(self) -> str:
        return self.langs[0]

    def label(self, key: str, lang: str, values: dict[str, Value]) -> str:
        """One label in one language; a missing key is an error naming the file and the key."""
        labels = catalogue(lang)
        if key not in labels:
            raise PnpkitError(f"{catalogue_path(lang)} has no label '{key}'; add it to every catalogue")
        concrete = {name: value(lang) if callable(value) else value for name, value in values.items()}
        if "{page_" in labels[key]:
            concrete = {name: page_label(page, lang) for name, page in PAGE_LABELS.items()} | concrete
        return _fill(labels[key], concrete, lang, key)

    def each(self, key: str, **values: Value) -> list[str]:
        """The label in every chosen language, in order, {placeholders} filled in."""
        return [self.label(key, lang, values) for lang in self.langs]

    def of(self, key: str) -> Callable[[str], str]:
        """The label as another label's placeholder value, in that label's own language (a column named in a
        sentence: "note it in the 'Mistakes' column")."""
        return lambda lang: self.label(key, lang, {})

    def t(self, key: str, lang: str | None = None, sep: str = " / ", **values: Value) -> str:
        """The label in `lang`, or in every chosen language joined by `sep` (said once if they agree)."""
        if lang is not None:
            if lang not in self.langs:  # only the chosen languages are ever read
                raise PnpkitError(f"texts.t: unknown language '{lang}'; use one of {', '.join(self.langs)}")
            return self.label(key, lang, values)
        return sep.join(dict.fromkeys(self.each(key, **values)))


def parse_lang(text: str) -> Texts:
    """`fr`, `en`, `de` or two distinct ones joined by `+` (`fr+de`): the first one leads."""
    langs = tuple(part.strip() for part in text.strip().lower().split("+"))
    codes = known()
    if not 1 <= len(langs) <= 2 or any(lang not in codes for lang in langs) or len(set(langs)) != len(langs):
        raise PnpkitError(f"unknown language '{text}'; use {listed()}, or two of them such as "
                          f"{codes[0]}+{codes[-1]}")
    return Texts(langs)
