"""Fill a Jinja template (autoescaped; sandboxed when it comes from a user's folder) and parse its markup.

Every element the markup gets a hidden `_at="templates/<file>:<line>"` attribute naming the template
line that wrote it (cli/documents/locating.py), so an error can point at the template rather than at the
rendered markup.
"""

import os
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache, lru_cache
from types import CodeType
from typing import Any

from jinja2 import (
    Environment,
    FileSystemBytecodeCache,
    FileSystemLoader,
    StrictUndefined,
    TemplateError,
    TemplateSyntaxError,
)
from jinja2 import __version__ as jinja_version
from jinja2.bccache import Bucket

from cli.documents.locating import LOCATING, Locating, called_from
from cli.documents.page_style import page_style
from cli.errors import MarkupError, PnpkitError, TemplateFault
from cli.layout.band_text import BandText
from cli.layout.markup import Element, parse_markup
from cli.layout.measure import (
    ascent,
    baseline_over,
    baseline_under,
    bullet_room,
    line_height,
    middle_to_baseline,
    text_extent,
    text_width,
)
from cli.layout.pagination import CELL_PADDING, cell_height, cell_width, wrapped_height
from cli.layout.palette import Palette
from cli.layout.sizes import poker_scale, sheet_shares, sheet_value, style_value
from cli.layout.units import MM_PER_PT
from cli.resources import data_dir


def _number(value: float) -> str:
    """Millimetres as markup text: at most 3 decimals, no trailing zeros."""
    return _millimetres(float(value))


@lru_cache(maxsize=4096)
def _millimetres(value: float) -> str:
    """Remembered: a kit writes the same few hundred numbers for every group (23,333 times 521 in 30 groups)."""
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


class OwnEnvironment(Locating, Environment):
    """pnpkit's own templates: located, not sandboxed. They are pnpkit's code as its Python is, and the
    sandbox's checks on every call, attribute and operation took half of a kit's time spent in them; a copy
    of them in a user's folder runs sandboxed and writes the same markup (tests/security/test_own_templates.py)."""


class _CompiledByContent(FileSystemBytecodeCache):
    """Compiled templates found by name and content, wherever the file is: Jinja keys them by the file's
    absolute path, so every fresh clone and every copied templates folder compiled them all again. The code
    keeps the file name it was compiled from, which error messages read (`_template_line`): a template
    compiled from another folder is given the name of the file it was read from now."""

    def get_bucket(self, environment: Any, name: str, filename: str | None, source: str) -> Bucket:
        checksum = self.get_source_checksum(source)
        bucket = Bucket(environment, self.get_cache_key(f"{name}|{checksum}|jinja {jinja_version}"), checksum)
        self.load_bytecode(bucket)
        if bucket.code is not None and filename is not None and bucket.code.co_filename != filename:
            bucket.code = _renamed(bucket.code, filename)
        return bucket


def _renamed(code: CodeType, filename: str) -> CodeType:
    """The compiled template, its macros and blocks included, as if compiled from `filename`."""
    inner = tuple(_renamed(const, filename) if isinstance(const, CodeType) else const for const in code.co_consts)
    return code.replace(co_filename=filename, co_consts=inner)


def _bytecode_cache(kind: str) -> FileSystemBytecodeCache | None:
    """Compiled templates kept between runs (a per-user temporary folder), each `kind` of environment apart (a
    cache entry is found by the template's name and source only); none if it cannot be made."""
    try:
        return _CompiledByContent(pattern=f"__pnpkit{LOCATING}{kind}_%s.cache")
    except (OSError, RuntimeError):  # RuntimeError: Jinja found the shared folder unsafe
        return None


_MEASURED: ContextVar[list[str] | None] = ContextVar("pnpkit_measured_texts", default=None)


def _text_width(text: str, size: float, face: str = "regular") -> float:
    """The layout pass's `text_width`, the text noted when `measured_texts` listens."""
    heard = _MEASURED.get()
    if heard is not None:
        heard.append(text)
    return text_width(text, size, face)


def _split(length: float, shares: Iterable[float]) -> list[float]:
    """A length cut by shares, in their order: split(col, sheet_shares('tricks', 'play_shares')) is a table's
    column widths."""
    return [length * share for share in shares]


def _cell_width(text: str, size: float, weight: str = "regular", alt: str = "") -> float:
    """The layout pass's `cell_width`, its texts noted when `measured_texts` listens."""
    heard = _MEASURED.get()
    if heard is not None:
        heard.extend([text, alt])
    return cell_width(text, size, weight, alt)


def _wrapped_height(labels: list[str], size: float, width: float, weight: str = "regular") -> float:
    """The layout pass's `wrapped_height`, its labels noted when `measured_texts` listens."""
    heard = _MEASURED.get()
    if heard is not None:
        heard.extend(labels)
    return wrapped_height(labels, size, width, weight)


def _heading_height(least: float, size: float, cells: list[tuple[list[str], float]], weight: str = "bold") -> float:
    """A heading row's height: `least` mm, or what the tallest of its `cells` (each its labels, one per language,
    and its width in mm) needs at `size` pt as the pass wraps it, so the pass never shrinks a heading to fit."""
    return max([least, *(_wrapped_height(labels, size, width, weight) for labels, width in cells)])


def _bullet_indent(bullet: str, size: float, face: str = "regular") -> float:
    """Where the layout pass starts the text of a paragraph with this bullet: a line without one aligns there."""
    return bullet_room(_text_width(bullet, size, face))


@contextmanager
def measured_texts() -> Iterator[list[str]]:
    """The texts templates measure while the block runs (what a document's layout may depend on)."""
    heard: list[str] = []
    token = _MEASURED.set(heard)
    try:
        yield heard
    finally:
        _MEASURED.reset(token)


def _own_templates(folder: str | None) -> bool:
    """Whether the templates are pnpkit's own: no folder given, none set with PNPKIT_TEMPLATES."""
    return folder is None and not os.environ.get("PNPKIT_TEMPLATES")


_OPTIONS = {"autoescape": True, "undefined": StrictUndefined, "trim_blocks": True, "lstrip_blocks": True,
            "keep_trailing_newline": True}


@cache
def environment(folder: str | None = None) -> Environment:
    """The autoescaping Jinja environment over `folder` (default: templates/, or PNPKIT_TEMPLATES):
    sandboxed and bounded for a user's templates, plain for pnpkit's own (the sandbox not even imported)."""
    if _own_templates(folder):
        env: Environment = OwnEnvironment(bytecode_cache=_bytecode_cache("own"),
                                          loader=FileSystemLoader(str(data_dir("templates"))), **_OPTIONS)
        env.globals.pop("lipsum", None)  # as in the sandbox: a copy of the templates finds the same globals
    else:
        from cli.documents.sandbox import SANDBOX, ConfinedLoader, LocatingEnvironment

        env = LocatingEnvironment(bytecode_cache=_bytecode_cache(f"s{SANDBOX}"),
                                  loader=ConfinedLoader(folder or str(data_dir("templates"))), **_OPTIONS)
    env.filters["n"] = _number
    env.filters["_at"] = called_from
    env.filters["text_width"] = _text_width  # codes|map('text_width', size, face): each one's width
    env.globals["page_style"] = page_style  # the page frame's sizes, for templates not handed them
    # the layout pass's own measures: templates ask them, never estimate a text's size
    env.globals["palette"] = Palette()  # palette.heading: the colours of layouts/colours.toml
    env.globals["poker_scale"] = poker_scale  # a card's drawings scale from the poker card's
    env.globals["type_size"] = style_value  # type_size('blank', 'note'): a size in pt of layouts/styles.toml
    env.globals["sheet_value"] = sheet_value  # sheet_value('pad', 'alone_top'): a distance of layouts/sheet.toml
    env.globals["sheet_shares"] = sheet_shares  # sheet_shares('tricks', 'play_shares'): a table's columns' shares
    env.globals["split"] = _split  # split(col, sheet_shares(...)): the columns' widths
    env.globals["band_text"] = BandText()  # the baselines of the texts around a card grid, from the pass's metrics
    env.globals.update(mm_per_pt=MM_PER_PT, text_width=_text_width, line_height=line_height, cell_height=cell_height,
                       cell_width=_cell_width, cell_padding=CELL_PADDING, wrapped_height=_wrapped_height,
                       heading_height=_heading_height,
                       ascent=ascent, middle_to_baseline=middle_to_baseline, text_extent=text_extent,
                       bullet_indent=_bullet_indent, baseline_under=baseline_under, baseline_over=baseline_over)
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
    return f"{filename} line {line}" if line else filename


_PACKAGE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
_SANDBOX_FILES = frozenset({"sandbox.py", "template_costs.py"})


@cache
def _library_roots() -> tuple[str, ...]:
    """The folders of Python's and the installed libraries' code, read once (only an error asks)."""
    import sysconfig

    paths = {sysconfig.get_path(name) for name in ("stdlib", "platstdlib", "purelib", "platlib")}
    return tuple(path + os.sep for path in paths if path)


def _library(filename: str) -> bool:
    """Whether a frame's file is Python's or an installed library's code (the standard library, Jinja); a template
    compiled by Jinja carries its .j2 file's name, wherever it is installed."""
    return filename.startswith("<frozen") or filename.endswith(".py") and filename.startswith(_library_roots())


def _raised_by_pnpkit(error: BaseException) -> bool:
    """Whether `error` was raised inside pnpkit's own Python code (a helper a template calls), even where that
    code called the standard library that raised it: the innermost frame that is not a library's decides."""
    frames = []
    tb = error.__traceback__
    while tb is not None:
        name = tb.tb_frame.f_code.co_filename
        frames.append(name if name.startswith("<") else os.path.abspath(name))
        tb = tb.tb_next
    for filename in reversed(frames):
        if filename.startswith(_PACKAGE + os.sep) and filename.endswith(".py"):
            # the sandbox and its cost counting handle the template's own values: their errors are the template's
            return os.path.basename(filename) not in _SANDBOX_FILES
        if not _library(filename):
            return False  # a template's own line (its frames carry the template's file name)
    return False


def render_markup(template: str, folder: str | None = None, **context: Any) -> str:
    """The markup text a template writes for this context."""
    own = _own_templates(folder)
    try:
        env = environment(folder)
        if isinstance(env, OwnEnvironment):
            return env.get_template(template).render(context)
        from cli.documents.sandbox import render_bounded

        return render_bounded(env.get_template(template), context)
    except MarkupError:
        raise
    except PnpkitError as error:  # a refusal of a helper the template called: name the template line too
        if _template_line(error)[1] is None:
            raise
        raise MarkupError(f"{_where(error)}: {error}").with_traceback(None) from None
    except RecursionError as error:  # a template or macro that includes or calls itself without end
        raise _broken(f"{_where(error)}: includes or calls itself without end; remove the loop of "
                      "includes or macro calls", error, own=own) from None
    except (TemplateError, TypeError, ValueError, AttributeError, LookupError, ArithmeticError,
            AssertionError) as error:  # Jinja's own filters check some arguments with assert (truncate)
        if not isinstance(error, TemplateError) and _raised_by_pnpkit(error):
            raise  # a bug in a helper the template called, not a template to fix: internal, exit 1
        message = getattr(error, "message", None) or str(error) or type(error).__name__
        raise _broken(f"{_where(error)}: {message}", error, own=own) from None


def _broken(message: str, error: BaseException, *, own: bool) -> Exception:
    """A template that cannot be filled: a user's is theirs to fix (MarkupError, exit 2); pnpkit's own is a bug
    (TemplateFault, exit 1), which keeps the Jinja traceback that PNPKIT_DEBUG and the page's log show."""
    if own:
        return TemplateFault(message).with_traceback(error.__traceback__)
    return MarkupError(message).with_traceback(None)


def build_document(template: str, **context: Any) -> Element:
    """The validated document tree for a template and its data."""
    return parse_markup(render_markup(template, **context), source=f"templates/{template}")
