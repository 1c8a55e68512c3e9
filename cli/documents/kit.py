"""The classroom kit: every printable for N groups as one print job, with a cover that maps it.

Printed duplex, every part starts on the front of a sheet (an odd page), so the stack coming out of the
printer splits into parts without a scissor; single-sided, the cards fold and no page is left blank.
"""

import csv
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import NamedTuple

from cli.documents.assembly import Part, assemble, page_ranges
from cli.documents.card_sheets import cards_document
from cli.documents.handouts import GAMES, rules_document
from cli.documents.kit_cover import Section, cover_document
from cli.documents.language import Texts
from cli.documents.names import parse_names
from cli.documents.score_docs import dreist_pad, twinit_pad
from cli.documents.trick_docs import demo_answers, demo_students, record_sheet
from cli.errors import PnpkitError
from cli.games.notation import format_deal
from cli.games.policy import demonstration, group_seed
from cli.games.trick import PlayedDeal
from cli.layout.ink import ink_mm2, ordinary_pages
from cli.layout.markup import Node
from cli.layout.sizes import Paper, card_size

MAX_GROUPS = 200  # a whole school; the cover flows over as many pages as its contents need
DEFAULT_SEED = 1
DUPLEX_FLIPS = ("long", "short")


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

    @property
    def duplex_job(self) -> bool:
        return self.duplex in DUPLEX_FLIPS


class Kit(NamedTuple):
    """The documents to write and what the cover and the closing summary say about them."""

    document: Node
    answers: Node | None  # the facilitator's file when split
    sheets: int
    pages: int
    ink: float  # ordinary pages
    starts: list[tuple[str, int]]  # each part's label and first page


def read_names_file(path: Path) -> list[list[str]]:
    """One row per group, three player names per row; blank lines are skipped."""
    try:
        with path.open(newline="", encoding="utf-8-sig") as handle:
            rows = [row for row in csv.reader(handle) if any(cell.strip() for cell in row)]
    except (OSError, UnicodeDecodeError, csv.Error) as error:
        raise PnpkitError(f"cannot read names file {path}: {getattr(error, 'strerror', None) or error}") from None
    if not rows:
        raise PnpkitError(f"names file {path} is empty; write one row per group with three names")
    groups = []
    for number, row in enumerate(rows, start=1):
        cells = [cell.strip() for cell in row if cell.strip()]
        if len(cells) != 3:
            raise PnpkitError(f"names file {path}, row {number}: {len(cells)} names; each row needs exactly 3")
        groups.append(parse_names(",".join(cells), f"names file {path}, row {number}", exactly=3))
    return groups


def check_groups(groups: int) -> int:
    if not 1 <= groups <= MAX_GROUPS:
        raise PnpkitError(f"--groups {groups} is out of range; a kit holds 1 to {MAX_GROUPS} groups")
    return groups


def check_only_group(only: int | None, groups: int) -> int | None:
    if only is not None and not 1 <= only <= groups:
        raise PnpkitError(f"--only-group {only} is not one of the kit's {groups} groups; give the same --groups "
                          "or --names-file as the kit you reprint")
    return only


def group_deals(seed: int, groups: int) -> list[PlayedDeal]:
    """A different, reproducible demonstration deal for every group."""
    deals: list[PlayedDeal] = []
    seen: set[str] = set()
    for group in range(1, groups + 1):
        played = demonstration(group_seed(seed, group), avoid=frozenset(seen))
        seen.add(format_deal(played.deal))
        deals.append(played)
    return deals


class _Builder:
    """Parts in print order, and the sections (cover rows) they form."""

    def __init__(self, options: KitOptions, settle: Callable[[Node], Node]) -> None:
        self.o, self.t, self.settle = options, options.texts, settle
        self.parts: list[Part] = []
        self.sections: list[Section] = []
        self._cards: Node | None = None
        self._rules: dict[str, Node] = {}

    def section(self, label: str, note: str, kind: str, parts: list[Part]) -> None:
        """Parts that belong together; the first starts on a new sheet."""
        first = len(self.parts)
        parts[0] = replace(parts[0], new_sheet=True)
        self.parts.extend(parts)
        self.sections.append(Section(label, kind, note, first, len(self.parts)))

    def cards(self) -> Node:
        if self._cards is None:  # every deck is the same: made once, printed for every group
            o = self.o
            mode = o.duplex if o.duplex_job or o.duplex == "none" else "fold"
            self._cards = cards_document(o.paper, self.t, *card_size("poker"), mode, o.back_offset, True, 1)
        return self._cards

    def rules(self, heading: bool) -> list[Part]:
        parts = []
        for game in GAMES:
            if game not in self._rules:
                self._rules[game] = self.settle(rules_document(game, self.o.paper, self.t))
            handout = self._rules[game]
            entry = ((self.t.t("outline_rules"), 0),) if heading and game == GAMES[0] else ()
            level = 1 if heading else 2
            parts.append(Part(handout, entry + ((handout.title, level),), new_sheet=True))
        return parts

    def group(self, number: int, played: PlayedDeal, names: list[str] | None) -> None:
        t = self.t
        label = t.t("part_group", group=number, names=f" ({', '.join(names)})" if names else "")
        parts = [Part(self.cards(), ((label, 0), (t.t("part_cards"), 1))),
                 Part(record_sheet(self.o.paper, t, names, 1, group=number), ((t.t("part_record"), 1),)),
                 Part(demo_students(played, self.o.paper, t, group=number, names=names), ((t.t("part_demo"), 1),))]
        if names:  # the group's own score sheets, its names written in
            parts.append(Part(dreist_pad(self.o.paper, t, names, 3, None, 1, 1), (("DREIst!", 1),)))
            parts.append(Part(twinit_pad(self.o.paper, t, "solo", names, 3, None, 1, 1), (("Twin It", 1),)))
        if self.o.rules_per_group:
            rules = self.rules(heading=False)
            parts.extend([replace(rules[0], bookmarks=((t.t("outline_rules"), 1), *rules[0].bookmarks)),
                          *rules[1:]])
        self.section(label, "", "group", parts)  # the note names the card pages: made with the cover

    def answers(self, groups: list[tuple[int, PlayedDeal]]) -> list[Part]:
        t = self.t
        return [Part(demo_answers(played, self.o.paper, t, group=number),
                     (((t.t("outline_answers"), 0),) if i == 0 else ()) + ((t.t("group_label", group=number), 1),))
                for i, (number, played) in enumerate(groups)]


def kit_parts(options: KitOptions, settle: Callable[[Node], Node],
              progress: Callable[[int, int], None]) -> tuple[_Builder, list[Part]]:
    """The builder holding the main document's parts and sections, and the facilitator's answer parts."""
    o, t = options, options.texts
    deals = group_deals(o.seed, o.only_group or o.groups)
    chosen = [o.only_group] if o.only_group else list(range(1, o.groups + 1))
    build = _Builder(o, settle)
    for done, number in enumerate(chosen, start=1):
        build.group(number, deals[number - 1], o.names[number - 1] if o.names else None)
        progress(done, len(chosen))
    answers = build.answers([(number, deals[number - 1]) for number in chosen])
    if o.split:
        build.sections.append(Section(t.t("part_answers"), "elsewhere", t.t("how_split", file=o.answers_file), 0, 0))
    else:
        build.section(t.t("part_answers"), t.t("how_answers"), "answers", answers)
    if not o.names and not o.only_group:  # blank sheets, to photocopy for any group
        build.section(t.t("part_scores"), t.t("how_scores"), "scores", [
            Part(dreist_pad(o.paper, t, [], 3, None, 1, 1), ((t.t("outline_scores"), 0), ("DREIst!", 1))),
            Part(twinit_pad(o.paper, t, "solo", [], 4, None, 1, 1), (("Twin It", 1),))])
    if not o.rules_per_group:
        build.section(t.t("part_rules"), t.t("how_rules"), "rules", build.rules(heading=True))
    return build, answers


def _ink(parts: list[Part]) -> float:
    """Ordinary pages of ink of the parts; a document printed several times is measured once."""
    seen: dict[int, float] = {}
    for part in parts:
        if id(part.document) not in seen:
            seen[id(part.document)] = ink_mm2(part.document)
    return ordinary_pages(sum(seen[id(part.document)] for part in parts))


def _sheets(pages: int, duplex: bool) -> int:
    return (pages + 1) // 2 if duplex else pages


def kit_document(options: KitOptions, settle: Callable[[Node], Node],
                 progress: Callable[[int, int], None] = lambda done, total: None) -> Kit:
    """The kit's document(s) and the figures its cover states.

    `settle` lays out threaded flows (a renderer pass) so page counts are final before the cover
    states them.
    """
    o, t = options, options.texts
    build, answers = kit_parts(o, settle, progress)
    parts = [Part(settle(p.document), p.bookmarks, p.new_sheet) for p in build.parts]
    duplex = o.duplex_job
    ink = _ink(parts)
    cover, ranges, figures = None, [], {}
    cover_pages = 1
    for _ in range(5):  # the cover states page numbers and its own ink, so it is made until it settles
        placeholder = Part(Node("document", {}, 0, [Node("page", {}, 0)] * cover_pages))
        ranges = page_ranges([placeholder, *parts], duplex)
        pages = ranges[-1][1]
        cover_ink = ordinary_pages(ink_mm2(cover)) if cover is not None else 0.0
        figures = {"sheets": _sheets(pages, duplex), "pages": pages, "ink": round(ink + cover_ink, 1)}
        made = settle(cover_document(o, build.sections, ranges[1:], cover_pages, figures))
        settled = cover is not None and len(made.children) == len(cover.children) == cover_pages
        cover, cover_pages = made, len(made.children)
        if settled:
            break
    else:
        raise PnpkitError("the kit's cover did not settle on a length; please report it")
    cover_part = Part(cover, ((t.t("outline_cover"), 0),), new_sheet=True)
    document = assemble([cover_part, *parts], o.paper, t, sheets=duplex, title=t.t("kit_title"),
                        subject=t.t("kit_subject"), duplex=o.duplex if duplex else "none")
    starts = [(t.t("outline_cover"), 1)] + [
        (section.label, ranges[section.first + 1][0]) for section in build.sections if section.kind != "elsewhere"]
    split = None
    if o.split:
        split = assemble(answers, o.paper, t, sheets=duplex, title=t.t("answers_file_title"),
                         subject=t.t("kit_subject"), duplex=o.duplex if duplex else "none")
    return Kit(document, split, figures["sheets"], pages, figures["ink"], starts)
