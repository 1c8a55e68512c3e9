"""What a filter or method call costs a template, known before it runs.

The sandbox spends one step per loop iteration, call and operation; a filter or a method that does a
lot of work in one call (sorting a long list, wrapping a long text, replacing every character by a long
string, joining with a long separator, a list extending itself) is charged the work it will do, and its
result's size is bounded before the memory is spent. The numbers are rough (a step is about a
microsecond of work); what matters is that no single call can do more than the whole budget allows.
"""

import math
from collections.abc import Callable
from typing import Any

# C-speed scanning of text: one step per this many characters
_FAST_CHARS = 256
# filters that run a regular expression or Python code per character (title: 1 s for 1,000,000 characters)
_PER_CHAR = {"title": 1, "striptags": 1, "wordcount": 1, "urlize": 2, "capitalize": 0, "wordwrap": 1}
# filters that order their items: n log n comparisons, several per step
_PER_WORD = {"urlize": 80}  # urlize: about 80 microseconds a word
_SORTING = {"sort", "dictsort", "unique", "groupby"}
_PER_ITEM = {"pprint": 4, "tojson": 1}
_COPIES_PER_STEP = 25  # items of a list copied per step (allocation and reference counts included)
_QUADRATIC_COPY = 20_000  # characters copied per step when textwrap cuts a long word again and again


def _length(value: Any) -> int:
    try:
        return len(value) if isinstance(value, str | bytes | list | tuple | dict | set | frozenset | range) else 0
    except TypeError:
        return 0


def _text_steps(value: Any) -> int:
    if isinstance(value, str | bytes):
        return len(value) // _FAST_CHARS
    return _length(value)


def input_steps(values: tuple) -> int:
    """The generic charge: one step per item of every collection handed over, one per 256 characters of text."""
    return sum(_text_steps(value) for value in values)


def scan_steps(values: tuple) -> int:
    """One step per KiB of text: a regular expression scan at C speed."""
    return sum(len(value) for value in values if isinstance(value, str)) // 1024


def _sorting_steps(n: int) -> int:
    return n * max(1, math.ceil(math.log2(n + 1))) // 4


def item_size(item: Any) -> int:
    """An upper bound of len(str(item)) that does not build the string."""
    if isinstance(item, str):
        return len(item)
    if isinstance(item, bool | int | float | None):
        return 24
    return 8 * (_length(item) + 2)


def _replace_size(text: str, old: Any, new: Any, count: Any = None) -> int:
    if not isinstance(text, str) or not isinstance(old, str) or not isinstance(new, str):
        return _length(text)
    found = len(text) + 1 if not old else len(text) // len(old)
    if isinstance(count, int) and count >= 0:
        found = min(found, count)
    return len(text) + found * max(0, len(new) - len(old))


def _join_size(items: Any, separator: Any = "") -> int:
    n = _length(items)
    if not n or isinstance(items, dict | set | frozenset | str):
        return _length(items) * (1 + _length(separator))
    return (n - 1) * _length(separator) + sum(item_size(item) for item in items)


def _wordwrap_size(text: Any, width: Any = 79, break_long_words: Any = True, wrapstring: Any = None, *_: Any) -> int:
    n, width = _length(text), max(1, width if isinstance(width, int) else 1)
    return n + (n // width + 1) * max(1, _length(wrapstring))


def _indent_size(text: Any, width: Any = 4, *_: Any) -> int:
    if not isinstance(text, str):
        return _length(text)
    per_line = width if isinstance(width, int) else _length(width)
    return len(text) + (text.count("\n") + 1) * max(0, per_line)


def _format_size(text: Any, *args: Any, **kwargs: Any) -> int:
    return _length(text) + sum(item_size(v) for v in (*args, *kwargs.values()))


def _padded_size(text: Any, width: Any = 80, *_: Any) -> int:
    return max(_length(text), width if isinstance(width, int) else 0)


def _expandtabs_size(text: Any, tabsize: Any = 8) -> int:
    if not isinstance(text, str):
        return 0
    return len(text) + text.count("\t") * max(0, tabsize if isinstance(tabsize, int) else 8)


def _nodes(value: Any, budget: int = 100_000) -> int:
    """How many values `value` holds, nested ones included; counting stops past `budget` (by then the text
    it would make is over any bound anyway)."""
    count, stack = 1, [value]
    while stack and count <= budget:
        item = stack.pop()
        if isinstance(item, dict):
            children = list(item.values())[:budget]
            count += 2 * len(item)
        elif isinstance(item, list | tuple | set | frozenset):
            children = list(item)[:budget]
            count += len(item)
        else:
            continue
        stack.extend(child for child in children if isinstance(child, dict | list | tuple | set | frozenset))
    return count


def _json_size(value: Any, indent: Any = None) -> int:
    """An upper bound of tojson's text: each value on its own line, indented at most its depth times."""
    nodes = _nodes(value)
    width = indent if isinstance(indent, int) else _length(indent)
    return nodes * (24 + max(0, width) * min(nodes, 64)) + sum(_length(v) for v in _strings(value))


def _strings(value: Any, budget: int = 100_000):
    stack, seen = [value], 0
    while stack and seen < budget:
        item = stack.pop()
        seen += 1
        if isinstance(item, str):
            yield item
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list | tuple | set | frozenset):
            stack.extend(item)


def _batch_size(value: Any, linecount: Any = 1, fill_with: Any = None) -> int:
    n = _length(value)
    if fill_with is None or not isinstance(linecount, int) or linecount <= 0:
        return n
    return max(n, linecount)


def _slice_size(value: Any, slices: Any = 1, fill_with: Any = None) -> int:
    """slice(N) makes N lists, however short the value: N is the size to bound."""
    return max(_length(value), slices if isinstance(slices, int) else 0)


def _sum_size(items: Any, attribute: Any = None, start: Any = 0) -> int:
    if not isinstance(items, list | tuple):
        return 0
    return _length(start) + sum(_length(item) for item in items)


def _translate_size(text: Any, table: Any = None) -> int:
    widest = max((item_size(v) for v in table.values()), default=1) if isinstance(table, dict) else 1
    return _length(text) * max(1, widest)


# result-size bounds, computed from the arguments before the call: filter name -> bound(*arguments)
FILTER_SIZES: dict[str, Callable[..., int]] = {
    "replace": _replace_size, "join": _join_size, "wordwrap": _wordwrap_size, "indent": _indent_size,
    "format": _format_size, "center": _padded_size, "tojson": _json_size, "batch": _batch_size,
    "sum": _sum_size, "slice": _slice_size,
}
# the same for methods of str and list, by method name
METHOD_SIZES: dict[tuple[type, str], Callable[..., int]] = {
    (str, "replace"): _replace_size, (str, "expandtabs"): _expandtabs_size, (str, "translate"): _translate_size,
    (str, "center"): _padded_size, (str, "ljust"): _padded_size, (str, "rjust"): _padded_size,
    (str, "zfill"): _padded_size,
}


def filter_steps(name: str, values: tuple) -> int:
    """Steps a filter call costs, from its arguments (the value filtered first)."""
    steps = input_steps(values)
    first = values[0] if values else None
    if name in _SORTING:
        steps += _sorting_steps(_length(first))
    steps += _PER_ITEM.get(name, 0) * _length(first)
    if name == "sum" and isinstance(first, list | tuple):  # lists added one to the next: each sum copies all so far
        total = sum(_length(item) for item in first)
        steps += len(first) * total // (2 * _COPIES_PER_STEP)
    if isinstance(first, str):
        steps += _PER_CHAR.get(name, 0) * len(first)
        if name in _PER_WORD:  # a regular expression match and a new string for every word
            steps += _PER_WORD[name] * sum(map(first.count, " \t\n"))
        if name == "wordwrap":
            width = values[1] if len(values) > 1 and isinstance(values[1], int) else 79
            steps += len(first) * len(first) // (max(1, width) * _QUADRATIC_COPY)
    return steps


def method_steps(owner: Any, name: str, args: tuple) -> int:
    """Steps a method call of a str, list, dict or set costs."""
    steps = _text_steps(owner) + input_steps(args)
    if isinstance(owner, list) and name == "sort":
        steps += _sorting_steps(len(owner))
    return steps


def method_size(owner: Any, name: str, args: tuple, kwargs: dict) -> int:
    """An upper bound of the size a method call leaves: its result, or the collection it grows."""
    if isinstance(owner, str):
        if name == "join":
            return _join_size(args[0] if args else (), owner)
        bound = METHOD_SIZES.get((str, name))
        return bound(owner, *args, **kwargs) if bound else 0
    if isinstance(owner, list | dict | set) and name in ("extend", "update", "__iadd__", "union", "intersection"):
        return len(owner) + sum(_length(arg) for arg in args)
    return 0
