"""The kit's cover: one printing instruction, the sheets and ink it takes, and where each part starts.

Page numbers are references the layout pass resolves (`page_span`); the sheets, pages and ink are known
only once every page is made, so the cover carries tokens (`{kit:sheets}`…) on fixed-height lines that
`fill_figures` replaces in the laid-out cover: their values can never move a page break.
"""

from typing import NamedTuple

from cli import __version__
from cli.documents.assembly import page_span
from cli.documents.languages import language
from cli.documents.templating import build_document
from cli.layout.markup import Element

ROWS_PER_BLOCK = 12  # table rows kept together; the blocks flow over as many cover pages as needed


class Section(NamedTuple):
    """A row of the cover: parts first..end-1 (indexes into the kit's parts, the cover not counted); its
    label and note one per language (the second set in italic)."""

    label: list[str]
    kind: str  # group, guide, answers, scores, rules; 'elsewhere' for a part written to its own file
    note: list[str]
    first: int
    end: int


def _span(first: int, end: int) -> str:
    """The pages of parts first..end-1 once assembled after the cover (part 0)."""
    return page_span(first + 1, end)


def cover_rows(texts, sections: list[Section]) -> list[dict]:
    """The contents table's rows: part, pages, what to do with it (part and note one per language)."""
    rows = [{"part": texts.each("part_cover"), "pages": page_span(0, 0), "how": texts.each("how_cover"),
             "one_line": True}]
    for section in sections:
        if section.kind == "elsewhere":
            rows.append({"part": section.label, "pages": "—", "how": section.note})
            continue
        note = section.note
        if section.kind == "group":
            note = texts.each("how_group", cards=_span(section.first, section.first + 1))
        group = section.kind == "group"
        rows.append({"part": section.label, "pages": _span(section.first, section.end), "how": note,
                     "shade": group, "one_line": group})
    return rows


def cover_document(options, sections: list[Section]) -> Element:
    """The cover: one page whose threaded flow goes on over as many pages as its table needs."""
    texts = options.texts
    instruction = [texts.t("kit_print_duplex", lang, flip=texts.t(f"how_duplex_{options.duplex}", lang))
                   if options.duplex_job else texts.t("kit_print_single", lang) for lang in texts.langs]
    ink = "kit_ink_light" if options.back == "tint" else "kit_ink"  # the figure for --back light, on card stock
    figures = [(texts.t("kit_sheets", lang, sheets="{kit:sheets}", pages="{kit:pages}"),
                texts.t(ink, lang, ink=f"{{kit:ink:{lang}}}", light=f"{{kit:light:{lang}}}")) for lang in texts.langs]
    copies = "kit_copies_exercises" if options.exercises else "kit_copies"
    for_class = [copies, *(["kit_copies_named"] if options.names else []), "kit_leftover",
                 *(["kit_handouts_group"] if options.rules_per_group else [])]  # else the rules' row says it
    return build_document(
        "kit_cover.xml.j2", paper=options.paper, texts=texts, rows=cover_rows(texts, sections), groups=options.groups,
        named=bool(options.names), for_class=for_class,
        block=ROWS_PER_BLOCK, instruction=instruction, figures=figures, title=options.title or "",
        only_group=options.only_group, large_print=options.large_print, set_id=options.set_id, version=__version__,
        command=options.command, paper_name=options.paper.display)


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
