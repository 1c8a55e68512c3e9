"""A millimetre ruler's marks, one home for what the painter draws and the ink estimate counts: a tick
every millimetre, longer every 5 and 10, a label every 10 (sizes in layouts/sheet.toml [ruler], the labels' type size in
layouts/styles.toml [card_sheet] ruler_number)."""


from cli.layout.sizes import sheet_value, style_value
from cli.records import Record


class RulerMarks(Record):
    line: float  # mm, the baseline and the ticks
    ticks: list[tuple[int, float]]  # (mm from the start, tick length)
    labels: list[int]  # the millimetres that carry their number
    label_size: float  # pt
    label_drop: float  # mm from the baseline down to a label's baseline


def ruler_marks(length: float) -> RulerMarks:
    steps = int(round(length))
    tick = {step: sheet_value("ruler", f"tick_{step}_length" if step > 1 else "tick_length") for step in (10, 5, 1)}
    ticks = [(i, tick[10] if i % 10 == 0 else tick[5] if i % 5 == 0 else tick[1]) for i in range(steps + 1)]
    return RulerMarks(sheet_value("ruler", "line"), ticks, list(range(0, steps + 1, 10)),
                      style_value("card_sheet", "ruler_number"), sheet_value("ruler", "label_drop"))
