"""Draw validated layout markup with ReportLab: the only package that imports it.

ReportLab imports Pillow's Image module when it starts (for raster images, which pnpkit never
draws). A stand-in takes its place until something uses it (a preview does): the first attribute
asked of it loads the real module, which from then on answers every use.
"""

import importlib
import sys
import types


class _Deferred(types.ModuleType):
    """PIL.Image until first use."""

    def __getattr__(self, attribute: str) -> object:
        if sys.modules.get(self.__name__) is self:
            del sys.modules[self.__name__]
        return getattr(importlib.import_module(self.__name__), attribute)


if "PIL.Image" not in sys.modules:
    sys.modules["PIL.Image"] = _Deferred("PIL.Image")
