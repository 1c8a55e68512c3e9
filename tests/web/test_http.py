"""The page over HTTP, in process: what it offers, what it refuses, and that its PDFs are the CLI's own."""

import re

import pytest

from cli.commands import registry
from cli.main import COMMANDS, run
from cli.web.view import LEFT_OUT
from tests.web.conftest import HOSTS, command_of, csrf_of, start, wait

NOT_ON_PAGE = {"serve", "printer list"}  # the page itself; the profiles table is the list


def field_names(html: str, marker: str) -> set[str]:
    """The names of the controls inside the form whose opening tag holds `marker`."""
    start = html.index(marker)
    body = html[start:html.index("</form>", start)]
    return set(re.findall(r'name="([^"]+)"', body))


def test_every_option_of_every_command_has_its_field(client, csrf):
    saved = client.post("/printers/save", data={"csrf": csrf, "name": "lab-card", "back_offset_x": "1",
                                                 "back_offset_y": "-0.5"})
    assert saved.status_code == 200, saved.text
    html = client.get("/").text
    names = {c.path[0] for c in registry.commands()}
    assert names == set(COMMANDS)
    for command in registry.commands():
        if command.name in NOT_ON_PAGE:
            continue
        form = "form-" + command.name.replace(" ", "-")
        fields = field_names(html, 'action="/printers/remove' if command.name == "printer remove" else f'id="{form}"')
        for option in command.options:
            if not option.on_page or option.name in LEFT_OUT.get(command.name, ()):
                continue
            wanted = {"back_offset": {"back_offset_x", "back_offset_y"}}.get(option.name, {option.name})
            assert wanted <= fields, (command.name, option.flag)
            if option.kind == registry.PATH:
                assert option.name + "_upload" in fields  # a class list: paste or upload


def test_only_the_served_host_names_are_answered(client):
    assert client.get("/", headers={"host": "evil.example:8421"}).status_code == 421
    assert client.get("/", headers={"host": "127.0.0.1.evil.example"}).status_code == 421
    for host in ("localhost:8421", "127.0.0.1", "[::1]:8421"):
        assert client.get("/", headers={"host": host}).status_code == 200, host


def test_a_token_guards_a_page_shared_on_the_network(config):
    from starlette.testclient import TestClient

    from cli.web.app import create_app

    with TestClient(create_app(allowed_hosts=HOSTS, token="s3cret", read_only=True)) as shared:
        assert shared.get("/").status_code == 403
        assert shared.get("/?token=wrong").status_code == 403
        first = shared.get("/?token=s3cret")
        assert first.status_code == 200 and "pnpkit_token" in first.headers["set-cookie"]
        assert shared.get("/static/page.css").status_code == 200  # the cookie carries the token on
        html = first.text
        assert 'action="/printers/save"' not in html
        refused = shared.post("/printers/save", data={"csrf": csrf_of(html), "name": "x", "back_offset_x": "1"})
        assert refused.status_code == 403


def test_state_changes_need_the_page_token_and_bodies_stay_small(client, csrf):
    assert client.post("/make", data={"command": "kit"}).status_code == 403
    assert client.post("/make", data={"command": "kit", "csrf": "forged"}).status_code == 403
    assert client.post("/jobs/1/cancel", data={}).status_code == 403
    assert client.post("/printers/remove", data={"name": "lab-card"}).status_code == 403
    big = client.post("/make", data={"csrf": csrf, "command": "kit", "title": "x" * (1024 * 1024 + 1)},
                      headers={"accept-language": "de"})
    assert (big.status_code, big.text) == (413, "Das ist größer als 1\u00a0MB; senden Sie eine kürzere Klassenliste.")
    assert client.post("/make", data={"csrf": csrf, "command": "nothing"}).status_code == 400
    assert client.post("/printers/format", data={"csrf": csrf}).status_code == 404


HOSTILE = ["", " ", "\x00", "\u202e", "é", "😀", "سارة", "-", "-1", "1e9", "nan", "99999999999999999999",
           "--output=/etc/passwd", "../../etc/passwd", "<script>alert(1)</script>", "a" * 5000]


@pytest.mark.parametrize("field", ["groups", "title", "back_offset_x", "seed", "only_group", "exercises", "lang",
                                   "names_file", "printer", "level"])
def test_hostile_values_get_a_page_with_a_message_never_a_crash(client, csrf, field):
    for value in HOSTILE[::3]:
        answer = client.post("/make", data={"csrf": csrf, "command": "kit", field: value})
        assert answer.status_code in (200, 400), (field, value)
        assert "Traceback" not in answer.text and "<script>alert" not in answer.text
        if answer.status_code == 400:
            assert re.search(r'class="error[^"]*"[^>]*>[^<]+<', answer.text), (field, value)


def test_a_bad_value_is_shown_at_its_field_in_the_page_language_and_the_form_kept(client, csrf):
    answer = client.post("/make?ui=de", data={"csrf": csrf, "command": "kit", "groups": "300", "title": "CM2 B"})
    assert answer.status_code == 400
    field = re.search(r'<div class="field invalid" data-field="groups">(.*?)</div>', answer.text, re.S).group(1)
    assert "300 Gruppen sind nicht möglich" in field and 'aria-invalid="true"' in field
    assert 'value="CM2 B"' in answer.text and 'value="300"' in answer.text


def autofocused(html: str) -> list[str]:
    """The ids of the elements a page focuses as it loads (without script: where the browser takes the eyes)."""
    return re.findall(r'<\w+ id="([^"]+)"[^>]*\bautofocus\b', html)


def test_without_script_a_refused_document_comes_back_focused_on_its_field(client, csrf):
    # the page comes back at its top; the field far below, in its opened box, is where the browser takes the eyes
    answer = client.post("/make?ui=en", data={"csrf": csrf, "command": "score dreist", "players": "9"})
    assert answer.status_code == 400
    assert autofocused(answer.text) == ["form-score-dreist-players"]
    assert re.search(r'<details id="form-score-dreist-box" open>', answer.text)
    assert "autofocus" not in client.get("/").text


def test_the_default_kit_is_byte_identical_to_the_command_line(client, csrf, kit_pdf):
    client.cookies.clear()  # the page in the browser's language (an earlier ?ui= is remembered)
    answer = client.post("/make", data={"csrf": csrf, "command": "kit"}, headers={"accept-language": "fr"})  # no script
    assert answer.status_code == 200
    link = re.search(r'href="(/jobs/\d+/files/kit-a4-fr\.pdf)"', answer.text).group(1)
    assert command_of(answer.text) == "pnpkit kit"
    assert autofocused(answer.text) == ["result-h"]  # the result, wherever the button was
    # how to print it, as the command advises (sheets, sides, flip edge), in the page's language
    assert re.search(r"<p class=\"advice\">Imprimez-le en une fois, à 100\u00a0% \(taille réelle\), en recto verso, "
                     r"bord long\u00a0: \d+\u00a0feuilles\.</p>", answer.text)
    assert "Couverture" in answer.text or "Cover" in answer.text  # the kit's parts named as on its cover
    assert client.get(link).content == kit_pdf().read_bytes()  # `pnpkit kit`, made once (the browser tests' too)
    thumb = client.get(link.replace("files/kit-a4-fr.pdf", "pages/1.png"))
    assert thumb.headers["content-type"] == "image/png" and thumb.content.startswith(b"\x89PNG")
    assert client.get(link.replace("files/kit-a4-fr.pdf", "pages/999.png")).status_code == 404
    assert client.get(link.replace("kit-a4-fr.pdf", "..%2F..%2Fetc%2Fpasswd")).status_code == 404


def test_a_folded_kit_is_advised_to_print_on_one_side(client, csrf):
    job = start(client, csrf, "kit", duplex="fold", ui="en")
    assert wait(client, job)["state"] == "done"
    assert re.search(r"Print it as one job at 100% \(actual size\), on one side: \d+\u00a0sheets of paper\.",
                     client.get(f"/jobs/{job}/result?ui=en").text)


def test_a_pasted_class_list_is_offered_as_groups_csv_and_named_by_the_command(client, csrf):
    rows = "Ana,Bo,Cy\nDan,Eva,Fay\nGil,Hu,Ivo\n"
    job = start(client, csrf, "kit", names_file=rows, lang="fr+en", paper="letter")
    assert wait(client, job)["state"] == "done"
    html = client.get(f"/jobs/{job}/result").text
    assert command_of(html) == "pnpkit kit --names-file groups.csv --paper letter --lang fr+en"
    assert client.get(f"/jobs/{job}/files/groups.csv").text == rows
    assert f'/jobs/{job}/files/kit-letter-fr+en.pdf' in html


def test_a_class_list_copied_from_a_spreadsheet_is_read_as_its_rows(client, csrf):
    # cells copied from a spreadsheet arrive separated by tabs: one name a row, before
    job = start(client, csrf, "kit", names_file="Ana\tBo\tCy\t\r\nDan\tEva\tFay\r\n")
    assert wait(client, job)["state"] == "done"
    assert client.get(f"/jobs/{job}/files/groups.csv").text == "Ana,Bo,Cy\nDan,Eva,Fay\n"


def test_a_class_lists_line_of_headings_is_skipped_and_the_result_says_so(client, csrf):
    files = {"names_file_upload": ("classe.csv", "\ufeffPrénom 1;Prénom 2;Prénom 3\r\nAna;Bo;Cy\r\n".encode(),
                                   "text/csv")}
    answer = client.post("/make?ui=fr", data={"csrf": csrf, "command": "kit"}, files=files)
    assert answer.status_code == 200, answer.text
    assert ("La ligne 1 de la liste (Prénom 1, Prénom 2, Prénom 3) a été lue comme des titres de colonnes\u00a0: elle "
            "est sautée, ce n’est pas un groupe.") in answer.text


def test_an_uploaded_class_list_is_read_as_text(client, csrf):
    files = {"names_file_upload": ("x.csv", b"\xff\xfe\x00bad", "text/csv")}
    answer = client.post("/make", data={"csrf": csrf, "command": "kit"}, files=files)
    assert answer.status_code == 400 and "names_file" in answer.text
    files = {"names_file_upload": ("/etc/passwd", b"Ana,Bo\n", "text/csv")}
    answer = client.post("/make", data={"csrf": csrf, "command": "kit"}, files=files)
    assert answer.status_code == 400 and re.search(r'data-field="names_file">.*?class="error"[^>]*>[^<]+', answer.text,
                                                   re.S)


def test_a_class_list_saved_in_another_encoding_says_how_to_save_it(client, csrf):
    files = {"names_file_upload": ("classe.csv", "Zoé,Anaïs,Léo\n".encode("cp1252"), "text/csv")}
    answer = client.post("/make?ui=en", data={"csrf": csrf, "command": "kit"}, files=files)
    assert answer.status_code == 400 and "save the list as “CSV UTF-8”" in answer.text


@pytest.mark.parametrize(("content", "said"), [
    (b"", "Ce fichier est vide\u00a0: choisissez la liste de la classe"),
    (b" \r\n\r\n", "Ce fichier est vide\u00a0: choisissez la liste de la classe"),
    (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "Ce fichier n’est pas du texte (une liste CSV)\u00a0: une image, un PDF"),
    (b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n", "Ce fichier n’est pas du texte (une liste CSV)"),
    ("Zoé,Anaïs,Léo\n".encode("cp1252"), "Ce fichier n’est pas du texte UTF-8\u00a0: enregistrez la liste"),
])
def test_a_chosen_class_list_that_is_empty_or_no_text_is_refused_at_its_field_saying_which(client, csrf, content,
                                                                                            said):
    files = {"names_file_upload": ("classe.csv", content, "text/csv")}
    answer = client.post("/make", data={"csrf": csrf, "ui": "fr", "command": "kit"}, files=files)
    shown = re.search(r'data-field="names_file">.*?<p class="error"[^>]*>([^<]*)</p>', answer.text, re.S).group(1)
    assert answer.status_code == 400 and shown.startswith(said), shown


def test_a_second_request_waits_in_line_and_cancel_stops_a_long_kit(client, csrf):
    long = start(client, csrf, "kit", groups="40")
    second = start(client, csrf, "cards", lang="en")
    state = wait(client, long, until=("running",))
    assert client.get(f"/jobs/{second}").json() == {"state": "queued", "done": 0, "total": 0, "ahead": 0}
    running = wait(client, long, until=("running",))
    assert running["total"] in (0, 40)
    assert client.post(f"/jobs/{long}/cancel", data={"csrf": csrf}).status_code == 200
    assert wait(client, long)["state"] == "cancelled"
    assert client.get(f"/jobs/{long}/files/kit-a4-fr.pdf").status_code == 404
    assert wait(client, second)["state"] == "done"  # the line moves on, with a fresh worker
    assert client.get(f"/jobs/{second}/files/cards-a4-en.pdf").content.startswith(b"%PDF")
    del state


def test_a_request_cancelled_while_it_waits_says_so_at_once(client, csrf):
    long = start(client, csrf, "kit", groups="40")
    waiting = start(client, csrf, "cards", ui="en")  # a job answers in its form's language
    wait(client, long, until=("running",))
    assert client.post(f"/jobs/{waiting}/cancel", data={"csrf": csrf}).status_code == 200
    assert client.get(f"/jobs/{waiting}").json()["state"] == "cancelled"  # not 'queued' until the long one ends
    assert "Stopped: no PDF was made." in client.get(f"/jobs/{waiting}/result?ui=en").text
    client.post(f"/jobs/{long}/cancel", data={"csrf": csrf})
    assert wait(client, long)["state"] == "cancelled" and wait(client, waiting)["state"] == "cancelled"


def test_profiles_saved_on_the_page_are_the_command_lines_profiles(client, csrf, config, capsys):
    answer = client.post("/printers/save", data={"csrf": csrf, "name": "salle-b", "back_offset_x": "1.5",
                                                  "back_offset_y": "-0.5", "duplex": "short", "paper": "letter"})
    assert answer.status_code == 200 and "salle-b" in answer.text
    capsys.readouterr()
    assert run(["printer", "list"]) == 0  # the command line, reading the same PNPKIT_CONFIG folder
    listed = capsys.readouterr().out
    assert re.search(r"salle-b\s+--back-offset 1.5,-0.5\s+--duplex short\s+--paper letter", listed)
    bad = client.post("/printers/save?ui=en", data={"csrf": csrf, "name": "bad name", "back_offset_x": "1"})
    assert bad.status_code == 400 and "cannot be a profile name" in bad.text
    gone = client.post("/printers/remove", data={"csrf": csrf, "name": "salle-b"})
    # named only in the notice and in its Undo (a form that saves it again)
    shown = re.sub(r'<p class="notice".*?</p>|<form method="post" action="/printers/save#save-step">.*?</form>', "",
                   gone.text, flags=re.S)
    assert gone.status_code == 200 and "salle-b" not in shown


@pytest.mark.parametrize(("readings", "field", "said"), [
    (("abc", "0"), "back_offset_x", "“abc” is not a number."),
    (("1,5", "1.2.3"), "back_offset_y", "“1.2.3” is not a number."),
    (("99", ""), "back_offset_x", "The offset (X 99 / Y 0) is more than 10\u00a0mm one way: measure again")])
def test_a_profiles_readings_are_refused_at_the_reading_that_is_wrong(client, csrf, readings, field, said):
    answer = client.post("/printers/save?ui=en", data={"csrf": csrf, "name": "lab", "back_offset_x": readings[0],
                                                        "back_offset_y": readings[1]})
    assert answer.status_code == 400
    shown = re.search(rf'data-field="{field}">.*?<p class="error"[^>]*>([^<]+)</p>', answer.text, re.S).group(1)
    assert shown.startswith(said), shown


def test_the_cards_offset_is_two_readings_and_a_decimal_comma_is_a_point(client, csrf):
    # one box for X,Y read '1,5' on a French page would have shifted the backs 5 mm down, silently
    job = start(client, csrf, "cards", back_offset_x="1,5", back_offset_y=" - 0,5", registration="silhouette",
                cut_file="svg", reg_inset="7,5", set_id="")
    assert wait(client, job)["state"] == "done"
    assert command_of(client.get(f"/jobs/{job}/result").text) == (
        "pnpkit cards --back-offset 1.5,-0.5 --cut-file svg --registration silhouette --reg-inset 7.5")
    refused = client.post("/make", data={"csrf": csrf, "command": "cards", "back_offset_x": "1,5,2"},
                          headers={"x-pnpkit-async": "1"}).json()
    assert (refused["field"], refused["error"]) == ("back_offset_x", "“1,5,2” is not a number.")
    too_far = client.post("/make?ui=fr", data={"csrf": csrf, "command": "kit", "back_offset_y": "99,5"},
                          headers={"x-pnpkit-async": "1"}).json()
    too_far = wait(client, too_far["job"])  # said as the two readings, never '0,99.5'
    assert too_far["field"] == "back_offset_y"
    assert too_far["error"].startswith("Le décalage (X 0 / Y 99,5) dépasse 10\u00a0mm")


@pytest.mark.parametrize(("typed", "field"), [
    ({"names": "Ana"}, "names"), ({"names": "Ana", "players": "1"}, "players"), ({"players": "9"}, "players")])
def test_too_few_players_named_are_refused_at_the_names_unless_players_was_typed(client, csrf, typed, field):
    refused = wait(client, start(client, csrf, "score twinit", **typed))
    assert (refused["state"], refused["field"]) == ("failed", field), refused


def test_removing_a_profile_removed_in_another_tab_says_so_above_the_table(client, csrf):
    client.post("/printers/save", data={"csrf": csrf, "name": "b14", "back_offset_x": "1"})
    assert client.post("/printers/remove?ui=de", data={"csrf": csrf, "name": "b14"}).status_code == 200
    again = client.post("/printers/remove?ui=de", data={"csrf": csrf, "name": "b14"})  # the other tab's button
    client.cookies.clear()
    assert again.status_code == 400
    assert re.search(r'<section id="printers".*<p class="error" role="alert">Das Profil b14 ist nicht \(mehr\) '
                     r"gespeichert: Es gibt nichts zu löschen\.</p>", again.text, re.S)


def test_a_saved_offset_is_written_as_the_page_language_writes_numbers(client, csrf):
    saved = client.post("/printers/save", data={"csrf": csrf, "name": "b12", "back_offset_x": "1,5",
                                                 "back_offset_y": "-0,5"})
    assert saved.status_code == 200
    rows = {lang: re.search(r"<td>b12</td><td>([^<]+)</td>", client.get(f"/?ui={lang}").text).group(1)
            for lang in ("en", "fr", "de")}
    client.cookies.clear()
    client.post("/printers/remove", data={"csrf": csrf, "name": "b12"})
    assert rows == {"en": "X 1.5 / Y -0.5", "fr": "X 1,5 / Y -0,5", "de": "X 1,5 / Y -0,5"}


def test_the_page_follows_the_browser_language_and_remembers_a_switch(client):
    client.cookies.clear()
    assert '<html lang="de">' in client.get("/", headers={"accept-language": "de-CH,de;q=0.9,en;q=0.5"}).text
    assert '<html lang="en">' in client.get("/", headers={"accept-language": "es, en;q=0.8"}).text
    switched = client.get("/?ui=fr", headers={"accept-language": "de"})
    assert '<html lang="fr">' in switched.text and "pnpkit_lang=fr" in switched.headers["set-cookie"]
    # the same address answers in another language after a switch: never kept (Back asks again), varies by both
    assert (switched.headers["cache-control"], switched.headers["vary"]) == ("no-store", "Cookie, Accept-Language")
    assert '<html lang="fr">' in client.get("/", headers={"accept-language": "de"}).text  # the cookie wins
    client.cookies.clear()


def test_a_request_past_the_time_limit_stops_with_a_message(config):
    from starlette.testclient import TestClient

    from cli.web.app import create_app

    with TestClient(create_app(allowed_hosts=HOSTS, time_limit=0.3)) as hurried:
        token = csrf_of(hurried.get("/").text)
        job = start(hurried, token, "kit", groups="40", ui="en")
        assert wait(hurried, job)["state"] == "timeout"
        assert "Stopped after 2 minutes" in hurried.get(f"/jobs/{job}/result?ui=en").text


def test_split_gives_two_downloads_the_kit_first(client, csrf):
    job = start(client, csrf, "kit", split="on", exercises="2", ui="fr")
    assert wait(client, job)["state"] == "done"
    html = client.get(f"/jobs/{job}/result").text
    names = ["kit-a4-fr.pdf", "kit-a4-fr-answers.pdf"]
    assert re.findall(r'href="/jobs/\d+/files/([^"]+)"', html) == names
    assert command_of(html) == "pnpkit kit --split --exercises 2"
    assert "Couverture" in html  # the previews are the kit's
    for name in names:  # each file's own advice, named (the answers printed apart, their own sheets)
        sheets = (pdf_pages(client.get(f"/jobs/{job}/files/{name}").content) + 1) // 2
        assert (f'<p class="advice">{name}\u00a0: Imprimez-le en une fois, à 100\u00a0% (taille réelle), '
                f"en recto verso, bord long\u00a0: {sheets}\u00a0feuilles.</p>") in html


def pdf_pages(data: bytes) -> int:
    import pypdfium2

    document = pypdfium2.PdfDocument(data)
    try:
        return len(document)
    finally:
        document.close()


@pytest.mark.parametrize(("command", "fields", "said"), [
    ("cards", {}, "on both sides, flipping on the long edge: {sheets}."),
    ("cards", {"duplex": "fold", "size": "mini"},
     "on one side: {pages}; fold each sheet on its dashed line, glue, then cut."),
    ("calibrate", {"duplex": "short"}, "on both sides, flipping on the short edge: {sheets}."),
    ("rules", {"game": "twinit"}, "on one side: {pages}."),
    ("score dreist", {"sheets": "2"}, "on one side: {pages}."),
])
def test_every_result_says_how_to_print_it_from_the_commands_own_figures(client, csrf, command, fields, said):
    job = start(client, csrf, command, ui="en", **fields)
    assert wait(client, job)["state"] == "done"
    html = client.get(f"/jobs/{job}/result").text
    name = re.search(r'href="/jobs/\d+/files/([^"]+\.pdf)"', html).group(1)
    pages = pdf_pages(client.get(f"/jobs/{job}/files/{name}").content)
    counted = {n: "1\u00a0sheet of paper" if count == 1 else f"{count}\u00a0sheets of paper"
               for n, count in (("pages", pages), ("sheets", (pages + 1) // 2))}
    assert re.findall(r'<p class="advice">([^<]+)</p>', html) == [
        "Print it as one job at 100% (actual size), " + said.format(**counted)]


def test_cut_files_are_chosen_from_their_formats_and_offered_beside_the_pdf(client, csrf, tmp_path):
    html = client.get("/").text
    for name, offered in (("cut_file", ["", "svg", "dxf"]), ("registration", ["", "silhouette"])):
        box = html[html.index(f'id="form-cards-{name}"'):]
        assert box.startswith(f'id="form-cards-{name}" name="{name}"') and "<select" in html[:html.index(box)][-80:]
        assert re.findall(r'<option value="([^"]*)"', box[:box.index("</select>")]) == offered
    assert re.search(r'<option value="silhouette"[^>]*>Silhouette Studio \(Type 1\)</option>', html)  # not its raw name
    job = start(client, csrf, "cards", cut_file="svg", lang="en")
    assert wait(client, job)["state"] == "done"
    result = client.get(f"/jobs/{job}/result").text
    assert run(["cards", "--cut-file", "svg", "--lang", "en", "-o", f"{tmp_path}/"]) == 0
    made = sorted(p.name for p in tmp_path.glob("*.svg"))
    assert len(made) >= 1 and re.findall(r'href="/jobs/\d+/files/([^"]+)"', result) == ["cards-a4-en.pdf", *made]
    cut = client.get(f"/jobs/{job}/files/{made[0]}")
    assert cut.headers["content-type"].startswith("image/svg+xml")
    assert cut.headers["content-disposition"].startswith("attachment")
    assert cut.content == (tmp_path / made[0]).read_bytes()


def test_the_kits_large_print_stands_with_its_language_and_paper_not_under_more_options(client):
    html = client.get("/?ui=en").text
    kit = html[html.index('id="form-kit"'):]
    printing = kit[kit.index("<legend>Printing</legend>"):kit.index("</fieldset>", kit.index("<legend>Printing"))]
    assert re.findall(r'data-field="(\w+)"', printing)[:3] == ["lang", "paper", "large_print"]


def test_a_one_page_pad_says_1_page(client, csrf):
    job = start(client, csrf, "score dreist", names="Ana,Bo,Cy", ui="en")
    assert wait(client, job)["state"] == "done"
    assert "<p>1 page. " in client.get(f"/jobs/{job}/result?ui=en").text


def test_rules_need_their_game_and_offer_no_empty_choice(client):
    html = client.get("/").text
    box = html[html.index('id="form-rules-game"'):]
    assert box[:box.index("</select>")].count("<option") == 3


def test_an_unexpected_error_is_one_sentence_and_logged(client, monkeypatch, caplog):
    from cli.web import view

    def broken(self):
        raise RuntimeError("a bug")
    monkeypatch.setattr(view.Page, "kit", broken)
    answer = client.get("/?ui=en")
    assert answer.status_code == 500 and "Traceback" not in answer.text and "a bug" not in answer.text
    assert "Something went wrong on the server" in answer.text
    assert "a bug" in caplog.text


def test_serve_off_loopback_warns_requires_a_token_and_locks_profiles(monkeypatch, capsys):
    from cli.web import server

    seen = {}
    monkeypatch.setattr(server, "listen", lambda host, port, default, tries: (None, 8421))
    monkeypatch.setattr(server, "run_server", lambda sock, **options: seen.update(options))
    assert run(["serve", "--host", "192.0.2.7", "--allow-host", "school.example", "--no-browser"]) == 0
    out, err = capsys.readouterr()
    token = re.search(r"http://192\.0\.2\.7:8421/\?token=(\S+)", out).group(1)
    assert "plain HTTP" in err and "trusted network" in err
    assert seen["token"] == token and seen["read_only"] is True and seen["open_browser"] is None
    assert {"127.0.0.1", "localhost", "::1", "192.0.2.7", "school.example"} <= seen["allowed"]
    assert run(["serve", "--no-browser"]) == 0
    assert seen["token"] is None and seen["read_only"] is False
    assert "warning" not in capsys.readouterr().err


@pytest.mark.parametrize(("command", "field"), [("cards", "only"), ("cards", "size"), ("record-sheet", "players"),
                                                ("score dreist", "names"), ("demo", "deal"), ("exercises", "kinds")])
def test_the_cli_property_tests_odd_values_never_crash_a_form(client, csrf, command, field):
    from tests.security.test_properties import ODD

    for value in ODD:
        if not value.isprintable() and value.encode("utf-8", "surrogatepass") != value.encode("utf-8", "ignore"):
            continue  # a lone surrogate: no browser can send it (forms are UTF-8)
        answer = client.post("/make", data={"csrf": csrf, "command": command, field: value})
        assert answer.status_code in (200, 400) and "Traceback" not in answer.text, (command, field, value)
        shown = " ".join(re.findall(r'class="error[^"]*"[^>]*>([^<]+)<', answer.text))
        assert "Something went wrong" not in shown, (command, field, value)  # never an internal error


def kinds_box(html: str) -> str:
    """The exercises form's kinds field, from its opening to its error line."""
    start = html.index('data-field="kinds"')
    return html[start:html.index('<p class="error"', start)]


def test_exercise_kinds_are_boxes_in_the_pages_language_from_the_commands_list(client):
    from cli.games.exercises import KINDS

    box = kinds_box(client.get("/?ui=fr").text)
    assert re.findall(r'type="checkbox" id="[^"]+" name="kinds" value="([^"]+)" checked', box) == list(KINDS)
    labels = re.findall(r'<label for="form-exercises-kinds-[^"]+">([^<]+)</label>', box)
    assert labels[0] == "Quelles cartes peut-on jouer" and "Trouver l’erreur" in labels and len(labels) == 6
    assert not re.search(r"\b(may-play|who-wins|who-leads|complete|all)\b", re.sub(r'"[^"]*"', "", box))
    client.cookies.clear()


def test_ticked_kinds_make_the_commands_kinds_and_none_ticked_is_refused_at_the_boxes(client, csrf):
    job = start(client, csrf, "exercises", kinds=["who-leads", "may-play", ""])
    assert wait(client, job)["state"] == "done"
    assert command_of(client.get(f"/jobs/{job}/result").text) == "pnpkit exercises --kinds may-play,who-leads"
    every = start(client, csrf, "exercises", kinds=["may-play", "who-wins", "mistake", "who-leads", "score",
                                                    "complete", ""])
    assert wait(client, every)["state"] == "done"  # all of them: the command's default, left unsaid
    assert command_of(client.get(f"/jobs/{every}/result").text) == "pnpkit exercises"
    refused = client.post("/make?ui=de", data={"csrf": csrf, "command": "exercises", "kinds": ""})
    assert refused.status_code == 400
    box = kinds_box(refused.text)
    assert 'aria-invalid="true"' in box and "checked" not in box  # kept as sent: nothing ticked
    assert "Kreuzen Sie mindestens eine Übungsart an." in refused.text[refused.text.index('data-field="kinds"'):]
    client.cookies.clear()


@pytest.mark.parametrize(("command", "field", "value"), [
    ("kit", "paper", "legal"), ("kit", "lang", "xx"), ("kit", "back", "foo"), ("kit", "duplex", "sideways"),
    ("kit", "level", "7"), ("cards", "cut_file", "pdf"), ("cards", "registration", "x"), ("demo", "leader", "Z"),
    ("score twinit", "variant", "foo"), ("score dreist", "per_page", "3"), ("rules", "game", "chess"),
    ("rules", "game", ""), ("exercises", "level", "9"), ("calibrate", "duplex", "fold"), ("kit", "set_id", "maybe")])
def test_a_value_none_of_a_selects_choices_is_refused_at_it_in_the_pages_words(client, csrf, command, field, value):
    # no browser sends one (a page kept from an older version, a form made by hand); the command's English line
    # ('unknown paper ...') was shown before: said from the option's own choices, as its select names them
    from cli.web.words import Words

    answer = client.post("/make?ui=fr", data={"csrf": csrf, "command": command, field: value},
                         headers={"x-pnpkit-async": "1"}).json()
    client.cookies.clear()
    named = ", ".join(Words("fr").choice(field, c) for c in registry.command(command).option(field).choices or
                      ("on", "off"))  # an on/off switch: Oui, Non
    assert (answer.get("field"), answer.get("error")) == (field, f"Choisissez l’une de ces valeurs\u00a0: {named}.")


def test_a_select_offers_only_what_its_command_takes(client):
    # the calibration sheet is read through the paper: its form offered fold and fronts only, which it refused
    html = client.get("/?ui=en").text
    box = html[html.index('id="form-calibrate-duplex"'):]
    assert re.findall(r'<option value="([^"]*)"', box[:box.index("</select>")]) == ["", "long", "short"]
    refused = client.post("/make", data={"csrf": csrf_of(html), "command": "kit", "paper": "Legal"},
                          headers={"x-pnpkit-async": "1"}).json()
    client.cookies.clear()
    assert refused["error"] == "Choose one of: A4, US Letter."


@pytest.mark.parametrize("value", ["nan", "inf", "-Infinity"])
def test_pythons_words_for_no_number_are_not_numbers_on_the_page(client, csrf, value):
    answer = client.post("/make?ui=en", data={"csrf": csrf, "command": "cards", "reg_inset": value},
                         headers={"x-pnpkit-async": "1"}).json()
    client.cookies.clear()
    assert (answer["field"], answer["error"]) == ("reg_inset", f"“{value}” is not a number.")


def test_catches_to_win_given_with_the_points_variant_are_refused_at_them_in_the_pages_words(client, csrf):
    job = client.post("/make?ui=de", data={"csrf": csrf, "command": "score twinit", "variant": "coop", "target": "3"},
                      headers={"x-pnpkit-async": "1"}).json()["job"]
    client.cookies.clear()
    refused = wait(client, job)
    assert (refused["field"], refused["error"]) == (
        "target", "„Alle zusammen“ zählt Punkte, keine Fänge: Lassen Sie „Fänge zum Sieg“ leer.")


def test_a_download_deleted_since_says_so_and_leads_back_to_its_form_filled_in(client, csrf, monkeypatch):
    from cli.web import app

    monkeypatch.setattr(app, "KEEP_JOBS", 1)  # each new job deletes the files of the one before
    client.cookies.clear()
    first = start(client, csrf, "record-sheet", players="Ana,Bo,Cy", copies="2")
    assert wait(client, first)["state"] == "done"
    wait(client, start(client, csrf, "record-sheet"))
    old = client.get(f"/jobs/{first}/files/record-sheet-a4-fr.pdf", headers={"accept-language": "de"})
    assert old.status_code == 404 and old.headers["cache-control"] == "no-store"  # it was an empty 404
    assert '<html lang="de">' in old.text and "<h1>Diese Datei ist nicht mehr da</h1>" in old.text
    assert f'href="/jobs/{first}/again">Zurück zum Formular, mit denselben Einstellungen</a>' in old.text
    form = client.get(f"/jobs/{first}/again").text
    assert '<details id="form-record-sheet-box" open>' in form and form.count("autofocus") == 1
    box = form[form.index('id="form-record-sheet"'):form.index("</form>", form.index('id="form-record-sheet"'))]
    assert 'value="Ana,Bo,Cy"' in box and 'value="2"' in box and "autofocus" in box
    restarted = client.get("/jobs/99999/files/kit-a4-fr.pdf", headers={"accept-language": "fr"})
    assert restarted.status_code == 404 and 'href="/">Revenir à la page</a>' in restarted.text


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "Empty: the variant's own (5 for “Every player for themselves”, 7 for “The ring”, 5 for “Clans”)."),
    ("fr", "Vide\u00a0: celles de la variante (5 pour «\u00a0Chacun pour soi\u00a0», 7 pour «\u00a0Le ring\u00a0», "
           "5 pour «\u00a0Les clans\u00a0»)."),
    ("de", "Leer: so viele, wie die Variante vorsieht (5 bei „Jeder für sich“, 7 bei „Der Ring“, 5 bei „Die Clans“).")])
def test_the_catches_to_win_name_each_variant_as_its_select_does(client, lang, said):
    import html as html_text

    # they said 'solo 5, ring 7, clans 5', names the page shows nowhere, from a copy of the variants' targets
    html = client.get(f"/?ui={lang}").text
    client.cookies.clear()
    shown = re.search(r'<p class="help" id="form-score-twinit-target-help">([^<]+)</p>', html).group(1)
    assert html_text.unescape(shown) == said


def test_a_fault_in_pnpkits_own_template_is_logged_and_the_visitor_reads_one_sentence(client, csrf, caplog,
                                                                                        monkeypatch):
    from cli.web.worker import Outcome

    said = "pnpkit: internal error: TemplateFault: templates/guide.xml.j2 line 38: 'intro_key' is undefined"
    trace = "Traceback (most recent call last):\n  File \"templates/guide.xml.j2\", line 38\nTemplateFault: …\n"

    async def faulty(argv, folder, **given):  # as the worker answers a run that met a bug (cli.main.run's on_fault)
        return Outcome(1, stderr=said + "\n", fault=trace)

    monkeypatch.setattr(client.app.app.state.server.worker, "run", faulty)
    with caplog.at_level("ERROR", logger="pnpkit.serve"):
        answer = client.post("/make", data={"csrf": csrf, "command": "kit", "large_print": "on"},
                             headers={"accept-language": "de"})
    assert answer.status_code == 400 and "templates/guide.xml.j2" not in answer.text
    assert "Auf dem Server ist etwas schiefgegangen" in answer.text
    assert trace in caplog.text and said in caplog.text


def test_a_form_is_answered_in_its_pages_language_whatever_another_tab_chose_since(client, csrf):
    html = client.get("/?ui=fr").text
    forms = re.findall(r"<form\b.*?</form>", html, re.S)
    assert forms and all('<input type="hidden" name="ui" value="fr">' in form for form in forms)
    client.get("/?ui=en")  # another tab switched to English: the cookie says en
    refused = wait(client, start(client, csrf, "kit", ui="fr", groups="0"))
    assert refused["error"].startswith("0 groupes, ce n’est pas possible")
    shown = client.post("/make", data={"csrf": csrf, "ui": "de", "command": "kit", "groups": "0"})
    assert "0 Gruppen sind nicht möglich" in shown.text and '<html lang="de">' in shown.text
    assert "set-cookie" not in shown.headers  # the cookie picks the next page's language only
    job = start(client, csrf, "calibrate", ui="fr")
    wait(client, job)
    answer = client.get(f"/jobs/{job}/result").text
    assert "Télécharger calibrate-a4-long.pdf" in answer and "Download" not in answer
    saved = client.post("/printers/save", data={"csrf": csrf, "ui": "de", "name": "lang-tab", "back_offset_x": "1"})
    assert "Profil lang-tab gespeichert" in saved.text
    client.post("/printers/remove", data={"csrf": csrf, "name": "lang-tab"})
    client.cookies.clear()


def test_saving_a_profile_again_says_which_readings_it_replaced_and_a_removal_can_be_undone(client, csrf, config):
    import tomllib

    def saved() -> dict:
        return tomllib.loads((config / "printers.toml").read_text())

    form = {"csrf": csrf, "ui": "fr"}
    readings = {"back_offset_x": "1,5", "back_offset_y": "-0,5"}
    first = client.post("/printers/save", data=form | {"name": "salon"} | readings)
    assert "Profil salon enregistré." in first.text
    for select in ("form-kit-printer", "form-cards-printer"):  # step 3 ready, the big button's form too
        assert re.search(rf'<select id="{select}".*?<option value="salon" selected>', first.text, re.S)
    again = client.post("/printers/save", data=form | {"name": "Salon", "back_offset_x": "2", "back_offset_y": "0"})
    assert ("Profil salon remplacé\u00a0: ses lectures étaient X 1,5 / Y -0,5, elles sont maintenant X 2 / Y 0."
            in again.text)
    assert saved()["salon"]["back_offset"] == [2.0, 0.0] and "Salon" not in saved()
    removed = client.post("/printers/remove", data=form | {"name": "salon"})
    assert "Profil salon supprimé." in removed.text and "salon" not in saved()
    undo = re.search(r'<form method="post" action="/printers/save#save-step">(.*?)</form>', removed.text, re.S).group(1)
    assert "Annuler la suppression de salon" in undo
    restored = client.post("/printers/save", data=dict(re.findall(r'name="([^"]+)" value="([^"]*)"', undo)))
    assert "Profil salon enregistré." in restored.text
    assert saved()["salon"] == {"back_offset": [2.0, 0.0], "duplex": "long", "paper": "a4"}
    client.post("/printers/remove", data=form | {"name": "salon"})


def help_of(html: str, field_id: str) -> str:
    """A field's help as it reads (its link's words included)."""
    found = re.search(rf'<p class="help" id="{field_id}-help">(.*?)</p>', html, re.S).group(1)
    return re.sub(r"<[^>]+>", "", found)


@pytest.mark.parametrize("lang", ["fr", "en", "de"])
def test_the_pages_words_explain_what_a_parent_meets_first(client, lang):
    from cli.web.words import Words

    w, html = Words(lang), client.get(f"/?ui={lang}").text
    assert "duplex" not in w("make_kit_hint").lower()  # the English intro said 'duplex' unexplained
    for form in ("form-kit", "form-cards"):  # the offset at its first use: what it is, and a link to the profiles
        assert f'id="{form}-printer-help">{w("help.printer")} <a href="#printers">{w("see_printers")}</a>' in html
    assert 'id="form-calibrate-printer"' not in html  # setting a printer up: no profile to choose yet
    calibrate = help_of(html, "form-calibrate-duplex")  # names only what its list offers (both sides)
    assert not any(w(f"choice.duplex.{c}").split(", ")[-1] in calibrate for c in ("fold", "none"))
    assert re.search(r"square", help_of(html, "form-cards-only"))  # S, from the English name printed on the cards
    assert help_of(html, "form-score-twinit-players") == w("help.players")
    assert "(" not in w("help.players")  # plain: leave it empty when the names are given


@pytest.mark.parametrize("lang", ["fr", "en", "de"])
def test_single_sided_with_a_duplex_flip_is_refused_naming_the_pages_labels(client, csrf, lang):
    from cli.web.words import Words

    w = Words(lang)
    state = wait(client, start(client, csrf, "kit", ui=lang, single_sided="on", duplex="short"))
    labels = (w("opt.duplex"), w("choice.duplex.fold"), w("choice.duplex.none"), w("opt.single_sided"))
    assert state["field"] in ("single_sided", "duplex") and all(label in state["error"] for label in labels)


@pytest.mark.parametrize(("browser", "paper"), [("en-US,en;q=0.9", "letter"), ("fr-CA", "letter"), ("en-GB", ""),
                                                 ("fr-FR,fr", ""), ("de", "")])
def test_the_paper_fields_start_on_the_paper_of_the_browsers_region(client, browser, paper):
    client.cookies.clear()
    html = client.get("/", headers={"accept-language": browser}).text
    for form in ("form-kit", "form-cards", "form-calibrate"):
        select = re.search(rf'<select id="{form}-paper".*?</select>', html, re.S).group(0)
        assert re.findall(r'<option value="([^"]*)" selected>', select) == [paper], (form, select)  # "": automatic
    hint = re.search(r'<div class="go">.*?<p>(.*?)</p>', html, re.S).group(1)  # what the button's kit starts at
    assert ("US Letter" in hint, "A4" in hint) == ((True, False) if paper else (False, True)), hint


def test_small_slips_a_decimal_comma_in_a_card_size_and_a_long_value_shortened_when_quoted(client, csrf):
    job = start(client, csrf, "cards", size="63,5x88", ui="en")
    assert wait(client, job)["state"] == "done"
    assert command_of(client.get(f"/jobs/{job}/result").text) == "pnpkit cards --size 63.5x88"
    refused = wait(client, start(client, csrf, "score dreist", names="Ana,Bo," + "Z" * 300, ui="en"))
    assert "“ZZZZZZZZZZZZZZZZZZZZ…”" in refused["error"] and "Z" * 21 not in refused["error"]
    negative = wait(client, start(client, csrf, "kit", groups="-1", ui="fr"))
    assert negative["error"].startswith("-1 n’est pas un nombre de groupes") and negative["field"] == "groups"


@pytest.mark.parametrize("lang", ["fr", "en", "de"])
def test_the_calibration_sheets_automatic_choices_name_no_profile(client, lang):
    html = client.get(f"/?ui={lang}").text
    for name in ("paper", "duplex"):  # its form has no profile to choose: 'the profile's' would be a riddle
        select = re.search(rf'<select id="form-calibrate-{name}".*?</select>', html, re.S).group(0)
        assert "profil" not in select.lower(), select  # profile, profil, Profil
