"""Practice worksheets and their answer keys: exercises from the rules layer, as template documents."""

from cli.documents.assembly import Part, assemble, pupil_copies
from cli.documents.handouts import catalogue_titles
from cli.documents.language import Texts
from cli.documents.page_style import page_style
from cli.documents.templating import build_document
from cli.games.cards import full_deck
from cli.games.exercises import Worksheet, parse_kinds, worksheets
from cli.games.policy import group_seed
from cli.games.trick import PLAYERS
from cli.layout.markup import Element
from cli.layout.sizes import Paper, style_value


def _context(sheet: Worksheet, paper: Paper, texts: Texts, large: bool, group: int | None, pupil: str = "", *,
             title: str) -> dict:
    """What both templates take; `title`: the catalogue key of the first page's title (the next say '(suite)')."""
    tag = texts.each("group_label", group=group) if group else texts.each("version_label", label=sheet.label)
    sizes = page_style(large)
    titles = catalogue_titles(texts, title)
    return {"paper": paper, "texts": texts, "sheet": sheet, "sizes": sizes,
            "scale": sizes.body / page_style(False).body, "players": PLAYERS, "tag": tag,
            "codes": [card.code for card in full_deck()], "pupil": pupil, "page_titles": titles}


def worksheet(sheet: Worksheet, paper: Paper, texts: Texts, large: bool = False, group: int | None = None,
              pupil: str = "") -> Element:
    """The students' pages of one version (as many as the exercises need, once laid out); `pupil` is written
    on the name line (blank: by hand)."""
    return build_document("exercises.xml.j2", **_context(sheet, paper, texts, large, group, pupil,
                                                           title="exercises_title"))


def answer_key(sheet: Worksheet, paper: Paper, texts: Texts, large: bool = False, group: int | None = None) -> Element:
    """The facilitator's key of one version: per exercise the answer first, then the engine's reason."""
    return build_document("exercises_key.xml.j2", **_context(sheet, paper, texts, large, group, title="key_title"),
                          answer_sizes=(style_value("key", "answer"), style_value("key", "answer_alt")))


def exercise_parts(sheets: list[Worksheet], paper: Paper, texts: Texts, large: bool,
                   group: int | None = None) -> tuple[list[Part], list[Part]]:
    """The worksheets (each on a new sheet) and the keys (the first on a new sheet)."""
    many = len(sheets) > 1
    students = [Part(worksheet(s, paper, texts, large, group),
                     ((texts.t("version_label", label=s.label), 0),) if many else (), new_sheet=True)
                for s in sheets]
    keys = [Part(answer_key(s, paper, texts, large, group),
                 (((texts.t("key_title"), 0),) if i == 0 else ()) + (((texts.t("version_label", label=s.label), 1),)
                                                                       if many else ()),
                 new_sheet=i == 0)
            for i, s in enumerate(sheets)]
    return students, keys


def exercises_document(sheets: list[Worksheet], paper: Paper, texts: Texts, large: bool) -> Element:
    """Every version's worksheet, then the keys on a sheet of their own (the layout pass adds a blank
    back when a worksheet ends on a front)."""
    students, keys = exercise_parts(sheets, paper, texts, large)
    return assemble([*students, *keys], paper, texts, large=large, title=texts.t("exercises_title"),
                    subject=texts.t("exercises_subject"))


def group_parts(seed: int, group: int, count: int, paper: Paper, texts: Texts, large: bool = False,
                level: int = 3, pupils: tuple[str, ...] | list[str] = ("",)) -> tuple[list[Part], Part]:
    """A kit group's worksheet (every kind its level allows, as `exercises --level`), one copy for each of
    `pupils` (a name, or blank), and its key; the group's positions come from its own seed, derived from the
    kit's like its demonstration deal, so every group gets other exercises."""
    sheet = worksheets(group_seed(seed, group), parse_kinds(None, level), count, level, 1)[0]
    label = texts.t("part_exercises")
    copies = pupil_copies(pupils, lambda pupil: worksheet(sheet, paper, texts, large, group, pupil), (label, 1))
    return copies, Part(answer_key(sheet, paper, texts, large, group), ((label, 2),))
