"""`pnpkit calibrate`: one duplex sheet that tells, in millimetres, the --back-offset to use."""

from cli.commands.common import (
    DuplexOption,
    LangOption,
    OutputOption,
    PaperOption,
    output_path,
    paper_and_texts,
    publish,
)
from cli.commands.printer import PrinterOption


def calibrate(
    paper: PaperOption = None,
    duplex: DuplexOption = None,
    lang: LangOption = "fr",
    printer: PrinterOption = None,
    output: OutputOption = None,
) -> None:
    """Print a calibration sheet; read X and Y on its back, then use --back-offset X,Y."""
    from cli.documents.calibration import calibration_document
    from cli.profiles import resolve

    # a calibration sheet is always printed without offset: only the profile's paper and flip apply
    paper, duplex, _ = resolve(printer, paper, duplex, None)

    sheet, texts = paper_and_texts(paper, lang)
    document = calibration_document(sheet, texts, duplex)
    path = output_path(output, f"calibrate-{sheet.name}-{duplex}")
    publish(document, path)
