"""`pnpkit calibrate`: one duplex sheet that tells, in millimetres, the --back-offset to use."""

from cli.commands.common import DuplexOption, LangOption, OutputOption, PaperOption, output_path, publish


def calibrate(
    paper: PaperOption = "a4",
    duplex: DuplexOption = "long",
    lang: LangOption = "fr",
    output: OutputOption = None,
) -> None:
    """Print a calibration sheet; read X and Y on its back, then use --back-offset X,Y."""
    from cli.documents.calibration import calibration_document
    from cli.documents.language import parse_lang
    from cli.layout.sizes import paper as find_paper

    sheet, texts = find_paper(paper), parse_lang(lang)
    document = calibration_document(sheet, texts, duplex)
    path = output_path(output, f"calibrate-{sheet.name}-{duplex}")
    publish(document, path, "templates/calibrate.xml.j2")
