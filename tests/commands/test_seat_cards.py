"""Seat cards A, B, C and the reminder come with every deck, whatever the duplex mode, paper or cut file; their
backs tell a child they are no playing cards; the set number stands out on every back; every suit's frame
shows in greyscale. Read on the laid-out tree (`pnpkit cards` run, its document laid out, not drawn)."""

import contextlib
import io
from typing import NamedTuple

import pytest

from cli.documents.language import Texts
from cli.layout.palette import colour
from cli.layout.sizes import card_size, paper
from cli.main import run
from tests import laidcheck
from tests.pdfcheck import palette_rgb

LANGS = {"en": ("en",), "fr+en": ("fr", "en")}


class LaidCards(NamedTuple):
    laid: object  # the LaidOut document `pnpkit cards` would draw
    outlines: list  # the cut files' (path, data), with --cut-file
    err: str


@pytest.fixture(scope="module")
def cards_laid(tmp_path_factory):
    """`cards_laid(*args)`: `pnpkit cards ARGS` through the command's own parsing, its document laid out but
    not drawn (publishing swapped for the layout pass alone), once per module for the same arguments."""
    import cli.commands.cards as command
    from cli.layout.pagination import lay_out
    from cli.render.text import METRICS

    made: dict[tuple[str, ...], LaidCards] = {}

    def make(*args: str) -> LaidCards:
        if args not in made:
            caught: dict = {}

            def publish(document, out, *_, **__):
                caught["laid"] = lay_out(document, METRICS)

            def with_cuts(document, out, cuts):
                caught["laid"], caught["cuts"] = lay_out(document, METRICS), cuts

            err = io.StringIO()
            with pytest.MonkeyPatch.context() as patch, contextlib.redirect_stderr(err):
                patch.setattr(command, "publish", publish)
                patch.setattr(command, "_publish_with_cuts", with_cuts)
                target = tmp_path_factory.mktemp("cards") / "cards.pdf"
                assert run(["cards", *args, "-o", str(target)]) == 0, (args, err.getvalue())
            made[args] = LaidCards(caught["laid"], caught.get("cuts", []), err.getvalue())
        return made[args]

    return make


def _walk(element):
    yield element
    for child in element.children:
        yield from _walk(child)


def _one_line(text: str) -> str:
    return " ".join(text.split())


def extras_said(pages: list[str], langs: tuple[str, ...]) -> dict[str, int]:
    """How many times each seat card's sentence and each language's reminder title are printed on `pages`
    (laidcheck texts)."""
    texts = Texts(langs)
    whole = _one_line(" ".join(pages))
    said = {seat: whole.count(_one_line(texts.t(f"seat_{seat}", langs[0]))) for seat in "ABC"}
    said.update({lang: sum(page.replace("\u00a0", " ").split("\n").count(  # the title's no-break space as laid
        texts.t("reminder_title", lang).replace("\u00a0", " ")) for page in pages) for lang in langs})
    return said


def back_panels(pages) -> list[str]:
    """What the white panel of each back on `pages` shows (a seat's letter, '?' for the reminder), '' for a
    plain back."""
    shown = []
    for page in pages:
        for group in (e for e in _walk(page) if e.tag == "group" and e.clip):  # a back: its ground clipped
            big = [e.text for e in _walk(group) if e.tag == "text" and e.size >= 40]
            assert len(big) <= 1
            shown.append(big[0] if big else "")
    return shown


@pytest.mark.parametrize("mode", ["long", "short", "fold", "none"])
@pytest.mark.parametrize("sheet", ["a4", "letter"])
@pytest.mark.parametrize(("size", "lang"), [("poker", "en"), ("mini", "fr+en"), ("bridge", "fr+en")])
def test_every_mode_and_paper_prints_the_seat_and_reminder_cards(cards_laid, mode, sheet, size, lang):
    """Fold sheets of three poker cards and mini sheets in two languages have no room left on the last sheet:
    the extras then take a sheet of their own (the guide relies on them)."""
    laid = cards_laid("--duplex", mode, "--paper", sheet, "--size", size, "--lang", lang).laid
    assert extras_said(laidcheck.texts(laid), LANGS[lang]) == dict.fromkeys(("A", "B", "C", *LANGS[lang]), 1)
    panels = back_panels(laid.children)  # the twelve cards' backs plain, each extra's marked
    assert panels.count("") == 12 and sorted(p for p in panels if p) == sorted("ABC" + "?" * len(LANGS[lang]))


@pytest.mark.parametrize("args", [
    ("--cut-file", "svg"),
    ("--cut-file", "dxf", "--registration", "silhouette", "--paper", "letter"),
    ("--cut-file", "svg", "--duplex", "none", "--lang", "fr+en", "--size", "bridge"),
])
def test_cut_files_outline_the_seat_and_reminder_cards(cards_laid, args):
    got = cards_laid(*args)
    langs = ("fr", "en") if "fr+en" in args else ("fr",)
    assert extras_said(laidcheck.texts(got.laid), langs) == dict.fromkeys(("A", "B", "C", *langs), 1)
    outlines = sum(data.count(b"<rect") if args[1] == "svg" else data.count(b"LWPOLYLINE") for _, data in got.outlines)
    assert outlines == 12 + 3 + len(langs)


def test_each_deck_has_its_set(cards_laid):
    """--decks 3 is for three groups: three sets of seat and reminder cards, each back marked."""
    laid = cards_laid("--decks", "3", "--lang", "fr+en").laid
    assert extras_said(laidcheck.texts(laid), ("fr", "en")) == dict.fromkeys(("A", "B", "C", "fr", "en"), 3)
    panels = back_panels(laid.children)
    assert panels.count("") == 36 and sorted(p for p in panels if p) == sorted("ABC??" * 3)


def test_only_reprints_leave_them_out_silently_unless_asked(cards_laid):
    plain, asked = cards_laid("--only", "C3,T1"), cards_laid("--only", "C3,T1", "--seat-cards")
    assert set(extras_said(laidcheck.texts(plain.laid), ("fr",)).values()) == {0} and plain.err == ""
    assert set(extras_said(laidcheck.texts(asked.laid), ("fr",)).values()) == {1}


def test_cards_too_small_for_their_text_leave_them_out_and_say_so(cards_laid):
    got = cards_laid("--size", "30x40")
    assert set(extras_said(laidcheck.texts(got.laid), ("fr",)).values()) == {0}
    assert got.err.count("\n") == 1 and "no seat cards A, B, C nor reminder card" in got.err
    assert "30x40" in got.err and "--size mini" in got.err


def test_no_seat_cards_leaves_them_out(cards_laid):
    got = cards_laid("--no-seat-cards", "--duplex", "fold")
    assert set(extras_said(laidcheck.texts(got.laid), ("fr",)).values()) == {0} and got.err == ""
    assert len(got.laid.children) == 4  # twelve cards, three a fold sheet


@pytest.mark.parametrize("args", [
    ("--single-sided",), ("--single-sided", "--paper", "letter"), ("--single-sided", "--duplex", "none"),
    ("--duplex", "short", "--paper", "letter", "--groups", "2"),
])
def test_every_kit_deck_holds_the_seat_and_reminder_cards(laid, args):
    """The kit's guide sends each child behind their seat card and uses the reminder: every group's deck has
    them, printed duplex or single-sided (folded: on two more fold sheets), each back marked."""
    kit = laid("--lang", "en", *args).kit
    entries = laidcheck.outline(kit)
    decks = [(page, entries[i + 1][2]) for i, (depth, title, page) in enumerate(entries)
             if depth == 1 and title == "cards"]
    assert len(decks) == (2 if "--groups" in args else 1)
    texts = laidcheck.texts(kit)
    for first, end in decks:
        assert extras_said(texts[first - 1:end - 1], ("en",)) == {"A": 1, "B": 1, "C": 1, "en": 1}
        panels = back_panels(kit.children[first - 1:end - 1])
        assert panels.count("") == 12 and sorted(p for p in panels if p) == sorted("ABC?")


def _mirrored(box: tuple, mode: str, sheet) -> tuple:
    x, y, w, h = box
    return {"long": (sheet.width - x - w, y), "short": (x, sheet.height - y - h), "none": (x, y)}[mode]


@pytest.mark.parametrize(("mode", "sheet"), [("long", "a4"), ("short", "letter"), ("none", "a4")])
def test_each_marked_back_lands_behind_its_seat_or_reminder_card(cards_laid, mode, sheet):
    """The panel is on the back of the extras and of nothing else (the twelve cards' backs stay alike)."""
    laid = cards_laid("--duplex", mode, "--paper", sheet, "--lang", "en", "--size", "bridge").laid
    w, h = card_size("bridge")
    found = 0
    for fronts, backs in zip(laid.children[::2], laid.children[1::2], strict=True):
        extras = {(e.x, e.y) for e in _walk(fronts)  # drawn in place; the twelve cards' faces are symbols
                  if e.tag == "rect" and e.fill == "#ffffff" and (e.w, e.h) == (w, h)}
        cards = {(e.x, e.y) for e in _walk(fronts) if e.tag == "use" and e.ref.startswith("face-")}
        marked = {(g.dx, g.dy) for g in _walk(backs) if g.tag == "group" and g.clip
                  and any(e.tag == "text" and e.size >= 40 for e in _walk(g))}
        plain = {(g.dx, g.dy) for g in _walk(backs) if g.tag == "group" and g.clip} - marked

        def behind(places):
            return {tuple(round(v, 3) for v in _mirrored((x, y, w, h), mode, paper(sheet))) for x, y in places}

        assert {tuple(round(v, 3) for v in p) for p in marked} == behind(extras)
        assert {tuple(round(v, 3) for v in p) for p in plain} == behind(cards)
        found += len(marked)
    assert found == 3 + 1


def test_the_set_number_is_large_on_a_framed_white_label_inside_the_clear_band(cards_laid):
    """20 pt or more (it was 9 among the pebbles), 1 mm inside the 4 mm kept clear along each cut."""
    laid = cards_laid("--set-id", "16", "--lang", "en").laid
    use = next(e for e in _walk(laid.children[1]) if e.tag == "use" and e.ref == "set-mark")
    labels = [e for e in _walk(use.symbol) if e.tag == "rect"]
    numbers = [e for e in _walk(use.symbol) if e.tag == "text"]
    assert len(labels) == len(numbers) == 2 and {e.text for e in numbers} == {"16"}
    for label in labels:
        assert label.fill == "#ffffff" and label.stroke == "#1d2b4f"
        assert label.y >= 4.0 + 1.0 - 1e-6 and label.y + label.h <= 88 / 2  # the turned one: its group turns it
        assert label.h >= 11
    assert min(e.size for e in numbers) >= 20


def _luma(rgb: tuple[float, float, float]) -> float:
    """Grey as pdftoppm -gray and most printers make it (ITU-R 601), 0 black to 1 white."""
    r, g, b = rgb
    return 0.299 * r + 0.587 * g + 0.114 * b


def test_every_suits_frame_stays_visible_in_greyscale(cards_laid):
    """The frames read from the cards themselves, their greys from the named palette: each at most 62 % of
    white's lightness (the squares' light yellow was 85 %: no visible edge on a black-and-white printer)."""
    laid = cards_laid("--lang", "en", "--no-seat-cards").laid
    frames = {}
    for page in laid.children[::2]:
        for use in (e for e in _walk(page) if e.tag == "use" and e.ref.startswith("face-")):
            suit = use.ref.removeprefix("face-")[0]
            frames[suit] = {e.stroke for e in _walk(use.symbol) if e.tag == "rect" and e.radius}
    named = {name: colour(name) for name in ("suit_circle", "suit_triangle", "suit_square_frame")}
    assert frames == {"C": {named["suit_circle"]}, "T": {named["suit_triangle"]}, "S": {named["suit_square_frame"]}}
    greys = {name: _luma(palette_rgb(name)) for name in named}
    assert all(grey <= 0.62 for grey in greys.values()), greys
    assert _luma(palette_rgb("suit_square")) > 0.8  # the fill stays light: the suits still differ in lightness
