"""Find the data folders (templates, layouts, fonts) in a checkout, an installed wheel, or your own copy.

Set PNPKIT_TEMPLATES, PNPKIT_LAYOUTS or PNPKIT_FONTS to a folder to print with your own versions.
"""

import os
from functools import cache
from pathlib import Path

from cli.errors import PnpkitError

_PACKAGE = Path(__file__).resolve().parent


@cache
def data_dir(name: str) -> Path:
    """The folder `name`: your override, else `cli/_data/<name>` in a wheel, else `<repo>/<name>`."""
    override = os.environ.get(f"PNPKIT_{name.upper()}")
    if override:
        if not Path(override).is_dir():
            raise PnpkitError(f"PNPKIT_{name.upper()}={override} is not a folder; fix or unset it")
        return Path(override)
    for candidate in (_PACKAGE / "_data" / name, _PACKAGE.parent / name):
        if candidate.is_dir():
            return candidate
    raise PnpkitError(f"pnpkit data folder '{name}' is missing; reinstall pnpkit")
