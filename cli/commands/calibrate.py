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


def calibrate(
    paper: PaperOption = "a4",
    duplex: DuplexOption = "long",
    lang: LangOption = "fr",
    output: OutputOption = None,
) -> None:
    """Print a calibration sheet; read X and Y on its back, then use --back-offset X,Y."""
    from cli.documents.calibration import calibration_document

    sheet, texts = paper_and_texts(paper, lang)
    document = calibration_document(sheet, texts, duplex)
    path = output_path(output, f"calibrate-{sheet.name}-{duplex}")
    publish(document, path, "templates/calibrate.xml.j2")
