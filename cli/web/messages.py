"""The commands' refusals that a form can bring about, and the kit's printing advice, in the page's language.

A check refuses by key and values (`PnpkitError.of`, cli/errors.py); the worker hands the page that key
and those values, never the English line, and the page words them from its catalogue
(templates/catalogues/web/<lang>.toml, msg.<key>). A number the option's own type refuses, or a value none
of a select's choices, is found before the run (forms.number_refusal, forms.choice_refusal).
tests/web/test_words.py brings every key about with a real command.
"""

from cli.web.words import Words

# Values a refusal quotes that are an option's choice: the page names them as its select or boxes do ('Clans',
# 'Trouver l’erreur'); a suit by its name in the page's language ('cercle').
CHOSEN = ("variant", "suit", "kinds")


def refusal(refused: tuple[str, dict[str, object]] | None, printed: str, words: Words) -> str:
    """A run's refusal (key, values) in the page's language; the line the command `printed` when it brought
    no key (a refusal no form leads to: a broken template, a file that cannot be written)."""
    if refused is None or not words.has(f"msg.{refused[0]}"):
        return printed
    return said(f"msg.{refused[0]}", refused[1], words)


def said(key: str, values: dict[str, object], words: Words) -> str:
    """The catalogue's `key` filled with a refusal's values as the page shows them: several joined, a choice by
    its words on the page, a select's `choices` (of its `option`) listed so, an offset's `x` and `y` as the
    page writes a pair of readings ({offset})."""
    shown = {name: ", ".join(map(str, v)) if isinstance(v, tuple) else v for name, v in values.items()}
    if key.startswith("msg.") and isinstance(shown.get("value"), str):  # a refusal quoting what was typed
        shown["value"] = shortened(shown["value"])
    shown |= {name: words.choice(name, str(v)) for name, v in shown.items() if name in CHOSEN}
    if "choices" in values:
        shown["choices"] = ", ".join(words.choice(str(values["option"]), c) for c in values["choices"])
    if "x" in values and "y" in values:
        shown["offset"] = offset(values["x"], values["y"], words)
    return words(key, **shown)


ECHOED = 20  # characters of a typed value a refusal quotes: the field beside it shows the whole


def shortened(text: str) -> str:
    """A typed value as a refusal quotes it: its first ECHOED characters and '…' when longer (a 300-character name
    was a 300-character red line)."""
    return text if len(text) <= ECHOED + 1 else text[:ECHOED] + "…"


def printing(sheets: int, how: str, words: Words) -> str:
    """How to print a PDF of `sheets` sheets of paper: flipped on `how` (long, short), on one side then folded
    (fold), or on one side ('')."""
    counted = words("sheets_one") if sheets == 1 else words("sheets_n", n=sheets)
    return words(f"print_{how or 'single'}", sheets=counted)


def advice(printed: list[tuple[str, int, str]], words: Words) -> list[str]:
    """How to print each PDF a run wrote (name, sheets, how: cli.commands.common.on_printed), each named by its
    file when there are several (a split kit's answers)."""
    lines = [printing(sheets, how, words) for _, sheets, how in printed]
    if len(printed) < 2:
        return lines
    return [words("advice_for", name=name, advice=line) for (name, *_), line in zip(printed, lines, strict=True)]


def offset(x: object, y: object, words: Words) -> str:
    """An offset's two readings as the page writes them ('1,5 ; -0,5' in French): '1,5,-0,5' would read as
    three numbers. `x` and `y` are numbers, or their text as the command wrote them ('1.5')."""
    mark = words("decimal_mark")
    x, y = ((f"{v:g}" if isinstance(v, float) else str(v)).replace(".", mark) for v in (x, y))
    return words("offset_pair", x=x, y=y)
