"""Turn a validated <document> tree into PDF bytes: pages, metadata, outline, viewer preferences."""

import io

from reportlab import rl_config
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from cli import __version__
from cli.layout.markup import Element
from cli.layout.pagination import LaidOut
from cli.records import Record
from cli.render.fonts import REGULAR, register_fonts
from cli.render.painter import Painter
from cli.render.stamps import Stamps

# Compressed streams stay binary: ASCII85 on top only makes files bigger and slower to write.
rl_config.useA85 = 0

_DUPLEX = {"long": "DuplexFlipLongEdge", "short": "DuplexFlipShortEdge", "none": "Simplex"}


class RenderedPdf(Record):
    data: bytes
    pages: int


def render_pdf(document: LaidOut) -> RenderedPdf:
    """The finished PDF; identical bytes for an identical document (ReportLab's invariant mode)."""
    register_fonts()
    if not isinstance(document, LaidOut):
        raise TypeError("render_pdf draws a laid-out document: pass it through cli.layout.pagination.lay_out")
    buffer = io.BytesIO()
    canvas = Canvas(
        buffer, pagesize=(document.width * mm, document.height * mm), invariant=1,
        initialFontName=REGULAR, initialFontSize=10, lang=document.lang, pageCompression=1,
    )
    _set_metadata(canvas, document)
    painter = Painter(canvas, document.height, document.width, Stamps(document.children))
    painter.page_count = len(document.children)
    outline_level = -1
    for number, page in enumerate(document.children):
        painter.page_number = number + 1
        entries = page.outline or ([(page.bookmark, page.level)] if page.bookmark else [])
        for index, (title, wanted) in enumerate(entries):
            key = f"p{number}.{index}"  # one destination per entry: ReportLab keys entries by it
            canvas.bookmarkPage(key)
            level = min(wanted, outline_level + 1)  # an outline cannot skip a level
            canvas.addOutlineEntry(title, key, level=level, closed=False)
            outline_level = level
        painter.draw_page(page.children)
        canvas.showPage()
    if outline_level >= 0:
        canvas.showOutline()
    canvas.addPageLabel(0, "D", 1)
    canvas.save()
    return RenderedPdf(buffer.getvalue(), len(document.children))


def _set_metadata(canvas: Canvas, document: Element) -> None:
    canvas.setTitle(document.title)
    canvas.setSubject(document.subject)
    canvas.setAuthor("pnpkit")
    canvas.setCreator(document.creator or f"pnpkit {__version__}")
    canvas.setProducer(f"pnpkit {__version__} (ReportLab)")
    canvas.setViewerPreference("PrintScaling", "None")
    canvas.setViewerPreference("Duplex", _DUPLEX[document.duplex])
    canvas.setViewerPreference("DisplayDocTitle", "true")
