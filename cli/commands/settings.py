"""One `PrintSettings` per command: paper, texts, flip and back offset, resolved once from the options and
the printer profile (an option given wins over the profile, the profile over the defaults)."""

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from cli.records import Record

if TYPE_CHECKING:  # the documents layer is imported only when a command runs
    from cli.documents.language import Texts
    from cli.layout.sizes import Paper


class PrintSettings(Record):
    paper: "Paper"
    texts: "Texts"
    flip: str  # long or short (duplex), fold or none (single-sided)
    back_offset: tuple[float, float]  # mm the backs are shifted by (--back-offset)


@contextmanager
def profile_offset_named(printer: str | None, back_offset: str | None) -> Iterator[None]:
    """An offset refused by the layout names the printer profile it came from, not an option never typed."""
    from cli.errors import PnpkitError
    from cli.layout.imposition import OffsetOutside

    try:
        yield
    except OffsetOutside as error:
        if back_offset is not None or printer is None:
            raise
        from cli.profiles import profiles_path

        why = str(error).removeprefix("--back-offset ")
        raise PnpkitError(f"printer profile '{printer}' in {profiles_path()}: its back_offset {why}; save it "
                          f"again with 'pnpkit printer save {printer} --back-offset X,Y'") from None


def print_settings(*, paper: str | None, lang: str, printer: str | None = None, flip: str | None = None,
                   back_offset: str | None = None, check_flip: bool = True) -> PrintSettings:
    """The checked settings; `check_flip` False leaves the flip to a document that takes only some (calibrate)."""
    from cli.documents.language import parse_lang
    from cli.errors import PnpkitError
    from cli.layout.imposition import DUPLEX_MODES
    from cli.layout.sizes import paper as find_paper
    from cli.layout.units import parse_offset
    from cli.profiles import FLIPS, resolve

    given = parse_offset(back_offset, "--back-offset") if back_offset is not None else None
    chosen = resolve(printer, paper, flip, given)
    if check_flip and chosen.duplex not in DUPLEX_MODES:
        raise PnpkitError(f"unknown duplex mode '{chosen.duplex}'; use one of: {', '.join(DUPLEX_MODES)}")
    if given is None and chosen.duplex not in FLIPS:  # a profile's offset was measured for a duplex flip
        chosen = chosen._replace(back_offset=(0.0, 0.0))
    import cli.render.text  # noqa: F401  installs the metrics the layout pass and the documents measure with

    return PrintSettings(find_paper(chosen.paper), parse_lang(lang), chosen.duplex, chosen.back_offset)
