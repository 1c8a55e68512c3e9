"""The registry of printing languages (templates/languages.toml): which exist, in what order, and the
typography each prints with. Catalogues and handouts hold the words; nothing else names a language."""

from functools import cache

from cli.errors import PnpkitError
from cli.records import Record
from cli.resources import data_dir, shown
from cli.toml_data import read_toml, toml_value

PUNCTUATION = ("french", "english", "as-written")
QUOTES = ("curly", "as-written")
DECIMALS = (",", ".")


class Language(Record):
    code: str
    punctuation: str  # one of PUNCTUATION
    quotes: str  # one of QUOTES
    decimal: str  # one of DECIMALS


@cache
def languages() -> dict[str, Language]:
    """Every language of the registry, by code, in its order; a wrong entry names the file and the key."""
    path = data_dir("templates") / "languages.toml"
    data = read_toml(path, "language registry")
    found = {}
    for code in data:
        values = [toml_value(path, data, (code, key), str, "language registry")
                  for key in ("punctuation", "quotes", "decimal")]
        for value, allowed, key in zip(values, (PUNCTUATION, QUOTES, DECIMALS), ("punctuation", "quotes", "decimal"),
                                       strict=True):
            if value not in allowed:
                raise PnpkitError(f"language registry {shown(path)}: '{code}.{key}' is '{value}'; use one of: "
                                  f"{', '.join(allowed)}")
        found[code] = Language(code, *values)
    if not found:
        raise PnpkitError(f"language registry {shown(path)} lists no language; fix or restore it")
    return found


def known() -> tuple[str, ...]:
    """The language codes, in the registry's order."""
    return tuple(languages())


def language(code: str) -> Language:
    """One language of the registry."""
    found = languages().get(code)
    if found is None:
        raise PnpkitError(f"unknown language '{code}'; use {_listed(known())}")
    return found


def _listed(codes: tuple[str, ...]) -> str:
    """'fr, en or de'."""
    return codes[0] if len(codes) == 1 else f"{', '.join(codes[:-1])} or {codes[-1]}"


def listed() -> str:
    return _listed(known())
