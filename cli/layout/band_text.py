"""Where the texts around a card grid stand (the print-at-100 % notice, the hints, the ruler's label, the notes in
the side margins, the registration settings): their baselines from the font's ascent and descent as the layout
pass measures them, and the clearances of layouts/sheet.toml [band_text]. Templates ask `band_text`, never add
a guessed millimetre to a band's edge."""

from cli.layout.measure import ascent, baseline_over, baseline_under, text_width
from cli.layout.sizes import sheet_value, style_value


def number_size() -> float:
    """pt: a card sheet's "n / N", read by whoever sorts the stack, not by the players (layouts/styles.toml
    [card_sheet] number)."""
    return style_value("card_sheet", "number")


class BandText:
    """The baselines of the texts around a card grid, in mm from the paper's top or left edge."""

    @staticmethod
    def notice(top: float, size: float, *, clear: str = "notice_top") -> float:
        """The notice's first baseline in the band whose top is `top` (its line's top `clear`, a [band_text] key,
        under it)."""
        return baseline_under(top, size, sheet_value("band_text", clear))

    @staticmethod
    def over(bottom: float, size: float) -> float:
        """The last baseline of lines standing on the band's bottom `bottom` (their descent `hint_clear` over it)."""
        return baseline_over(bottom, size, sheet_value("band_text", "hint_clear"))

    @staticmethod
    def under(bottom: float, size: float) -> float:
        """The first baseline of lines under the band's bottom `bottom` (their line's top `hint_clear` under it)."""
        return baseline_under(bottom, size, sheet_value("band_text", "hint_clear"))

    @staticmethod
    def upwards(margin: float, size: float) -> float:
        """The first baseline of lines reading upwards in the left margin, from the paper's left edge: their
        tops, towards the edge, `side_clear` inside the safe margin `margin`."""
        return margin + sheet_value("band_text", "side_clear") + ascent(size)

    @staticmethod
    def downwards(edge: float, size: float | None = None) -> float:
        """The first baseline of lines reading downwards in the right margin, whose safe edge is `edge` mm from the
        paper's left: their tops `column_clear` inside it. The ruler's label and the notes under it share the sheet
        number's baseline (number_size(), the tallest text of that column)."""
        return edge - sheet_value("band_text", "column_clear") - ascent(size or number_size())

    @staticmethod
    def before_ruler(zero: float, *, clear: str = "label_clear") -> float:
        """Where a text ending before a ruler whose zero is at `zero` ends: `clear` (a [band_text] key) before the
        ruler's "0", which stands centred on its zero."""
        return zero - ruler_zero_half() - sheet_value("band_text", clear)

    @staticmethod
    def settings(frame: float, size: float) -> float:
        """The registration settings' first baseline, under the marks' clear frame at `frame` mm from the top."""
        return baseline_under(frame, size, sheet_value("band_text", "settings_top"))


def ruler_zero_half() -> float:
    """Half the width of the ruler's "0" (it stands centred on the ruler's zero)."""
    return text_width("0", style_value("card_sheet", "ruler_number")) / 2
