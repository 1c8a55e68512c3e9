"""The classroom kit: every printable for N groups in one document, with a cover that maps it."""

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from cli.documents.assembly import Part, assemble, page_span
from cli.documents.card_sheets import cards_document
from cli.documents.exercise_docs import group_parts
from cli.documents.handouts import GAMES, rules_document
from cli.documents.language import Texts
from cli.documents.names import parse_names, printable, read_rows, split_row
from cli.documents.score_docs import dreist_pad, twinit_pad
from cli.documents.templating import build_document
from cli.documents.trick_docs import demo_answers, demo_students, record_sheet
from cli.errors import PnpkitError
from cli.games.notation import format_deal
from cli.games.policy import demonstration, group_seed
from cli.games.trick import PlayedDeal
from cli.layout.markup import Node
from cli.layout.sizes import Paper, card_size

MAX_GROUPS = 16  # one cover page lists every group
DEFAULT_SEED = 1


@dataclass(frozen=True)
class KitOptions:
    paper: Paper
    texts: Texts
    duplex: str
    groups: int
    seed: int
    names: list[list[str]] | None
    back_offset: tuple[float, float] = (0.0, 0.0)
    exercises: int = 0  # practice exercises on each group's worksheet (0: no worksheet)


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


def group_deals(seed: int, groups: int) -> list[PlayedDeal]:
    """A different, reproducible demonstration deal for every group."""
    deals: list[PlayedDeal] = []
    for group in range(1, groups + 1):
        seen = frozenset(format_deal(d.deal) for d in deals)
        deals.append(demonstration(group_seed(seed, group), avoid=seen))
    return deals


def kit_document(options: KitOptions,
                 progress: Callable[[int, int], None] = lambda done, total: None) -> Node:
    """Cover, each group's material, the answer keys, score sheets and rules, each part on a new sheet.

    The cover names parts' pages by reference (`page_span`); the layout pass fills in the numbers once
    every flow, the cover's included, has made the pages it needs.
    """
    o, t = options, options.texts
    deals = group_deals(o.seed, o.groups)
    parts: list[Part] = []
    group_slices = []
    keys: list[Part] = []
    for number, played in enumerate(deals, start=1):
        names = o.names[number - 1] if o.names else None
        label = t.t("part_group", group=number, names=f" ({', '.join(names)})" if names else "")
        start = len(parts)
        parts.append(Part(cards_document(o.paper, t, *card_size("poker"), o.duplex, o.back_offset, True, 1),
                          ((label, 0), (t.t("part_cards"), 1)), new_sheet=True))
        parts.append(Part(record_sheet(o.paper, t, names, 1, group=number), ((t.t("part_record"), 1),)))
        parts.append(Part(demo_students(played, o.paper, t, group=number), ((t.t("part_demo"), 1),)))
        if o.exercises:
            worksheet, key = group_parts(o.seed, number, o.exercises, o.paper, t)
            parts.append(worksheet)
            keys.append(key)
        group_slices.append((label, start, len(parts)))
        progress(number, o.groups)
    answers_at = len(parts)
    for number, played in enumerate(deals, start=1):
        entry = ((t.t("outline_answers"), 0),) if number == 1 else ()
        parts.append(Part(demo_answers(played, o.paper, t, group=number),
                          entry + ((t.t("group_label", group=number), 1),), new_sheet=number == 1))
        parts.extend(keys[number - 1:number])
    scores_at = len(parts)
    # blank sheets, to photocopy for any group
    parts.append(Part(dreist_pad(o.paper, t, [], 3, None, 1, 1),
                      ((t.t("outline_scores"), 0), ("DREIst!", 1)), new_sheet=True))
    parts.append(Part(twinit_pad(o.paper, t, "solo", [], 4, None, 1, 1), (("Twin It", 1),)))
    rules_at = len(parts)
    for game in GAMES:
        handout = rules_document(game, o.paper, t)
        entry = ((t.t("outline_rules"), 0),) if game == GAMES[0] else ()
        parts.append(Part(handout, entry + ((handout.title, 1),), new_sheet=game == GAMES[0]))

    duplex = o.duplex in ("long", "short")
    cover = _cover(options, group_slices, answers_at, scores_at, rules_at, len(parts))
    document = assemble([Part(cover, ((t.t("outline_cover"), 0),)), *parts], o.paper, t, sheets=duplex,
                        title=t.t("kit_title"), subject=t.t("kit_subject"),
                        duplex=o.duplex if duplex else "none")
    return document


def _span(first: int, last: int) -> str:
    """The pages of parts first to last - 1 (indices into the parts after the cover, part 0)."""
    return page_span(first + 1, last)


def _cover(o: KitOptions, group_slices, answers_at, scores_at, rules_at, count: int) -> Node:
    t = o.texts
    rows = [{"part": t.t("part_cover"), "pages": page_span(0, 0), "how": t.t("how_cover")}]
    for label, start, end in group_slices:
        rows.append({"part": label, "pages": _span(start, end), "shade": True,
                     "how": t.t("how_group", cards=lambda lang: t.t(f"how_duplex_{o.duplex}", lang),
                                 card_pages=_span(start, start + 1), rest=_span(start + 1, end))})
    rows.append({"part": t.t("part_answers"), "pages": _span(answers_at, scores_at),
                 "how": t.t("how_answers")})
    rows.append({"part": t.t("part_scores"), "pages": _span(scores_at, rules_at),
                 "how": t.t("how_scores")})
    rows.append({"part": t.t("part_rules"), "pages": _span(rules_at, count),
                 "how": t.t("how_rules")})
    return build_document("kit_cover.xml.j2", paper=o.paper, texts=t, rows=rows, groups=o.groups,
                          paper_name=o.paper.name.upper() if o.paper.name == "a4" else "US Letter")
