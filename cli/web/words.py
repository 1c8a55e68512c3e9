"""The page's words in French, English and German, from templates/catalogues/web/<lang>.toml.

The page speaks one language at a time (the visitor's, from Accept-Language, a switch and a cookie);
the documents keep their own --lang. Like the PDFs' labels, every word comes from a catalogue, and the
catalogues have the same keys (tests check it).
"""

import re

from cli.documents.language import page_catalogue, page_languages

COOKIE = "pnpkit_lang"  # the language of the next page loaded
PAGE_LANGUAGE = "ui"  # a form's hidden field: the language of the page it is on, which its answer speaks
_SWITCH = {"on": ("yes",), "off": ("no",)}  # an on/off switch's choices (forms.SWITCHED), in the words of its select


def catalogue(lang: str) -> dict[str, str]:
    return page_catalogue(lang)  # one reader: the printed sentences that name the page's labels read it too


def visitor_lang(asked: str | None, cookie: str | None, accept_language: str | None) -> str:
    """The page's language for a request: ?ui=… when known, else the remembered or the browser's."""
    return asked if asked in page_languages() else choose(cookie, accept_language)


def choose(cookie: str | None, accept_language: str | None) -> str:
    """The page's language: the remembered choice, else the browser's first known preference, else English."""
    if cookie in page_languages():
        return cookie
    ranked = []
    for index, part in enumerate((accept_language or "").split(",")):
        match = re.fullmatch(r"\s*([A-Za-z]{1,8})(?:-[A-Za-z0-9]{1,8})*\s*(?:;\s*q\s*=\s*([01](?:\.\d{0,3})?))?\s*",
                             part)
        if match:
            weight = float(match.group(2)) if match.group(2) else 1.0
            ranked.append((-weight, index, match.group(1).lower()))
    for _, _, lang in sorted(ranked):
        if lang in page_languages():
            return lang
    return "en"


# Where Letter is the paper on sale (the browser's first language names the region: en-US, fr-CA, es-MX)
LETTER_REGIONS = frozenset({"US", "CA", "MX", "PR", "PH", "CL", "CO", "VE", "CR", "GT", "PA", "SV", "DO"})


def local_paper(accept_language: str | None) -> str | None:
    """'letter' when the browser's first language is of a region printing on Letter, else None (the command's
    default, A4): the page's paper fields start there, as its documents' language starts at the page's."""
    first = (accept_language or "").split(",")[0].split(";")[0].strip()
    match = re.fullmatch(r"[A-Za-z]{1,8}-([A-Za-z]{2})(?:-.*)?", first)
    return "letter" if match and match.group(1).upper() in LETTER_REGIONS else None


class Words:
    """Lookups for one language: `w("key", n=3)`, and a fallback chain for per-command option labels."""

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self.table = catalogue(lang)

    def __call__(self, key: str, **values: object) -> str:
        text = self.table.get(key)
        if text is None:
            raise KeyError(f"templates/catalogues/web/{self.lang}.toml has no key '{key}'")
        return text.format(**values) if values else text

    def has(self, key: str) -> bool:
        return key in self.table

    def first(self, *keys: str, default: str | None = None) -> str:
        """The first of `keys` the catalogue has (a command's own wording before the shared one)."""
        for key in keys:
            if key in self.table:
                return self.table[key]
        if default is not None:
            return default
        raise KeyError(f"templates/catalogues/web/{self.lang}.toml has none of {', '.join(keys)}")

    def label(self, command: str, name: str, default: str) -> str:
        """An option's label; `default` (its flag) only for an option newer than the catalogues (a test fails)."""
        return self.first(f"opt.{command}.{name}", f"opt.{name}", default=default)

    def help(self, command: str, name: str, default: str = "") -> str:
        return self.first(f"help.{command}.{name}", f"help.{name}", default=default)

    def choice(self, name: str, value: str) -> str:
        """A choice's words: its own key, for a language pair the two names joined, an on/off switch's yes or no;
        else the value itself."""
        if "+" in value and name == "lang":
            return " + ".join(self.choice(name, part) for part in value.split("+"))
        return self.first(f"choice.{name}.{value}", *_SWITCH.get(value, ()), default=value)
