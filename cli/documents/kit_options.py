"""A kit's settings, and the checks of its groups and names file (before any work is done)."""

from dataclasses import dataclass
from pathlib import Path

from cli.documents.language import Texts
from cli.documents.names import (
    clean_name,
    heading_row,
    printable,
    read_rows,
    repeated,
    split_row,
    without_padding,
)
from cli.errors import PnpkitError
from cli.games.trick import PLAYERS
from cli.layout.imposition import DUPLEX_FLIPS
from cli.layout.sizes import Paper
from cli.records import Record

GROUP = len(PLAYERS)  # names in a row of the class list: the players of one group
MAX_GROUPS = 200  # a whole school; the cover flows over as many pages as its contents need


@dataclass(frozen=True)
class KitOptions:
    paper: Paper
    texts: Texts
    duplex: str  # long or short: one duplex job; fold or none: single-sided
    groups: int
    seed: int
    names: list[list[str]] | None
    back_offset: tuple[float, float] = (0.0, 0.0)
    title: str | None = None
    only_group: int | None = None
    split: bool = False  # the facilitator's answer keys go to a file of their own
    rules_per_group: bool = False
    command: str = "pnpkit kit"  # the exact command that makes this kit again, printed on the cover
    answers_file: str = ""  # where the answer keys go with `split`, as the cover names it
    exercises: int = 0  # practice exercises on each group's worksheet (0: no worksheet)
    level: int = 3  # the worksheets' level, as `pnpkit exercises --level`
    set_id: bool = False  # each group's number on its card backs, so mixed decks can be sorted again
    back: str = "tint"  # the card backs, as `pnpkit cards --back`
    large_print: bool = False  # every page but the cover and the cards in large print (body 16 pt)

    @property
    def duplex_job(self) -> bool:
        return self.duplex in DUPLEX_FLIPS

    @property
    def card_mode(self) -> str:
        """The decks' imposition: the kit's duplex flip, or fold when printed single-sided."""
        return self.duplex if self.duplex_job or self.duplex == "none" else "fold"


class ClassList(Record):
    """A names file read: its groups, and the line it skipped as column headings (0: none) with their cells."""

    groups: list[list[str]]
    headings_line: int = 0
    headings: tuple[str, ...] = ()


def read_names_file(path: Path) -> ClassList:
    """One CSV row per group, three player names per row; blank lines are skipped, and a first line of column
    headings ('Prénom 1;Prénom 2;Prénom 3', as a spreadsheet saves it) too: the command says so."""
    rows = read_rows(path)
    if not rows:
        raise PnpkitError.of("names_empty", path=printable(str(path)))
    top = rows[0][0]
    first = without_padding(split_row(rows[0][1], f"names file {printable(str(path))}, row {top}"))
    headings = tuple(cell.strip() for cell in first) if heading_row(first) else ()
    if headings:
        rows = rows[1:]
        if not rows:
            raise PnpkitError.of("names_headings_only", path=printable(str(path)), row=top)
    if len(rows) > MAX_GROUPS:
        raise PnpkitError.of("names_many", path=printable(str(path)), count=len(rows), max=MAX_GROUPS)
    groups = []
    for number, line in rows:
        where = f"names file {printable(str(path))}, row {number}"
        cells = without_padding(split_row(line, where), keep=GROUP)
        if len(cells) != GROUP:
            raise PnpkitError.of("names_row", path=printable(str(path)), row=number, count=len(cells))
        group = [clean_name(cell, where, position) for position, cell in enumerate(cells, start=1)]
        if repeated(group):
            raise PnpkitError.of("names_twice", path=printable(str(path)), row=number, value=repeated(group))
        groups.append(group)
    return ClassList(groups, top if headings else 0, headings)


def check_groups(groups: int) -> int:
    if groups < 0:  # not a count: never echoed as '-1 groups'
        raise PnpkitError.of("groups_negative", value=groups, max=MAX_GROUPS)
    if not 1 <= groups <= MAX_GROUPS:
        raise PnpkitError.of("groups_range", value=groups, max=MAX_GROUPS)
    return groups


def check_only_group(only: int | None, groups: int) -> int | None:
    if only is not None and not 1 <= only <= groups:
        raise PnpkitError.of("only_group", value=only, groups=groups)
    return only
