"""Fill a Jinja template (autoescaped; sandboxed when it comes from a user's folder) and parse its markup.

Every element the markup gets a hidden `_at="templates/<file>:<line>"` attribute naming the template
line that wrote it, so an error can point at the template rather than at the rendered markup.
"""

import os
import re
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache, lru_cache
from types import CodeType, SimpleNamespace
from typing import Any

from jinja2 import Environment, FileSystemBytecodeCache, StrictUndefined, TemplateError, TemplateSyntaxError
from jinja2 import __version__ as jinja_version
from jinja2.bccache import Bucket
from markupsafe import Markup

from cli.documents.page_style import page_style
from cli.documents.sandbox import SANDBOX, BoundedEnvironment, ConfinedLoader, render_bounded
from cli.errors import MarkupError, PnpkitError
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
from cli.layout.sizes import poker_scale, sheet_value
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


class _Locating:
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


class LocatingEnvironment(_Locating, BoundedEnvironment):
    """A user's templates (PNPKIT_TEMPLATES): located, sandboxed, their work counted and bounded."""


class OwnEnvironment(_Locating, Environment):
    """pnpkit's own templates: located, not sandboxed. They are pnpkit's code as its Python is, and the
    sandbox's checks on every call, attribute and operation took half of a kit's time spent in them; a copy
    of them in a user's folder runs sandboxed and writes the same markup (tests/security/test_own_templates.py)."""


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


def _called_from(value: Any, place: str) -> Any:
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


def _bytecode_cache(sandboxed: bool) -> FileSystemBytecodeCache | None:
    """Compiled templates kept between runs (a per-user temporary folder), sandboxed and not apart (a cache
    entry is found by the template's name and source only); none if it cannot be made."""
    kind = f"s{SANDBOX}" if sandboxed else "own"
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


@cache
def environment(folder: str | None = None) -> Environment:
    """The autoescaping Jinja environment over `folder` (default: templates/, or PNPKIT_TEMPLATES):
    sandboxed and bounded for a user's templates, plain for pnpkit's own."""
    sandboxed = not _own_templates(folder)
    env = (LocatingEnvironment if sandboxed else OwnEnvironment)(
        bytecode_cache=_bytecode_cache(sandboxed),
        loader=ConfinedLoader(folder or str(data_dir("templates"))),
        autoescape=True,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    if not sandboxed:
        env.globals.pop("lipsum", None)  # as in the sandbox: a copy of the templates finds the same globals
    env.filters["n"] = _number
    env.filters["_at"] = _called_from
    env.filters["text_width"] = _text_width  # codes|map('text_width', size, face): each one's width
    env.globals["page_style"] = page_style  # the page frame's sizes, for templates not handed them
    # the layout pass's own measures: templates ask them, never estimate a text's size
    env.globals["palette"] = Palette()  # palette.heading: the colours of layouts/colours.toml
    env.globals["poker_scale"] = poker_scale  # a card's drawings scale from the poker card's
    env.globals["sheet_value"] = sheet_value  # sheet_value('pad', 'top_alone'): a distance of layouts/sheet.toml
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
    try:
        env = environment(folder)
        if isinstance(env, BoundedEnvironment):
            return render_bounded(env.get_template(template), context)
        return env.get_template(template).render(context)
    except MarkupError:
        raise
    except PnpkitError as error:  # a refusal of a helper the template called: name the template line too
        if _template_line(error)[1] is None:
            raise
        raise MarkupError(f"{_where(error)}: {error}").with_traceback(None) from None
    except RecursionError as error:  # a template or macro that includes or calls itself without end
        where = _where(error)
        raise MarkupError(f"{where}: includes or calls itself without end; remove the loop of "
                          "includes or macro calls").with_traceback(None) from None
    except (TemplateError, TypeError, ValueError, AttributeError, LookupError, ArithmeticError,
            AssertionError) as error:  # Jinja's own filters check some arguments with assert (truncate)
        if not isinstance(error, TemplateError) and _raised_by_pnpkit(error):
            raise  # a bug in a helper the template called, not a template to fix: internal, exit 1
        where = _where(error)
        message = getattr(error, "message", None) or str(error) or type(error).__name__
        raise MarkupError(f"{where}: {message}").with_traceback(None) from None


def build_document(template: str, **context: Any) -> Element:
    """The validated document tree for a template and its data."""
    return parse_markup(render_markup(template, **context), source=f"templates/{template}")
