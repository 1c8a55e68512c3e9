"""Template source rewritten so each element of the markup names the template line that wrote it.

Every element gets a hidden `_at="templates/<file>:<line>"` attribute; a macro's output passes through the
`_at` filter (`called_from`) with the calling line, so an error names the macro's line and then its caller's.
Shared by pnpkit's own templates and a user's (sandboxed) ones.
"""

import re
from functools import cache
from types import SimpleNamespace
from typing import Any

from markupsafe import Markup

LOCATING = 2  # bump when the source rewriting below changes: compiled templates are cached by it
_PLACE = re.compile(r'_at="([^"]*)"')


@cache
def _source() -> SimpleNamespace:
    """The patterns that rewrite template source, compiled only when a template is compiled (rarely:
    compiled templates are kept between runs)."""
    return SimpleNamespace(
        JINJA=re.compile(r"(\{\{.*?\}\}|\{%.*?%\}|\{#.*?#\})", re.S),
        START_TAG=re.compile(r"<([a-z][a-z0-9_]*)(?![\w:.-])"),
        MACRO_CALL=re.compile(r"\{\{(-?)\s*((?!caller\()[A-Za-z_][\w.]*\(.*?)\s*(-?)\}\}", re.S),
        CALL_BLOCK=re.compile(r"\{%(-?)\s*call\b"),
        END_CALL=re.compile(r"\{%(-?)\s*endcall\s*(-?)%\}"),
    )


class Locating:
    """Rewrites a template's source so each element carries the place it was written.

    `<tag` becomes `<tag _at="templates/file:line"`; a macro's output passes through the `_at`
    filter with the calling line, which appends it to the places of the macro's own elements.
    """

    def preprocess(self, source: str, name: str | None = None, filename: str | None = None) -> str:
        file = f"templates/{name}"
        out, line = [], 1
        for piece in _source().JINJA.split(super().preprocess(source, name, filename)):
            out.append(_locate(piece, f"{file}:{line}"))
            line += piece.count("\n")
        return "".join(out)


def _locate(piece: str, place: str) -> str:
    """One piece of template source (a Jinja tag, or the text between tags) with places added."""
    if piece.startswith("{{"):
        call = _source().MACRO_CALL.fullmatch(piece)
        return f"{{{{{call[1]} ({call[2]})|_at('{place}') {call[3]}}}}}" if call else piece
    if piece.startswith("{%"):
        if call := _source().CALL_BLOCK.match(piece):
            return f"{{%{call[1]} filter _at('{place}') %}}{piece}"
        if _source().END_CALL.fullmatch(piece):
            return f"{piece}{{% endfilter %}}"
        return piece
    if piece.startswith("{#"):
        return piece
    file, _, line = place.rpartition(":")
    return _located_tags(piece, file, int(line))


def _located_tags(text: str, file: str, line: int) -> str:
    parts = []
    last = 0
    for match in _source().START_TAG.finditer(text):
        here = line + text.count("\n", 0, match.start())
        parts.append(text[last:match.end()])
        parts.append(f' _at="{file}:{here}"')
        last = match.end()
    parts.append(text[last:])
    return "".join(parts)


def called_from(value: Any, place: str) -> Any:
    """A macro's markup with the calling place appended to its own elements' places."""
    if not isinstance(value, Markup) or '_at="' not in value:
        return value
    file = place.rpartition(":")[0]

    def append(match: re.Match) -> str:
        places = match[1]
        if places.rpartition("|")[2].rpartition(":")[0] == file:
            return match[0]  # written in the calling file itself (its own body or a local macro)
        return f'_at="{places}|{place}"'

    return Markup(_PLACE.sub(append, value))
