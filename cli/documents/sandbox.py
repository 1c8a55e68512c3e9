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
from collections.abc import Iterable, Iterator, Sized
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from jinja2 import FileSystemLoader, TemplateNotFound, TemplateSyntaxError, nodes
from jinja2.exceptions import SecurityError
from jinja2.loaders import split_template_path
from jinja2.sandbox import SandboxedEnvironment
from jinja2.visitor import NodeTransformer
from markupsafe import Markup

from cli.documents import template_costs
from cli.documents.locating import Locating

SANDBOX = 3  # bump when the compiled form changes (the loop counting below): compiled templates are cached
MAX_STEPS = 2_000_000  # loop iterations + calls + operations in one render (50 decks of cards: ~92,000)
MAX_TEXT = 1_000_000  # characters (or items) in one string or list a template builds
MAX_OUTPUT = 64 * 1024 * 1024  # characters of markup one render writes
MAX_NUMBER = 10_000_000  # largest integer a template may hand to a call or a filter
MAX_RANGE = 100_000  # items in one range()
MAX_BITS = 1024  # an integer a template computes
MAX_TEMPLATE = 1024 * 1024  # bytes in one template file (pnpkit's largest is a few KiB)
MAX_NESTING = 16  # blocks inside one another (pnpkit's templates: 7; Python's compiler stops near 20)
MAX_BRACKETS = 64  # parentheses, brackets and braces inside one another in one expression
MAX_SECONDS = 120.0  # safety net only: the counts above stop any template long before
# patterns used rarely (a %-format, a template compiled): as text, compiled by `re` on first use, not at import
_WIDE_PERCENT = r"%[-#0 +]*(\*|\d{5,})"  # '%99999d' % 1 builds a huge string


class WorkLimit(SecurityError):
    """A template asked for more work than any printable needs."""


class Budget:
    """The work one render may still do."""

    def __init__(self) -> None:
        self.steps = 0
        self.started = time.monotonic()

    def check(self, before: int) -> None:
        """Refuse a render past its steps, or (read every 4,096 steps) past its time."""
        if self.steps > MAX_STEPS:
            raise WorkLimit(f"the template does more than {MAX_STEPS:,} steps (loops, calls, operations, "
                            "and the work of filters and methods); look for a loop that never ends or runs too "
                            "often, or a filter given too much")
        # the clock is read every 4,096 steps, also when one long step jumps past that mark
        if (self.steps ^ before) >> 12 and time.monotonic() - self.started > MAX_SECONDS:
            raise WorkLimit(f"the template ran for more than {MAX_SECONDS:.0f} s; look for a loop that runs too often")


_budget: ContextVar[Budget | None] = ContextVar("pnpkit_template_budget", default=None)


def _spend(steps: int = 1) -> None:
    """Charge the current render `steps` (Budget.spend inlined: this runs on every operation)."""
    budget = _budget.get()
    if budget is None:
        budget = Budget()
        _budget.set(budget)
    before = budget.steps
    budget.steps = after = before + steps
    if after > MAX_STEPS or (after ^ before) >> 12:
        budget.check(before)


def _check_number(value: Any) -> None:
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > MAX_NUMBER:
        raise WorkLimit(f"the number {value} is too large for a template (at most {MAX_NUMBER:,})")


_SIZELESS = frozenset({int, float, bool, type(None)})  # values no size limit applies to: nothing to check
# isinstance with a tuple of types, not a union (`str | list`): Python 3.11 checks a union several times slower,
# and these checks run on every operation a template does
_SIZED = (str, list, tuple, bytes)
_LONG = (str, list, tuple, bytes, dict)
_CHARGED = (str, list, dict, set)
_NUMBERS = (int, float)


def _check_size(value: Any) -> Any:
    """`value`, unless it is too long: markup (a macro's output) up to MAX_OUTPUT, anything else MAX_TEXT."""
    if type(value) in _SIZELESS:  # most results: a number (checked first, this runs on every operation)
        return value
    if isinstance(value, Markup):
        if len(value) > MAX_OUTPUT:
            raise WorkLimit(f"the template writes more than {MAX_OUTPUT:,} characters of markup")
        return value
    if isinstance(value, _LONG) and len(value) > MAX_TEXT:
        raise WorkLimit(f"the template builds a value of {len(value):,} characters or items "
                        f"(at most {MAX_TEXT:,})")
    return value


def _sized(value: Any) -> int | None:
    return len(value) if isinstance(value, _SIZED) else None


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


def _check_bound(size: int) -> None:
    if size > MAX_TEXT:
        raise WorkLimit(f"the template builds a value of {size:,} characters or items (at most {MAX_TEXT:,})")


def _bounded_items(iterable: Iterable) -> list:
    """The items of a lazy sequence, counted one step each and refused once their text passes MAX_TEXT."""
    items, size = [], 0
    for item in counted_loop(iterable):
        size += template_costs.item_size(item)
        _check_bound(size)
        items.append(item)
    return items


_PLAIN_NUMBERS = frozenset({int, float})  # a filter costs nothing more for numbers (template_costs: 0 steps)
_FINISHED = frozenset({str, Markup, int, float, bool})  # results that are no lazy sequence to count


def _bounded_filter(function, name: str = ""):
    """A filter whose work is charged and whose result is bounded before it runs; its numbers are checked
    like any call's, and a lazy result (map, select…) spends a step per item taken."""
    from jinja2.utils import _PassArg

    skip = 1 if _PassArg.from_obj(function) is not None else 0  # Jinja's context, not a value
    joins, formats = name == "join", name == "format"
    # pnpkit's own place-keeping filter (_at) passes whole pages of markup through, one regular
    # expression scan each: a step per KiB, what that scan costs
    own = name.startswith("_")
    bound = template_costs.FILTER_SIZES.get(name)

    @functools.wraps(function)
    def run(*args, **kwargs):
        values = args[skip:]
        plain = True  # only numbers (nearly every call: |n on a number): no work to charge, one step
        for value in values:
            if type(value) not in _PLAIN_NUMBERS:
                plain = False
                _check_number(value)  # an int of another type (an IntEnum) is a number too
            elif type(value) is int and abs(value) > MAX_NUMBER:
                _check_number(value)  # refuses it
        if plain and not kwargs and bound is None:  # a text or a number back
            _spend()
            result = function(*args)
            if type(result) in _FINISHED:
                return _check_size(result)
            return counted_loop(result) if isinstance(result, Iterator) else _check_size(result)
        for value in kwargs.values():
            _check_number(value)
        if joins and values and isinstance(values[0], Iterable) and not isinstance(values[0], Sized):
            values = (_bounded_items(values[0]), *values[1:])
            args = (*args[:skip], *values)
        if formats and values and isinstance(values[0], str) and re.search(_WIDE_PERCENT, values[0]):
            raise WorkLimit("the template formats with a field width of 10,000 or more")
        if plain:
            _spend()
        else:
            _spend(1 + (template_costs.scan_steps(values) if own else template_costs.filter_steps(name, values)))
        if bound is not None:
            try:
                _check_bound(bound(*values, **kwargs))
            except TypeError:  # arguments the filter itself will refuse, naming them
                pass
        result = function(*args, **kwargs)
        if isinstance(result, Iterator):
            return counted_loop(result)
        return _check_size(result)

    return run


def _charge_method(obj: Any, args: tuple, kwargs: dict) -> None:
    """Charge a method of a str, list, dict or set the work it will do, and bound what it builds, first."""
    owner, name = getattr(obj, "__self__", None), getattr(obj, "__name__", "")
    if not isinstance(owner, _CHARGED) or not callable(obj):
        return
    _spend(template_costs.method_steps(owner, name, args))
    try:
        _check_bound(template_costs.method_size(owner, name, args, kwargs))
    except TypeError:
        pass


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
        self._safe: dict[tuple[type, str], bool] = {}  # is_safe_attribute's answers (they depend on these only)

    def is_safe_attribute(self, obj: Any, attr: str, value: Any) -> bool:
        """Jinja's answer, remembered by the object's type and the name: the same few attributes are read
        thousands of times a render."""
        key = (type(obj), attr)
        safe = self._safe.get(key)
        if safe is None:
            safe = self._safe[key] = self._allowed(obj, attr, value)
        return safe

    def _allowed(self, obj: Any, attr: str, value: Any) -> bool:
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
            _charge_method(__obj, args, kwargs)
        return _check_size(SandboxedEnvironment.call(__self, __context, __obj, *args, **kwargs))

    def call_binop(self, context: Any, operator: str, left: Any, right: Any) -> Any:
        _spend()
        if (type(left) is float and type(right) in _PLAIN_NUMBERS or type(right) is float
                and type(left) in _PLAIN_NUMBERS) and operator != "**":
            return self.binop_table[operator](left, right)  # most operations: a float, nothing to bound
        _check_operands(operator, left, right)
        result = super().call_binop(context, operator, left, right)
        if isinstance(result, int) and result.bit_length() > MAX_BITS:
            raise WorkLimit(f"the template computes a number of more than {MAX_BITS} bits")
        return _check_size(result)

    def _parse(self, source: str, name: str | None, filename: str | None) -> nodes.Template:
        """The template's syntax tree, its loops counted and its `~` joins checked; too deep a nesting is
        refused naming its line before Jinja's parser or Python's compiler trips over it."""
        check_nesting(source, name, filename)
        try:
            tree = super()._parse(source, name, filename)
        except RecursionError:
            raise TemplateSyntaxError("the template nests too deeply", 1, name, filename) from None
        return _Counting().visit(tree)


class LocatingEnvironment(Locating, BoundedEnvironment):
    """A user's templates (PNPKIT_TEMPLATES): each element located (cli/documents/locating.py), the work
    counted and bounded."""


_TAG = r"\{%-?\s*(\w+)(.*?)-?%\}|\{\{(.*?)\}\}|\{#.*?#\}"  # with re.S
_BLOCKS = frozenset({"for", "if", "macro", "call", "filter", "with", "block", "autoescape", "trans", "raw"})
_STRING = r"'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\""  # with re.S


def check_nesting(source: str, name: str | None, filename: str | None) -> None:
    """Refuse blocks nested deeper than MAX_NESTING or brackets deeper than MAX_BRACKETS, naming the line."""
    blocks = 0
    for tag in re.finditer(_TAG, source, re.S):
        word, rest, expression = tag[1], tag[2] or "", tag[3]
        line = source.count("\n", 0, tag.start()) + 1
        if word in _BLOCKS or word == "set" and "=" not in rest:
            blocks += 1
            if blocks > MAX_NESTING:
                raise TemplateSyntaxError(f"blocks (for, if, macro…) nest more than {MAX_NESTING} deep; "
                                          "use a macro or fewer levels", line, name, filename)
        elif word and word.startswith("end"):
            blocks -= 1
        depth = deepest = 0
        for char in re.sub(_STRING, "''", expression if expression is not None else rest, flags=re.S):
            depth += char in "([{"
            depth -= char in ")]}"
            deepest = max(deepest, depth)
        if deepest > MAX_BRACKETS:
            raise TemplateSyntaxError(f"brackets nest more than {MAX_BRACKETS} deep", line, name, filename)


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
        if isinstance(right, _NUMBERS) and abs(right) > 64 and isinstance(left, _NUMBERS) and abs(left) > 1:
            raise WorkLimit(f"{left} ** {right} is too large for a template")
    elif operator == "%" and isinstance(left, str) and re.search(_WIDE_PERCENT, left):
        raise WorkLimit("the template formats with a field width of 10,000 or more")


class _BoundedFilters(dict):
    """The filter table: every filter, also one added later, runs bounded."""

    def __init__(self, table: dict) -> None:
        super().__init__({name: _bounded_filter(function, name) for name, function in table.items()})

    def __setitem__(self, name: str, function: Any) -> None:
        super().__setitem__(name, _bounded_filter(function, name))


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
        try:
            pieces = split_template_path(template)  # refuses '..' and absolute names
        except TemplateNotFound:
            raise SecurityError(f"template '{template}' is outside the templates folder; templates may only "
                                "include files inside it") from None
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
        raise TemplateNotFound(template, f"template '{template}' is missing from the templates folder "
                                         f"({', '.join(self.searchpath)}); check its name")
