"""Parse lengths and sizes given by users or data files; millimetres everywhere."""

import re

from cli.errors import PnpkitError

MM_PER_PT = 25.4 / 72

_NUMBER = r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)"


def parse_size(text: str, what: str) -> tuple[float, float]:
    """A size 'WxH' in millimetres, e.g. '60x90'."""
    match = re.fullmatch(rf"\s*({_NUMBER})\s*[xX×]\s*({_NUMBER})\s*(?:mm)?\s*", text)
    if not match:
        raise PnpkitError.of("size_form", what=what, value=text)
    width, height = float(match.group(1)), float(match.group(2))
    if width <= 0 or height <= 0:
        raise PnpkitError.of("size_form.positive", what=what, value=text)
    return width, height


def is_length(text: str) -> bool:
    """Whether `text` is one number of millimetres as a size or an offset reads it ('1.5', '-.5'; not '1e3', 'nan')."""
    return re.fullmatch(_NUMBER, text.replace("\u2212", "-")) is not None


def parse_offset(text: str, what: str) -> tuple[float, float]:
    """An offset 'X,Y' in millimetres, e.g. '1.5,-0.5'."""
    match = re.fullmatch(rf"\s*({_NUMBER})\s*[,;]\s*({_NUMBER})\s*", text.replace("\u2212", "-"))
    if not match:
        raise PnpkitError(f"{what}: '{text}' is not an offset; write X,Y in mm, e.g. 1.5,-0.5")
    return float(match.group(1)), float(match.group(2))
