"""The page frame's sizes in one place: ordinary print, and large print for low-vision readers.

Every document except the card sheets uses them: the same title block, margins and body sizes, read from
layouts/styles.toml. Large print follows clear-print guidance: body at least 16 pt, headings larger, cells taller.
The title block's lines are placed as the layout pass stacks lines (its ascent, line height and the font's
descent), with the gaps of layouts/sheet.toml [page]: nothing here guesses where a baseline falls.
"""


from functools import cache

from cli.layout.measure import ascent, line_height, metrics, text_extent
from cli.layout.sizes import Paper, sheet_value, style
from cli.records import Record


class PageStyle(Record):
    large: bool
    body: float  # pt, every child-facing paragraph
    small: float  # pt, notes for adults (footers, reminders on score pads)
    heading: float  # pt
    title: float  # pt, the page title
    subtitle: float  # pt, the title in the second language (italic)
    cell: float  # pt, text in table cells
    cell_heading: float  # pt, column headings
    row: float  # mm, a write-in row
    inset: float  # mm from the safe margin to the frame's content
    side: float  # pt, the body of two languages side by side (the guide's columns; never in large print)
    side_heading: float  # pt, their headings

    @property
    def title_baseline(self) -> float:
        """Mm below the safe margin: the title's line starts `header_top` down; its baseline one ascent lower."""
        return sheet_value("page", "header_top") + ascent(self.title)

    @property
    def subtitle_baseline(self) -> float:
        """The second language's title, on the next line as the layout pass stacks lines: a title's line lower."""
        return sheet_value("page", "header_top") + line_height(self.title) + ascent(self.subtitle)

    def rule(self, languages: int) -> float:
        """The line under the title block, `rule_gap` under its last line's descent (one language: the title's)."""
        baseline, size, face = ((self.subtitle_baseline, self.subtitle, "italic") if languages > 1
                                else (self.title_baseline, self.title, "bold"))
        return baseline + text_extent(size, face)[1] + sheet_value("page", "rule_gap")

    def number_baseline(self, paper: Paper) -> float:
        """The page number's baseline, from the paper's top: `number_rise` over the safe margin at its foot."""
        return paper.height - paper.safe_margin - sheet_value("page", "number_rise")

    def number_room(self, size: float | None = None, *, gap: float | None = None) -> float:
        """How much of the page's foot (over the safe margin) the page number (at `size` pt, else the body's)
        takes: up to its ascent, and `number_gap` over it, where a page's content stops (a flow's last line box
        still holds its leading), or `gap` mm (a score pad, which ends on a rule)."""
        return sheet_value("page", "number_rise") + ascent(size or self.body) + (
            sheet_value("page", "number_gap") if gap is None else gap)

    def footer_baseline(self, paper: Paper, lines_after: int, size: float) -> float:
        """A footer line's baseline from the paper's top, `lines_after` lines over the footer's last, whose baseline
        is `footer_rise` over the safe margin at the foot; in large print the footer spans the page, so it stands a
        line higher, over the page number."""
        return paper.height - paper.safe_margin - self._footer_rise(lines_after, size)

    def _footer_rise(self, lines_after: int, size: float) -> float:
        """A footer line's baseline over the safe margin at the foot, `lines_after` lines over the footer's last."""
        return sheet_value("page", "footer_rise") + (lines_after + self.large) * line_height(size)

    def footer_lines(self, lines: list[str], size: float, width: float) -> list[tuple[str, bool]]:
        """A footer's lines, one text per language wrapped to `width` mm as the layout pass wraps text (a long
        one at large print must not run past the margins): (line, italic) pairs, the second language italic."""
        wrap = metrics().wrap
        return [(part, index > 0) for index, line in enumerate(lines)
                for part in wrap(line, size, width, "italic" if index else "regular")]

    def footer_room(self, lines: int, size: float) -> float:
        """How much of the page's foot (over the safe margin) a footer of `lines` lines at `size` pt takes: up to its
        first line's ascent, and `footer_gap` over it, where the content above must stop."""
        return self._footer_rise(lines - 1, size) + ascent(size) + sheet_value("page", "footer_gap")

    def write_line(self, baseline: float) -> float:
        """Where a line to write on stands beside a label whose baseline is `baseline`: `write_drop` under it."""
        return baseline + sheet_value("page", "write_drop")

    @property
    def column_gap(self) -> float:
        """Between two languages' columns side by side, from layouts/sheet.toml [page]."""
        return sheet_value("page", "column_gap")

    def gap(self, *, dense: bool = False) -> float:
        """Between the blocks of a content flow (a dense handout's closer, so more holds on a page), from
        layouts/sheet.toml [page]."""
        return sheet_value("page", ("dense_gap" if dense else "flow_gap") + ("_large" if self.large else ""))

    def top(self, languages: int) -> float:
        """Where content starts, `content_gap` under the rule: one language has no subtitle line."""
        return self.rule(languages) + sheet_value("page", "content_gap")


@cache
def page_style(large_print: bool) -> PageStyle:
    """The page frame's sizes in ordinary or large print, from layouts/styles.toml [page.regular] or [page.large]."""
    fields = tuple(field for field in PageStyle._fields if field != "large")
    return PageStyle(large=large_print, **style(("page", "large" if large_print else "regular"), fields))
