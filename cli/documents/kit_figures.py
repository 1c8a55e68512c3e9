"""What the cover and the closing summary say about the laid-out kit: sheets, pages, ink, part starts."""


from cli.documents.card_sheets import SheetPlan, cards_document, plan_sheets
from cli.documents.kit_options import KitOptions
from cli.layout.ink import ink_mm2, ordinary_pages
from cli.layout.markup import Element
from cli.layout.pagination import sheets_for
from cli.layout.palette import colour
from cli.layout.sizes import card_size
from cli.records import Record


class KitFigures(Record):
    """What the cover and the closing summary say about the laid-out kit."""

    sheets: int
    pages: int
    ink: float  # ordinary pages
    starts: list[tuple[str, int]]  # each top-level part's title and first page
    light_ink: float | None = None  # the same kit with --back light, while its backs are tint
    flip: str = ""  # the duplex job's flip, long or short; '' when printed single-sided
    paper: str = "A4"  # the paper's display name: the ordinary page the ink counts in


def kit_figures(laid: Element, options: KitOptions) -> KitFigures:
    """Sheets, pages, ink and part starts of the laid-out kit (every page final); with tint backs, the ink
    the kit would take with light ones (what the cover offers for card stock)."""
    pages = len(laid.children)
    starts = [(title, number) for number, page in enumerate(laid.children, start=1)
              for title, level in (page.outline or ()) if level == 0]
    tint = options.back == "tint"
    inks, savings = _pages_ink(laid.children, tints=tint)
    mm2 = sum(inks)
    paper = options.paper
    light = round(ordinary_pages(mm2 - sum(savings), paper.width, paper.height), 1) if tint else None
    flip = options.duplex if options.duplex_job else ""
    ink = round(ordinary_pages(mm2, paper.width, paper.height), 1)
    return KitFigures(sheets_for(pages, flip), pages, ink, starts, light, flip, paper.display)


def _pages_ink(pages: list[Element], *, tints: bool) -> tuple[list[float], list[float]]:
    """Each page's ink (mm² of black) and, with `tints`, what light backs would save on each tint back (drawn
    in the light ink instead, nothing else differing: measured on the kit itself rather than on decks made
    again), in document order. A page made of the very elements of one before (a pupils' page's copies, the
    blank backs) is measured once."""
    light = colour("back_light")
    known: dict[tuple[int, ...], tuple[float, list[float]]] = {}
    inks: list[float] = []
    savings: list[float] = []
    for page in pages:
        key = tuple(map(id, page.children))
        if key not in known:
            saved = [ink_mm2(node) - ink_mm2(node.copy(fill=light)) for node in _walk(page)
                     if node.tag == "tint"] if tints else []
            known[key] = (ink_mm2(page), saved)
        ink, saved = known[key]
        inks.append(ink)
        savings.extend(saved)
    return inks, savings


def _walk(node: Element):
    """Every node under `node`, itself first, in document order (a stack, not nested generators: a kit
    has some 200,000 nodes)."""
    stack = [node]
    while stack:
        node = stack.pop()
        yield node
        stack.extend(reversed(node.children))


def _deck_shape(options: KitOptions) -> dict:
    """The kit's deck: poker cards, imposed for the kit's flip and back offset, with crop marks."""
    card_w, card_h = card_size("poker")
    return {"card_w": card_w, "card_h": card_h, "mode": options.card_mode, "back_offset": options.back_offset,
            "crop_marks": True, "decks": 1}


def deck_plan(options: KitOptions) -> SheetPlan:
    """The sheets of one of the kit's decks, planned once for all of them (`kit_deck(plan=…)`)."""
    return plan_sheets(options.paper, options.texts, **_deck_shape(options))


def kit_deck(options: KitOptions, **marks) -> Element:
    """One of the kit's decks (see `_deck_shape`).

    marks: `cards_document`'s keywords for this deck (its back, set number, group, plan…); the back is the
    kit's unless given.
    """
    marks.setdefault("back", options.back)
    return cards_document(options.paper, options.texts, **_deck_shape(options), **marks)
