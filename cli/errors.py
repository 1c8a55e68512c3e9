"""The one error type the CLI turns into a single stderr line and exit code 2."""


class PnpkitError(Exception):
    """A problem the user can fix: the message names it and says how."""


class MarkupError(PnpkitError):
    """A template or its markup is broken: the message names the file, the line and the problem."""


class ContentOverflow(MarkupError):
    """Content needs more room than its box gives it."""
