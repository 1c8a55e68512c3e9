"""The duplex calibration sheet's data: which scales go where for this paper and flip."""

from cli.documents.language import Texts
from cli.documents.templating import build_document
from cli.errors import PnpkitError
from cli.layout.markup import Node
from cli.layout.offset_scale import scales
from cli.layout.sizes import Paper


def calibration_document(paper: Paper, texts: Texts, mode: str) -> Node:
    if mode not in ("long", "short"):
        raise PnpkitError(
            f"calibration is for duplex printing; use --duplex long or short, not '{mode}'"
        )
    return build_document("calibrate.xml.j2", paper=paper, texts=texts, mode=mode,
                          scales=scales(paper, mode))
