"""A class list saved by a spreadsheet starts with its column headings: that line is skipped and said, never made a
group of three players called 'Prénom 1', 'Prénom 2' and 'Prénom 3'."""

import io
from contextlib import redirect_stderr, redirect_stdout

import pypdfium2
import pytest

from cli.documents.kit_options import read_names_file
from cli.documents.language import catalogue
from cli.documents.names import heading_row, split_row
from cli.errors import PnpkitError
from cli.main import run

BOM = "\ufeff"


@pytest.mark.parametrize("line", [
    "Prénom 1;Prénom 2;Prénom 3",  # a French spreadsheet: ';' and numbered headings
    "PRENOM 1;prénom 2;Prénom3", "Élève n°1;Élève n°2;Élève n°3", "Nom;Prénom;Élève", "Prénoms",
    "First name,First name 2,Name", "Pupil 1,Student 2,Player 3", "Vorname,Name,Kind", "Schüler(in) 1,SchülerIn 2,"
    "Schüler*in 3", "Spieler:in,Spielerin,Kinder", "Joueur A;Joueur B;Joueur C",
    "Membre 1;Membre 2;Membre 3",
    "Kiddo 1,Kiddo 2,Kiddo 3",  # one word on every cell, numbered: headings even if the word is no heading word
    "Seat A,Seat B,Seat C",
])
def test_a_line_of_headings_is_recognised_in_any_language_case_and_accents(line):
    assert heading_row(split_row(line, "test"))


@pytest.mark.parametrize("line", [
    "Ana,Bo,Cy", "Kind,Ana,Bo",  # a child really named Kind, among names: a group
    "Ana 1,Bo 2,Cy 3",  # numbered, but three words
    "Kiddo 1,Kiddo 3,Kiddo 2",  # not counted 1, 2, 3
    "Léa,Léa B,Léa C", "Prénom 1;Ana;Bo",
])
def test_a_line_of_names_is_a_group(line):
    assert not heading_row(split_row(line, "test"))


def test_heading_words_live_in_each_languages_catalogue():
    for lang, word in (("fr", "Élève"), ("en", "Pupil"), ("de", "Schülerin")):
        assert word in catalogue(lang)["class_list_headings"].split(", ")


def test_an_excel_csv_with_a_bom_and_headings_reads_its_groups_and_says_which_line_it_skipped(tmp_path):
    path = tmp_path / "classe.csv"
    path.write_bytes(f"{BOM}\r\nPrénom 1;Prénom 2;Prénom 3;;\r\nAna;Bo;Cy;;\r\nDan;Éva;Fay;;\r\n".encode())
    read = read_names_file(path)
    assert read.groups == [["Ana", "Bo", "Cy"], ["Dan", "Éva", "Fay"]]
    assert (read.headings_line, read.headings) == (2, ("Prénom 1", "Prénom 2", "Prénom 3"))
    path.write_text("Ana;Bo;Cy\nPrénom 1;Prénom 2;Prénom 3\n")  # only the first line can be headings
    assert read_names_file(path) == ([["Ana", "Bo", "Cy"], ["Prénom 1", "Prénom 2", "Prénom 3"]], 0, ())


def test_a_list_of_headings_alone_is_refused_naming_the_line(tmp_path):
    path = tmp_path / "classe.csv"
    path.write_text("Vorname;Vorname;Vorname\n\n")
    with pytest.raises(PnpkitError, match="holds only column headings \\(row 1\\)") as refused:
        read_names_file(path)
    assert refused.value.key == "names_headings_only"


@pytest.fixture(scope="module")
def kit_run(tmp_path_factory):
    """One kit from a French Excel list with its headings: what the command said, and the cover's text."""
    folder = tmp_path_factory.mktemp("headings")
    (folder / "classe.csv").write_bytes(f"{BOM}Prénom 1;Prénom 2;Prénom 3\r\nAna;Bo;Cy\r\n".encode())
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = run(["kit", "--names-file", str(folder / "classe.csv"), "-o", str(folder / "kit.pdf")])
    cover = pypdfium2.PdfDocument(folder / "kit.pdf")[0].get_textpage().get_text_range()
    return code, out.getvalue(), err.getvalue(), cover, str(folder / "classe.csv")


def test_the_kit_says_on_one_line_that_it_skipped_the_headings(kit_run):
    code, out, err, _, path = kit_run
    assert code == 0, err
    said = [line for line in err.splitlines() if "column headings" in line]
    assert said == [f"kit: names file {path}: line 1 read as column headings (Prénom 1, Prénom 2, Prénom 3), skipped"]


def test_the_kit_has_one_group_named_by_the_list_not_by_its_headings(kit_run):
    cover = kit_run[3]
    assert "1 groupe de 3 joueurs" in cover and "Prénom" not in cover
