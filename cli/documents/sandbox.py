"""The Jinja sandbox templates run in: confined to their folder, and bounded by counted work.

A template from a user's folder must neither read outside that folder nor hang or exhaust the
machine. Work is bounded by counting, so a refusal is the same on every machine and every run:
- every loop iteration, call and arithmetic operation spends one step of a per-render budget;
- strings and lists a template builds are capped in length, numbers handed to calls in size;
- the markup a render writes is capped in size.
A wall-clock limit is only a last safety net behind the counts.
"""

import functools
import os
import re
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from jinja2 import FileSystemLoader, TemplateNotFound, nodes
from jinja2.exceptions import SecurityError
from jinja2.loaders import split_template_path
from jinja2.sandbox import SandboxedEnvironment
from jinja2.visitor import NodeTransformer
from markupsafe import Markup

SANDBOX = 2  # bump when the compiled form changes (the loop counting below): compiled templates are cached
MAX_STEPS = 2_000_000  # loop iterations + calls + operations in one render (50 decks of cards: ~92,000)
MAX_TEXT = 1_000_000  # characters (or items) in one string or list a template builds
MAX_OUTPUT = 64 * 1024 * 1024  # characters of markup one render writes
MAX_NUMBER = 10_000_000  # largest integer a template may hand to a call or a filter
MAX_RANGE = 100_000  # items in one range()
MAX_BITS = 1024  # an integer a template computes
MAX_TEMPLATE = 1024 * 1024  # bytes in one template file (pnpkit's largest is a few KiB)
MAX_SECONDS = 120.0  # safety net only: the counts above stop any template long before
_WIDE_PERCENT = re.compile(r"%[-#0 +]*(\*|\d{5,})")  # '%99999d' % 1 builds a huge string


class WorkLimit(SecurityError):
    """A template asked for more work than any printable needs."""


class Budget:
    """The work one render may still do."""

    def __init__(self) -> None:
        self.steps = 0
        self.started = time.monotonic()

    def spend(self, steps: int = 1) -> None:
        self.steps += steps
        if self.steps > MAX_STEPS:
            raise WorkLimit(f"the template does more than {MAX_STEPS:,} steps (loops, calls, operations); "
                            "look for a loop that never ends or runs too often")
        if self.steps & 0xFFF == 0 and time.monotonic() - self.started > MAX_SECONDS:
            raise WorkLimit(f"the template ran for more than {MAX_SECONDS:.0f} s; look for a loop that runs too often")


_budget: ContextVar[Budget | None] = ContextVar("pnpkit_template_budget", default=None)


def _spend(steps: int = 1) -> None:
    budget = _budget.get()
    if budget is None:
        budget = Budget()
        _budget.set(budget)
    budget.spend(steps)


def _check_number(value: Any) -> None:
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > MAX_NUMBER:
        raise WorkLimit(f"the number {value} is too large for a template (at most {MAX_NUMBER:,})")


def _check_size(value: Any) -> Any:
    """`value`, unless it is too long: markup (a macro's output) up to MAX_OUTPUT, anything else MAX_TEXT."""
    if isinstance(value, Markup):
        if len(value) > MAX_OUTPUT:
            raise WorkLimit(f"the template writes more than {MAX_OUTPUT:,} characters of markup")
        return value
    if isinstance(value, str | list | tuple | bytes | dict) and len(value) > MAX_TEXT:
        raise WorkLimit(f"the template builds a value of {len(value):,} characters or items "
                        f"(at most {MAX_TEXT:,})")
    return value


def _sized(value: Any) -> int | None:
    return len(value) if isinstance(value, str | list | tuple | bytes) else None


def counted_loop(iterable: Iterable) -> Iterator:
    """A for loop's items, one step each."""
    for item in iterable:
        _spend()
        yield item


def checked_text(text: str) -> str:
    """The result of `a ~ b`, at most MAX_TEXT characters."""
    if len(text) > MAX_TEXT:
        raise WorkLimit(f"the template builds a text of {len(text):,} characters (at most {MAX_TEXT:,})")
    return text


def counted_range(*args: int) -> range:
    """range() with at most MAX_RANGE items."""
    for value in args:
        if not isinstance(value, int) or isinstance(value, bool):
            raise WorkLimit(f"range() takes whole numbers, not {value!r}")
    items = range(*args)
    if len(items) > MAX_RANGE:
        raise WorkLimit(f"range() of {len(items):,} items is too long for a template (at most {MAX_RANGE:,})")
    return items


def _bounded_filter(function):
    """A filter whose number arguments and result are checked like any call's."""
    @functools.wraps(function)
    def run(*args, **kwargs):
        _spend()
        for value in (*args, *kwargs.values()):
            _check_number(value)
        return _check_size(function(*args, **kwargs))

    return run


class BoundedEnvironment(SandboxedEnvironment):
    """Jinja's sandbox (no private attributes, no unsafe calls) plus counted, bounded work."""

    intercepted_binops = frozenset(["+", "-", "*", "/", "//", "%", "**"])

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.globals.pop("lipsum", None)  # paragraphs of filler text: no printable needs it
        self.globals["range"] = counted_range
        self.counted_loop = counted_loop
        self.checked_text = checked_text
        self.filters = _BoundedFilters(self.filters)

    def is_safe_attribute(self, obj: Any, attr: str, value: Any) -> bool:
        if isinstance(obj, str) and attr in ("format", "format_map"):
            return False  # str.format builds strings of any width; templates use ~ and filters
        return super().is_safe_attribute(obj, attr, value)

    def wrap_str_format(self, value: Any) -> None:
        return None  # no str.format at all (see is_safe_attribute), not even Jinja's sandboxed one

    def call(__self, __context, __obj, *args: Any, **kwargs: Any) -> Any:  # noqa: N805 (Jinja's signature)
        _spend()
        if __obj is not counted_range:
            for value in (*args, *kwargs.values()):
                _check_number(value)
        return _check_size(SandboxedEnvironment.call(__self, __context, __obj, *args, **kwargs))

    def call_binop(self, context: Any, operator: str, left: Any, right: Any) -> Any:
        _spend()
        _check_operands(operator, left, right)
        result = super().call_binop(context, operator, left, right)
        if isinstance(result, int) and result.bit_length() > MAX_BITS:
            raise WorkLimit(f"the template computes a number of more than {MAX_BITS} bits")
        return _check_size(result)

    def _parse(self, source: str, name: str | None, filename: str | None) -> nodes.Template:
        """The template's syntax tree, its loops counted and its `~` joins checked."""
        return _Counting().visit(super()._parse(source, name, filename))


def _through(helper: str, node: nodes.Expr) -> nodes.Call:
    return nodes.Call(nodes.EnvironmentAttribute(helper), [node], [], None, None, lineno=node.lineno)


class _Counting(NodeTransformer):
    """Rewrite `for x in items` to `for x in counted_loop(items)` and `a ~ b` to `checked_text(a ~ b)`."""

    def visit_For(self, node: nodes.For) -> nodes.For:  # noqa: N802 (Jinja's visitor names)
        self.generic_visit(node)
        node.iter = _through("counted_loop", node.iter)
        return node

    def visit_Concat(self, node: nodes.Concat) -> nodes.Call:  # noqa: N802
        self.generic_visit(node)
        return _through("checked_text", node)


def _check_operands(operator: str, left: Any, right: Any) -> None:
    """Refuse an operation whose result would be too large, before computing it."""
    if operator == "*":
        for sequence, count in ((left, right), (right, left)):
            if _sized(sequence) is not None and isinstance(count, int) and _sized(sequence) * count > MAX_TEXT:
                raise WorkLimit(f"the template repeats a value to more than {MAX_TEXT:,} characters or items")
        if isinstance(left, int) and isinstance(right, int) and left.bit_length() + right.bit_length() > MAX_BITS:
            raise WorkLimit(f"the template computes a number of more than {MAX_BITS} bits")
    elif operator == "+":
        if _sized(left) is not None and _sized(right) is not None and _sized(left) + _sized(right) > MAX_TEXT:
            raise WorkLimit(f"the template builds a value of more than {MAX_TEXT:,} characters or items")
    elif operator == "**":
        if isinstance(right, int | float) and abs(right) > 64 and isinstance(left, int | float) and abs(left) > 1:
            raise WorkLimit(f"{left} ** {right} is too large for a template")
    elif operator == "%" and isinstance(left, str) and _WIDE_PERCENT.search(left):
        raise WorkLimit("the template formats with a field width of 10,000 or more")


class _BoundedFilters(dict):
    """The filter table: every filter, also one added later, runs bounded."""

    def __init__(self, table: dict) -> None:
        super().__init__({name: _bounded_filter(function) for name, function in table.items()})

    def __setitem__(self, name: str, function: Any) -> None:
        super().__setitem__(name, _bounded_filter(function))


@contextmanager
def bounded() -> Iterator[Budget]:
    """A fresh work budget for one render."""
    budget = Budget()
    token = _budget.set(budget)
    try:
        yield budget
    finally:
        _budget.reset(token)


def render_bounded(template: Any, context: dict[str, Any]) -> str:
    """The template's output, refused once it passes MAX_OUTPUT characters."""
    with bounded():
        parts, size = [], 0
        for chunk in template.generate(**context):
            size += len(chunk)
            if size > MAX_OUTPUT:
                raise WorkLimit(f"the template writes more than {MAX_OUTPUT:,} characters of markup")
            parts.append(chunk)
    return "".join(parts)


class ConfinedLoader(FileSystemLoader):
    """Templates from one folder only: no `..`, and no link that leads outside the folder."""

    def get_source(self, environment: Any, template: str) -> tuple[str, str, Any]:
        pieces = split_template_path(template)  # refuses '..' and absolute names
        for searchpath in self.searchpath:
            root = os.path.realpath(searchpath)
            filename = os.path.join(searchpath, *pieces)
            real = os.path.realpath(filename)
            if not os.path.isfile(real):
                continue
            if os.path.commonpath([root, real]) != root:
                raise SecurityError(f"template '{template}' is a link leading outside the templates folder "
                                    f"({root}); templates may only use files inside it")
            with open(real, "rb") as handle:
                data = handle.read(MAX_TEMPLATE + 1)
            if len(data) > MAX_TEMPLATE:
                raise SecurityError(f"template '{template}' is larger than {MAX_TEMPLATE // 1024} KiB")
            source = data.decode(self.encoding)
            mtime = os.path.getmtime(real)

            def uptodate(real: str = real, mtime: float = mtime) -> bool:
                try:
                    return os.path.getmtime(real) == mtime
                except OSError:
                    return False

            return source, os.path.normpath(filename), uptodate
        raise TemplateNotFound(template)
