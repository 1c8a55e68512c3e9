"""Fill a Jinja template (sandboxed, autoescaped) and parse the markup it writes."""

from functools import cache
from typing import Any

from jinja2 import FileSystemBytecodeCache, FileSystemLoader, StrictUndefined, TemplateError, TemplateSyntaxError
from jinja2.sandbox import SandboxedEnvironment

from cli.documents.page_style import page_style
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
        return FileSystemBytecodeCache()
    except (OSError, RuntimeError):  # RuntimeError: Jinja found the shared folder unsafe
        return None


@cache
def environment(folder: str | None = None) -> SandboxedEnvironment:
    """The sandboxed, autoescaping Jinja environment over `folder` (default: templates/)."""
    env = SandboxedEnvironment(
        bytecode_cache=_bytecode_cache(),
        loader=FileSystemLoader(folder or str(data_dir("templates"))),
        autoescape=True,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    env.filters["n"] = _number
    env.globals["page_style"] = page_style  # the page frame's sizes, for templates not handed them
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


def render_markup(template: str, folder: str | None = None, **context: Any) -> str:
    """The markup text a template writes for this context."""
    try:
        return environment(folder).get_template(template).render(**context)
    except PnpkitError:
        raise
    except (TemplateError, TypeError, ValueError, AttributeError, KeyError) as error:
        filename, line = _template_line(error)
        folder = str(data_dir("templates").parent) + "/"
        filename = filename.removeprefix(folder)
        where = f"{filename}, line {line}" if line else filename
        message = getattr(error, "message", None) or str(error)
        raise MarkupError(f"{where}: {message}").with_traceback(None) from None


def build_document(template: str, **context: Any) -> Node:
    """The validated document tree for a template and its data."""
    return parse_markup(render_markup(template, **context), source=f"templates/{template}")
