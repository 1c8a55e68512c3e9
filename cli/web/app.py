"""The page: one Starlette application over the same commands as the terminal.

Routes
- GET  /                    the page, in the visitor's language (?ui=fr|en|de switches and remembers it)
- POST /make                run one command from its form: with JavaScript, answers a job number at once;
                            without, waits and answers the page with the result (or the form and its error)
- GET  /jobs/N              the job's state as JSON (queued and its place, groups done, finished); each
                            call also says the tab is still open
- GET  /jobs/N/result       the result as HTML (previews, downloads, the terminal command), or the error
- POST /jobs/N/cancel       stop it (the Cancel button, or the tab closing)
- GET  /jobs/N/files/NAME   a download: the PDF(s) under the CLI's own names, and a pasted class list; once
                            deleted, a page saying so that leads back to the job's form
- GET  /jobs/N/again        the page with job N's form filled in as it was sent, to make its files again
- GET  /jobs/N/pages/P.png  page P as a thumbnail (?big=1: enlarged)
- POST /printers/save|remove  printer profiles, through `pnpkit printer save|remove` itself; done, the page
                            at / again (?saved=NAME, ?removed=NAME) says so
"""

import asyncio
import hmac
import itertools
import logging
import math
import re
import secrets
import shutil
import tempfile
import threading
import time
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlencode

from jinja2 import Environment, FileSystemLoader, select_autoescape
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from cli.commands import registry
from cli.web import forms, messages, view
from cli.web.guard import MAX_BODY, BodyTooLarge, Guard, Policy
from cli.web.words import COOKIE, PAGE_LANGUAGE, Words, local_paper, page_languages, visitor_lang
from cli.web.worker import Worker

HERE = Path(__file__).parent
log = logging.getLogger("pnpkit.serve")
KEEP_JOBS = 12  # finished jobs whose files stay available; older ones are deleted
KEEP_FORMS = 48  # deleted jobs whose form is remembered: their download's page leads back to it, filled in
ABANDONED = 15.0  # seconds without a poll after which a page's job counts as closed
THUMB_DPI, BIG_DPI = 36, 110
DOWNLOAD_TYPES = {".pdf": "application/pdf", ".csv": "text/csv; charset=utf-8", ".svg": "image/svg+xml",
                  ".dxf": "image/vnd.dxf"}  # served as attachments (Content-Disposition), never shown in the page


@dataclass
class Job:
    number: int
    sub: forms.Submission
    folder: Path
    watched: bool  # a page with JavaScript polls it (and stops polling when its tab closes)
    state: str = "queued"  # queued, running, done, failed, cancelled, timeout
    done: int = 0
    total: int = 0
    seen: float = field(default_factory=time.monotonic)
    cancel: bool = False
    error: str = ""  # the message shown (in the page's language when the catalogue knows it)
    error_field: str | None = None
    pdfs: list[str] = field(default_factory=list)
    beside: list[str] = field(default_factory=list)  # other files the run wrote beside its PDF (cut files)
    pages: int = 0
    advice: list[str] = field(default_factory=list)  # how to print each PDF, from the command's figures
    notes: list[str] = field(default_factory=list)  # what the command did with the input (a line skipped), worded
    parts: list[tuple[str, int]] = field(default_factory=list)
    finished: asyncio.Event = field(default_factory=asyncio.Event)
    lang: str = "en"  # the language of the page that asked for it: its result speaks it


class Server:
    """The state of one `pnpkit serve`: its jobs, its worker and its tokens."""

    def __init__(self, *, read_only: bool, time_limit: float, lang: str | None = None) -> None:
        self.read_only = read_only
        self.csrf = secrets.token_urlsafe(24)
        self.worker = Worker(time_limit)
        self.jobs: dict[int, Job] = {}
        self.forms: dict[int, forms.Submission] = {}  # the forms of deleted jobs, to make their files again
        self.numbers = itertools.count(1)
        self.root = Path(tempfile.mkdtemp(prefix="pnpkit-serve-"))
        self.pdfium = threading.Lock()  # pdfium is not thread-safe
        self.templates = Environment(loader=FileSystemLoader(HERE / "templates"),
                                     autoescape=select_autoescape(default=True), trim_blocks=True, lstrip_blocks=True)
        self.forced_lang = lang

    def warm(self) -> None:
        """Load what the first result needs (PDFium, the result's template) before anyone asks."""
        from cli.render.preview import check_available

        check_available()
        self.templates.get_template("result.html.j2")

    def close(self) -> None:
        self.worker.stop()
        shutil.rmtree(self.root, ignore_errors=True)

    # -- jobs -------------------------------------------------------------------------------
    def new_job(self, sub: forms.Submission, watched: bool) -> Job:
        number = next(self.numbers)
        folder = self.root / str(number)
        folder.mkdir()
        for name, text in sub.files.items():
            (folder / name).write_text(text, encoding="utf-8")
        job = Job(number, sub, folder, watched)
        self.jobs[number] = job
        for old in sorted(self.jobs)[:-KEEP_JOBS]:
            if self.jobs[old].finished.is_set():
                gone = self.jobs.pop(old)
                shutil.rmtree(gone.folder, ignore_errors=True)
                self.forms[old] = gone.sub
        for old in sorted(self.forms)[:-KEEP_FORMS]:
            del self.forms[old]
        return job

    def stopping(self, job: Job) -> bool:
        if job.watched and time.monotonic() - job.seen > ABANDONED:
            job.cancel = True  # its tab is gone
        return job.cancel

    async def execute(self, job: Job, words: Words) -> None:
        """Run the job's command in the worker; record the outcome in the job."""
        def progress(done: int, total: int) -> None:
            job.state, job.done, job.total = "running", done, total

        try:
            argv = job.sub.argv() + ["-o", "./"]  # a folder: the CLI names the file itself
            outcome = await self.worker.run(argv, job.folder, ticket=job, progress=progress,
                                            stop=lambda: self._started(job) or self.stopping(job))
            if outcome.stopped:
                job.state = outcome.stopped
            elif outcome.code == 0:
                job.pdfs = written(job.folder, outcome.stdout)
                job.beside = sorted(p.name for p in job.folder.iterdir()
                                    if p.is_file() and p.name not in {*job.pdfs, *job.sub.files})
                job.parts = outcome.parts
                job.advice = messages.advice(outcome.printed, words)
                job.notes = [messages.said(f"note.{key}", values, words) for key, values in outcome.notes]
                job.pages = await asyncio.to_thread(self._count_pages, job)
                await asyncio.to_thread(self.thumbnail, job, 1, False)  # the first preview ready before asked
                job.state = "done"
            else:
                message = forms.problem(outcome.stderr) if outcome.code == 2 else ""
                job.state = "failed"
                if message:
                    found = forms.field_of(message, job.sub.command, outcome.refusal_key)
                    job.error_field = found and forms.page_field(found, job.sub.values, outcome.refusal_values)
                    job.error = messages.refusal(outcome.refusal, message, words)
                else:
                    unexpected_run(argv, outcome)
                    job.error = words("error_unexpected")
        except Exception:
            log.exception("pnpkit serve: unexpected error while running a job")
            job.state, job.error = "failed", words("error_unexpected")
        finally:
            job.finished.set()

    @staticmethod
    def _started(job: Job) -> bool:
        if job.state == "queued":
            job.state = "running"
        return False

    def _count_pages(self, job: Job) -> int:
        from cli.render.preview import open_pdf

        with self.pdfium:
            document = open_pdf(job.folder / job.pdfs[0])
            try:
                return len(document)
            finally:
                document.close()

    def thumbnail(self, job: Job, page: int, big: bool) -> Path:
        from cli.render.preview import open_pdf, page_png

        path = job.folder / "pages" / f"{page:04d}{'-big' if big else ''}.png"
        if not path.exists():
            with self.pdfium:
                document = open_pdf(job.folder / job.pdfs[0])
                try:
                    data = page_png(document, page - 1, BIG_DPI if big else THUMB_DPI)
                finally:
                    document.close()
            path.parent.mkdir(exist_ok=True)
            path.write_bytes(data)
        return path


def unexpected_run(argv: list[str], outcome) -> None:
    """Log a run that failed by a bug (or pnpkit updated under the server) with its traceback, on the terminal."""
    log.error("pnpkit %s failed unexpectedly:\n%s%s", " ".join(argv), outcome.stderr, outcome.fault)


def written(folder: Path, stdout: str) -> list[str]:
    """The PDFs a run wrote, in the order it said so ('wrote NAME (N pages)'): the main one first."""
    said = stdout.find
    names = [p.name for p in folder.glob("*.pdf")]
    return sorted(names, key=lambda name: (said(f"wrote {name} ") < 0, said(f"wrote {name} "), name))


# -- requests -------------------------------------------------------------------------------
def words_for(request: Request, asked: object = None) -> Words:
    """The words of the page a request is from: `asked` (a form's own language, its hidden field), else ?ui=,
    else the remembered language (the cookie: the language of the next page) or the browser's."""
    server: Server = request.app.state.server
    if asked not in page_languages():
        asked = request.query_params.get("ui")
    return Words(server.forced_lang or visitor_lang(asked, request.cookies.get(COOKIE),
                                                    request.headers.get("accept-language")))


# A page in the visitor's language (cookie, browser) is never kept: Back after a language switch asks again.
IN_THEIR_LANGUAGE = {"cache-control": "no-store", "vary": "Cookie, Accept-Language"}


def page(request: Request, words: Words, *, status: int = 200, **context) -> HTMLResponse:
    server: Server = request.app.state.server
    html = server.templates.get_template("page.html.j2").render(
        w=words, v=view.Page(words, server.read_only, context.pop("typed", {}), context.pop("errors", {}),
                             paper=local_paper(request.headers.get("accept-language"))),
        csrf=server.csrf, read_only=server.read_only, languages=page_languages(), **context)
    response = HTMLResponse(html, status_code=status, headers=IN_THEIR_LANGUAGE)
    if request.query_params.get("ui") in page_languages():
        response.set_cookie(COOKIE, words.lang, max_age=365 * 86400, samesite="strict")
    return response


async def read_form(request: Request):
    """The form, with the CSRF token checked; None when the token is missing or wrong."""
    server: Server = request.app.state.server
    form = await request.form(max_files=4, max_fields=200, max_part_size=MAX_BODY)
    given = form.get("csrf") or request.headers.get("x-csrf-token") or ""
    if not isinstance(given, str) or not hmac.compare_digest(given.encode(), server.csrf.encode()):
        return None
    return form


async def uploads_of(form) -> dict[str, bytes]:
    """The bytes of each file field where a file was chosen (an empty file too: b''), never its name or a path."""
    found = {}
    for key, value in form.multi_items():
        if hasattr(value, "read") and (value.filename or value.size):
            found[key] = await value.read()
    return found


def refused(words: Words, status: int = 403) -> HTMLResponse:
    return HTMLResponse(f"<!doctype html><title>pnpkit</title><p>{words('error_csrf')}</p>", status_code=status)


async def home(request: Request) -> Response:
    """The page; after a printer profile was saved (?saved=NAME, step 3 ready: the kit's and the cards' forms have
    it chosen; &was=X,Y: it replaced these readings) or removed (?removed=NAME and its values, for Undo), saying so
    while the profiles agree."""
    asked = request.query_params
    words = words_for(request, asked.get(PAGE_LANGUAGE + "_form"))  # the saving form's language
    saved, removed = asked.get("saved"), asked.get("removed")
    profiles = view.profile_names() if saved or removed else []
    if saved in profiles:
        chosen = {"form-kit": {"printer": saved}, "form-cards": {"printer": saved}}
        was, now = readings(asked.get("was", "")), view.saved_profile(saved)
        notice = words("printers_saved", name=saved) if was is None or now is None else words(
            "printers_replaced", name=saved, old=messages.offset(*was, words), new=messages.offset(*now.back_offset,
                                                                                                  words))
        return page(request, words, printer_notice=notice, typed=chosen)
    if removed and removed not in profiles and view.is_profile_name(removed):
        undo = {field: asked.get(field, "") for field in UNDONE}
        return page(request, words, removed_notice=words("printers_removed", name=removed),
                    undo=undo | {"name": removed} if readings(f"{undo['x']},{undo['y']}") else None)
    return page(request, words)


# A removed profile's values, in the address its removal answers (?removed=NAME&x=…): Undo saves them again
UNDONE = ("x", "y", "duplex", "paper")


def readings(text: str) -> tuple[float, float] | None:
    """An offset 'X,Y' carried in the page's address, or None when it is not two numbers."""
    try:
        x, y = (float(part) for part in text.split(","))
    except ValueError:
        return None
    return (x, y) if all(map(math.isfinite, (x, y))) else None


def state_changing(handler):
    """A POST route that runs only with the page's CSRF token; it is given the words of the page the form is on
    (its hidden field: another tab may have switched the language since) and the form."""
    async def checked(request: Request) -> Response:
        form = await read_form(request)
        if form is None:
            return refused(words_for(request))
        return await handler(request, words_for(request, form.get(PAGE_LANGUAGE)), form)
    return checked


@state_changing
async def make(request: Request, words: Words, form) -> Response:
    server: Server = request.app.state.server
    command = forms.page_command(str(form.get("command", "")))
    if command is None:
        return refused(words, 400)
    sub = forms.read(command, form, await uploads_of(form))
    watched = request.headers.get("x-pnpkit-async") == "1"
    form_id = view.form_id(command.name)
    checked = request.headers.get("x-pnpkit-check")
    if checked:  # a class list file just chosen: read by the form's own reader and said at once, nothing run
        key, values = sub.errors.get(checked, ("", {}))
        return JSONResponse({"error": key and messages.said(key, values, words), "field": checked, "form": form_id})
    if sub.errors:
        errors = {name: messages.said(key, values, words) for name, (key, values) in sub.errors.items()}
        if watched:
            name, message = next(iter(errors.items()))
            return JSONResponse({"error": message, "field": name, "form": form_id})
        return page(request, words, typed={form_id: sub.typed}, errors={form_id: errors}, status=400)
    job = server.new_job(sub, watched)
    job.lang = words.lang
    task = asyncio.create_task(server.execute(job, words))
    request.app.state.tasks.add(task)
    task.add_done_callback(request.app.state.tasks.discard)
    if watched:
        return JSONResponse({"job": job.number})
    await job.finished.wait()
    if job.state == "failed":
        errors = {form_id: {job.error_field or "_": job.error}}
        return page(request, words, typed={form_id: sub.typed}, errors=errors, status=400)
    return page(request, words, typed={form_id: sub.typed}, job=job, result=view.result(job, words))


def job_of(request: Request) -> Job | None:
    server: Server = request.app.state.server
    try:
        return server.jobs.get(int(request.path_params["number"]))
    except ValueError:
        return None


async def status(request: Request) -> Response:
    server: Server = request.app.state.server
    job = job_of(request)
    if job is None:
        return JSONResponse({"state": "gone"}, status_code=404)
    job.seen = time.monotonic()
    answer = {"state": job.state, "done": job.done, "total": job.total,
              "ahead": server.worker.place(job) if job.state == "queued" else 0}
    if job.state == "failed":
        answer |= {"error": job.error, "field": job.error_field, "form": view.form_id(job.sub.command.name)}
    return JSONResponse(answer)


async def result(request: Request) -> Response:
    server: Server = request.app.state.server
    job = job_of(request)
    if job is None:
        return HTMLResponse(f"<p>{words_for(request)('error_gone')}</p>", status_code=404)
    words = Words(job.lang)
    html = server.templates.get_template("result.html.j2").render(w=words, r=view.result(job, words))
    return HTMLResponse(html)


@state_changing
async def cancel(request: Request, words: Words, form) -> Response:
    job = job_of(request)
    if job is not None:
        job.cancel = True
        if job.state == "queued":  # it will not start: said at once, not when the one ahead ends
            job.state = "cancelled"
    return JSONResponse({"ok": True})


async def download(request: Request) -> Response:
    job = job_of(request)
    name = request.path_params["name"]
    if job is None or job.state != "done" or name not in [*job.pdfs, *job.beside, *job.sub.files]:
        return gone(request)
    return FileResponse(job.folder / name, media_type=DOWNLOAD_TYPES.get(Path(name).suffix, "application/octet-stream"),
                        filename=name)


def submission_of(request: Request) -> forms.Submission | None:
    """The form of a job, running, kept or deleted since (None after a restart)."""
    server: Server = request.app.state.server
    job = job_of(request)
    return job.sub if job is not None else server.forms.get(request.path_params["number"])


def gone(request: Request) -> HTMLResponse:
    """A download no longer there (deleted for newer ones, or the server restarted): a short page saying so, with
    a way back to its form, filled in as it was when the page still knows it."""
    server: Server = request.app.state.server
    known = submission_of(request) is not None
    html = server.templates.get_template("gone.html.j2").render(
        w=words_for(request), again=f"/jobs/{request.path_params['number']}/again" if known else "/")
    return HTMLResponse(html, status_code=404, headers=IN_THEIR_LANGUAGE)


async def again(request: Request) -> Response:
    """The page with a job's form filled in as it was sent, opened and its button focused: to make it again."""
    sub = submission_of(request)
    if sub is None:
        return page(request, words_for(request))
    form_id = view.form_id(sub.command.name)
    return page(request, words_for(request), typed={form_id: sub.typed}, opened=form_id)


async def thumbnail(request: Request) -> Response:
    server: Server = request.app.state.server
    job = job_of(request)
    number = int(request.path_params["page"])
    if job is None or job.state != "done" or not 1 <= number <= job.pages:
        return Response(status_code=404)
    path = await asyncio.to_thread(server.thumbnail, job, number, request.query_params.get("big") == "1")
    return FileResponse(path, media_type="image/png", headers={"cache-control": "private, max-age=3600"})


@state_changing
async def printer(request: Request, words: Words, form) -> Response:
    """Save or remove a profile by running `pnpkit printer save|remove` itself (same file, same locking)."""
    server: Server = request.app.state.server
    action = request.path_params["action"]
    if action not in ("save", "remove"):
        return Response(status_code=404)
    if server.read_only:
        return page(request, words, notice=words("printers_read_only"), status=403)
    command = registry.command(f"printer {action}")
    sub = forms.read(command, form, {})
    form_id = view.form_id(command.name)
    if sub.errors:
        errors = {name: messages.said(key, values, words) for name, (key, values) in sub.errors.items()}
        return page(request, words, typed={form_id: sub.typed}, errors={form_id: errors}, status=400)
    values = {"name": str(sub.values.get("name", ""))}
    if action == "save":  # readings left empty are 0: the sheet showed no shift
        values = sub.values | values | {"back_offset": sub.values.get(forms.OFFSET, "0,0")}
    before = view.saved_profile(values["name"])  # what a save replaces (the same name in any case), or a removal ends
    argv = command.argv(values)
    folder = Path(tempfile.mkdtemp(dir=server.root))
    outcome = await server.worker.run(argv, folder, ticket=object())
    shutil.rmtree(folder, ignore_errors=True)
    if outcome.code != 0:
        message = forms.problem(outcome.stderr)
        name = forms.page_field(forms.field_of(message, command, outcome.refusal_key) or "_", values,
                                outcome.refusal_values)
        if outcome.code == 2:
            said = messages.refusal(outcome.refusal, message, words)
        else:
            unexpected_run(argv, outcome)
            said = words("error_unexpected")
        if action == "remove":  # each row's button is its own form: said above the table (gone in another tab?)
            return page(request, words, removed_error=said, status=400)
        return page(request, words, typed={form_id: sub.typed}, errors={form_id: {name: said}}, status=400)
    # answered by the page at its own address (a form answered in place could not be shown again by Back or
    # reloaded without sending it again); home() says what was done
    where = "#save-step" if action == "save" else "#printers"
    said = {action + "d": before.name if before else values["name"], PAGE_LANGUAGE + "_form": words.lang}  # no cookie
    if before and action == "save":
        said["was"] = ",".join(f"{v:g}" for v in before.back_offset)
    elif before:
        said |= dict(zip(UNDONE, (*(f"{v:g}" for v in before.back_offset), before.duplex, before.paper), strict=True))
    return RedirectResponse(f"/?{urlencode(said)}{where}", status_code=303)


async def unexpected(request: Request, error: Exception) -> Response:
    if isinstance(error, BodyTooLarge):
        return HTMLResponse(f"<p>{words_for(request)('error_too_big')}</p>", status_code=413)
    log.error("pnpkit serve: unexpected error on %s %s", request.method, request.url.path, exc_info=error)
    try:
        text = words_for(request)("error_unexpected")
    except Exception:
        text = "Something went wrong on the server; the details are in its terminal."
    return HTMLResponse(f"<!doctype html><title>pnpkit</title><p>{text}</p>", status_code=500)


def create_app(*, allowed_hosts: set[str], token: str | None = None, read_only: bool = False,
               time_limit: float = 120.0, lang: str | None = None):
    """The ASGI application: Starlette behind the Guard (Host, token, body size)."""
    server = Server(read_only=read_only, time_limit=time_limit, lang=lang)

    @asynccontextmanager
    async def lifespan(app):
        server.worker.start()
        warming = asyncio.create_task(asyncio.to_thread(server.warm))  # not awaited: the page answers first
        yield
        warming.cancel()
        server.close()

    app = Starlette(routes=[
        Route("/", home),
        Route("/make", make, methods=["POST"]),
        Route("/jobs/{number:int}", status),
        Route("/jobs/{number:int}/result", result),
        Route("/jobs/{number:int}/cancel", cancel, methods=["POST"]),
        Route("/jobs/{number:int}/files/{name}", download),
        Route("/jobs/{number:int}/again", again),
        Route("/jobs/{number:int}/pages/{page:int}.png", thumbnail),
        Route("/printers/{action:str}", printer, methods=["POST"]),
        Mount("/static", StaticFiles(directory=HERE / "static"), name="static"),
    ], exception_handlers={Exception: unexpected, 500: unexpected}, lifespan=lifespan)
    app.state.server = server
    app.state.tasks = set()
    allowed = frozenset(re.sub(r"^\[|\]$", "", h.lower()) for h in allowed_hosts)
    return Guard(app, Policy(allowed, token, lang=lang))
