"""`pnpkit calibrate`: one duplex sheet that tells, in millimetres, the --back-offset to use."""

from cli.commands.common import (
    DuplexOption,
    LangOption,
    OutputOption,
    PaperOption,
    PrinterOption,
    output_path,
    publish,
)
from cli.commands.settings import print_settings


def calibrate(
    paper: PaperOption = None,
    duplex: DuplexOption = None,
    lang: LangOption = "fr",
    printer: PrinterOption = None,
    output: OutputOption = None,
) -> None:
    """Print a calibration sheet; read X and Y on its back, then use --back-offset X,Y."""
    from cli.documents.calibration import calibration_document

    # a calibration sheet is always printed without offset: only the profile's paper and flip apply
    settings = print_settings(paper=paper, lang=lang, printer=printer, flip=duplex, check_flip=False)
    sheet, texts, duplex = settings.paper, settings.texts, settings.flip
    document = calibration_document(sheet, texts, duplex)
    path = output_path(output, f"calibrate-{sheet.name}-{duplex}")
    publish(document, path)
