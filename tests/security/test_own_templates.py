"""pnpkit's own templates run outside the sandbox (they are its code); a copy of them in a user's folder runs
inside it and must write the same markup, so the sandbox never refuses what pnpkit itself ships."""

from jinja2.sandbox import SandboxedEnvironment

from cli.documents import sandbox, templating
from cli.render import pdf
from tests.security.conftest import ROOT, clear_caches


def _sandboxed(monkeypatch) -> None:
    """pnpkit's own templates named as a user's folder (PNPKIT_TEMPLATES): run as a user's copy would, and
    compiled once for every run (Jinja's cache knows a template by its file)."""
    monkeypatch.setenv("PNPKIT_TEMPLATES", str(ROOT / "templates"))
    clear_caches()


def test_only_a_users_templates_are_sandboxed(monkeypatch):
    clear_caches()
    assert not isinstance(templating.environment(), SandboxedEnvironment)
    _sandboxed(monkeypatch)
    assert isinstance(templating.environment(), sandbox.LocatingEnvironment)
    monkeypatch.undo()
    clear_caches()


def _markup(pnpkit, monkeypatch, args: tuple[str, ...]) -> list[tuple[str, str]]:
    """Each template's name and the markup it wrote while `pnpkit ARGS` ran."""
    written: list[tuple[str, str]] = []
    render = templating.render_markup

    def kept(template: str, folder: str | None = None, **context) -> str:
        written.append((template, render(template, folder, **context)))
        return written[-1][1]

    monkeypatch.setattr(templating, "render_markup", kept)
    monkeypatch.setattr(pdf, "render_pdf", lambda laid: pdf.RenderedPdf(b"", len(laid.children)))  # not drawn
    assert pnpkit(*args).code == 0
    monkeypatch.setattr(templating, "render_markup", render)
    return written


COMMANDS = [  # between them every template: the kit's cover, cards, record, pupils' pages, keys, worksheets...
    ("kit", "--exercises", "2", "--lang", "fr+en", "-o", "k.pdf"),
    ("kit", "--large-print", "--lang", "de", "--single-sided", "-o", "k.pdf"),
    ("calibrate", "-o", "c.pdf"),
]


def test_the_own_templates_write_the_same_markup_in_the_sandbox(pnpkit, monkeypatch):
    clear_caches()
    own = [_markup(pnpkit, monkeypatch, args) for args in COMMANDS]
    every = {path.name for path in (ROOT / "templates").glob("*.xml.j2")}
    assert {name for written in own for name, _ in written} == every
    _sandboxed(monkeypatch)
    for args, expected in zip(COMMANDS, own, strict=True):
        sandboxed = _markup(pnpkit, monkeypatch, args)
        assert [name for name, _ in sandboxed] == [name for name, _ in expected], args
        assert sandboxed == expected, args
    monkeypatch.undo()
    clear_caches()
