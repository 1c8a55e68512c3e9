"""The kit's cover: one printing instruction, the sheets and ink it takes, and where each part starts."""

import math
from typing import NamedTuple

from cli import __version__
from cli.documents.templating import build_document
from cli.layout.markup import Node

ROWS_PER_BLOCK = 12  # table rows kept together; the blocks flow over as many cover pages as needed
ROWS_PER_PAGE = 24  # a page of the cover holds at least this many (to make enough pages to flow into)


class Section(NamedTuple):
    """A row of the cover: parts first..end-1 (indexes into the kit's parts)."""

    label: str
    kind: str  # group, answers, scores, rules; 'elsewhere' for a part written to its own file
    note: str
    first: int
    end: int


def _span(ranges: list[tuple[int, int]], first: int, end: int) -> str:
    start, last = ranges[first][0], ranges[end - 1][1]
    return f"{start}" if start == last else f"{start}–{last}"


def _decimal(value: float, lang: str) -> str:
    """One decimal, with the language's decimal mark."""
    text = f"{value:.1f}"
    return text.replace(".", ",") if lang in ("fr", "de") else text


def cover_rows(texts, sections: list[Section], ranges: list[tuple[int, int]], cover_pages: int) -> list[dict]:
    rows = [{"part": texts.t("part_cover"), "pages": "1" if cover_pages == 1 else f"1–{cover_pages}",
             "how": texts.t("how_cover")}]
    for section in sections:
        if section.kind == "elsewhere":
            rows.append({"part": section.label, "pages": "—", "how": section.note})
            continue
        note = section.note
        if section.kind == "group":
            note = texts.t("how_group", cards=_span(ranges, section.first, section.first + 1))
        rows.append({"part": section.label, "pages": _span(ranges, section.first, section.end), "how": note,
                     "shade": section.kind == "group"})
    return rows


def cover_document(options, sections: list[Section], ranges: list[tuple[int, int]], cover_pages: int,
                   figures: dict) -> Node:
    """The cover, with as many pages as its table needs (pages left empty are dropped when laid out)."""
    o, t = options, options.texts
    rows = cover_rows(t, sections, ranges, cover_pages)
    instruction = (t.t("kit_print_duplex", flip=t.t(f"how_duplex_{o.duplex}")) if o.duplex_job
                   else t.t("kit_print_single"))
    ink = [t.one("kit_ink", lang, ink=_decimal(figures["ink"], lang)) for lang in t.langs]
    return build_document(
        "kit_cover.xml.j2", paper=o.paper, texts=t, rows=rows, groups=o.groups, block=ROWS_PER_BLOCK,
        pages=1 + math.ceil(len(rows) / ROWS_PER_PAGE), instruction=instruction, figures=figures, ink=ink,
        title=o.title or "", only_group=o.only_group, version=__version__, command=o.command,
        paper_name=o.paper.name.upper() if o.paper.name == "a4" else "US Letter")
