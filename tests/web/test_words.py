"""The page's words: three catalogues with the same keys, and every refusal it words brought about by a real run."""

import io
import string
import tomllib
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

from cli.commands import registry
from cli.errors import PnpkitError
from cli.main import run
from cli.refusals import ENGLISH
from cli.web import forms, messages
from cli.web.words import Words, choose

CATALOGUES = Path(__file__).resolve().parents[2] / "templates" / "catalogues" / "web"


def keys(lang: str) -> dict[str, str]:
    return tomllib.loads((CATALOGUES / f"{lang}.toml").read_text(encoding="utf-8"))


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("lang", ["fr", "de"])
def test_every_language_has_the_same_keys_and_placeholders(lang):
    english, other = keys("en"), keys(lang)
    assert sorted(set(english) ^ set(other)) == []
    for key, text in english.items():
        assert placeholders(other[key]) == placeholders(text), (lang, key)


def test_french_keeps_its_typography():
    for key, text in keys("fr").items():
        assert " :" not in text and " ;" not in text and "« " not in text, key  # no-break spaces, never plain


DEAL = "A:C1,C4,T2,S3 B:C2,T1,T4,S1 C:C3,T3,S2,S4"  # the source's worked example (cli/games/demo_deal.py)
# (command line, catalogue key it must bring, the field it belongs to)
EXAMPLES = [
    (["kit", "--groups", "500"], "msg.groups_range", "groups"),
    (["exercises", "--count", "13"], "msg.count_range", "count"),
    (["exercises", "--versions", "40"], "msg.versions_range", "versions"),
    (["score", "twinit", "--target", "99"], "msg.target_range", "target"),
    (["score", "twinit", "--variant", "coop", "--target", "3"], "msg.target_coop", "target"),
    (["kit", "--title", " "], "msg.title_empty", "title"),
    (["kit", "--back-offset", "1,99"], "msg.offset_large", "back_offset"),
    (["cards", "--size", "64x88", "--back-offset", "-5,0"], "msg.offset_margin", "back_offset"),
    (["kit", "--single-sided", "--duplex", "long"], "msg.single_sided", "single_sided"),
    (["kit", "--level", "2"], "msg.level_alone", "level"),
    (["kit", "--only-group", "5"], "msg.only_group", "only_group"),
    (["kit", "--printer", "nope"], "msg.no_profile", "printer"),
    (["kit", "--printer", "bad name"], "msg.profile_name", "printer"),
    (["cards", "--size", "10x10"], "msg.size_small", "size"),
    (["cards", "--size", "abc"], "msg.size_form", "size"),
    (["cards", "--only", "Z9"], "msg.unknown_card", "only"),
    (["cards", "--only", ",,"], "msg.only_empty", "only"),
    (["kit", "--title", "CM2\u200bB"], "msg.title_invisible", "title"),
    (["score", "dreist", "--names", "Ana,B\u00adob"], "msg.name_invisible", "names"),
    (["record-sheet", "--players", 'Ana,"Bo"x,Cy'], "msg.names_csv", "players"),
    (["cards", "--only", "C3, c3"], "msg.only_twice", "only"),
    (["record-sheet", "--players", "Ana,Bo"], "msg.three_players", "players"),
    (["record-sheet", "--players", "Léa,Bo,léa"], "msg.name_twice", "players"),
    (["score", "dreist", "--names", "Ana,Bo,Ana"], "msg.name_twice", "names"),
    (["score", "twinit", "--variant", "clans", "--players", "2"], "msg.twinit_players", "players"),
    (["score", "dreist", "--players", "9"], "msg.dreist_players", "players"),
    (["score", "dreist", "--names", "Ana,Bo", "--players", "3"], "msg.names_players", "names"),
    (["exercises", "--kinds", ""], "msg.kinds_empty", "kinds"),
    (["exercises", "--kinds", "may-play,mistake", "--level", "1"], "msg.kind_level", "kinds"),
    (["demo", "--deal", "xx"], "msg.deal", "deal"),
    (["record-sheet", "--players", "Averyveryverylongname,B,C"], "msg.name_long", "players"),
    (["score", "dreist", "--names", "Ana,,Bo"], "msg.name_empty", "names"),
    (["cards", "--size", "0"], "msg.size_form", "size"),
    (["cards", "--size", "0x5"], "msg.size_form", "size"),
    (["cards", "--size", "999x999"], "msg.size_large", "size"),
    (["kit", "--title", "x" * 101], "msg.title_long", "title"),
    (["cards", "--registration", "silhouette"], "msg.registration_cut", "registration"),
    (["cards", "--reg-length", "12"], "msg.reg_alone", "registration"),
    (["cards", "--cut-file", "svg", "--registration", "silhouette", "--reg-inset", "99"], "msg.range", "reg_inset"),
    (["cards", "--cut-file", "svg", "--duplex", "fold"], "msg.cut_fold", "cut_file"),
    (["cards", "--cut-file", "svg", "--registration", "silhouette", "--duplex", "none"], "msg.registration_duplex",
     "registration"),
    (["cards", "--cut-file", "svg", "--registration", "silhouette", "--duplex", "fold"], "msg.registration_duplex",
     "registration"),
    (["demo", "--plays", "C1"], "msg.plays_deal", "plays"),
    (["demo", "--deal", "A:C1,C4,T2,S3 C:C3,T3,S2,S4"], "msg.deal_no_hand", "deal"),
    (["demo", "--deal", "A:C1,C4,T2 B:C2,T1,T4,S1 C:C3,T3,S2,S4"], "msg.deal_hand_size", "deal"),
    (["demo", "--deal", "A:C1,C4,T2,S3 B:C1,T1,T4,S1 C:C3,T3,S2,S4"], "msg.deal_twice", "deal"),
    (["demo", "--deal", "A:C1,C4,T2,S3 B:C2,T1,T4,S1 C:C3,T3,C3,S4"], "msg.deal_twice", "deal"),
    (["demo", "--deal", "A:C1,C4,T2,S3 D:C2,T1,T4,S1 C:C3,T3,S2,S4"], "msg.deal_player", "deal"),
    (["demo", "--deal", "A:C1,C4,T2,S3 A:C2,T1,T4,S1 C:C3,T3,S2,S4"], "msg.deal_player_twice", "deal"),
    (["demo", "--deal", "A:C1,C4,T2,S3 B:C2,T1,T4,S1 C:C3,T3,S2,Q4"], "msg.unknown_card", "deal"),
    (["demo", "--deal", DEAL, "--plays", "C1 C2 C3 / T3 T2 T4 / S1 S4 S3 / S2 C4 Q1"], "msg.unknown_card", "plays"),
    (["demo", "--deal", DEAL, "--plays", "C1 C2 C3 / T3 T2 T4 / S1 S4 S3"], "msg.plays_tricks", "plays"),
    (["demo", "--deal", DEAL, "--plays", "C1 C2 C3 / T3 T2 T4 / S1 S4 S3 / S2 C4"], "msg.trick_cards", "plays"),
    (["demo", "--deal", DEAL, "--plays", "C1 C2 C3 / C1 T2 T4 / S1 S4 S3 / S2 C4 T1"], "msg.play_again", "plays"),
    (["demo", "--deal", DEAL, "--plays", "C2 C1 C3 / T3 T2 T4 / S1 S4 S3 / S2 C4 T1"], "msg.play_not_held", "plays"),
    (["demo", "--deal", DEAL, "--plays", "C1 T1 C3 / T3 T2 T4 / S1 S4 S3 / S2 C4 C2"], "msg.play_revoke", "plays"),
    (["demo", "--deal", DEAL, "--plays", "/"], "msg.plays_none", "plays"),
    (["demo", "--seed", "3", "--deal", DEAL], "msg.seed_deal", "seed"),
    (["kit", "--duplex", "fold", "--back-offset", "1,1"], "msg.offset_fold", "back_offset"),
    (["kit", "--exercises", "13"], "msg.count_range_none", "exercises"),
    (["kit", "--groups=-1"], "msg.groups_negative", "groups"),
    (["printer", "save", "lab", "--back-offset", "99,0"], "msg.offset_large", "back_offset"),
    (["printer", "save", "", "--back-offset", "1,0"], "msg.profile_name_empty", "name"),
    (["printer", "remove", "gone"], "msg.profile_gone", "name"),
]
NAMES_FILE = [("Ana,Bo\n", [], "msg.names_row"), ("\n", [], "msg.names_empty"),
              ("Ana,Bo,Cy\n" * 8000, [], "msg.names_large"), ('Ana,"Bo,Cy\n', [], "msg.names_csv"),
              ("A,B,C\n" * 201, [], "msg.names_many"),
              ("A,B,C\n" * 2, ["--groups", "3"], "msg.names_groups"),
              ("Ana,Bo,Cy\nLéa,Bo,Léa\n", [], "msg.names_twice"),
              ("Prénom;Nom;Élève\n", [], "msg.names_headings_only"),
              (b"\x89PNG\r\n\x1a\n", [], "msg.names_not_text"), ("Zoé,Bo,Cy\n".encode("latin-1"), [], "msg.names_utf8")]
# numbers the option's own type refuses: the page finds them before any run, by kind, as the command would
NUMBERS = [(["kit", "--groups", "abc"], "msg.not_whole"), (["cards", "--decks", "99"], "msg.range"),
           (["cards", "--decks", "abc"], "msg.not_whole"), (["cards", "--reg-inset", "abc"], "msg.not_number"),
           (["cards", "--reg-inset", "1,5"], "msg.not_number"), (["score", "dreist", "--sheets", "0"], "msg.range")]


def failure(argv: list[str]) -> tuple[str, PnpkitError | None]:
    """The line a refused run printed (its field is found from it) and the refusal it raised, as the page's
    worker hears them."""
    err, heard = io.StringIO(), []
    with redirect_stdout(io.StringIO()), redirect_stderr(err):
        assert run(argv, on_refusal=heard.append) == 2, argv
    return forms.problem(err.getvalue()), (heard or [None])[-1]


def worded(refused: PnpkitError, lang: str) -> str:
    return messages.refusal((refused.key, refused.values), str(refused), Words(lang))


def in_each_language(argv: list[str]) -> list[str]:
    return [worded(failure(argv)[1], lang) for lang in ("en", "fr", "de")]


@pytest.mark.parametrize(("argv", "key", "field"), EXAMPLES, ids=[" ".join(a) for a, _, _ in EXAMPLES])
def test_each_refusal_a_form_brings_has_its_key_and_words_and_finds_its_field(argv, key, field, tmp_path, monkeypatch):
    monkeypatch.setenv("PNPKIT_CONFIG", str(tmp_path))  # printer profiles: never the real ones
    message, refused = failure(argv + ([] if argv[0] == "printer" else ["-o", f"{tmp_path}/"]))
    assert refused is not None and f"msg.{refused.key}" == key, message
    # the page's own sentence in each language (a placeholder without its value would raise), not the line printed
    assert all(worded(refused, lang) != message for lang in ("fr", "en", "de"))
    command = registry.command(" ".join(argv[:2]) if argv[0] in ("score", "printer") else argv[0])
    assert forms.field_of(message, command, refused.key) == field, message


@pytest.mark.parametrize(("rows", "more", "key"), NAMES_FILE)
def test_class_list_refusals_have_their_key_too(rows, more, key, tmp_path):
    path = tmp_path / "groups.csv"
    path.write_bytes(rows) if isinstance(rows, bytes) else path.write_text(rows)
    message, refused = failure(["kit", "--names-file", str(tmp_path / "groups.csv"), *more, "-o", f"{tmp_path}/"])
    assert refused is not None and f"msg.{refused.key}" == key, message
    assert all(worded(refused, lang) != message for lang in ("fr", "en", "de"))
    assert forms.field_of(message, registry.command("kit"), refused.key) == "names_file", message


@pytest.mark.parametrize(("argv", "key"), NUMBERS, ids=[" ".join(a) for a, _ in NUMBERS])
def test_a_number_the_options_type_refuses_is_worded_by_its_kind_before_any_run(argv, key, tmp_path):
    message, refused = failure(argv + ["-o", f"{tmp_path}/"])  # the command refuses it too, before any check
    assert refused is None and message.startswith(f"Invalid value for '{argv[-2]}'"), message
    command = registry.command(" ".join(argv[:2]) if argv[0] == "score" else argv[0])
    found = forms.number_refusal(command.option(argv[-2]), argv[-1])
    assert found is not None and found[0] == key
    assert all(Words(lang)(key, **found[1]) for lang in ("fr", "en", "de"))


def test_every_refusal_key_is_brought_about_by_a_command_above():
    tried = {key for _, key, _ in EXAMPLES} | {key for _, _, key in NAMES_FILE} | {key for _, key in NUMBERS}
    assert sorted({f"msg.{key.partition('.')[0]}" for key in ENGLISH} - tried) == []


def test_every_note_a_kit_tells_has_its_words_with_the_same_values():
    from cli.commands.kit_report import NOTES

    for key, english in NOTES.items():
        for lang in ("fr", "en", "de"):
            assert placeholders(Words(lang)(f"note.{key}")) <= placeholders(english), (lang, key)


def test_a_kit_of_one_group_is_not_said_to_have_1_groups(tmp_path):
    assert in_each_language(["kit", "--only-group", "2", "-o", f"{tmp_path}/"]) == [
        # nor told to choose 'from 1 to 1': the likely mistake is the kit's groups left out
        "There is no group 2 with these settings (1 in all): give the same groups (or class list) as the kit you "
        "reprint.",
        "Il n’y a pas de groupe 2 avec ces réglages (1 en tout)\u00a0: indiquez les mêmes groupes (ou la même liste "
        "de la classe) que pour le kit à réimprimer.",
        "Gruppe 2 gibt es mit diesen Einstellungen nicht (1 insgesamt): Geben Sie dieselben Gruppen (oder dieselbe "
        "Klassenliste) an wie beim Set, das Sie nachdrucken."]


def test_a_refusal_without_a_key_is_shown_as_the_command_printed_it():
    assert messages.refusal(None, "something new", Words("de")) == "something new"


@pytest.mark.parametrize(("cookie", "header", "lang"), [
    (None, "de-DE,de;q=0.9", "de"), (None, "en-US,fr;q=0.5", "en"), (None, "it, fr;q=0.4, de;q=0.6", "de"),
    (None, "", "en"), (None, "garbage;;q=x", "en"), ("fr", "de", "fr"), ("xx", "de", "de"),
])
def test_the_page_language(cookie, header, lang):
    assert choose(cookie, header) == lang


@pytest.mark.parametrize("lang", ["fr", "en", "de"])
def test_every_field_and_document_of_the_page_has_its_words(lang):
    from cli.web.forms import PAGE_COMMANDS

    words, missing = Words(lang), []
    for name in PAGE_COMMANDS + ("printer save",):
        command = registry.command(name)
        missing += [] if words.has(f"doc.{name}") else [f"doc.{name}"]
        for option in command.options:
            if option.on_page and not (words.has(f"opt.{name}.{option.name}") or words.has(f"opt.{option.name}")):
                missing.append(f"opt.{option.name}")
    assert missing == [], f"add to templates/catalogues/web/{lang}.toml"


@pytest.mark.parametrize(("lang", "progress", "one_page"), [
    ("en", "Groups done: 0 of 1", "1 page."), ("fr", "Groupes terminés\u00a0: 0 sur 1", "1 page."),
    ("de", "Fertige Gruppen: 0 von 1", "1 Seite.")])
def test_one_group_and_one_page_are_not_said_in_the_plural(lang, progress, one_page):
    assert Words(lang)("progress", done=0, total=1) == progress  # the default kit: one group
    assert Words(lang)("pages_count_one") == one_page


@pytest.mark.parametrize(("lang", "said"), [
    ("en", ("settings below", "one group", "in English", "A4", "on both sides")),
    ("fr", ("réglages ci-dessous", "d’un groupe", "en français", "A4", "recto verso")),
    ("de", ("Einstellungen unten", "eine Gruppe", "Deutsch", "A4", "beidseitig"))])
def test_the_make_kit_hint_says_what_the_form_starts_at_and_that_the_settings_decide(lang, said):
    # the button makes the kit of the settings below: the hint names what they start at, not "as it is", which
    # read false beside a kit of three groups; the documents' language starts at the page's (view.Page)
    assert lang in registry.command("kit").option("lang").choices  # groups, paper, duplex: the command decides
    hint = Words(lang)("make_kit_hint", paper="A4")
    assert all(words in hint for words in said), hint


def test_a_twin_it_variant_is_named_as_its_choice_on_the_page(tmp_path):
    assert in_each_language(["score", "twinit", "--variant", "clans", "--players", "2", "-o", f"{tmp_path}/"]) == [
        "Twin It, “Clans”: 4 to 6 players, not 2.", "Twin It, «\u00a0Les clans\u00a0»\u00a0: de 4 à 6 joueurs, pas 2.",
        "Twin It, „Die Clans“: 4 bis 6 Spieler, nicht 2."]


@pytest.mark.parametrize(("lang", "label", "each"), [("en", "Practice exercises per worksheet", "for each player"),
                                                     ("fr", "Exercices par fiche", "pour chaque joueur")])
def test_the_kits_exercises_are_said_per_worksheet_one_for_each_player(lang, label, each):
    # the kit prints a worksheet for each of a group's three players (the cover says 'per player')
    assert Words(lang).label("kit", "exercises", "") == label and each in Words(lang).help("kit", "exercises")


def test_a_revoke_is_told_with_the_led_suit_and_the_cards_held_in_the_pages_words(tmp_path):
    # trick 2: C leads C3 and A, holding C1 and C4, plays S3
    assert in_each_language(["demo", "--deal", DEAL, "--plays", "T2 T1 T3 / C3 S3 C2 / C1 T4 S2 / C4 S1 S4",
                             "-o", f"{tmp_path}/"]) == [
        "Trick 2: A played S3 while holding C4, C1 (circle led). A revoke: follow suit when you can.",
        "Pli 2\u00a0: A a joué S3 en ayant C4, C1 (cercle demandé). C’est une renonce\u00a0: il faut fournir quand on "
        "le peut.",
        "Stich 2: A hat S3 gespielt, obwohl A C4, C1 hatte (ausgespielte Farbe: Kreis). Ein Bedienfehler: Wer bedienen "
        "kann, muss bedienen."]


def test_a_saved_profiles_offset_the_cards_refuse_is_shown_at_the_printer_field(tmp_path, monkeypatch):
    # the line names the profile first and '--back-offset' only in its fix: the field is the printer chosen
    monkeypatch.setenv("PNPKIT_CONFIG", str(tmp_path))
    assert run(["printer", "save", "lab", "--back-offset", "10,10"]) == 0
    message, refused = failure(["cards", "--printer", "lab", "--size", "60x90", "-o", f"{tmp_path}/"])
    assert message.startswith("printer profile 'lab' in ") and refused is not None
    assert forms.field_of(message, registry.command("cards"), refused.key) == "printer"


def test_every_ranged_number_on_the_page_has_both_ends_for_its_refusal():
    # msg.range says 'use {min} to {max}': a range open at one end would need its own words
    ranged = [(c.name, o.name, o.type) for c in registry.commands() for o in c.options
              if o.on_page and type(o.type).__name__ in ("IntRange", "FloatRange")]
    assert ranged and all(t.min is not None and t.max is not None for _, _, t in ranged), ranged


WIDEST_CHOICE = 28  # characters a select shows whole in a phone-wide window (390 px): a longer one was cut


@pytest.mark.parametrize("lang", ["fr", "en", "de"])
def test_every_choice_of_a_list_fits_a_phone_wide_select(lang):
    from cli.web import view

    page = view.Page(Words(lang), False, {}, {})
    forms = [page.kit(), *page.documents(), page.calibrate(), page.save_profile()]
    long = {words for form in forms for _, fields in form.groups for f in fields if f.widget == "select"
            for _, words in f.choices if len(words) > WIDEST_CHOICE}
    assert not long, long
