"""The options every printed handout shares (--paper, --lang, --large-print, -o), stated once.

A command decorated with `@printable` states only its own options and takes a `page: Printable`; the
decorator adds the shared options at the end of its signature (Typer, the option registry and the web page
read them from there as from any option) and resolves them once into that `page`.
"""

import functools
import inspect
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from cli.commands.common import LangOption, LargePrintOption, OutputOption, PaperOption
from cli.records import Record

if TYPE_CHECKING:  # the documents layer is imported only when a command runs
    from cli.documents.language import Texts
    from cli.layout.sizes import Paper


class Printable(Record):
    """The shared options, resolved: the paper and texts checked, the rest as given."""

    paper: "Paper"
    texts: "Texts"
    large_print: bool
    output: str | None  # -o as given; `output_path` checks it


# name, Typer annotation, default: in the order every printable command lists them, after its own
_SHARED = (("paper", PaperOption, "a4"), ("lang", LangOption, "fr"), ("large_print", LargePrintOption, False),
           ("output", OutputOption, None))


def printable(command: Callable[..., Any]) -> Callable[..., Any]:
    """`command` with the shared options added to its signature, handed over as `page`."""
    own = [param for name, param in inspect.signature(command).parameters.items() if name != "page"]
    shared = [inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, default=default, annotation=annotation)
              for name, annotation, default in _SHARED]

    @functools.wraps(command)
    def run(**options: Any) -> Any:
        from cli.commands.settings import print_settings

        paper, lang, large_print, output = (options.pop(name) for name, _, _ in _SHARED)
        settings = print_settings(paper=paper, lang=lang)
        return command(**options, page=Printable(settings.paper, settings.texts, large_print, output))

    run.__signature__ = inspect.Signature([*own, *shared])  # type: ignore[attr-defined]
    run.__annotations__ = {param.name: param.annotation for param in [*own, *shared]}
    return run
