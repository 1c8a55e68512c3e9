"""The kit's cover: one printing instruction, the sheets and ink it takes, and where each part starts.

The cover is made once the other parts are laid out (cli/layout/contents.py): its rows are measured with the page
numbers they will show, which the layout pass writes in place of their references (`page_span`). The sheets, pages
and ink are known only once the cover too is made, so it carries tokens (`{kit:sheets}`…) on fixed-height lines that
`fill_figures` replaces in the laid-out cover: their values can never move a page break.
"""

import math
import shlex
from collections.abc import Callable

from cli import __version__
from cli.documents.assembly import page_span
from cli.documents.handouts import catalogue_titles
from cli.documents.languages import language
from cli.documents.templating import build_document
from cli.layout.contents import Span
from cli.layout.markup import Element
from cli.layout.measure import metrics
from cli.layout.pagination import CELL_SCALES, runs_over
from cli.layout.sizes import Paper, sheet_value, style_value
from cli.records import Record

ROWS_PER_BLOCK = 12  # table rows kept together; the list of groups flows over as many pages as it needs


def unbroken_options(command: str) -> str:
    """The rebuild command as the cover prints it: each option joined to its value by no-break spaces (the layout
    pass breaks lines only at ordinary spaces; a PDF's text reads them as spaces, so the copied command runs), so
    that no line ends with "--level" and the next starts with "3"."""
    tokens = [shlex.quote(token).replace(" ", "\u00a0") for token in shlex.split(command)]
    out: list[str] = []
    for index, token in enumerate(tokens):
        joined = index > 0 and tokens[index - 1].startswith("--") and not token.startswith("--")
        out.append(("\u00a0" if joined else " ") + token if out else token)
    return "".join(out)


def table_types() -> tuple[float, float]:
    """The contents table's type sizes in pt, tried in this order on each form of the cover until one keeps its
    first page whole, every row as tall as its texts need at it: the notes' size, then layouts/styles.toml [cover]
    table_small, the floor. A shorter form of the cover comes before a size under the floor."""
    return style_value("cover", "note"), style_value("cover", "table_small")


class Section(Record):
    """A row of the cover: parts first..end-1 (indexes into the kit's parts, the cover not counted); its
    label and note one per language (the second set in italic); a group's items, each its catalogue key and
    its parts first..end-1, listed with their pages in its note."""

    label: list[str]
    kind: str  # group, guide, answers, scores, rules; 'elsewhere' for a part written to its own file
    note: list[str]
    first: int
    end: int
    items: tuple[tuple[str, int, int], ...] = ()


def _span(first: int, end: int) -> str:
    """The pages of parts first..end-1 once assembled after the cover (part 0)."""
    return page_span(first + 1, end)


def cover_rows(texts, sections: list[Section], *, span: Span, groups: str = "each",
               cards_only: bool = False) -> list[dict]:
    """The contents table's rows: part, pages, what to do with it (part and note one per language).

    `groups`: 'each' gives every group its row; 'pattern' the first two, the last and a row for those between
    (groups of no names follow one pattern); 'listed' one row saying where the list of groups is. `cards_only`:
    the groups after the first name their cards' pages alone (a pattern whose full rows would not fit the first
    page: every group's pages follow the first's order)."""
    rows = [{"part": texts.each("part_cover"), "pages": page_span(0, 0), "how": texts.each("how_cover"),
             "one_line": True}]
    teams = [section for section in sections if section.kind == "group"]
    position = {id(team): i for i, team in enumerate(teams)}
    # the pattern: the first two, the last and one row for those between (a group alone between: its own row)
    pattern = {0, 1, len(teams) - 1} if len(teams) > 4 else set(range(len(teams)))
    shown = pattern if groups == "pattern" else set(range(len(teams))) if groups == "each" else set()
    between = teams[2:-1] if groups == "pattern" else teams  # the groups one row stands for
    for section in sections:
        if section.kind == "elsewhere":
            rows.append({"part": section.label, "pages": "—", "how": section.note})
        elif section.kind != "group":
            rows.append({"part": section.label, "pages": _span(section.first, section.end), "how": section.note})
        elif position[id(section)] in shown:
            rows.append(group_row(texts, section, span=span, cards_only=cards_only and position[id(section)] > 0))
        elif section is between[0]:
            rows.append({"part": texts.each("part_groups", first=position[id(between[0])] + 1,
                                            last=position[id(between[-1])] + 1),
                         "pages": _span(between[0].first, between[-1].end),
                         "how": texts.each("how_groups_same" if groups == "pattern" else "how_groups_listed"),
                         "shade": True, "one_line": True})
    return rows


def group_row(texts, section: Section, *, span: Span, cards_only: bool = False) -> dict:
    """A group's row: its pages, and each of its items with its own (cards 3–6 · record sheet 8 · …), or its
    cards' alone; `written` is its note as the pass will write it (`span`: the pages of parts first to last), for
    the template to size the row."""
    shown = section.items[:1] if cards_only else section.items

    def items(lang: str, pages: Span) -> str:
        return "\u00a0· ".join(texts.t("how_item", lang, item=texts.t(key, lang), pages=pages(first, end))
                                for key, first, end in shown)  # no line starts with the separator

    return {"part": section.label, "pages": _span(section.first, section.end), "shade": True, "one_line": True,
            "how": [items(lang, _span) for lang in texts.langs],
            "written": [items(lang, lambda first, end: span(first + 1, end)) for lang in texts.langs]}


def kit_title(groups: int) -> str:
    """The kit's title key: a classroom kit, or a kit for one group (a family at home needs no 'class')."""
    return "kit_title_one" if groups == 1 else "kit_title"


def inches(mm: float, fraction: int) -> str:
    """`mm` in inches to the nearest 1/`fraction`, as a ruler reads it: '1\u00a015/16', '2', '3/4'."""
    steps = round(mm / 25.4 * fraction)
    whole, part = divmod(steps, fraction)
    if not part:
        return str(whole)
    common = math.gcd(part, fraction)
    said = f"{part // common}/{fraction // common}"
    return f"{whole}\u00a0{said}" if whole else said


def ruler_length(texts, paper: Paper) -> Callable[[str], str]:
    """The card sheets' ruler length (layouts/sheet.toml [ruler], its one home) in words: in inches too on a paper
    whose rulers are read in inches (layouts/papers.toml inch_fraction: a US teacher has no millimetre ruler)."""
    mm = sheet_value("ruler", "length")
    shown = f"{mm:g}"

    def said(lang: str) -> str:
        if paper.inch_fraction:
            return texts.t("length_mm_inches", lang, mm=shown, inches=inches(mm, paper.inch_fraction))
        return texts.t("length_mm", lang, mm=shown)
    return said


def cover_notes(options) -> tuple[list[str], list[tuple[str, list[tuple[str, dict]]]]]:
    """The cover's notes on printing: what to do before printing (with how to print, under its heading), then by
    heading what to do after printing and what is good to know; each note a catalogue key and its placeholders,
    a heading left out when nothing under it applies. The calibration and the fronts of sheets concern a
    duplex job only; single-sided cards are folded, or their backs (printed on pages of their own, --duplex none)
    glued behind their fronts."""
    reminder = {"reminder": options.texts.of("reminder_title")}
    before = ["kit_before_calibrate"] if options.duplex_job else []
    cards = ("kit_after_cut" if options.duplex_job
             else "kit_after_glue" if options.duplex == "none" else "kit_after_fold")
    after = [("kit_after_ruler", {"length": ruler_length(options.texts, options.paper)}), (cards, reminder)]
    know = [("kit_boxed", {}), *([("kit_know_front", {})] if options.duplex_job else []),
            *([("kit_know_set", {})] if options.set_id else [])]
    return before, [("kit_after_heading", after), ("kit_know_heading", know)]


def cover_document(options, sections: list[Section], *, span: Span) -> Element:
    """The cover: its first page says what is in the kit, how to print it and in which order. A list of groups
    too long for that page is left to the layout pass to judge: then groups of no names are shown by their
    pattern (the first two, the last; the rows after the first naming the cards' pages alone where all their
    items would not fit), named groups (and groups whose pattern does not fit) by one row, their list on the pages
    after. `span`: the pages of parts first
    to last as the pass will write them (the cover is made once the other parts are laid out)."""
    texts = options.texts
    instruction = [texts.t("kit_print_duplex", lang, flip=texts.t(f"how_duplex_{options.duplex}", lang))
                   if options.duplex_job else texts.t("kit_print_single", lang) for lang in texts.langs]
    ink = "kit_ink_light" if options.back == "tint" else "kit_ink"  # the figure for --back light, on card stock
    figures = [(texts.t("kit_sheets", lang, sheets="{kit:sheets}", pages="{kit:pages}"),
                texts.t(ink, lang, ink=f"{{kit:ink:{lang}}}", light=f"{{kit:light:{lang}}}")) for lang in texts.langs]
    one = options.groups == 1  # one group: a family or a table at home, not a class
    copies = (("kit_copies_exercises_one" if options.exercises else "kit_copies_one") if one
              else "kit_copies_exercises" if options.exercises else "kit_copies")
    handouts = "kit_handouts_group_one" if one else "kit_handouts_group"
    named = "kit_copies_named_one" if one else "kit_copies_named"  # with the group's own score sheets
    for_class = [copies, *([named] if options.names else []), *([] if one else ["kit_leftover"]),
                 *([handouts] if options.rules_per_group else [])]  # else the rules' row says it
    (before, notes), title_key = cover_notes(options), kit_title(options.groups)
    teams = [section for section in sections if section.kind == "group"]
    # groups of no names by their pattern first (all on the first page); else their list on the pages after it
    shorter = [*([] if options.names or options.groups < 4 else [("pattern", False), ("pattern", True)]),
               ("listed", False)]

    def typed(groups: str, cards_only: bool, *, table_size: float) -> Element:
        return build_document(
            "kit_cover.xml.j2", paper=options.paper, texts=texts,
            rows=cover_rows(texts, sections, span=span, groups=groups, cards_only=cards_only),
            listed=[group_row(texts, team, span=span) for team in teams] if groups == "listed" else [],
            page_titles=catalogue_titles(texts, title_key), title_key=title_key, groups=options.groups,
            named=bool(options.names), for_class=for_class, before=before, notes=notes,
            class_heading="kit_players_heading" if one else "kit_class_heading", block=ROWS_PER_BLOCK,
            instruction=instruction, figures=figures,
            title=options.title or "", only_group=options.only_group, large_print=options.large_print,
            note_size=style_value("cover", "note"), note_leading=style_value("cover", "note_leading"),
            table_size=table_size,
            set_id=options.set_id, version=__version__, command=unbroken_options(options.command),
            paper_name=options.paper.display)

    # the first form, then the shorter ones, each at the largest type that keeps the first page whole; where none
    # does at the floor (a long --title on a crowded cover), the shortest under it, by the pass's own steps
    floor = table_types()[-1]
    tries = [*((form, size) for form in [("each", False), *shorter] for size in table_types()),
             *((shorter[-1], round(floor * scale, 2)) for scale in CELL_SCALES[1:])]
    for (groups, cards_only), table_size in tries:
        made = typed(groups, cards_only, table_size=table_size)
        if not runs_over(made.copy(children=made.children[:1]), metrics()):
            break
    return made


def _decimal(value: float, lang: str) -> str:
    """One decimal, with the language's decimal mark."""
    text = f"{value:.1f}"
    return text.replace(".", language(lang).decimal)


def fill_figures(laid: Element, figures, langs: tuple[str, ...]) -> None:
    """Write the kit's sheets, pages and ink where the laid-out cover holds their tokens."""
    values = {"{kit:sheets}": str(figures.sheets), "{kit:pages}": str(figures.pages),
              **{f"{{kit:ink:{lang}}}": _decimal(figures.ink, lang) for lang in langs},
              **{f"{{kit:light:{lang}}}": _decimal(figures.light_ink, lang) for lang in langs
                 if figures.light_ink is not None}}

    def visit(node: Element) -> None:
        if node.tag == "text" and "{kit:" in node.text:
            for token, value in values.items():
                node.text = node.text.replace(token, value)
        for child in node.children:
            visit(child)

    for page in laid.children:
        if page.part == 0:
            visit(page)
