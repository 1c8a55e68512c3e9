"""Print-and-cut registration marks (layouts/registration.toml): where a cutting machine's optical eye looks
for them, and the area they reserve, which no card, band or crop mark may enter.

    inset ┌■───────────────────┐──┐ the frame: the marks' outer edges, `inset` from the paper's edges
          │■ square     L arm ─┘  │ the reserved corners: `length` squares inside each corner of the frame
          │                       │ (all four, though Type 1 puts no mark at the bottom right)
          └┐
           └─ L arm
"""


from cli.errors import PnpkitError
from cli.layout.imposition import Box
from cli.layout.sizes import Paper, load_layout, measure
from cli.records import Record

RANGES = {"inset": (5.0, 30.0), "length": (5.0, 50.0), "thickness": (0.1, 2.0), "square": (2.0, 20.0),
          "clearance": (0.0, 10.0)}


class Registration(Record):
    name: str
    inset: float
    length: float
    thickness: float
    square: float
    clearance: float

    @property
    def margin(self) -> tuple[float, float]:
        """The front page's margins (x, y): inside the frame, and below and above the reserved corners,
        so the bands of text above and below the cards, which run the page's width, stay clear of them."""
        return self.inset + self.clearance, self.inset + self.length + self.clearance


def registration(name: str, *, inset: float | None = None, length: float | None = None,
                 thickness: float | None = None) -> Registration:
    """The named marks of layouts/registration.toml, with the figures given here instead where a cutting
    program is set up differently."""
    known = load_layout("registration")
    key = name.strip().lower()
    if key not in known:
        raise PnpkitError(f"unknown --registration '{name}'; use one of: {', '.join(known)}")
    values = {field: measure("registration", (key, field), *span) for field, span in RANGES.items()}
    for field, given in (("inset", inset), ("length", length), ("thickness", thickness)):
        if given is not None:
            low, high = RANGES[field]
            if not low <= given <= high:
                raise PnpkitError.of("range.reg", field=field, value=f"{given:g}", min=f"{low:g}", max=f"{high:g}")
            values[field] = given
    return Registration(key, **values)


def marks(paper: Paper, reg: Registration) -> tuple[Box, list[tuple[float, float, float, float]]]:
    """The top-left square and the L marks' lines (x1, y1, x2, y2, on the lines' middles, so the marks'
    outer edges stand exactly `inset` from the paper's edges)."""
    i, n, half = reg.inset, reg.length, reg.thickness / 2
    right, bottom = paper.width - i - half, paper.height - i - half
    top, left = i + half, i + half
    lines = [(paper.width - i - n, top, paper.width - i, top), (right, i, right, i + n),  # top right
             (i, bottom, i + n, bottom), (left, paper.height - i - n, left, paper.height - i)]  # bottom left
    return Box(i, i, reg.square, reg.square), lines


def reserved(paper: Paper, reg: Registration) -> list[Box]:
    """What the marks reserve: the border outside their frame and the four corners of side `length`,
    each grown by the clearance."""
    w, h, i, c = paper.width, paper.height, reg.inset, reg.clearance
    corner = reg.length + c
    inner = i + c
    return [Box(0, 0, w, inner), Box(0, h - inner, w, inner), Box(0, 0, inner, h), Box(w - inner, 0, inner, h),
            Box(i, i, corner, corner), Box(w - i - corner, i, corner, corner),
            Box(i, h - i - corner, corner, corner), Box(w - i - corner, h - i - corner, corner, corner)]
