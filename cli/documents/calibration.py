"""The duplex calibration sheet's data: which scales go where for this paper and flip."""

from cli.documents.language import Texts
from cli.documents.templating import build_document
from cli.errors import PnpkitError
from cli.layout.markup import Element
from cli.layout.offset_scale import scales
from cli.layout.sheet_numbers import sheet_numbers
from cli.layout.sizes import Paper, sheet_value, style_table

_FLIP = {"long": "duplex_long", "short": "duplex_short"}
# layouts/sheet.toml [calibration]: where the sheet's texts stand from what they label (with the pass's ascent
# and descent), and the room its flows keep around the lines and scales
CLEARANCES = ("side_top", "steps_gap", "line_label_clear", "bar_label_clear", "heading_top", "caption_top",
              "ruler_label_top", "save_clear", "save_gap", "notice_band", "steps_flow_gap", "over_x", "beside_x_top",
              "beside_x", "under_x", "clear_y", "foot_clear", "line", "back_inset", "read_under_y",
              "read_top", "read_height", "read_gap", "bar_line", "bar_number_gap", "heading_gap", "ruler_rise",
              "ruler_label_gap")


def calibration_document(paper: Paper, texts: Texts, mode: str) -> Element:
    """Front: the flip to choose, the steps, one line per scale; back: the scales and the save command."""
    if mode not in _FLIP:
        raise PnpkitError(
            f"calibration is for duplex printing; use --duplex long or short, not '{mode}'"
        )
    name = texts.t("calibrate_name")  # the placeholder the reader replaces, in the page's language
    return build_document("calibrate.xml.j2", paper=paper, texts=texts, mode=mode,
                          scales=scales(paper, mode), flip=texts.each(_FLIP[mode]),
                          save=f"pnpkit printer save {name} --back-offset X,Y --duplex {mode} --paper {paper.name}",
                          ruler=sheet_numbers().ruler,
                          clear={key: sheet_value("calibration", key) for key in CLEARANCES},
                          points=style_table(("calibration",)))
