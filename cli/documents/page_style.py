"""The page frame's sizes in one place: ordinary print, and large print for low-vision readers.

Every document except the card sheets uses them: the same title block, margins and body sizes.
Large print follows clear-print guidance: body at least 16 pt, headings larger, cells taller.
"""

from typing import NamedTuple


class PageStyle(NamedTuple):
    large: bool
    body: float  # pt, every child-facing paragraph
    small: float  # pt, notes for adults (footers, reminders on score pads)
    heading: float  # pt
    title: float  # pt, the page title
    subtitle: float  # pt, the title in the second language (italic)
    cell: float  # pt, text in table cells
    cell_head: float  # pt, column headings
    row: float  # mm, a write-in row
    inset: float  # mm from the safe margin to the frame's content
    title_y: float  # mm below the safe margin: the title's baseline
    subtitle_y: float
    rule_y: float  # the line under the title block
    content_y: float  # where the page's content starts

    def top(self, languages: int) -> float:
        """Where content starts: one language has no subtitle line, so the block is shorter."""
        return self.content_y if languages > 1 else self.content_y - (self.subtitle_y - self.title_y)

    def rule(self, languages: int) -> float:
        return self.rule_y if languages > 1 else self.rule_y - (self.subtitle_y - self.title_y)


REGULAR = PageStyle(large=False, body=11.0, small=10.0, heading=13.0, title=17.0, subtitle=12.5,
                    cell=12.0, cell_head=10.5, row=11.0, inset=7.0,
                    title_y=11.0, subtitle_y=17.0, rule_y=20.5, content_y=25.0)
LARGE = PageStyle(large=True, body=16.0, small=16.0, heading=19.0, title=24.0, subtitle=18.0,
                  cell=16.0, cell_head=16.0, row=16.0, inset=7.0,
                  title_y=13.0, subtitle_y=21.5, rule_y=25.0, content_y=30.0)


def page_style(large_print: bool) -> PageStyle:
    return LARGE if large_print else REGULAR
