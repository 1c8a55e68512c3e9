"""The page in a real browser: Debian's Chromium driven by Playwright, against `pnpkit serve` itself.

One server, one browser and one tab for the module; every test loads the page afresh in it. Nothing downloads a browser:
without /usr/bin/chromium (`apt-get install chromium`, which .ci/run does) these tests are skipped, except
in CI, where they fail.
"""

import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]
AXE = Path(__file__).parent / "axe" / "axe.min.js"

if not CHROMIUM.exists():
    if os.environ.get("CI"):
        raise RuntimeError("the browser tests need Debian's chromium: apt-get install -y chromium")
    pytest.skip("no /usr/bin/chromium (apt-get install chromium)", allow_module_level=True)


@pytest.fixture(scope="module")
def config(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("config")


@pytest.fixture(scope="module")
def server(config, tmp_path_factory):
    """`pnpkit serve --no-browser` on a free port; its address."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("COVERAGE")} | {"PNPKIT_CONFIG": str(config)}
    process = subprocess.Popen([sys.executable, "-m", "cli.main", "serve", "--no-browser", "--port", str(_free())],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
                               cwd=tmp_path_factory.mktemp("serve"))
    line = process.stdout.readline()
    address = re.search(r"http://\S+", line).group(0)
    yield address
    process.terminate()
    assert process.wait(10) == 130  # SIGTERM stops it like Ctrl-C


def _free() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=ARGS)
        yield launched
        launched.close()


@pytest.fixture(scope="module")
def context(browser):
    made = browser.new_context(locale="en-GB", accept_downloads=True, viewport={"width": 1100, "height": 900})
    yield made
    made.close()


@pytest.fixture(scope="module")
def tab(context):
    """The module's one tab: a new tab costs Chromium a renderer process, about half a second of CPU more than
    loading the page again in the same tab."""
    made = context.new_page()
    yield made
    made.close()


@pytest.fixture
def page(tab, server, request):
    """The page loaded afresh in the module's tab (`@pytest.mark.opens("?ui=fr")`: at that address, without
    loading the default page first)."""
    return _fresh(tab, server, request)


@pytest.fixture(scope="module")
def phone_tab(browser):
    """A phone-wide window's one tab (360 px, a touch screen, a German browser), for the module's phone tests."""
    phone = browser.new_context(locale="de-DE", viewport={"width": 360, "height": 740}, is_mobile=True)
    yield phone.new_page()
    phone.close()


@pytest.fixture
def phone(phone_tab, server, request):
    """The page loaded afresh in the phone-wide tab (`@pytest.mark.opens(...)` as for `page`)."""
    return _fresh(phone_tab, server, request)


def _fresh(tab, server: str, request):
    """`tab` as a new tab would find the page: no cookie, nothing kept in the tab's storage (the page keeps
    what was typed there across a change of language), loaded at the test's address."""
    tab.context.clear_cookies()  # the page's language as the browser says, every time
    if tab.url.startswith(server):
        tab.evaluate("sessionStorage.clear()")
    opens = request.node.get_closest_marker("opens")
    tab.goto(f"{server}{opens.args[0]}" if opens else server)
    return tab


def wait_result(page, seconds: float = 30):
    page.locator("#result-body .downloads a").first.wait_for(timeout=seconds * 1000)


def test_the_main_button_gives_the_default_kit_with_previews_byte_identical(page, kit_pdf):
    # on the English page the documents start in English: the command spells it, as a terminal needs it
    assert page.locator("#form-kit-lang").input_value() == "en"
    started = time.monotonic()
    page.get_by_role("button", name="Make the kit").first.click()
    page.locator("#result-body .pages img").first.wait_for()
    page.wait_for_function("document.querySelector('#result-body .pages img').naturalWidth > 0")
    print(f"first thumbnail {time.monotonic() - started:.2f} s after the click")
    parts = page.locator("#result-body .pages .part h3").all_inner_texts()
    assert parts[0] == "Cover" and len(parts) >= 4  # the kit's parts, named as on its cover
    assert page.locator("#result-body .pages a.page span").nth(2).inner_text() == "p. 3"
    assert page.locator("#result-body pre.command").inner_text() == "pnpkit kit --lang en"
    with page.expect_download() as download:
        page.get_by_role("link", name="Download kit-a4-en.pdf").click()
    assert download.value.suggested_filename == "kit-a4-en.pdf"
    assert Path(download.value.path()).read_bytes() == kit_pdf("--lang", "en").read_bytes()
    assert axe_violations(page) == []  # the result: downloads, command, thumbnails named as they read
    page.locator("#result-body a.page").nth(1).click()  # a page enlarged, and back
    assert page.locator("#viewer").is_visible() and page.locator("#viewer-close").evaluate(
        "e => e === document.activeElement")
    assert axe_violations(page) == []  # the enlarged page, a dialog over the rest
    page.keyboard.press("Escape")
    assert page.locator("#viewer").is_hidden()


@pytest.mark.opens("?ui=fr")
def test_on_the_french_page_the_default_kit_is_the_commands_default(page, kit_pdf):
    assert page.locator("#form-kit-lang").input_value() == "fr"
    page.locator("#form-kit button[type=submit]").click()
    wait_result(page)
    assert page.locator("#result-body pre.command").inner_text() == "pnpkit kit"
    with page.expect_download() as download:
        page.locator("#result-body .downloads a").first.click()
    assert download.value.suggested_filename == "kit-a4-fr.pdf"
    assert Path(download.value.path()).read_bytes() == kit_pdf().read_bytes()


@pytest.mark.opens("?ui=de")
def test_the_documents_language_follows_the_page_until_it_is_chosen(page):
    languages = "['kit', 'demo', 'rules'].map(f => document.getElementById(`form-${f}-lang`).value)"
    assert page.evaluate(languages) == ["de", "de", "de"]
    page.locator("#form-demo-box summary").click()
    page.locator("#form-demo-lang").select_option("fr")  # chosen: kept when the page changes language
    page.get_by_role("link", name="English").click()
    page.wait_for_function("document.documentElement.lang === 'en'")
    assert page.evaluate(languages) == ["en", "fr", "en"]


def test_a_pasted_class_list_in_two_languages_on_letter(page):
    page.get_by_label("Class list").fill("Ana,Bo,Cy\nDan,Eva,Fay\nGil,Hu,Ivo")
    page.get_by_label("Language of the documents").first.select_option("fr+en")
    page.locator("#form-kit-paper").select_option("letter")
    page.locator("#form-kit button[type=submit]").click()
    wait_result(page)
    command = page.locator("#result-body pre.command").inner_text()
    assert command == "pnpkit kit --names-file groups.csv --paper letter --lang fr+en"
    links = page.locator("#result-body .downloads a").all_inner_texts()
    assert links == ["Download kit-letter-fr+en.pdf", "Download the class list groups.csv"]
    assert "Groupe 3 (Gil, Hu, Ivo)" in " ".join(page.locator("#result-body .part h3").all_inner_texts())


def test_a_chosen_class_list_file_shows_in_the_box_where_its_mistake_is_mended(page, tmp_path):
    (tmp_path / "classe.csv").write_bytes("\ufeffZoé,Bo,Cy\nDan,Eva\n".encode())
    page.locator("#form-kit-names_file-upload").set_input_files(tmp_path / "classe.csv")
    box = page.get_by_label("Class list")
    page.wait_for_function("document.getElementById('form-kit-names_file').value !== ''")
    assert box.input_value() == "Zoé,Bo,Cy\nDan,Eva\n"
    page.get_by_role("button", name="Make the kit").first.click()
    page.locator("#form-kit-names_file-error").get_by_text("Line 2 of the class list needs exactly 3 names").wait_for()
    box.fill("Zoé,Bo,Cy\nDan,Eva,Fay\n")  # mended where the error points
    page.get_by_role("button", name="Make the kit").first.click()
    wait_result(page)
    assert page.locator("#result-body pre.command").inner_text() == "pnpkit kit --names-file groups.csv --lang en"


@pytest.mark.opens("?ui=fr")
def test_a_name_twice_in_a_group_is_refused_at_its_field_in_the_pages_words(page):
    # two Léa in one group: whose row on the record sheet would be whose? It was printed as given
    page.locator("#form-kit-names_file").fill("Ana,Bo,Cy\nLéa,Bo,Léa\n")
    page.locator("#form-kit button[type=submit]").click()
    page.locator("#form-kit-names_file-error").get_by_text(
        "La ligne 2 de la liste contient deux fois le prénom «\u00a0Léa\u00a0»\u00a0: distinguez les deux").wait_for()
    page.locator("#form-record-sheet-box summary").click()
    page.locator("#form-record-sheet-players").fill("Léa,Bo,léa")
    page.locator("#form-record-sheet button[type=submit]").click()
    error = page.locator("#form-record-sheet-players-error")
    error.get_by_text("Le prénom «\u00a0léa\u00a0» figure deux fois").wait_for()


def test_a_bad_value_is_shown_at_its_field_and_the_form_kept(page):
    page.get_by_label("Groups of three").fill("abc")
    page.get_by_label("Title on the cover").fill("CM2 B")
    page.get_by_role("button", name="Make the kit").first.click()
    error = page.locator("#form-kit-groups-error")
    error.wait_for()
    assert error.inner_text() == "“abc” is not a whole number."
    assert page.get_by_label("Groups of three").get_attribute("aria-invalid") == "true"
    assert page.get_by_label("Groups of three").evaluate("e => e === document.activeElement")
    assert page.get_by_label("Title on the cover").input_value() == "CM2 B"


def test_a_download_from_a_tab_older_than_the_server_shows_why_and_the_way_back(page, server):
    page.locator("#form-score-dreist-box summary").click()
    page.locator("#form-score-dreist-names").fill("Ana,Bo,Cy")
    page.locator("#form-score-dreist button[type=submit]").click()
    wait_result(page)
    job = page.locator("#result").get_attribute("data-job")
    link = page.locator("#result-body .downloads a").first
    link.evaluate("a => a.href = a.href.replace(/jobs\\/\\d+/, 'jobs/99999')")  # as after a restart
    link.click()  # it was a failed download the browser named 'No file': the page stayed, saying nothing
    page.get_by_role("heading", name="This file is no longer here").wait_for()
    assert axe_violations(page) == []
    page.get_by_role("link", name="Back to the page").click()
    page.get_by_role("button", name="Make the kit").first.wait_for()
    page.goto(f"{server}jobs/{job}/again")  # where a file deleted since leads: its form as sent, ready to send
    assert page.locator("#form-score-dreist-names").input_value() == "Ana,Bo,Cy"
    assert page.evaluate("document.activeElement.closest('form').id") == "form-score-dreist"


def test_the_calibration_walk_through_ends_in_a_profile_the_command_line_lists(page, config):
    page.get_by_role("button", name="Make the calibration sheet").click()
    wait_result(page)
    assert page.locator("#result-body .downloads a").first.inner_text() == "Download calibrate-a4-long.pdf"
    page.get_by_label("Profile name").fill("lab-card")
    page.get_by_label("Reading X (mm)").fill("1.5")
    page.get_by_label("Reading Y (mm)").fill("-0.5")
    page.get_by_role("button", name="Save the profile").click()
    assert "Profile lab-card saved" in page.locator("p.notice").first.inner_text()
    listed = subprocess.run([sys.executable, "-m", "cli.main", "printer", "list"], capture_output=True, text=True,
                            env={**os.environ, "PNPKIT_CONFIG": str(config)}, check=True).stdout
    assert re.search(r"lab-card\s+--back-offset 1.5,-0.5\s+--duplex long\s+--paper a4", listed)
    page.get_by_role("link", name="Go to the cards").click()
    assert page.locator("#form-cards-printer").input_value() == "lab-card"  # step 3 chosen already
    page.locator("#form-cards button[type=submit]").click()
    wait_result(page)
    assert page.locator("#result-body pre.command").inner_text() == "pnpkit cards --lang en --printer lab-card"


def test_back_to_a_saved_profiles_page_shows_it_again(page):
    # the page answered the form in place: Back to it (here after a language switch) was the browser's error page
    page.get_by_label("Profile name").fill("room-b7")
    page.get_by_label("Reading X (mm)").fill("0,5")
    page.get_by_role("button", name="Save the profile").click()
    assert "Profile room-b7 saved" in page.locator("p.notice").first.inner_text()
    page.get_by_role("link", name="Deutsch").click()
    page.wait_for_function("document.documentElement.lang === 'de'")
    page.go_back()
    assert page.locator("html").get_attribute("lang") == "de"
    assert "Profil room-b7 gespeichert" in page.locator("p.notice").first.inner_text()
    page.locator("#printers").get_by_role("button", name="Das Profil room-b7 löschen").click()
    assert page.locator("#printers p.notice").inner_text() == "Profil room-b7 gelöscht."
    page.reload()  # said while it is so; the profile is not removed twice
    assert page.locator("#printers p.notice").inner_text() == "Profil room-b7 gelöscht."


def test_the_whole_page_works_with_the_keyboard_alone(page):
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.className") == "skip"
    for _ in range(8):  # skip link, three languages, then the main button
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.textContent.trim()") == "Make the kit":
            break
    focused = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    assert page.evaluate("document.activeElement.textContent.trim()") == "Make the kit" and focused != "none"
    page.keyboard.press("Enter")
    wait_result(page)
    assert page.evaluate("document.activeElement.id") == "result-h"  # the result is announced and focused


def test_a_phone_wide_window_scrolls_only_down_and_breaks_the_command_between_words(phone):
    phone.get_by_label("Profilname").fill("raum-b12-laser")  # a saved profile: the table of profiles too
    phone.get_by_label("Wert X (mm)").fill("1,5")
    phone.get_by_role("button", name="Profil speichern").click()
    assert phone.locator("#printers table").get_by_text("raum-b12-laser").is_visible()
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360
    phone.locator("#form-rules-box summary").click()
    phone.locator("#form-rules-game").select_option("dreist")
    phone.locator("#form-rules-large_print").check()
    phone.locator("#form-rules button[type=submit]").click()
    wait_result(phone)
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360
    command = phone.locator("#result-body pre.command")
    assert command.inner_text() == "pnpkit rules dreist --lang de --large-print"
    # each word of the command on one line: a flag cut in two would not paste back into a terminal
    lines = command.evaluate("""e => {
        const walk = document.createTreeWalker(e, NodeFilter.SHOW_TEXT), at = [];  // each character's node
        for (let n; (n = walk.nextNode());) for (let i = 0; i < n.length; i++) at.push([n, i]);
        const r = document.createRange(), tops = (from, to) => new Set([...Array(to - from).keys()].map(k => {
          r.setStart(...at[from + k]); r.setEnd(at[from + k][0], at[from + k][1] + 1);
          return Math.round(r.getBoundingClientRect().top); })).size;
        let from = 0;
        return e.textContent.split(' ').map(word => { const n = tops(from, from + word.length);
          from += word.length + 1; return n; }); }""")
    assert lines == [1, 1, 1, 1, 1, 1]
    assert axe_violations(phone) == []


@pytest.mark.opens("?ui=fr")
def test_a_long_value_quoted_by_its_refusal_stays_in_a_phone_wide_window(phone):
    phone.locator("#form-cards-box summary").click()
    phone.locator("#form-cards-size").fill("x" * 80)  # quoted shortened: « xxx…x » n’est pas une taille de carte
    phone.locator("#form-cards button[type=submit]").click()
    phone.locator("#form-cards-size-error").get_by_text("n’est pas une taille de carte").wait_for()
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360


def test_a_class_list_file_over_the_servers_limit_is_refused_at_its_field_in_the_pages_words(page, tmp_path):
    (tmp_path / "photo.csv").write_bytes(b"x" * (1024 * 1024 + 10))  # refused before the page reads it
    page.locator("#form-kit-names_file-upload").set_input_files(tmp_path / "photo.csv")
    page.get_by_role("button", name="Make the kit").first.click()
    page.locator("#form-kit-names_file-error").get_by_text("This is larger than 1 MB").wait_for()


def test_a_page_left_open_while_the_server_restarted_says_to_reload_it(page):
    page.evaluate("document.querySelectorAll('input[name=csrf]').forEach(i => i.value = 'from-before-the-restart')")
    page.get_by_role("button", name="Make the kit").first.click()
    page.locator("#form-kit [data-form-error]").get_by_text("This form has expired; reload the page").wait_for()


def test_the_language_switch_is_remembered(page, server):
    page.get_by_role("link", name="Deutsch").click()
    assert page.locator("html").get_attribute("lang") == "de"
    assert page.get_by_role("button", name="Set erstellen").first.is_visible()
    page.goto(server)
    assert page.locator("html").get_attribute("lang") == "de"


def test_back_after_a_language_switch_shows_the_page_in_the_chosen_language(page):
    # the browser kept the page as it was: Back showed English (and the next switch again) after choosing German
    page.get_by_role("link", name="Deutsch").click()
    page.wait_for_function("document.documentElement.lang === 'de'")
    page.get_by_role("link", name="Français").click()
    page.wait_for_function("document.documentElement.lang === 'fr'")
    for _ in range(2):
        page.go_back()
        page.wait_for_load_state()
        assert page.locator("html").get_attribute("lang") == "fr"
        assert page.locator("#form-kit button[type=submit]").inner_text() == "Créer le kit"
        assert page.locator("#form-kit-lang").input_value() == "fr"  # not the German page's, restored by Back
    page.go_forward()
    page.wait_for_load_state()
    assert page.locator("html").get_attribute("lang") == "fr"


def test_switching_the_page_language_keeps_what_was_typed(page):
    page.get_by_label("Groups of three").fill("3")
    page.get_by_label("Class list").fill("Ana,Bo,Cy\nDan,Eva,Fay\nGil,Hu,Ivo")
    page.get_by_label("Title on the cover").fill("CM2 B")
    page.locator("#form-kit-lang").select_option("fr+en")
    page.locator("#form-kit-large_print").check()
    page.locator("#form-rules-box summary").click()
    page.locator("#form-rules-game").select_option("twinit")
    page.get_by_role("link", name="Français").click()
    page.wait_for_function("document.documentElement.lang === 'fr'")
    values = page.evaluate("""['kit-groups', 'kit-names_file', 'kit-title', 'kit-lang', 'kit-large_print', 'rules-game']
        .map(id => document.getElementById('form-' + id)).map(e => e.type === 'checkbox' ? e.checked : e.value)""")
    assert values == ["3", "Ana,Bo,Cy\nDan,Eva,Fay\nGil,Hu,Ivo", "CM2 B", "fr+en", True, "twinit"]
    page.get_by_role("link", name="English").click()  # and nothing typed is kept twice: what is restored is forgotten
    page.wait_for_function("document.documentElement.lang === 'en'")
    assert page.evaluate("sessionStorage.length") == 0


def test_cancel_stops_a_forty_group_kit_its_progress_in_view(page):
    page.get_by_label("Groups of three").fill("40")
    page.locator("#form-kit button[type=submit]").click()  # the button under the settings, far below the result
    page.wait_for_function("/Groups done: \\d+ of 40/.test(document.getElementById('progress-text').textContent)")
    assert page.locator("#progress").evaluate(
        "e => { const box = e.getBoundingClientRect(); return box.top >= 0 && box.bottom <= innerHeight; }")
    assert axe_violations(page) == []  # the progress bar and its Cancel
    assert page.locator("#progress-bar").get_attribute("max") == "40"
    page.get_by_role("button", name="Cancel").click()
    page.get_by_text("Stopped: no PDF was made.").wait_for()


def test_a_double_click_leaves_no_second_kit_running(page, server):
    import httpx

    page.get_by_label("Groups of three").fill("40")
    page.get_by_role("button", name="Make the kit").first.dblclick()
    page.wait_for_function("/Groups done: \\d+ of 40/.test(document.getElementById('progress-text').textContent)")
    followed = int(page.locator("#result").get_attribute("data-job"))
    other = followed - 1  # the first click's job: given up by the page as soon as the second was answered
    deadline = time.monotonic() + 5
    while (state := httpx.get(f"{server}jobs/{other}").json()["state"]) != "cancelled" and time.monotonic() < deadline:
        time.sleep(0.1)
    page.get_by_role("button", name="Cancel").click()
    page.get_by_text("Stopped: no PDF was made.").wait_for()
    assert state == "cancelled"


def test_closing_the_tab_stops_its_work(browser, server):
    import httpx

    alone = browser.new_context(locale="en-GB")  # nothing shared with the other tabs: no cookie, no storage
    tab = alone.new_page()
    tab.goto(f"{server}?ui=en")
    try:
        tab.get_by_label("Groups of three").fill("40", timeout=10000)
    except Exception:
        raise AssertionError(f"{tab.url}: {tab.inner_text('body')[:2000]}") from None
    tab.get_by_role("button", name="Make the kit").first.click()
    tab.wait_for_function("/Groups done: \\d+ of 40/.test(document.getElementById('progress-text').textContent)")
    job = tab.locator("#result").get_attribute("data-job")
    tab.close(run_before_unload=True)
    deadline = time.monotonic() + 30
    while (state := httpx.get(f"{server}jobs/{job}").json()["state"]) == "running" and time.monotonic() < deadline:
        time.sleep(0.1)
    alone.close()
    assert state == "cancelled"


def test_axe_finds_no_serious_or_critical_violation(page):
    page.get_by_label("Groups of three").fill("0")
    page.get_by_role("button", name="Make the kit").first.click()  # an error shown, as well as the form
    page.locator("#form-kit-groups-error").wait_for()
    page.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
    assert axe_violations(page) == []


def axe_violations(page) -> list:
    """axe-core's serious and critical findings on the page as it stands (axe loaded from the npm package)."""
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.add_script_tag(content=AXE.read_text(encoding="utf-8"))
    # resultTypes: the violations in full, the passes not listed node by node (the run's costliest step)
    found = page.evaluate("axe.run(document, {resultTypes: ['violations']})"
                          ".then(r => r.violations.map(v => [v.id, v.impact, v.nodes.length]))")
    return [v for v in found if v[1] in ("serious", "critical")]


@pytest.mark.opens("?ui=fr")
def test_a_class_list_file_that_is_empty_or_no_text_is_said_at_its_field_as_soon_as_chosen(page, tmp_path):
    (tmp_path / "vide.csv").write_bytes(b"")
    (tmp_path / "photo.csv").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
    error = page.locator("#form-kit-names_file-error")
    page.locator("#form-kit-names_file-upload").set_input_files(tmp_path / "vide.csv")  # no click on the button
    error.get_by_text("Ce fichier est vide").wait_for()
    page.locator("#form-kit-names_file-upload").set_input_files(tmp_path / "photo.csv")
    error.get_by_text("Ce fichier n’est pas du texte (une liste CSV)").wait_for()
    assert page.locator("#result").is_hidden()  # nothing was made
