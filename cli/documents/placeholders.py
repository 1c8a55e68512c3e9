"""Fill a label's {placeholders} without reaching Python objects: only plain `{name}` is understood.

`str.format` would follow `{o.attr}` and `{o[key]}` into any object handed to it (a catalogue could
print the environment of the process); here a placeholder is a bare name, its value printed with
`str()`, `{{` and `}}` stand for braces, and anything else is refused naming the label.
"""

import re
from collections.abc import Mapping

from cli.errors import PnpkitError

_TOKEN = re.compile(r"\{\{|\}\}|\{([A-Za-z_][A-Za-z0-9_]*)\}|[{}]")


def fill(text: object, values: Mapping[str, object], where: str) -> str:
    """`text` with each `{name}` replaced by `str(values[name])`; `where` names the label in errors."""
    if not isinstance(text, str):
        raise PnpkitError(f"{where} is not text; write it as a quoted string")

    def replace(match: re.Match) -> str:
        token, name = match[0], match[1]
        if token in ("{{", "}}"):
            return token[0]
        if name is None:
            raise PnpkitError(f"{where}: a lone '{token}' or a placeholder other than {{name}}; "
                              "write {name}, or {{ and }} for braces")
        if name not in values:
            known = ", ".join(f"{{{key}}}" for key in values) or "none"
            raise PnpkitError(f"{where}: unknown placeholder {{{name}}}; this label can use {known}")
        return str(values[name])

    return _TOKEN.sub(replace, text)
