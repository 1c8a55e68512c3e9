"""Language-specific typography applied to every label and to text computed from user input.

French puts a no-break space (U+00A0) before ':' and '%' and inside « », and a narrow no-break space
(U+202F) before ; ! ? — so a line never starts with the sign. English puts no space before them (nor
before %), and its straight quotes and apostrophes become ‘ ’ “ ” (the students’ page). In every
language a number and the word or unit after it are bound by a no-break space ('50 mm', '7 Fänge'), and so
are '=' and the minus sign to what they join ('Net = prises − erreurs' never breaks beside a sign).
Only spaces already written are changed: 'DREIst!' or the deal notation 'A:C1' stay as they are.
"""

import re
from functools import cache, lru_cache

from cli.documents.languages import language

NBSP, NNBSP = "\u00a0", "\u202f"
_SPACES = f" {NBSP}{NNBSP}"

# (pattern, replacement) pairs, compiled when a language first needs them (`_compiled`): a run prints in one
# or two languages, and compiling every language's patterns at import cost each start a few milliseconds
_FRENCH = (
    (f"[{_SPACES}]+([:%])", f"{NBSP}\\1"),
    (f"[{_SPACES}]+([;!?])", f"{NNBSP}\\1"),
    (f"«[{_SPACES}]*", f"«{NBSP}"),
    (f"[{_SPACES}]*»", f"{NBSP}»"),
)
_ENGLISH = (
    (f"[{_SPACES}]+([:;!?%])", "\\1"),  # 'Winner:', '100%'
)
# every language: a number stays on the line of the word or unit after it ('50 mm', '7 Fänge')
_NUMBER_WORD = (r"(?<![\w.,])(\d+(?:[.,]\d+)?) (?=[^\W\d_])", f"\\1{NBSP}")
# every language: '=' and the minus sign (U+2212) stay on the line of their neighbours ('Net = prises − erreurs')
_OPERATOR = (r"(?<=\S) +(?=[=−])|(?<=[=−]) +(?=\S)", NBSP)
_RULES = {"french": _FRENCH, "english": _ENGLISH}  # by the registry's punctuation
_ENGLISH_QUOTES = (
    (r"(?<=[\w}])'(?=\w)", "’"),  # A’s hand, {player}’s card, don’t
    (r"(?<=s)'(?=$|[\s.,;:!?)])", "’"),  # the students’ page
    (r"(?<![\w.,;:!?’})])'", "‘"),  # an opening single quote: after a space, ( or the start
    (r"'", "’"),
    (r'(?<![\w.,;:!?’})])"', "“"),
    (r'"', "”"),
)


@cache
def _compiled(rules: tuple[tuple[str, str], ...]) -> tuple[tuple[re.Pattern, str], ...]:
    """The rules' patterns compiled, once per set of rules."""
    return tuple((re.compile(pattern), replacement) for pattern, replacement in rules)


def curl_quotes(text: str, lang: str) -> str:
    """A catalogue text's straight quotes and apostrophes as English prints them (‘ ’ “ ”); applied
    before names are filled in, so what a user typed stays as typed."""
    if language(lang).quotes != "curly":
        return text
    for pattern, replacement in _compiled(_ENGLISH_QUOTES):
        text = pattern.sub(replacement, text)
    return text


@lru_cache(maxsize=4096)
def typeset(text: str, lang: str) -> str:
    """The text with the spacing around punctuation that `lang` prints, and a no-break space between a
    number and the word after it, and around '=' and '−' (remembered: a kit typesets the same labels for
    every group, 7,843 times 570 texts in a 30-group kit)."""
    for pattern, replacement in _compiled((*_RULES.get(language(lang).punctuation, ()), _NUMBER_WORD, _OPERATOR)):
        text = pattern.sub(replacement, text)
    return text


_VOWELS = set("aeiouyàâäéèêëîïôöùûüÿœæ")
# Names whose h is sounded (h aspiré): 'de Hans'. French first names in h- elide in today's usage
# (d'Hugo, d'Hélène, d'Henri, d'Hector, d'Hubert, d'Hugues, d'Hervé: the Office québécois de la langue
# française and Le Bon Usage note both forms, the elided one the more common); names from German,
# English, Spanish or Arabic keep their sounded h (OQLF), so these do not.
_H_ASPIRATED = frozenset({
    "hans", "harry", "harold", "heidi", "hilda", "helmut", "heinz", "horst", "holger", "henry", "howard",
    "hugh", "harvey", "holly", "hunter", "heather", "hailey", "haley", "hamid", "hassan", "hakim", "hamza",
    "hicham", "habib", "halima", "houda", "hind", "hajar", "hatice", "hakan", "hüseyin", "hiroshi", "hana",
})


def _elides(name: str) -> bool:
    """Whether French 'de' elides before this name: a vowel, or a mute h (most names in h-).

    A single letter never elides: a seat letter is read as a symbol, as in geometry ('le côté de A'),
    so 'la carte de A'. Nor does a name that starts with a consonant sound written as a vowel:
    y + vowel (Yann, Yasmine) and ou + a/i (Ouassim, Ouiam) sound like 'yod' and 'w'.
    """
    low = name.lower()
    if len(low) < 2:
        return False
    first = re.split(r"[\s\-’']", low)[0]
    if low[0] == "y":  # Yves, Yvonne elide; Yann, Yasmine do not
        return low[1] not in _VOWELS
    if low.startswith(("oua", "oui")):
        return False
    if low[0] == "h":
        return low[1] in _VOWELS and first not in _H_ASPIRATED
    return low[0] in _VOWELS


def french_of(name: str) -> str:
    """'de' before a name, elided where French elides it: d'Ana, d'Élise, d'Hugo, de Bo, de A."""
    return f"d’{name}" if _elides(name) else f"de {name}"
