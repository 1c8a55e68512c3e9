"""The classroom kit: every printable for N groups as one print job, with a cover that maps it.

Printed duplex, every part that changes hands starts on the front of a sheet (an odd page), so the stack
coming out of the printer splits into parts without a scissor; masters to photocopy print back to back (the
blank score sheets, one-page handouts: `Part.shares_back`). Single-sided, the cards fold and no page is left
blank.
"""

from collections.abc import Callable
from dataclasses import replace

from cli.documents.assembly import Part, assemble, make_document, pupil_copies
from cli.documents.card_sheets import SheetPlan
from cli.documents.exercise_docs import group_parts
from cli.documents.guide_docs import guide_document
from cli.documents.guide_pages import Item, where_words
from cli.documents.handouts import handout_title, rules_document
from cli.documents.kit_cover import Section, cover_document, fill_figures, kit_title
from cli.documents.kit_figures import KitFigures, deck_plan, kit_deck, kit_figures
from cli.documents.kit_options import (
    DUPLEX_FLIPS,
    MAX_GROUPS,
    KitOptions,
    check_groups,
    check_only_group,
    read_names_file,
)
from cli.documents.score_docs import dreist_pad, twinit_pad
from cli.documents.stencil import Stencils
from cli.documents.trick_docs import demo_answers, demo_students, record_sheet
from cli.games import dreist
from cli.games.guide_deal import guide_deal
from cli.games.notation import format_deal
from cli.games.policy import demonstration, group_seed
from cli.games.trick import PLAYERS, PlayedDeal
from cli.layout.contents import ELSEWHERE, Span, elsewhere, with_contents
from cli.layout.markup import Element, make
from cli.layout.measure import metrics
from cli.layout.pagination import LaidOut, lay_out
from cli.records import Record

__all__ = [  # kept importable from here: the kit's options and figures have modules of their own
    "DUPLEX_FLIPS", "MAX_GROUPS", "KitFigures", "KitOptions", "check_groups", "check_only_group", "group_deals",
    "kit_document", "kit_figures", "kit_parts", "laid_kit", "read_names_file",
]

KIT_RULES = ("trick", "twinit", "dreist")  # the kit's handouts in print order: the one-page ones pair up


def group_deals(seed: int, groups: int) -> list[PlayedDeal]:
    """A different, reproducible demonstration deal for every group."""
    deals: list[PlayedDeal] = []
    seen: set[str] = set()
    for group in range(1, groups + 1):
        played = demonstration(group_seed(seed, group), avoid=frozenset(seen))
        seen.add(format_deal(played.deal))
        deals.append(played)
    return deals


def _overlay(deck: Element, marks: Element) -> Element:
    """The deck's pages with the marks' pages drawn over them; the deck's elements are shared, not copied."""
    return deck.copy(children=[page.copy(children=[*page.children, *extra.children])
                               for page, extra in zip(deck.children, marks.children, strict=True)])


def _own_sheets(parts: list[Part], copies: list[tuple[str, int]]) -> list[Part]:
    """Each child's copy on a sheet of its own, found in the outline under the child's name (`copies`)."""
    return [replace(part, bookmarks=(*part.bookmarks, copy), new_sheet=True)
            for part, copy in zip(parts, copies, strict=True)]


class _Builder:
    """Parts in print order, and the sections (cover rows) they form."""

    def __init__(self, options: KitOptions) -> None:
        self.options, self.texts, self.large = options, options.texts, options.large_print
        self.parts: list[Part] = []
        self.sections: list[Section] = []
        self._deck: Element | None = None  # every group's deck, before its marks
        self._plan: SheetPlan | None = None  # its sheets, planned once
        self._stencils = Stencils()  # the group documents made once, the group's tag swapped in copies
        self._rules: dict[str, Element] = {}
        self.keys: dict[int, Part] = {}  # each group's exercise key, for the facilitator's part
        self.numbers: list[int] = []  # the groups' numbers, in the order of their sections

    def section(self, label: list[str], note: list[str], kind: str, parts: list[Part],
                items: tuple[tuple[str, int, int], ...] = ()) -> None:
        """Parts that belong together; the first starts on a new sheet. `items`: the section's items, each its
        catalogue key and its parts (first..end-1, counted in `parts`)."""
        first = len(self.parts)
        parts[0] = replace(parts[0], new_sheet=True)
        self.parts.extend(parts)
        self.sections.append(Section(label, kind, note, first, len(self.parts),
                                     tuple((key, first + start, first + end) for key, start, end in items)))

    def cards(self, number: int) -> Element:
        """Group `number`'s deck: its number on the backs (with `set_id`) and in the notice area.

        Every deck is the same but for these: made once, each group's marks drawn over it, so a school's
        kit does not build (and hold) two hundred decks.
        """
        if self._deck is None:
            self._plan = deck_plan(self.options)
            self._deck = kit_deck(self.options, plan=self._plan)
        if self.options.set_id:  # the number drawn on a label sized to it: each group's marks made anew
            return _overlay(self._deck, kit_deck(self.options, set_id=number, group=number, marks_only=True,
                                                 plan=self._plan))
        return _overlay(self._deck, self._stencilled("marks", number, lambda: kit_deck(
            self.options, group=number, marks_only=True, plan=self._plan)))

    def record(self, number: int, names: list[str] | None) -> Element:
        """Group `number`'s record sheet: with the class list, its names written in; blank, the same sheet
        for every group but for the group's tag."""
        def make() -> Element:
            return record_sheet(self.options.paper, self.texts, names=names, group=number, large_print=self.large)

        return make() if names else self._stencilled("record", number, make)

    def _stencilled(self, kind: str, number: int, make: Callable[[], Element]) -> Element:
        """A document that differs from group to group only in the group's tag: made once, copied."""
        return self._stencils.document(kind, self.texts.each("group_label", group=number), make)

    def rules(self, heading: bool) -> list[Part]:
        """The handouts, each a master to photocopy on a sheet of its own, except that a one-page handout takes
        the empty back of the one before: the lesson's game first, then Twin It (one page in one language),
        then DREIst! (two)."""
        parts = []
        for i, game in enumerate(KIT_RULES):
            if game not in self._rules:
                self._rules[game] = rules_document(game, self.options.paper, self.texts, large=self.large)
            handout = self._rules[game]
            entry = ((self.texts.t("outline_rules"), 0),) if heading and i == 0 else ()
            level = 1 if heading else 2
            parts.append(Part(handout, entry + ((handout.title, level),), new_sheet=True, shares_back=i > 0))
        return parts

    def group(self, number: int, played: PlayedDeal, names: list[str] | None) -> None:
        """The group's material. Printed duplex, whatever goes to other hands or to another lesson starts
        on its own sheet: the cards (an adult cuts them), the record sheet (one per group), each player's
        students' page and worksheet (one per child, named from the class list), the score sheets (the
        games' scorer), each rule handout."""
        options, texts, paper = self.options, self.texts, self.options.paper
        named = f" ({', '.join(names)})" if names else ""
        label = texts.t("part_group", group=number, names=named)
        pupils = names or [""] * len(PLAYERS)
        parts = [Part(self.cards(number), ((label, 0), (texts.t("part_cards"), 1))),
                 Part(self.record(number, names), ((texts.t("part_record"), 1),), new_sheet=True)]
        items = [("part_cards", 0, 1), ("part_record", 1, 2)]  # what the cover lists, with its parts

        def add(key: str, more: list[Part]) -> None:
            items.append((key, len(parts), len(parts) + len(more)))
            parts.extend(more)

        # one copy per child, each on a sheet of its own, found in the outline under the child's name
        copies = [((pupil or texts.t("copy_n", n=i)), 2) for i, pupil in enumerate(pupils, start=1)]
        students = pupil_copies(pupils, lambda pupil: demo_students(played, paper, texts, group=number,
                                                                    names=names, pupil=pupil,
                                                                    large_print=self.large),
                                (texts.t("part_demo"), 1))
        add("part_demo", _own_sheets(students, copies))
        if options.exercises:
            worksheets, key = group_parts(options.seed, number, options.exercises, paper, texts, large=self.large,
                                          level=options.level, pupils=pupils)
            add("part_exercises", _own_sheets(worksheets, copies))
            self.keys[number] = key
        if names:  # the group's own score sheets, its names written in
            add("item_scores", [
                Part(dreist_pad(paper, texts, names=names, players=3, large_print=self.large), (("DREIst!", 1),),
                     new_sheet=True),
                Part(twinit_pad(paper, texts, variant="solo", names=names, players=3, large_print=self.large),
                     (("Twin It", 1),))])
        if options.rules_per_group:
            rules = self.rules(heading=False)
            add("item_rules", [replace(rules[0], bookmarks=((texts.t("outline_rules"), 1), *rules[0].bookmarks)),
                               *rules[1:]])
        # the note lists its items' pages: made with the cover; its label says who sits at A, B and C, before the
        # pupils' pages are handed out (fourth teacher review #8)
        self.section(texts.each("part_group", group=number, names=self.seats(names)), [], "group", parts, tuple(items))
        self.numbers.append(number)

    def item(self, key: str, *, name: str = "", first_only: bool = False, base: int = 1) -> Item:
        """The groups' parts of item `key` (a group section's item) as numbered in the assembled kit (`base`: the
        first part after the cover's), named by `name` (default `key`); `first_only`: its first part alone (the
        trick game's handout of the three). Its group's number with each, unless the kit holds one group."""
        teams = [section for section in self.sections if section.kind == "group"]
        spans = []
        for number, team in zip(self.numbers, teams, strict=True):
            for item, first, end in team.items:
                if item == key:
                    spans.append((number if len(teams) > 1 else 0, first + base,
                                  first + base + 1 if first_only else end + base))
        return Item(name or key, tuple(spans))

    def guide_where(self, *, guide: int | None, worksheets: bool, base: int = 1) -> dict[str, Callable[[str], str]]:
        """By step, the kit's pages of what the guide's step uses. `guide`: the guide's part, the answer keys
        after it in its section; None when they are in a file of their own, whose references name the kit's parts
        from `base` (cli/layout/contents.py ELSEWHERE). The trick game's handout is in the rules' section, or in
        each group's."""
        groups = sum(section.kind == "group" for section in self.sections)
        name = "item_keys" if groups * (2 if worksheets else 1) > 1 else "item_key"  # a demonstration's, a sheet's
        keys = Item(name, ())  # in their own file, right after the guide
        if guide is not None:
            answers = next(section for section in self.sections if section.kind == "answers")
            keys = Item(name, ((0, guide + 2, answers.end + 1),) if answers.end > guide + 1 else ())
        rules = [section for section in self.sections if section.kind == "rules"]
        handout = (Item("item_handout", ((0, rules[0].first + base, rules[0].first + base + 1),)) if rules
                   else self.item("item_rules", name="item_handout", first_only=True, base=base))
        cards = self.item("part_cards", base=base)
        steps = {"guide_s1_title": [cards], "guide_s2_title": [handout], "guide_s3_title": [cards],
                 "guide_s4_title": [self.item("part_demo", base=base), keys],
                 "guide_s5_title": [self.item("part_record", base=base)],
                 "guide_s6_title": [self.item("part_exercises", base=base), keys] if worksheets else []}
        return {step: said for step, items in steps.items() if (said := where_words(self.texts, items))}

    def seats(self, names: list[str] | None) -> Callable[[str], str]:
        """' (A = Ana · B = Bo · C = Cy)' in each language, as the pupils' pages and the key say it; nothing
        without a class list."""
        def said(lang: str) -> str:
            if not names:
                return ""
            seats = "\u00a0· ".join(self.texts.t("seat_name", lang, seat=seat, name=name)
                                     for seat, name in zip(PLAYERS, names, strict=True))
            return f" ({seats})"
        return said

    def answers(self, groups: list[tuple[int, PlayedDeal]]) -> list[Part]:
        texts = self.texts
        parts = []
        names = self.options.names
        for i, (number, played) in enumerate(groups):
            key = demo_answers(played, self.options.paper, texts, group=number, large_print=self.large,
                               names=names[number - 1] if names else None)
            parts.append(Part(key, ((texts.t("group_label", group=number), 1),), new_sheet=i == 0))
            if number in self.keys:
                parts.append(self.keys[number])
        return parts


def kit_parts(options: KitOptions, progress: Callable[[int, int], None]) -> tuple[_Builder, list[Part]]:
    """The builder holding the main document's parts and sections, and the facilitator's answer parts."""
    texts = options.texts
    deals = group_deals(options.seed, options.only_group or options.groups)
    chosen = [options.only_group] if options.only_group else list(range(1, options.groups + 1))
    build = _Builder(options)
    for done, number in enumerate(chosen, start=1):
        build.group(number, deals[number - 1], options.names[number - 1] if options.names else None)
        progress(done, len(chosen))
    # the facilitator's part opens with the lesson guide, on a sheet of its own (it holds the open deal's answers)
    large = options.large_print

    def guide(where: dict[str, Callable[[str], str]] | None = None) -> Part:
        document = guide_document(guide_deal(), options.paper, texts, large_print=large,
                                  worksheets=bool(options.exercises), in_kit=True, one_group=options.groups == 1,
                                  own_deals=options.groups > 1, where=where)
        return Part(document, ((texts.t("outline_answers"), 0), (texts.t("outline_guide"), 1)), new_sheet=True)

    at = len(build.parts)  # the guide's part, made once every part it names has its place
    answers = [Part(make_document([]), new_sheet=True), *build.answers([(number, deals[number - 1])
                                                                       for number in chosen])]
    if options.split:
        elsewhere = texts.each("how_split", file=options.answers_file)
        build.sections.append(Section(texts.each("part_answers"), "elsewhere", elsewhere, 0, 0))
    else:
        build.section(texts.each("part_answers"), texts.each("how_answers"), "answers", answers)
    # single-sided, the masters and handouts are on pages of their own: the cover does not say back to back
    duplex = options.duplex_job
    if not options.only_group:  # blank masters to photocopy (spares too when names fill each group's): one sheet
        # one group: no class to photocopy for, its one copy printed again when full
        scores = texts.each("how_scores_one" if options.groups == 1 else "how_scores" if duplex
                            else "how_scores_single")
        build.section(texts.each("part_scores"), scores, "scores", [
            # DREIst! is for 1 to 4: the master to photocopy has a column for each of four (teacher review 2, #11)
            Part(dreist_pad(options.paper, texts, names=[], players=dreist.MAX_PLAYERS, large_print=large),
                 ((texts.t("outline_scores"), 0), ("DREIst!", 1))),
            Part(twinit_pad(options.paper, texts, variant="solo", names=[], players=4, large_print=large),
                 (("Twin It", 1),),
                 new_sheet=True, shares_back=True)])  # back to back with DREIst!'s, as a group's
    if not options.rules_per_group:
        copies = "how_rules_one" if options.groups == 1 else "how_rules" if duplex else "how_rules_single"
        build.section(texts.each("part_rules", trick=handout_title("trick")), texts.each(copies), "rules",
                      build.rules(heading=True))
    if options.split:  # the guide and the keys in a file of their own: the guide names the kit file's pages
        answers[0] = guide(build.guide_where(guide=None, worksheets=bool(options.exercises), base=ELSEWHERE + 1))
    else:
        build.parts[at] = answers[0] = guide(build.guide_where(guide=at, worksheets=bool(options.exercises)))
    return build, answers


class KitDocuments(Record):
    """The kit before layout: its parts behind a stand-in cover, the cover's maker, the answer keys' own file."""

    document: Element
    cover: Callable[[Span], Element]  # the cover for the parts' pages as laid out (cli/layout/contents.py)
    answers: Element | None  # with `split`


def kit_document(options: KitOptions,
                 progress: Callable[[int, int], None] = lambda done, total: None) -> KitDocuments:
    """The kit and, with `split`, the facilitator's file of answer keys.

    The cover names parts' pages by reference (`page_span`), and the kit's figures by FIGURES tokens: both are
    known only once the layout pass has made every page. The cover is made after the other parts are laid out
    (`with_contents`), from the page numbers they really have; until then a blank page stands in for it.
    """
    texts = options.texts
    build, answers = kit_parts(options, progress)
    duplex = options.duplex_job
    flip = options.duplex if duplex else "none"
    bookmarks = ((texts.t("outline_cover"), 0),)

    def whole(parts: list[Part]) -> Element:
        return assemble(parts, options.paper, texts, sheets=duplex, title=texts.t(kit_title(options.groups)),
                        subject=texts.t("kit_subject"), duplex=flip)

    def cover(span: Span) -> Element:
        return whole([Part(cover_document(options, build.sections, span=span), bookmarks)])

    stand_in = Part(make_document([make("page")]), bookmarks)
    split = None
    if options.split:
        split = assemble(answers, options.paper, texts, sheets=duplex, title=texts.t("answers_file_title"),
                         subject=texts.t("kit_subject"), duplex=flip)
    return KitDocuments(whole([stand_in, *build.parts]), cover, split)


class LaidKit(Record):
    """The kit ready to draw: laid out once, the cover's figures filled in; the answer keys' own file."""

    kit: LaidOut
    figures: KitFigures
    answers: LaidOut | None  # with `split`


def laid_kit(options: KitOptions, progress: Callable[[int, int], None] = lambda done, total: None) -> LaidKit:
    """The kit laid out (the cover's figures need every page made), its figures computed and written on the
    cover; with `split`, the answer keys laid out too, so both files can be drawn before either is written."""
    made = kit_document(options, progress)
    laid = with_contents(lay_out(made.document, metrics()), made.cover, metrics())
    figures = kit_figures(laid, options)
    fill_figures(laid, figures, options.texts.langs)
    answers = lay_out(made.answers, metrics(), known=elsewhere(laid)) if made.answers is not None else None
    return LaidKit(laid, figures, answers)
