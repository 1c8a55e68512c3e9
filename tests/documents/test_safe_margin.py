"""No text that a page places itself (titles, tags, names, footers, page numbers) leaves the page frame (the
paper's safe margin and the frame's inset beside it, the safe margin above and below), in any framed document,
language or pair, paper or print size: a long title or footer is set to fit, never left to run towards the
edge (the layout pass only refuses text past the paper)."""

from types import SimpleNamespace

import pytest

from cli.documents.page_style import page_style
from cli.layout.measure import face, text_extent, text_width
from cli.layout.sizes import paper as named_paper
from cli.main import run

COMMANDS = [("demo",), ("record-sheet",), ("exercises",), ("guide",), ("rules", "trick"), ("rules", "dreist"),
            ("rules", "twinit")]
# A4 is the narrower paper, Letter the shorter; French, German and the pairs the longest titles and notes
CASES = [("fr", "a4", "--large-print"), ("en", "letter", "--large-print"), ("de", "a4", "--large-print"),
         ("fr+de", "letter", "--large-print"), ("de+en", "a4", "")]


@pytest.fixture
def laid_out(monkeypatch, tmp_path, capsys):
    """The laid-out tree of `pnpkit ARGS` (drawn by nobody: the renderer is stubbed out)."""
    import cli.render.pdf

    made = []

    def keep(laid):
        made.append(laid)
        return SimpleNamespace(pages=len(laid.children), data=b"%PDF-")

    monkeypatch.setattr(cli.render.pdf, "render_pdf", keep)
    monkeypatch.chdir(tmp_path)

    def lay(*args: str):
        assert run([*args, "-o", str(tmp_path / "out.pdf")]) == 0, capsys.readouterr().err
        return made[-1]

    return lay


def past_the_margin(laid, margin: float, inset: float) -> list[str]:
    """The texts placed on a page (not in a flow, a figure or a group) that reach into the safe margin, or
    sideways into the frame's inset."""
    width, height = laid.width, laid.height
    found = []
    for number, page in enumerate(laid.children, start=1):
        for text in (child for child in page.children if child.tag == "text" and child.text):
            w = text_width(text.text, text.size, face(text.weight, text.style))
            left = {"left": text.x, "center": text.x - w / 2, "right": text.x - w}[text.align]
            above, below = text_extent(text.size)
            if (left < margin + inset - 0.05 or left + w > width - margin - inset + 0.05
                    or text.y - above < margin - 0.05 or text.y + below > height - margin + 0.05):
                found.append(f"p. {number}: '{text.text}' at {text.size:g} pt spans x {left:.1f}-{left + w:.1f}, "
                             f"y {text.y - above:.1f}-{text.y + below:.1f} mm")
    return found


@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
@pytest.mark.parametrize(("lang", "paper", "large"), CASES)
def test_no_placed_text_crosses_the_safe_margin(laid_out, command, lang, paper, large):
    laid = laid_out(*command, "--lang", lang, "--paper", paper, *([large] if large else []))
    assert past_the_margin(laid, named_paper(paper).safe_margin, page_style(bool(large)).inset) == []


def test_a_footer_past_the_margin_is_caught():
    page = SimpleNamespace(children=[SimpleNamespace(tag="text", text="x" * 90, size=16.0, weight="regular",
                                                     style="normal", align="center", x=108.0, y=270.0)])
    laid = SimpleNamespace(width=215.9, height=279.4, children=[page])
    assert len(past_the_margin(laid, 5.0, 7.0)) == 1
