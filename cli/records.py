"""Record: a typed, immutable tuple with named fields, written as a typing.NamedTuple, made at a quarter of its cost.

typing.NamedTuple compiles a constructor from source for each class (collections.namedtuple), then sets the
class's bases again (the interpreter redoes every slot) and checks each annotation: 0.7 M instructions a
class, 18 M for the 26 classes a `pnpkit cards` run defines (measured with valgrind, 2 Dec 2026). A Record
class is made by one type() call with a shared constructor; it is a tuple all the same (equality, hashing,
unpacking, indexing) with _fields, _field_defaults, _replace, _asdict, _make and a NamedTuple's repr.

    class Box(Record):
        x: float
        y: float
        label: str = ""
"""

from operator import itemgetter

try:
    from collections import _tuplegetter  # the C accessor collections.namedtuple uses for each field
except ImportError:  # a private name: where a Python drops it, a property reads each field, a little slower
    def _tuplegetter(index: int, doc: str) -> property:
        return property(itemgetter(index), doc=doc)
from typing import Any, dataclass_transform

_NAMESPACE_ONLY = frozenset({"__module__", "__qualname__", "__annotations__", "__doc__"})


@dataclass_transform(frozen_default=True)
class _RecordType(type):
    """Turns the annotated fields of a class body into tuple positions, its defaults into the constructor's."""

    def __new__(mcls, name: str, bases: tuple, namespace: dict[str, Any]):
        if bases == (tuple,):  # Record itself
            return super().__new__(mcls, name, bases, namespace)
        if bases != (Record,):
            raise TypeError(f"{name}: a Record class derives from Record alone, and is not derived from")
        fields = tuple(namespace.get("__annotations__", {}))
        defaults = tuple(namespace[field] for field in fields if field in namespace)
        required = fields[:len(fields) - len(defaults)]
        if any(field in namespace for field in required):
            raise TypeError(f"{name}: a field without a default follows one with a default")
        body = {key: value for key, value in namespace.items() if key not in fields}
        body.update(__slots__=(), _fields=fields, __match_args__=fields, _defaults=defaults,
                    _field_defaults=dict(zip(fields[len(required):], defaults, strict=True)))
        body.update((field, _tuplegetter(index, f"The field {field}.")) for index, field in enumerate(fields))
        return super().__new__(mcls, name, (Record,), body)


class Record(tuple, metaclass=_RecordType):
    """Derive from it and annotate the fields, as with typing.NamedTuple."""

    __slots__ = ()
    _fields: tuple[str, ...] = ()
    _defaults: tuple = ()

    def __new__(cls, *args, **named):
        fields = cls._fields
        if not named:  # the common case: every field, or the first ones, by position
            missing = len(fields) - len(args)
            if missing == 0:
                return tuple.__new__(cls, args)
            if 0 < missing <= len(cls._defaults):
                return tuple.__new__(cls, args + cls._defaults[len(cls._defaults) - missing:])
        return tuple.__new__(cls, cls._bind(args, named))

    @classmethod
    def _bind(cls, args: tuple, named: dict[str, Any]) -> tuple:
        """The values in field order, from positions, names and defaults; a TypeError as a function call gives."""
        fields = cls._fields
        if len(args) > len(fields):
            raise TypeError(f"{cls.__name__}() takes {len(fields)} arguments but {len(args)} were given")
        values = list(args)
        for field in fields[len(args):]:
            if field in named:
                values.append(named.pop(field))
            elif field in cls._field_defaults:
                values.append(cls._field_defaults[field])
            else:
                raise TypeError(f"{cls.__name__}() missing required argument: '{field}'")
        if named:
            name = next(iter(named))
            twice = name in fields[:len(args)]
            raise TypeError(f"{cls.__name__}() got {'multiple values for' if twice else 'an unexpected keyword'} "
                            f"argument '{name}'")
        return tuple(values)

    @classmethod
    def _make(cls, iterable):
        values = tuple(iterable)
        if len(values) != len(cls._fields):
            raise TypeError(f"{cls.__name__}._make: expected {len(cls._fields)} values, got {len(values)}")
        return tuple.__new__(cls, values)

    def _replace(self, **changes):
        values = tuple(map(changes.pop, self._fields, self))  # each field changed, or kept
        if changes:
            raise TypeError(f"{type(self).__name__}._replace: no field {', '.join(map(repr, changes))}")
        return tuple.__new__(type(self), values)

    def _asdict(self) -> dict[str, Any]:
        return dict(zip(self._fields, self, strict=True))

    def __getnewargs__(self) -> tuple:
        return tuple(self)

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={value!r}" for name, value in zip(self._fields, self, strict=True))
        return f"{type(self).__name__}({shown})"
