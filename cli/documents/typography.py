"""Language-specific typography applied to every label and to text computed from user input.

French puts a no-break space (U+00A0) before ':' and '%' and inside « », and a narrow no-break space
(U+202F) before ; ! ? — so a line never starts with the sign. English puts no space before them.
Only spaces already written are changed: 'DREIst!' or the deal notation 'A:C1' stay as they are.
"""

import re

NBSP, NNBSP = "\u00a0", "\u202f"
_SPACES = f" {NBSP}{NNBSP}"

_FRENCH = (
    (re.compile(f"[{_SPACES}]+([:%])"), f"{NBSP}\\1"),
    (re.compile(f"[{_SPACES}]+([;!?])"), f"{NNBSP}\\1"),
    (re.compile(f"«[{_SPACES}]*"), f"«{NBSP}"),
    (re.compile(f"[{_SPACES}]*»"), f"{NBSP}»"),
)
_ENGLISH = ((re.compile(f"[{_SPACES}]+([:;!?])"), "\\1"),)
_RULES = {"fr": _FRENCH, "en": _ENGLISH}


def typeset(text: str, lang: str) -> str:
    """The text with the spacing around punctuation that `lang` prints."""
    for pattern, replacement in _RULES.get(lang, ()):
        text = pattern.sub(replacement, text)
    return text


_VOWELS = set("aeiouyàâäéèêëîïôöùûüÿœæ")
_H_ASPIRATED = frozenset({"hans", "harry", "hamid", "hassan", "heidi", "hilda", "hakim", "harold"})


def _elides(name: str) -> bool:
    """Whether French 'de' elides before this name: a vowel, or a mute h (most names in h-)."""
    low = name.lower()
    if len(low) < 2:  # a player letter (A, B, C) reads as a symbol: 'de A'
        return False
    if low[0] == "y":  # Yves, Yvonne elide; Yann, Yasmine do not
        return low[1] not in _VOWELS
    if low[0] == "h":
        return low[1] in _VOWELS and low.split()[0].strip("-") not in _H_ASPIRATED
    return low[0] in _VOWELS


def french_of(name: str) -> str:
    """'de' before a name, elided where French elides it: d'Ana, d'Élise, d'Hugo, de Bo."""
    return f"d’{name}" if _elides(name) else f"de {name}"
