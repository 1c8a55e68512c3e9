"""Draw validated layout markup with ReportLab: the only package that imports it.

ReportLab imports Pillow's Image module when it starts (for raster images, which pnpkit never
draws), and HarfBuzz (`uharfbuzz`, 2 MiB of compiled code, for complex scripts, which few documents
hold). A stand-in takes the place of each until something uses it (a preview, an Arabic name): the
first attribute asked of it loads the real module, which from then on answers every use. ReportLab
only tests that HarfBuzz is there when it starts, which the stand-in answers without loading it.
"""

import importlib
import sys
import types


class _Deferred(types.ModuleType):
    """A module until first use."""

    def __getattr__(self, attribute: str) -> object:
        if sys.modules.get(self.__name__) is self:
            del sys.modules[self.__name__]
        return getattr(importlib.import_module(self.__name__), attribute)


for _name in ("PIL.Image", "uharfbuzz"):
    if _name not in sys.modules:  # both are dependencies (pyproject.toml): always there to load
        sys.modules[_name] = _Deferred(_name)
