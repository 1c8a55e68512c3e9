"""The printing languages (fr, en, fr+en) and the label catalogues in templates/catalogues/."""

from functools import cache
from typing import NamedTuple

from cli.documents.placeholders import fill
from cli.documents.typography import typeset
from cli.errors import PnpkitError
from cli.resources import data_dir, read_toml

LANGUAGES = ("fr", "en", "fr+en")


@cache
def _catalogue(lang: str) -> dict[str, str]:
    path = data_dir("templates") / "catalogues" / f"{lang}.toml"
    return read_toml(path, "label catalogue")


class Texts(NamedTuple):
    """Label lookup for one or two languages; templates call `t('key')` or `each('key')`."""

    langs: tuple[str, ...]

    @property
    def code(self) -> str:
        return "+".join(self.langs)

    @property
    def primary(self) -> str:
        return self.langs[0]

    def each(self, key: str) -> list[str]:
        """The label in every chosen language, in order."""
        out = []
        for lang in self.langs:
            catalogue = _catalogue(lang)
            if key not in catalogue:
                raise PnpkitError(f"templates/catalogues/{lang}.toml has no label '{key}'")
            out.append(typeset(catalogue[key], lang))
        return out

    def lines(self, key: str, **values: object) -> list[str]:
        """The label in every chosen language, {placeholders} filled in (values typeset too)."""
        return [typeset(fill(text, values, f"templates/catalogues/{lang}.toml, label '{key}'"), lang)
                for lang, text in zip(self.langs, self.each(key), strict=True)]

    def t(self, key: str, sep: str = " / ", **values: object) -> str:
        """The label in the chosen languages joined by `sep`, with {placeholders} filled in."""
        return sep.join(dict.fromkeys(self.lines(key, **values)))  # one copy where both languages say the same

    def one(self, key: str, lang: str, **values: object) -> str:
        """The label in one of the chosen languages (never a path: only those languages are read)."""
        if lang not in self.langs:
            raise PnpkitError(f"texts.one: unknown language '{lang}'; use one of {', '.join(self.langs)}")
        return Texts((lang,)).lines(key, **values)[0]


def parse_lang(text: str) -> Texts:
    key = text.strip().lower().replace(" ", "")
    if key == "en+fr":
        key = "fr+en"
    if key not in LANGUAGES:
        raise PnpkitError(f"unknown language '{text}'; use fr, en or fr+en")
    return Texts(tuple(key.split("+")))
