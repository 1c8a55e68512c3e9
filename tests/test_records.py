"""A Record behaves as the typing.NamedTuple it replaces: a tuple with named, typed, defaulted fields."""

import copy
import pickle
import subprocess
import sys
from pathlib import Path
from typing import NamedTuple

import pytest

from cli.records import Record

ROOT = Path(__file__).resolve().parents[1]


class Box(Record):
    """A box."""

    x: float
    y: float
    label: str = ""
    layer: int = 2

    @property
    def area(self) -> float:
        return self.x * self.y

    def __str__(self) -> str:
        return super().__repr__() + "!"


class NamedBox(NamedTuple):
    x: float
    y: float
    label: str = ""
    layer: int = 2


@pytest.mark.parametrize("args, named", [((1, 2), {}), ((1, 2, "a"), {}), ((1, 2, "a", 5), {}),
                                         ((1,), {"y": 3}), ((), {"x": 1, "y": 2, "layer": 5}),
                                         ((1, 2), {"layer": 0})])
def test_made_as_a_named_tuple_is(args, named):
    box, named_box = Box(*args, **named), NamedBox(*args, **named)
    assert box == named_box and tuple(box) == tuple(named_box) and hash(box) == hash(named_box)
    assert repr(box) == repr(named_box).replace("NamedBox", "Box") and str(box) == repr(box) + "!"
    assert box._asdict() == named_box._asdict()
    assert box._replace(label="z", x=0) == named_box._replace(label="z", x=0)


def test_fields_methods_and_copies():
    box = Box(3, 2)
    x, y, label, layer = box
    assert (x, y, label, layer, box[-1], box.area) == (3, 2, "", 2, 2, 6)
    assert Box._fields == NamedBox._fields and Box._field_defaults == NamedBox._field_defaults
    assert Box.__doc__ == "A box." and Box.__annotations__ == NamedBox.__annotations__
    assert Box._make([1, 2, "c", 4]) == (1, 2, "c", 4) and type(Box._make([1, 2, "c", 4])) is Box
    assert pickle.loads(pickle.dumps(box)) == box and copy.copy(box) == box and copy.deepcopy(box) == box
    match box:
        case Box(3, height):
            assert height == 2
        case _:
            pytest.fail("a Record matches by position")


@pytest.mark.parametrize("make, message", [
    (lambda: Box(1), "missing required argument: 'y'"),
    (lambda: Box(1, 2, "a", 4, 5), "takes 4 arguments but 5 were given"),
    (lambda: Box(1, 2, depth=1), "unexpected keyword argument 'depth'"),
    (lambda: Box(1, 2, x=1), "multiple values for argument 'x'"),
    (lambda: Box(1, 2)._replace(depth=1), "no field 'depth'"),
    (lambda: Box._make([1, 2]), "expected 4 values, got 2"),
])
def test_wrong_arguments_are_refused_as_a_call_refuses_them(make, message):
    with pytest.raises(TypeError, match=message):
        make()


def test_immutable_and_without_a_dict():
    box = Box(1, 2)
    with pytest.raises(AttributeError):
        box.x = 3
    with pytest.raises(AttributeError):
        box.depth = 3


def test_a_required_field_after_a_defaulted_one_is_refused():
    with pytest.raises(TypeError, match="without a default follows"):
        type("Bad", (Record,), {"__annotations__": {"a": int, "b": int}, "a": 1, "__module__": __name__})


def test_a_record_is_not_derived_from():
    with pytest.raises(TypeError, match="derives from Record alone"):
        type("Deeper", (Box,), {"__module__": __name__})


def test_records_work_where_python_has_no_private_tuplegetter():
    # collections._tuplegetter is private: a Python without it must still run every command (the fallback)
    code = ("import builtins\nreal = builtins.__import__\n"
            "def guarded(name, *args):\n"
            "    if name == 'collections' and '_tuplegetter' in (args[2] if len(args) > 2 and args[2] else ()):\n"
            "        raise ImportError('no _tuplegetter')\n"
            "    return real(name, *args)\n"
            "builtins.__import__ = guarded\n"
            "from cli.records import Record\n"
            "class P(Record):\n    x: int\n    y: int = 2\n"
            "p = P(1)\nassert (p.x, p.y, p) == (1, 2, (1, 2)) and isinstance(type(p).x, property)\n"
            "assert p._replace(y=5) == (1, 5)\n")
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
