"""`pnpkit kit`: parts in order on their own sheets, outline, cover ranges, answers that match the engine."""

import pdfplumber
import pypdf
import pytest

from cli.documents.kit import group_deals
from cli.games.notation import format_deal
from tests.pdfcheck import all_text, text_outside_its_boxes


def outline(path):
    reader = pypdf.PdfReader(path)
    entries = []

    def walk(items, depth):
        for item in items:
            if isinstance(item, list):
                walk(item, depth + 1)
            else:
                entries.append((depth, item.title, reader.get_destination_page_number(item) + 1))

    walk(reader.outline, 0)
    return entries


@pytest.fixture(scope="module")
def kit3(tmp_path_factory):
    """A three-group kit in English with names, made once for several tests."""
    from cli.main import run

    folder = tmp_path_factory.mktemp("kit")
    names = folder / "names.csv"
    names.write_text("Ana,Bo,Cy\n\nDee, Eli ,Fay\nGus,Hal,<b>&\"Zoé\"\n", encoding="utf-8")
    path = folder / "kit.pdf"
    assert run(["kit", "--names-file", str(names), "--lang", "en", "--seed", "5", "-o", str(path),
                "--preview", str(folder / "png")]) == 0
    return path


def test_outline_has_every_part_and_group(kit3):
    titles = [(depth, title) for depth, title, _ in outline(kit3)]
    assert titles == [
        (0, "Cover"),
        (0, "Group 1 (Ana, Bo, Cy)"), (1, "cards"), (1, "record sheet"), (1, "demonstration"),
        (0, "Group 2 (Dee, Eli, Fay)"), (1, "cards"), (1, "record sheet"), (1, "demonstration"),
        (0, 'Group 3 (Gus, Hal, <b>&"Zoé")'), (1, "cards"), (1, "record sheet"), (1, "demonstration"),
        (0, "Facilitator's answer keys"), (1, "Group 1"), (1, "Group 2"), (1, "Group 3"),
        (0, "Score sheets"), (1, "DREIst!"), (1, "Twin It"),
        (0, "Rules"), (1, "Tricks: follow suit"), (1, "DREIst!"), (1, "Twin It"),
    ]


def test_page_count_is_the_sum_of_the_parts(kit3, pnpkit, tmp_path):
    pages = {}
    for name, args in {
        "cards": ["cards", "--lang", "en"], "record": ["record-sheet", "--lang", "en"],
        "demo": ["demo", "--lang", "en"], "dreist": ["score", "dreist", "--lang", "en"],
        "twinit": ["score", "twinit", "--lang", "en"], "trick_rules": ["rules", "trick", "--lang", "en"],
        "dreist_rules": ["rules", "dreist", "--lang", "en"], "twinit_rules": ["rules", "twinit", "--lang", "en"],
    }.items():
        out = tmp_path / f"{name}.pdf"
        assert pnpkit(*args, "-o", out).code == 0
        pages[name] = len(pypdf.PdfReader(out).pages)
    students = 1  # the demo's students' page (its answer key is counted in the facilitator section)
    group = pages["cards"] + pages["record"] + students
    parts = 1 + 3 * group + 3 + pages["dreist"] + pages["twinit"] + sum(
        pages[k] for k in ("trick_rules", "dreist_rules", "twinit_rules"))
    blanks = len([t for t in all_text(kit3) if "Back left blank" in t])
    assert len(pypdf.PdfReader(kit3).pages) == parts + blanks


def test_cover_page_ranges_match_the_outline(kit3):
    cover = all_text(kit3)[0]
    entries = outline(kit3)
    group1 = next(page for depth, title, page in entries if title.startswith("Group 1 ("))
    group2 = next(page for depth, title, page in entries if title.startswith("Group 2 ("))
    assert f"{group1}–{group2 - 1}" in cover
    reader = pypdf.PdfReader(kit3)
    assert reader.page_labels[:3] == ["1", "2", "3"]


def test_answer_keys_match_the_engine_for_every_group(kit3):
    deals = group_deals(5, 3)
    assert len({format_deal(d.deal) for d in deals}) == 3  # all groups' deals differ
    texts = all_text(kit3)
    answers = [t.replace("\n", " ") for t in texts if "Answer key" in t]
    assert len(answers) == 3
    for number, (played, text) in enumerate(zip(deals, answers, strict=True), start=1):
        assert f"Group {number}" in text
        assert format_deal(played.deal) in text
        for trick in played.tricks:
            assert f"{trick.winner} wins with {trick.winning_play.card}" in text
        totals = played.totals
        assert f"Totals: A {totals['A']}, B {totals['B']}, C {totals['C']}" in text


def test_answers_never_share_a_sheet_with_a_students_page(kit3):
    texts = all_text(kit3)
    answer_pages = [i for i, t in enumerate(texts) if "Answer key" in t]
    student_pages = {i for i, t in enumerate(texts) if "Demonstration: one deal" in t or "Trick record" in t
                     or "Print at 100 %" in t}
    for page in answer_pages:
        other_side = page ^ 1  # duplex: pages 2k and 2k+1 (0-based) share a sheet
        assert other_side not in student_pages


def test_previews_are_one_png_per_page(kit3):
    pngs = sorted((kit3.parent / "png").glob("*.png"))
    assert len(pngs) == len(pypdf.PdfReader(kit3).pages)
    assert pngs[0].read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_default_kit_is_french_a4_and_reproducible(pnpkit, tmp_path):
    assert pnpkit("kit").code == 0
    first = (tmp_path / "output" / "kit-a4-fr.pdf").read_bytes()
    assert pnpkit("kit").code == 0
    assert (tmp_path / "output" / "kit-a4-fr.pdf").read_bytes() == first
    assert "Kit de classe" in all_text(tmp_path / "output" / "kit-a4-fr.pdf")[0]


def test_quiet_on_stderr_when_not_a_terminal(pnpkit, pdf_path):
    result = pnpkit("kit", "--groups", "5", "-o", pdf_path)
    assert result.code == 0 and result.err == ""


@pytest.mark.parametrize(("content", "args", "words"), [
    ("Ana,Bo,Cy\nDee,Eli\n", [], "row 2: 2 names; each row needs exactly 3"),
    ("Ana,Bo,Cy\n", ["--groups", "2"], "lists 1 groups but --groups says 2"),
    ("Ana,Bo,Abcdefghijklmnopqrstu\n", [], "at most 16 fit a cell"),
    (None, ["--groups", "0"], "a kit holds 1 to 16 groups"),
    (None, ["--groups", "17"], "a kit holds 1 to 16 groups"),
])
def test_bad_kit_input(pnpkit, tmp_path, pdf_path, content, args, words):
    extra = []
    if content is not None:
        names = tmp_path / "names.csv"
        names.write_text(content)
        extra = ["--names-file", names]
    result = pnpkit("kit", "-o", pdf_path, *extra, *args)
    assert result.code == 2 and words in result.err, result.err
    assert result.err.count("\n") == 1 and not pdf_path.exists()


def test_unreadable_names_file(pnpkit, tmp_path, pdf_path):
    result = pnpkit("kit", "-o", pdf_path, "--names-file", tmp_path / "missing.csv")
    assert result.code == 2 and "cannot read names file" in result.err and not pdf_path.exists()


def test_every_page_of_the_kit_respects_the_safe_margin_and_embeds_its_fonts(kit3):
    from tests.pdfcheck import font_report, ink_near_the_edge

    assert ink_near_the_edge(kit3) == []  # as printed: card backs are clipped, which object boxes do not show
    fonts = font_report(kit3)
    assert fonts and all(f["embedded"] and f["subset"] for f in fonts)


def test_each_rule_handout_keeps_its_own_pages(kit3):
    entries = outline(kit3)
    texts = all_text(kit3)
    starts = {title: page for depth, title, page in entries if depth == 1 and page >= entries[-3][2]}
    trick, dreist, twinit = (starts[t] for t in ("Tricks: follow suit", "DREIst!", "Twin It"))
    assert "DREIst" not in " ".join(texts[trick - 1:dreist - 1])
    assert "Allowed placements" in " ".join(texts[dreist - 1:twinit - 1])
    assert "Patterns in play" in texts[twinit - 1] and "Pairs" not in texts[twinit - 1]


def test_a_large_kit_gets_a_two_page_cover_whose_ranges_still_match(pnpkit, pdf_path):
    assert pnpkit("kit", "--groups", "16", "--lang", "fr+en", "--paper", "letter", "-o", pdf_path).code == 0
    entries = outline(pdf_path)
    texts = all_text(pdf_path)
    cover = " ".join(texts[:2])
    assert "Cette page / This page 1–2" in cover.replace("\n", " ")
    starts = [page for depth, title, page in entries if depth == 0 and title.startswith("Groupe")]
    assert len(starts) == 16
    for first, following in zip(starts, [*starts[1:], None], strict=True):
        if following:
            assert f"{first}–{following - 1}" in cover


def test_every_character_of_the_kit_stays_inside_its_box_and_the_paper(kit3):
    assert text_outside_its_boxes(kit3) == []


def test_a_large_kit_cover_runs_on_and_its_ranges_count_its_own_pages(tmp_path):
    """More groups than one cover page lists (past today's --groups limit): the cover's flow makes a
    second page, and every range after it counts both cover pages."""
    from cli.documents.kit import KitOptions, kit_document
    from cli.documents.language import parse_lang
    from cli.layout.sizes import paper
    from cli.render.pdf import render_pdf

    path = tmp_path / "k30.pdf"
    path.write_bytes(render_pdf(kit_document(KitOptions(paper("a4"), parse_lang("en"), "long", 30, 1, None))).data)
    texts = [t.replace("\n", " ") for t in all_text(path)]
    assert texts[1].startswith("Classroom kit") and "Group 30" in texts[1]  # the cover's second page
    assert "This page 1–2 " in texts[0]
    # each group: 4 card pages + record sheet + students' page = 6 pages, from page 3 on
    for group in (1, 2, 30):
        first = 3 + 6 * (group - 1)
        assert f"Group {group} {first}–{first + 5} cards pp. {first}–{first + 3}" in texts[0] + texts[1]
        assert texts[first - 1].startswith("Print at 100 %") and "Trick record" in texts[first + 3]


def test_kit_pages_carry_their_number_out_of_the_whole(pnpkit, pdf_path):
    assert pnpkit("kit", "--groups", "2", "-o", pdf_path).code == 0
    with pdfplumber.open(pdf_path) as pdf:
        total = len(pdf.pages)
        numbered = {}
        for index, page in enumerate(pdf.pages, start=1):
            foot = [w["text"] for w in page.extract_words() if w["top"] > page.height - 12 * 2.8346]
            if f"/ {total}" in " ".join(foot) or f"{total}" in foot:
                numbered[index] = " ".join(foot)
    # the cover, each group's record sheet and students' page, the answer keys and the score sheets
    assert 1 in numbered and len(numbered) >= 9
    assert all(f"{index} / {total}" in foot for index, foot in numbered.items())
