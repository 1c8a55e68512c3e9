"""The commands' refusals that a form can bring about, and the kit's printing advice, in the page's language.

A check refuses by key and values (`PnpkitError.of`, cli/errors.py); the worker hands the page that key
and those values, never the English line, and the page words them from its catalogue
(templates/catalogues/web/<lang>.toml, msg.<key>). A number the option's own type refuses is found
before the run (forms.number_refusal). tests/web/test_words.py brings every key about with a real command.
"""

from cli.web.words import Words

# Values a refusal quotes that are an option's choice: the page names them as its select or boxes do ('Clans',
# 'Trouver l’erreur'); a suit by its name in the page's language ('cercle').
CHOSEN = ("variant", "suit", "kinds")
# Refusals quoting the back's offset as the command reads it, 'X,Y': the page has two readings and says them as a pair
PAIRED = ("offset_margin", "offset_large")


def refusal(refused: tuple[str, dict[str, object]] | None, printed: str, words: Words) -> str:
    """A run's refusal (key, values) in the page's language; the line the command `printed` when it brought
    no key (a refusal no form leads to: a broken template, a file that cannot be written)."""
    if refused is None or not words.has(f"msg.{refused[0]}"):
        return printed
    key, values = refused
    shown = {name: ", ".join(map(str, v)) if isinstance(v, tuple) else v for name, v in values.items()}
    shown |= {name: words.choice(name, str(v)) for name, v in shown.items() if name in CHOSEN}
    if key in PAIRED and str(shown.get("value", "")).count(",") == 1:
        shown["value"] = offset(str(shown["value"]), words)
    return words(f"msg.{key}", **shown)


def printing(sheets: int, flip: str, words: Words) -> str:
    """How to print a kit of `sheets` sheets flipped on `flip` ('' single-sided), from the kit's own figures."""
    return words(f"print_{flip or 'single'}", sheets=sheets) if sheets else ""


def offset(text: str, words: Words) -> str:
    """The offset 'X,Y' as the page writes two readings ('1,5 ; -0,5' in French): '1,5' would read as one number."""
    x, y = (part.strip().replace(".", words("decimal_mark")) for part in text.split(","))
    return words("offset_pair", x=x, y=y)
