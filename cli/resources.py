"""Find the data folders (templates, layouts, fonts) in a checkout or inside an installed wheel."""

from functools import cache
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


@cache
def data_dir(name: str) -> Path:
    """The folder `name`: `cli/_data/<name>` in a wheel, `<repo>/<name>` in a checkout."""
    for candidate in (_PACKAGE / "_data" / name, _PACKAGE.parent / name):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"pnpkit data folder '{name}' is missing; reinstall pnpkit")
