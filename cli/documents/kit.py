"""The classroom kit: every printable for N groups as one print job, with a cover that maps it.

Printed duplex, every part starts on the front of a sheet (an odd page), so the stack coming out of the
printer splits into parts without a scissor; single-sided, the cards fold and no page is left blank.
"""

from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import NamedTuple

from cli.documents.assembly import Part, assemble
from cli.documents.card_sheets import cards_document
from cli.documents.exercise_docs import group_parts
from cli.documents.handouts import GAMES, rules_document
from cli.documents.kit_cover import Section, cover_document
from cli.documents.language import Texts
from cli.documents.names import parse_names, printable, read_rows, split_row
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
    exercises: int = 0  # practice exercises on each group's worksheet (0: no worksheet)
    level: int = 3  # the worksheets' level, as `pnpkit exercises --level`
    set_id: bool = False  # each group's number on its card backs, so mixed decks can be sorted again
    back: str = "tint"  # the card backs, as `pnpkit cards --back`

    @property
    def duplex_job(self) -> bool:
        return self.duplex in DUPLEX_FLIPS


class KitFigures(NamedTuple):
    """What the cover and the closing summary say about the laid-out kit."""

    sheets: int
    pages: int
    ink: float  # ordinary pages
    starts: list[tuple[str, int]]  # each top-level part's title and first page
    light_ink: float | None = None  # the same kit with --back light, while its backs are tint


def read_names_file(path: Path) -> list[list[str]]:
    """One CSV row per group, three player names per row; blank lines are skipped."""
    rows = read_rows(path)
    if not rows:
        raise PnpkitError(f"names file {printable(str(path))} is empty; write one row per group with three names")
    if len(rows) > MAX_GROUPS:
        raise PnpkitError(f"names file {printable(str(path))} has {len(rows)} rows; a kit holds at most "
                          f"{MAX_GROUPS} groups")
    groups = []
    for number, line in rows:
        where = f"names file {printable(str(path))}, row {number}"
        cells = split_row(line, where)
        if len(cells) != 3:
            raise PnpkitError(f"{where}: {len(cells)} names; each row needs exactly 3")
        groups.append(parse_names(line, where, exactly=3))
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


def _overlay(deck: Node, marks: Node) -> Node:
    """The deck's pages with the marks' pages drawn over them; the deck's elements are shared, not copied."""
    return deck.copy(children=[page.copy(children=[*page.children, *extra.children])
                               for page, extra in zip(deck.children, marks.children, strict=True)])


class _Builder:
    """Parts in print order, and the sections (cover rows) they form."""

    def __init__(self, options: KitOptions) -> None:
        self.o, self.t = options, options.texts
        self.parts: list[Part] = []
        self.sections: list[Section] = []
        self._deck: Node | None = None  # every group's deck, before its marks
        self._rules: dict[str, Node] = {}
        self.keys: dict[int, Part] = {}  # each group's exercise key, for the facilitator's part

    def section(self, label: str, note: str, kind: str, parts: list[Part]) -> None:
        """Parts that belong together; the first starts on a new sheet."""
        first = len(self.parts)
        parts[0] = replace(parts[0], new_sheet=True)
        self.parts.extend(parts)
        self.sections.append(Section(label, kind, note, first, len(self.parts)))

    def cards(self, number: int) -> Node:
        """Group `number`'s deck: its number on the backs (with `set_id`) and in the notice area.

        Every deck is the same but for these: made once, each group's marks drawn over it, so a school's
        kit does not build (and hold) two hundred decks.
        """
        o = self.o
        deck = (o.paper, self.t, *card_size("poker"), _card_mode(o), o.back_offset, True, 1)
        if self._deck is None:
            self._deck = cards_document(*deck, back=o.back)
        marks = cards_document(*deck, back=o.back, set_id=number if o.set_id else None, group=number,
                               marks_only=True)
        return _overlay(self._deck, marks)

    def rules(self, heading: bool) -> list[Part]:
        parts = []
        for game in GAMES:
            if game not in self._rules:
                self._rules[game] = rules_document(game, self.o.paper, self.t)
            handout = self._rules[game]
            entry = ((self.t.t("outline_rules"), 0),) if heading and game == GAMES[0] else ()
            level = 1 if heading else 2
            parts.append(Part(handout, entry + ((handout.title, level),), new_sheet=True))
        return parts

    def group(self, number: int, played: PlayedDeal, names: list[str] | None) -> None:
        """The group's material. Printed duplex, whatever goes to other hands or to another lesson starts
        on its own sheet: the cards (an adult cuts them), the record sheet with the students' page (the
        trick lesson: back to back), the worksheet (practice, maybe photocopied), the score sheets (the
        games' scorer), each rule handout."""
        t = self.t
        label = t.t("part_group", group=number, names=f" ({', '.join(names)})" if names else "")
        parts = [Part(self.cards(number), ((label, 0), (t.t("part_cards"), 1))),
                 Part(record_sheet(self.o.paper, t, names, 1, group=number), ((t.t("part_record"), 1),),
                      new_sheet=True),
                 Part(demo_students(played, self.o.paper, t, group=number, names=names), ((t.t("part_demo"), 1),))]
        if self.o.exercises:
            worksheet, key = group_parts(self.o.seed, number, self.o.exercises, self.o.paper, t,
                                         level=self.o.level)
            parts.append(replace(worksheet, new_sheet=True))
            self.keys[number] = key
        if names:  # the group's own score sheets, its names written in
            parts.append(Part(dreist_pad(self.o.paper, t, names, 3, None, 1, 1), (("DREIst!", 1),), new_sheet=True))
            parts.append(Part(twinit_pad(self.o.paper, t, "solo", names, 3, None, 1, 1), (("Twin It", 1),)))
        if self.o.rules_per_group:
            rules = self.rules(heading=False)
            parts.extend([replace(rules[0], bookmarks=((t.t("outline_rules"), 1), *rules[0].bookmarks)),
                          *rules[1:]])
        self.section(label, "", "group", parts)  # the note names the card pages: made with the cover

    def answers(self, groups: list[tuple[int, PlayedDeal]]) -> list[Part]:
        t = self.t
        parts = []
        for i, (number, played) in enumerate(groups):
            parts.append(Part(demo_answers(played, self.o.paper, t, group=number),
                              (((t.t("outline_answers"), 0),) if i == 0 else ())
                              + ((t.t("group_label", group=number), 1),)))
            if number in self.keys:
                parts.append(self.keys[number])
        return parts


def kit_parts(options: KitOptions, progress: Callable[[int, int], None]) -> tuple[_Builder, list[Part]]:
    """The builder holding the main document's parts and sections, and the facilitator's answer parts."""
    o, t = options, options.texts
    deals = group_deals(o.seed, o.only_group or o.groups)
    chosen = [o.only_group] if o.only_group else list(range(1, o.groups + 1))
    build = _Builder(o)
    for done, number in enumerate(chosen, start=1):
        build.group(number, deals[number - 1], o.names[number - 1] if o.names else None)
        progress(done, len(chosen))
    answers = build.answers([(number, deals[number - 1]) for number in chosen])
    if o.split:
        build.sections.append(Section(t.t("part_answers"), "elsewhere", t.t("how_split", file=o.answers_file), 0, 0))
    else:
        build.section(t.t("part_answers"), t.t("how_answers"), "answers", answers)
    if not o.only_group:  # blank masters to photocopy (spares too when names fill each group's): one a sheet
        build.section(t.t("part_scores"), t.t("how_scores"), "scores", [
            Part(dreist_pad(o.paper, t, [], 3, None, 1, 1), ((t.t("outline_scores"), 0), ("DREIst!", 1))),
            Part(twinit_pad(o.paper, t, "solo", [], 4, None, 1, 1), (("Twin It", 1),), new_sheet=True)])
    if not o.rules_per_group:
        build.section(t.t("part_rules"), t.t("how_rules"), "rules", build.rules(heading=True))
    return build, answers


def kit_document(options: KitOptions,
                 progress: Callable[[int, int], None] = lambda done, total: None) -> tuple[Node, Node | None]:
    """The kit and, with `split`, the facilitator's file of answer keys.

    The cover names parts' pages by reference (`page_span`), and the kit's figures by FIGURES tokens:
    both are known only once the layout pass has made every page (see `kit_figures`, `fill_figures`).
    """
    o, t = options, options.texts
    build, answers = kit_parts(o, progress)
    duplex = o.duplex_job
    cover = cover_document(o, build.sections)
    document = assemble([Part(cover, ((t.t("outline_cover"), 0),)), *build.parts], o.paper, t, sheets=duplex,
                        title=t.t("kit_title"), subject=t.t("kit_subject"), duplex=o.duplex if duplex else "none")
    split = None
    if o.split:
        split = assemble(answers, o.paper, t, sheets=duplex, title=t.t("answers_file_title"),
                         subject=t.t("kit_subject"), duplex=o.duplex if duplex else "none")
    return document, split


def kit_figures(laid: Node, options: KitOptions) -> KitFigures:
    """Sheets, pages, ink and part starts of the laid-out kit (every page final); with tint backs, the ink
    the kit would take with light ones (what the cover offers for card stock)."""
    pages = len(laid.children)
    starts = [(title, number) for number, page in enumerate(laid.children, start=1)
              for title, level in (page.outline or ()) if level == 0]
    mm2 = sum(ink_mm2(page) for page in laid.children)
    light = None
    if options.back == "tint":
        decks = 1 if options.only_group else options.groups
        light = round(ordinary_pages(mm2 - decks * _light_backs_saving(options)), 1)
    sheets = (pages + 1) // 2 if options.duplex_job else pages
    return KitFigures(sheets, pages, round(ordinary_pages(mm2), 1), starts, light)


def _light_backs_saving(options: KitOptions) -> float:
    """The ink (mm² of black) one deck saves with light backs instead of tint: the two decks' difference
    (their fronts are the same)."""
    deck = (options.paper, options.texts, *card_size("poker"), _card_mode(options), options.back_offset)
    ink = {back: sum(ink_mm2(page) for page in cards_document(*deck, back=back).children)
           for back in ("tint", "light")}
    return ink["tint"] - ink["light"]


def _card_mode(options: KitOptions) -> str:
    """The decks' imposition: the kit's duplex flip, or fold when printed single-sided."""
    return options.duplex if options.duplex_job or options.duplex == "none" else "fold"
