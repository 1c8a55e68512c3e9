"""`pnpkit kit`: one print job whose parts start on front sides, a cover whose figures are true, a class list."""

import re
import shlex

import pypdf
import pypdfium2
import pytest

from cli.documents.kit import group_deals
from cli.games.notation import format_deal
from tests import laidcheck
from tests.pdfcheck import (
    all_text,
    answer_key_page,
    metadata,
    pages_drawing_nothing,
    plumbed,
    text_outside_its_boxes,
    viewer_preferences,
)
from tests.untraced import traced

pytestmark = pytest.mark.untraced  # bodies read untraced; pnpkit runs traced in fixtures
BLANK = "This page is intentionally blank."


def deal_as_read(deal) -> str:
    """The deal as the English answer key prints it for a teacher (not the --deal notation 'A:C1,C4 B:…')."""
    return "; ".join(f"{p}: {', '.join(str(c) for c in deal.hands[p])}" for p in "ABC")


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


def part_starts(path) -> dict[str, int]:
    return {title: page for depth, title, page in outline(path) if depth == 0}


def make(pnpkit, path, *args):
    result = pnpkit("kit", "-o", path, *args)
    assert result.code == 0, result.err
    return result


@pytest.fixture(scope="module")
def kit3(tmp_path_factory):
    """A three-group kit in English with names, made once for several tests."""
    from cli.main import run

    folder = tmp_path_factory.mktemp("kit")
    names = folder / "names.csv"
    names.write_text("Ana,Bo,Cy\n\nDee, Eli ,Fay\nGus,Hal,<b>&\"Zoé\"\n", encoding="utf-8")
    path = folder / "kit.pdf"
    assert run(["kit", "--names-file", str(names), "--lang", "en", "--seed", "5", "-o", str(path),
                "--preview", str(folder / "png"), "--title", "Class 5B, Mr Okafor"]) == 0
    return path


KIT40 = ("--groups", "40", "--lang", "fr")  # French: its cover's figures are also drawn and measured below


@pytest.fixture(scope="module")
def kit40(laid):
    """Forty groups without names, in French: a cover of one page, the groups by their pattern. Laid out, not
    drawn: the structure tests read its tree (tests/laidcheck.py), while kit3 is read from the PDF, end to end."""
    return laid(*KIT40).kit


# what the structure tests look for, in each kit's language (a row's label, not the page's 'Rules with each group'
# that the rules' row names)
WORDS = {
    "kit3": {"blank": BLANK, "cover": "Classroom kit", "rules": "Rules", "group": "Group",
             "rows": r"Group \d+|Facilitator|Rules(?! with)|Score sheets|Cover"},
    "kit40": {"blank": "Page volontairement laissée blanche.", "cover": "Kit de classe",
              "rules": "Règles", "group": "Groupe",
              "rows": r"Groupe \d+|Guide de l|Règles(?! avec)|Feuilles de marque|Couverture"},
}


def structure(request, fixture):
    """The kit's outline entries (depth, title, page), its pages' texts and the pages that draw nothing: read
    from the PDF for kit3, from the laid-out tree for kit40."""
    kit = request.getfixturevalue(fixture)
    if fixture == "kit40":
        return (laidcheck.outline(kit), laidcheck.texts(kit),
                [n for n, page in enumerate(kit.children, start=1) if laidcheck.draws_nothing(page)])
    return outline(kit), all_text(kit), pages_drawing_nothing(kit)


def test_outline_has_every_part_and_group(kit3):
    titles = [(depth, title) for depth, title, _ in outline(kit3)]
    def group(*names):  # each child's students' page under their name
        return [(1, "cards"), (1, "record sheet"), (1, "demonstration"), *((2, name) for name in names),
                (1, "DREIst!"), (1, "Twin It")]
    assert titles == [
        (0, "Cover"),
        (0, "Group 1 (Ana, Bo, Cy)"), *group("Ana", "Bo", "Cy"), (0, "Group 2 (Dee, Eli, Fay)"),
        *group("Dee", "Eli", "Fay"), (0, 'Group 3 (Gus, Hal, <b>&"Zoé")'), *group("Gus", "Hal", '<b>&"Zoé"'),
        (0, "Facilitator’s guide and answer keys"), (1, "Facilitator’s guide"),
        (1, "Group 1"), (1, "Group 2"), (1, "Group 3"),
        (0, "Score sheets"), (1, "DREIst!"), (1, "Twin It"),  # blank spares to photocopy, names or not
        (0, "Rules"), (1, "Tricks: follow suit"), (1, "Twin It"), (1, "DREIst!"),  # the one-page ones pair up
    ]


@pytest.mark.parametrize("fixture", ["kit3", "kit40"])
def test_every_part_and_handout_starts_on_a_front_side(request, fixture):
    entries, _, _ = structure(request, fixture)
    starts = [page for depth, title, page in entries if depth == 0]
    rules = {title: page for depth, title, page in entries if depth == 0}[WORDS[fixture]["rules"]]
    handouts = [page for depth, title, page in entries if depth == 1 and page > rules - 1]
    assert len(starts) >= 5 and len(handouts) == 3
    assert all(page % 2 == 1 for page in starts), starts  # odd page: a sheet's front
    trick, twinit, dreist = handouts  # a one-page handout takes the back of the one before, a longer one starts
    assert (trick % 2, dreist % 2) == (1, 1) and (twinit == trick + 1 or twinit % 2 == 1), handouts  # a sheet


@pytest.mark.parametrize("fixture", ["kit3", "kit40"])
def test_blank_pages_say_so_and_only_keep_a_part_off_a_back(request, fixture):
    entries, texts, drawing_nothing = structure(request, fixture)
    starts = {page for depth, title, page in entries}
    blank = WORDS[fixture]["blank"]
    blanks = [number for number, text in enumerate(texts, start=1) if blank in text]
    assert blanks  # the cover of one page is followed by one
    for number in blanks:
        assert texts[number - 1].strip() == f"{blank}\n{number} / {len(texts)}"  # nothing else but its number
        assert number % 2 == 0 and number + 1 in starts  # a back, just before a part starts
    assert drawing_nothing == []  # no page is silently empty: text, or drawings (the card backs)


def _cover_rows(texts, words):
    """(label, first, last) of each row of the cover's contents table."""
    cover = " ".join(t for t in texts if words["cover"] in t).replace("\n", " ")
    return [(m.group(1), int(m.group(2)), int(m.group(3) or m.group(2)))
            for m in re.finditer(rf"({words['rows']})[^0-9]*?(\d+)(?:–(\d+))? ", cover)]


@pytest.mark.parametrize("fixture", ["kit3", "kit40"])
def test_cover_page_ranges_match_where_parts_really_start_and_end(request, fixture):
    entries, texts, _ = structure(request, fixture)
    starts = sorted(page for depth, title, page in entries if depth == 0)
    ends = [following - 1 for following in starts[1:]] + [len(texts)]
    # a part ends on its last printed page, before the blank back that keeps the next part off it
    words = WORDS[fixture]
    ends = [end - 1 if words["blank"] in texts[end - 1] else end for end in ends]
    rows = _cover_rows(texts, words)
    spans = list(zip(starts, ends, strict=True))
    if fixture == "kit3":
        assert [(first, last) for _, first, last in rows] == spans
        return
    # forty groups of no names: the cover's one page shows their pattern, the first two, the last and a row
    # for those between (the cover is spans[0], group n spans[n])
    assert [label for label, _, _ in rows][:4] == ["Couverture", "Groupe 1", "Groupe 2", "Groupe 40"]
    assert [(first, last) for _, first, last in rows] == [*spans[:3], *spans[40:]]
    between = re.search(r"Groupes 3 à 39 (\d+)–(\d+) ", " ".join(texts[:1]).replace("\n", " "))
    assert (int(between[1]), int(between[2])) == (spans[3][0], spans[39][1])
    assert [n for n, t in enumerate(texts, start=1) if words["cover"] in t] == [1]


def test_cards_pages_on_the_cover_are_the_card_sheets(kit3):
    cover = all_text(kit3)[0].replace("\n", " ")
    texts = all_text(kit3)
    spans = re.findall(r"cards: (\d+)–(\d+)", cover)  # the groups' rows in order (a row's note may be read before
    #                                                  its label: the label sits level with the note's middle)
    assert len(spans) == 3, cover
    for index, (start, end) in enumerate((int(first), int(last)) for first, last in spans):
        assert index > 0 or start == 3
        assert "Print at 100%" in texts[start - 1] and "Print at 100%" not in texts[end]


def test_the_cover_says_how_to_print_sheets_ink_title_version_and_command(kit3, pnpkit, tmp_path):
    from cli import __version__

    cover = all_text(kit3)[0].replace("\n", " ")
    pages = len(pypdf.PdfReader(kit3).pages)
    assert "Class 5B, Mr Okafor" in cover
    assert "Print the whole file in one job: duplex, flip on long edge, at 100%" in cover
    assert f"{(pages + 1) // 2} sheets of paper ({pages} pages)" in cover
    assert re.search(r"Ink: about \d+\.\d ordinary pages", cover)
    assert "DREIst! and Twin It are played with their own boxed cards (not included)" in cover
    assert f"pnpkit {__version__}" in cover
    assert viewer_preferences(kit3)["/Duplex"] == "/DuplexFlipLongEdge"


def test_the_command_on_the_cover_makes_the_same_kit(pnpkit, tmp_path):
    names = tmp_path / "names.csv"
    names.write_text("Ana,Bo,Cy\nDee,Eli,Fay\n")
    first = tmp_path / "first.pdf"
    make(pnpkit, first, "--names-file", "names.csv", "--back-offset", "1,-0.5", "--title", "CM2 'B'", "--seed", "3")
    cover = all_text(first)[0]
    command = re.sub(r"\s*\d+ / \d+\s*$", "", cover[cover.index("pnpkit kit"):]).replace("\n", " ")  # no page number
    args = shlex.split(command)
    assert args[:2] == ["pnpkit", "kit"] and args[args.index("--back-offset") + 1] == "1,-0.5"
    again = tmp_path / "again.pdf"
    make(pnpkit, again, *args[2:])
    assert again.read_bytes() == first.read_bytes()


def test_cover_and_stderr_give_the_same_figures(pnpkit, pdf_path):
    result = make(pnpkit, pdf_path, "--groups", "2", "--lang", "en")
    cover = all_text(pdf_path)[0].replace("\n", " ")
    ink = re.search(r"Ink: about (\d+\.\d)", cover).group(1)
    sheets = re.search(r"(\d+) sheets of paper \((\d+) pages\)", cover)
    assert f"kit: {sheets.group(1)} sheets ({sheets.group(2)} pages), ink about {ink} ordinary pages" in result.err
    starts = part_starts(pdf_path)
    summary = result.err.replace("\n  ", " ").strip()
    assert len(starts) == 6
    for title, page in starts.items():  # cover, two groups, answer keys, score sheets, rules
        assert f"{title} p. {page}," in summary + ",", (title, summary)


def test_a_second_group_adds_only_its_own_ink(laid):
    """Two groups cost more than one, but less than twice: the cover, score sheets and rules are shared
    (the covers read on the laid-out trees, their figures filled in as drawn)."""
    def ink(groups):
        cover = laidcheck.page_text(laid("--groups", groups, "--lang", "en").kit, 0)
        return float(re.search(r"Ink: about (\d+\.\d)", cover.replace("\n", " ")).group(1))

    one, two = ink("1"), ink("2")
    assert one < two < 2 * one


def test_names_appear_on_their_groups_pages(kit3):
    texts = all_text(kit3)
    entries = outline(kit3)
    groups = {1: ["Ana", "Bo", "Cy"], 2: ["Dee", "Eli", "Fay"], 3: ["Gus", "Hal", '<b>&"Zoé"']}
    for number, names in groups.items():
        start = next(i for i, (depth, title, _) in enumerate(entries) if title.startswith(f"Group {number} ("))
        pages = {title: page for depth, title, page in entries[start + 1:start + 9] if depth == 1}
        for item in ("record sheet", "demonstration", "DREIst!", "Twin It"):
            text = texts[pages[item] - 1]
            assert all(name in text for name in names), (number, item)
            others = [n for k, ns in groups.items() if k != number for n in ns]
            assert not any(name in text for name in others), (number, item)
        assert f"A = {names[0]} · B = {names[1]} · C = {names[2]}" in texts[pages["demonstration"] - 1]


def test_page_count_is_the_sum_of_the_parts(kit3, pnpkit, tmp_path):
    pages = {}
    for name, args in {
        "cards": ["cards", "--lang", "en"], "record": ["record-sheet", "--lang", "en"],
        "dreist": ["score", "dreist", "--lang", "en"], "twinit": ["score", "twinit", "--lang", "en"],
        "trick_rules": ["rules", "trick", "--lang", "en"], "dreist_rules": ["rules", "dreist", "--lang", "en"],
        "twinit_rules": ["rules", "twinit", "--lang", "en"], "guide": ["guide", "--lang", "en"],
    }.items():
        out = tmp_path / f"{name}.pdf"
        assert pnpkit(*args, "-o", out).code == 0
        pages[name] = len(pypdf.PdfReader(out).pages)
    students = 3  # the demo's students' page, one per child (its answer key is counted with the facilitator)
    group = pages["cards"] + pages["record"] + students + pages["dreist"] + pages["twinit"]
    spares = pages["dreist"] + pages["twinit"]  # the blank score sheets, besides each group's named ones
    facilitator = pages["guide"] + 3  # the lesson guide, then the three groups' answer keys
    parts = 1 + 3 * group + facilitator + spares + sum(pages[k] for k in ("trick_rules", "dreist_rules",
                                                                          "twinit_rules"))
    blanks = len([t for t in all_text(kit3) if BLANK in t])
    assert len(pypdf.PdfReader(kit3).pages) == parts + blanks


def test_answer_keys_match_the_engine_for_every_group(kit3):
    with traced():  # the engine's deals and notation, measured
        deals = group_deals(5, 3)
        notations = [format_deal(d.deal) for d in deals]
    assert len(set(notations)) == 3  # all groups' deals differ
    texts = all_text(kit3)
    answers = [t.replace("\n", " ") for t in texts if answer_key_page(t)]
    assert len(answers) == 3
    for number, (played, notation, text) in enumerate(zip(deals, notations, answers, strict=True), start=1):
        assert f"Group {number}" in text
        assert deal_as_read(played.deal) in text and notation not in text
        for trick in played.tricks:
            assert f"{trick.winner} wins with {trick.winning_play.card}" in text
        totals = played.totals
        assert f"Totals: A {totals['A']}, B {totals['B']}, C {totals['C']}" in text


def test_answers_never_share_a_sheet_with_a_students_page(kit3):
    texts = all_text(kit3)
    answer_pages = [i for i, t in enumerate(texts) if answer_key_page(t)]
    student_pages = {i for i, t in enumerate(texts) if "Demonstration: one deal" in t or "Record sheet" in t
                     or "Print at 100%" in t}
    for page in answer_pages:
        other_side = page ^ 1  # duplex: pages 2k and 2k+1 (0-based) share a sheet
        assert other_side not in student_pages


def test_split_writes_the_answer_keys_to_their_own_file(pnpkit, tmp_path):
    path = tmp_path / "kit.pdf"
    result = make(pnpkit, path, "--groups", "2", "--lang", "en", "--split", "--seed", "4")
    answers = tmp_path / "kit-answers.pdf"
    assert str(answers) in result.out
    main, keys = all_text(path), all_text(answers)
    assert not any(answer_key_page(t) or "Facilitator’s guide: the lesson" in t for t in main)
    guide, keys = keys[:2], keys[2:]  # the lesson guide opens the facilitator's file, on a sheet of its own
    assert all("Facilitator’s guide" in t for t in guide)
    assert len(keys) == 2 and all(answer_key_page(t) for t in keys)
    with traced():
        deals = group_deals(4, 2)
    for number, played in enumerate(deals, start=1):
        assert deal_as_read(played.deal) in keys[number - 1].replace("\n", " ")
        assert f"Group {number}" in keys[number - 1]
    assert "in its own file: kit-answers.pdf" in main[0].replace("\n", " ")
    assert [t for _, t, _ in outline(answers)] == ["Facilitator’s guide and answer keys", "Facilitator’s guide",
                                                    "Group 1", "Group 2"]
    assert metadata(answers)["/Title"] == "Facilitator’s guide and answer keys"  # the guide opens it


def test_split_writes_both_files_or_neither(pnpkit, tmp_path, monkeypatch):
    (tmp_path / "kit-answers.pdf").mkdir()  # the second file cannot be written: refused before any work
    result = pnpkit("kit", "--split", "-o", tmp_path / "kit.pdf")
    assert result.code == 2 and result.err.count("\n") == 1 and "kit-answers.pdf: it is a folder" in result.err
    assert not (tmp_path / "kit.pdf").exists()
    (tmp_path / "kit-answers.pdf").rmdir()
    import cli.outfile

    real = cli.outfile.write_atomically

    def disk_full_on_the_answers(path, data):
        if path.name == "kit-answers.pdf":
            raise cli.outfile.PnpkitError(f"cannot write {path}: No space left on device; choose another -o path")
        real(path, data)

    monkeypatch.setattr(cli.outfile, "write_atomically", disk_full_on_the_answers)
    result = pnpkit("kit", "--split", "-o", tmp_path / "kit.pdf")
    assert result.code == 2 and "No space left on device" in result.err
    assert sorted(p.name for p in tmp_path.iterdir()) == []  # the kit written first is taken back


def test_only_group_reprints_that_groups_material(laid, class_list):
    """Read on the laid-out trees: which pages a reprint holds, and that they are the full kit's."""
    names = class_list("Ana,Bo,Cy\nDee,Eli,Fay\nGus,Hal,Ivy\n")
    full = laid("--names-file", names, "--lang", "en").kit
    again = laid("--names-file", names, "--lang", "en", "--only-group", "2").kit
    assert [t for d, t, _ in laidcheck.outline(again) if d == 0] == [
        "Cover", "Group 2 (Dee, Eli, Fay)", "Facilitator’s guide and answer keys", "Rules"]
    cover = laidcheck.page_text(again, 0)
    assert "Reprint of group 2 only." in cover and "Group 1" not in cover
    def unnumbered(kit):  # the page numbers count each file's own pages
        return ["\n".join(text for text in laidcheck.page_strings(kit, index) if not re.fullmatch(r"\d+ / \d+", text))
                for index in range(len(kit.children))]

    full_texts, again_texts = unnumbered(full), unnumbered(again)
    label = "Group 2 (Dee, Eli, Fay)"
    start_full, start_again = laidcheck.part_starts(full)[label], laidcheck.part_starts(again)[label]
    for offset in range(4, 8):  # record sheet, students' page, score sheets: as in the full kit
        assert again_texts[start_again - 1 + offset] == full_texts[start_full - 1 + offset]
    assert [t for t in again_texts if answer_key_page(t)] == [full_texts[i] for i, t in enumerate(full_texts)
                                                             if answer_key_page(t) and "Group 2" in t]


def test_rules_per_group_go_with_each_group(pnpkit, pdf_path):
    make(pnpkit, pdf_path, "--groups", "2", "--lang", "en", "--rules-per-group")
    entries = outline(pdf_path)
    assert "Rules" not in part_starts(pdf_path)
    assert [(d, t) for d, t, _ in entries if t in ("Rules", "Tricks: follow suit")] == [
        (1, "Rules"), (2, "Tricks: follow suit")] * 2
    handouts = [page for depth, title, page in entries
                if depth == 2 and title in ("Tricks: follow suit", "Twin It", "DREIst!")]
    assert len(handouts) == 6 and all(page % 2 == 1 for page in handouts[0::3] + handouts[2::3])
    assert all(twinit == trick + 1 for trick, twinit in zip(handouts[0::3], handouts[1::3], strict=True))


def test_single_sided_folds_the_cards_and_leaves_no_blank_page(pnpkit, pdf_path):
    result = make(pnpkit, pdf_path, "--groups", "3", "--lang", "en", "--single-sided")
    texts = all_text(pdf_path)
    assert not any(BLANK in t for t in texts)
    cover = texts[0].replace("\n", " ")
    assert "single-sided, at 100%" in cover and f"{len(texts)} sheets of paper ({len(texts)} pages)" in cover
    assert viewer_preferences(pdf_path)["/Duplex"] == "/Simplex"
    assert "Fold on the dashed fold line" in texts[1]
    assert "single-sided" in result.err and "--single-sided" in cover


def test_default_kit_is_french_a4_and_reproducible(pnpkit, tmp_path):
    assert pnpkit("kit").code == 0
    first = (tmp_path / "output" / "kit-a4-fr.pdf").read_bytes()
    assert pnpkit("kit").code == 0
    assert (tmp_path / "output" / "kit-a4-fr.pdf").read_bytes() == first
    texts = all_text(tmp_path / "output" / "kit-a4-fr.pdf")
    assert "Kit : jeux de cartes à imprimer" in texts[0] and "Page volontairement laissée blanche." in texts[1]


def test_no_progress_bar_when_not_a_terminal_only_the_summary(pnpkit, pdf_path):
    result = pnpkit("kit", "--groups", "4", "-o", pdf_path)  # the fewest groups a terminal sees a bar for
    assert result.code == 0 and "groups [" not in result.err and result.err.startswith("kit: ")


@pytest.mark.parametrize(("content", "args", "words"), [
    ("Ana,Bo,Cy\nDee,Eli\n", [], "row 2: each row needs exactly 3 names, this one has 2"),
    ("Ana,Bo,Cy\n", ["--groups", "2"], "number of groups (1) and --groups 2 differ"),
    ("Ana,Bo,Abcdefghijklmnopqrstu\n", [], "at most 16 fit a cell"),
    ("Ana,Bo,Cy\nLéa,Bo,léa\n", [], "row 2: 'léa' is given twice in one group; tell the two apart"),
    ("Ana,Bo,Cy\n", ["--only-group", "2"], "--only-group 2 is not one of the kit's groups (1 to 1)"),
    (None, ["--groups", "0"], "a kit holds 1 to 200 groups"),
    (None, ["--groups", "201"], "a kit holds 1 to 200 groups"),
    (None, ["--single-sided", "--duplex", "long"], "leave out --duplex long"),
    (None, ["--title", " "], "--title is empty"),
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


def test_previews_are_one_png_per_page(kit3):
    pngs = sorted((kit3.parent / "png").glob("*.png"))
    assert len(pngs) == len(pypdf.PdfReader(kit3).pages)
    assert pngs[0].read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_every_page_of_the_kit_respects_the_safe_margin_and_embeds_its_fonts(kit3):
    from tests.pdfcheck import font_report, ink_near_the_edge

    assert ink_near_the_edge(kit3) == []  # as printed: card backs are clipped, which object boxes do not show
    fonts = font_report(kit3)
    assert fonts and all(f["embedded"] and f["subset"] for f in fonts)


def test_each_rule_handout_keeps_its_own_pages(kit3):
    entries = outline(kit3)
    texts = all_text(kit3)
    starts = {title: page for depth, title, page in entries if depth == 1 and page >= entries[-3][2]}
    trick, twinit, dreist = (starts[t] for t in ("Tricks: follow suit", "Twin It", "DREIst!"))
    assert "DREIst" not in " ".join(texts[trick - 1:twinit - 1])
    assert "Patterns in play" in texts[twinit - 1] and "Pairs" not in texts[twinit - 1]
    assert "DREIst" not in " ".join(texts[twinit - 1:dreist - 1])
    assert "Allowed placements" in " ".join(texts[dreist - 1:])


def test_a_bilingual_letter_kit_keeps_its_ranges(laid):
    """Read on the laid-out tree: the cover's ranges are drawn as laid out (kit3's ranges are read from
    its PDF)."""
    kit = laid("--groups", "16", "--lang", "fr+en", "--paper", "letter").kit
    entries = laidcheck.outline(kit)
    cover = " ".join(t for t in laidcheck.texts(kit) if "Kit de classe" in t).replace("\n", " ")
    starts = [page for depth, title, page in entries if depth == 0 and title.startswith("Groupe")]
    assert len(starts) == 16
    ends = [following - 1 for following in starts[1:]]  # the blank back of a child's page before the next
    ends = [end - 1 if laidcheck.draws_nothing(kit.children[end - 1]) or "blanche" in laidcheck.page_text(
        kit, end - 1) else end for end in ends]
    # the cover's one page: groups 1, 2 and 16 by their rows, 3 to 15 in one (the pattern of groups of no names)
    for number in (1, 2):
        assert f"Groupe {number} Group {number} {starts[number - 1]}–{ends[number - 1]}" in cover
    assert f"Groupes 3 à 15 Groups 3–15 {starts[2]}–{ends[14]}" in cover


def test_every_character_of_the_kit_stays_inside_its_box_and_the_paper(kit3):
    # the card backs' set numbers sit on white labels over the tint, whose pebbles the check takes for
    # boxes: tests/commands/test_kit_decks.py measures them (a page of backs: set numbers and "n / N", the
    # seat cards' letters and the reminder's "?" on their marked backs)
    backs = {number for number, text in enumerate(all_text(kit3), start=1) if re.fullmatch(r"[\d\s/ABC?]+", text)}
    assert len(backs) == 6
    others = [number for number in range(1, len(all_text(kit3)) + 1) if number not in backs]
    assert text_outside_its_boxes(kit3, pages=others) == []


def test_kit_pages_carry_their_number_out_of_the_whole(kit_pdf):
    pdf = pypdfium2.PdfDocument(kit_pdf("--groups", "2"))
    total = len(pdf)
    numbered = {}
    for index, page in enumerate(pdf, start=1):  # the words in the bottom 12 mm, read by pdfium
        foot = page.get_textpage().get_text_bounded(top=12 * 2.8346).split()
        if f"/ {total}" in " ".join(foot) or f"{total}" in foot:
            numbered[index] = " ".join(foot)
    pdf.close()
    # the cover, each group's record sheet and students' page, the answer keys and the score sheets
    assert 1 in numbered and len(numbered) >= 9
    assert all(f"{index} / {total}" in foot for index, foot in numbered.items())


LETTER_UNIT = {"fr": "une page US Letter noircie", "en": "one US Letter page, 5",
               "de": "eine Seite im Format US Letter mit 5"}


@pytest.mark.parametrize(("lang", "groups", "summary", "column", "pages"), [
    ("fr+en", "2", "2 groupes de 3 joueurs", "Qu’en faire What to do with it", 1),
    ("de", "1", "1 Gruppe zu 3 Spielern", "Verwendung", 1),
    ("en", "1", "1 group of 3 players", "What to do with it", 1),
    ("de+fr", "2", "2 Gruppen zu 3 Spielern", "Verwendung Qu’en faire", 1),
])
def test_letter_cover_plurals_its_column_and_the_rebuild_command_kept_whole(
        pnpkit, pdf_path, lang, groups, summary, column, pages):
    """Real plurals, the German column says what to do (not how to print), and the command never stands
    without its 'to make this kit again' lines: fr+en and de+fr on one Letter page."""
    result = make(pnpkit, pdf_path, "--groups", groups, "--lang", lang, "--paper", "letter")
    cover = " ".join(all_text(pdf_path)[:pages]).replace("\n", " ")
    assert summary in cover and column in cover and "(s)" not in cover and "(n)" not in cover
    assert "einseitig" not in cover
    for one in lang.split("+"):  # the ink's unit is a page of the kit's paper (second teacher review #7)
        assert LETTER_UNIT[one] in " ".join(cover.split()), one
    assert "(US Letter at 5% coverage" in result.err and "A4" not in result.err
    texts = all_text(pdf_path)  # read up to the first page that holds the command (the cover's last), no further
    first = next(index for index, text in enumerate(texts) if "pnpkit kit --" in text)
    last = texts[first]
    assert ("Made with" in last or "Erstellt mit" in last or "Fait avec" in last), last
    assert first == pages - 1, result.err


@pytest.mark.parametrize("args", [("--groups", "2", "--lang", "fr+en", "--paper", "letter"), KIT40])
def test_the_cover_s_figures_stay_in_the_text_column(kit_pdf, args):
    """Sheets, pages and ink (with the light backs' figure) are filled in after the layout, on lines
    that cannot wrap: they must fit the frame's column (safe margin + inset on each side). The forty
    groups' kit is drawn from kit40's layout."""
    with plumbed(kit_pdf(*args)) as pdf:
        page = pdf.pages[0]
        assert "avec des dos clairs" in page.extract_text()  # the light backs' figure, on the ink line
        assert max(c["x1"] for c in page.chars) <= page.width - 12 * 2.8346 + 0.2
