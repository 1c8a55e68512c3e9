"""The one error type the CLI turns into a single stderr line and exit code 2.

A refusal a person can bring about from the web page's forms is made by its key and values,
`PnpkitError.of("groups_range", value=0, max=200)`: the terminal prints the key's English line
(cli/refusals.py, its one home) and the page words the same key in its own language
(templates/catalogues/web/<lang>.toml, msg.<key>) from the values, never from the English text.
"""

from typing import Self


class PnpkitError(Exception):
    """A problem the user can fix: the message names it and says how."""

    def __init__(self, message: str, *, key: str = "", values: dict[str, object] | None = None) -> None:
        super().__init__(message)
        self.key = key  # '' for a refusal only the terminal words (no form can bring it about)
        self.values = values or {}

    @classmethod
    def of(cls, key: str, **values: object) -> Self:
        """The refusal `key` with its values, worded in English by cli/refusals.py.

        A key may name an English variant after a dot ('size_form.unknown'): the page words them alike.
        A tuple of values reads 'T3 and T2' in English; the page joins it its own way."""
        from cli.refusals import ENGLISH

        english = {name: " and ".join(map(str, v)) if isinstance(v, tuple) else v for name, v in values.items()}
        return cls(ENGLISH[key].format(**english), key=key.partition(".")[0], values=values)

    def within(self, option: str) -> "PnpkitError":
        """The same refusal said of the option it was found in ('--deal: unknown card ...')."""
        return PnpkitError(f"{option}: {self}", key=self.key, values=self.values)


class MarkupError(PnpkitError):
    """A template or its markup is broken: the message names the file, the line and the problem."""


class ContentOverflow(MarkupError):
    """Content needs more room than its box gives it."""


class TemplateFault(Exception):
    """pnpkit's own template is broken (a bug, or pnpkit updated under a running `pnpkit serve`): an internal
    error (exit 1, the page logs it), never a refusal; the same fault in a user's PNPKIT_TEMPLATES is a MarkupError."""
