"""Cut files for cutting machines: one per front sheet, paper-sized, in millimetres, origin at the page's
top-left corner like the PDF, holding each card's outline exactly where it is printed.

SVG (Silhouette Studio, Cricut Design Space, Brother ScanNCut): written with the standard library's XML
tools. DXF (any CAD or cutter program): written with ezdxf, imported only here; DXF's y axis points up,
so y is turned over (paper height - y), and $INSUNITS says millimetres.
"""

import io
import xml.etree.ElementTree as ET

from cli.layout.imposition import Box
from cli.layout.sizes import Paper

CUT_FORMATS = ("svg", "dxf")
_CUT_COLOUR = "#ff0000"  # what cutting programs read as a cut line (Design Space: any; Studio: by colour)


def _mm(value: float) -> str:
    return f"{value:.3f}".rstrip("0").rstrip(".")


def svg_cut(paper: Paper, outlines: list[Box], title: str) -> bytes:
    """An SVG of the paper's size holding one closed rectangle per card, hairline, no fill."""
    root = ET.Element("svg", {
        "xmlns": "http://www.w3.org/2000/svg", "version": "1.1",
        "width": f"{_mm(paper.width)}mm", "height": f"{_mm(paper.height)}mm",
        "viewBox": f"0 0 {_mm(paper.width)} {_mm(paper.height)}",
    })
    ET.SubElement(root, "title").text = title
    group = ET.SubElement(root, "g", {"id": "cut", "fill": "none", "stroke": _CUT_COLOUR, "stroke-width": "0.1"})
    for number, box in enumerate(outlines, start=1):
        ET.SubElement(group, "rect", {"id": f"card-{number}", "x": _mm(box.x), "y": _mm(box.y),
                                      "width": _mm(box.w), "height": _mm(box.h)})
    ET.indent(root)
    return b'<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="utf-8") + b"\n"


def dxf_cut(paper: Paper, outlines: list[Box]) -> bytes:
    """A DXF in millimetres: one closed polyline per card on layer CUT, the paper's extent as its limits."""
    import ezdxf  # only for --cut-file dxf: start-up stays fast

    ezdxf.options.write_fixed_meta_data_for_testing = True  # fixed date and GUIDs: the same file every run

    doc = ezdxf.new("R2010", setup=False)
    doc.units = ezdxf.units.MM  # $INSUNITS = 4
    doc.header["$MEASUREMENT"] = 1  # metric
    doc.header["$LIMMIN"] = (0.0, 0.0)
    doc.header["$LIMMAX"] = (paper.width, paper.height)
    doc.layers.add("CUT", color=1)  # red
    space = doc.modelspace()
    for box in outlines:
        top, bottom = paper.height - box.y, paper.height - box.y - box.h
        corners = [(box.x, top), (box.x + box.w, top), (box.x + box.w, bottom), (box.x, bottom)]
        space.add_lwpolyline(corners, close=True, dxfattribs={"layer": "CUT"})
    stream = io.StringIO()
    doc.write(stream)
    return stream.getvalue().encode("utf-8")
