"""Player names typed by people: counted, trimmed, and short enough to fit their cells."""

from cli.errors import PnpkitError

MAX_NAME = 16  # characters that fit a header cell at the smallest size a child still reads


def parse_names(text: str, option: str, exactly: int | None = None) -> list[str]:
    """Comma-separated names; each non-empty and at most MAX_NAME characters."""
    names = [name.strip() for name in text.split(",")]
    for position, name in enumerate(names, start=1):
        if not name:
            raise PnpkitError(f"{option}: name {position} is empty; write names separated by commas, e.g. Ana,Bo,Cy")
        if len(name) > MAX_NAME:
            raise PnpkitError(f"{option}: name '{name}' has {len(name)} characters; at most {MAX_NAME} fit a cell")
    if exactly is not None and len(names) != exactly:
        raise PnpkitError(
            f"{option} names {len(names)} players; the trick game needs exactly {exactly}, e.g. Ana,Bo,Cy")
    return names
