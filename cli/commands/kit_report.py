"""What `pnpkit kit` tells a person on stderr: a progress bar while it works, the print room's summary after."""

import sys

from cli.commands.common import say

# Callers that run the command in process and show these themselves (the web page's worker), as
# (on_progress(done, total), on_summary(figures), on_note(key, values)): see listen().
_listeners: list[tuple] = []
# What the kit tells a person without refusing, by key: the terminal's English line. The page words the same key
# from the values in its own language (templates/catalogues/web/<lang>.toml, note.<key>).
NOTES = {
    "names_headings": "names file {path}: line {row} read as column headings ({value}), skipped",
}


def listen(on_progress, on_summary, on_note=None) -> None:
    """Also tell `on_progress(done, total)` each group done, `on_summary(figures)` the finished kit's figures and
    `on_note(key, values)` each note."""
    _listeners.append((on_progress, on_summary, on_note or (lambda key, values: None)))


def note(key: str, **values: object) -> None:
    """One line on stderr about what the kit did with its input (a line skipped), and the same to listeners."""
    for *_, on_note in _listeners:
        on_note(key, values)
    say(f"kit: {NOTES[key].format(**values)}", True)


def progress(done: int, total: int) -> None:
    """A bar on stderr, only for a person watching a terminal and a kit of more than a few groups."""
    for on_progress, *_ in _listeners:
        on_progress(done, total)
    if total <= 3 or not sys.stderr.isatty():
        return
    filled = round(24 * done / total)
    sys.stderr.write(f"\rgroups [{'#' * filled}{'.' * (24 - filled)}] {done}/{total}")
    if done == total:
        sys.stderr.write("\n")
    sys.stderr.flush()


def summary(figures) -> None:
    """What the print room needs to know, on stderr once the file is written."""
    import textwrap

    for _, on_summary, _ in _listeners:
        on_summary(figures)
    how = f"duplex, flip on {figures.flip} edge" if figures.flip else "single-sided"
    light = f", {figures.light_ink:.1f} with --back light" if figures.light_ink is not None else ""
    say(f"kit: {figures.sheets} sheets ({figures.pages} pages), ink about {figures.ink:.1f} ordinary pages "
        f"({figures.paper} at 5% coverage{light}); print it as one job, {how}, at 100%", True)
    # each part and its page on one line ('Score sheets p. 19', never 'p.' above '19'): spaces inside a part
    # are no-break while wrapping, plain again when printed
    starts = ", ".join(f"{label} p. {page}".replace(" ", "\u00a0") for label, page in figures.starts)
    wrapped = textwrap.fill(f"parts start on: {starts}", 100, subsequent_indent="  ", break_long_words=False,
                            break_on_hyphens=False)
    say(wrapped.replace("\u00a0", " "), True, lines=True)
