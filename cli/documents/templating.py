"""Fill a Jinja template (sandboxed, autoescaped) and parse the markup it writes."""

from functools import cache
from typing import Any

from jinja2 import FileSystemBytecodeCache, StrictUndefined, TemplateError, TemplateSyntaxError

from cli.documents.sandbox import SANDBOX, BoundedEnvironment, ConfinedLoader, render_bounded
from cli.errors import MarkupError, PnpkitError
from cli.layout.markup import Node, parse_markup
from cli.resources import data_dir


def _number(value: float) -> str:
    """Millimetres as markup text: at most 3 decimals, no trailing zeros."""
    text = f"{float(value):.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _bytecode_cache() -> FileSystemBytecodeCache | None:
    """Compiled templates kept between runs (a per-user temporary folder); none if it cannot be made."""
    try:
        return FileSystemBytecodeCache(pattern=f"__pnpkit_s{SANDBOX}_%s.cache")
    except (OSError, RuntimeError):  # RuntimeError: Jinja found the shared folder unsafe
        return None


@cache
def environment(folder: str | None = None) -> BoundedEnvironment:
    """The sandboxed, bounded, autoescaping Jinja environment over `folder` (default: templates/)."""
    env = BoundedEnvironment(
        bytecode_cache=_bytecode_cache(),
        loader=ConfinedLoader(folder or str(data_dir("templates"))),
        autoescape=True,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    env.filters["n"] = _number
    return env


def _template_line(error: BaseException) -> tuple[str, int | None]:
    """The template file and line where a Jinja runtime error happened."""
    if isinstance(error, TemplateSyntaxError):
        return error.filename or error.name or "template", error.lineno
    tb = error.__traceback__
    found: tuple[str, int | None] = ("template", None)
    while tb is not None:
        filename = tb.tb_frame.f_code.co_filename
        if filename.endswith(".j2"):
            found = (filename, tb.tb_lineno)
        tb = tb.tb_next
    return found


def _where(error: BaseException) -> str:
    """'templates/<file>, line N' for the template line where `error` happened."""
    filename, line = _template_line(error)
    folder = str(data_dir("templates").parent) + "/"
    filename = filename.removeprefix(folder)
    return f"{filename}, line {line}" if line else filename


def render_markup(template: str, folder: str | None = None, **context: Any) -> str:
    """The markup text a template writes for this context."""
    try:
        return render_bounded(environment(folder).get_template(template), context)
    except PnpkitError:
        raise
    except RecursionError as error:  # a template or macro that includes or calls itself without end
        where = _where(error)
        raise MarkupError(f"{where}: includes or calls itself without end; remove the loop of "
                          "includes or macro calls").with_traceback(None) from None
    except (TemplateError, TypeError, ValueError, AttributeError, LookupError, ArithmeticError) as error:
        where = _where(error)
        message = getattr(error, "message", None) or str(error) or type(error).__name__
        raise MarkupError(f"{where}: {message}").with_traceback(None) from None


def build_document(template: str, **context: Any) -> Node:
    """The validated document tree for a template and its data."""
    return parse_markup(render_markup(template, **context), source=f"templates/{template}")
