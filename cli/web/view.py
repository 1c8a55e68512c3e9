"""What the page template shows, made from the registry: one field per option, in the page's language.

Only the arrangement is chosen here (which kit options a teacher sees first); which fields exist, their
kinds, choices, ranges and defaults come from the commands' definitions.
"""

from dataclasses import dataclass, field

from cli.commands import registry
from cli.web.forms import AXES, OFFSET, PAGE_COMMANDS, SWITCHED
from cli.web.messages import offset
from cli.web.words import Words

# The kit's fields a teacher sets most, in groups around the main button; its other options follow under
# "more options". Any option not named here still appears there: none can go missing.
KIT_GROUPS = (
    ("group_class", ("groups", "names_file")),
    ("group_print", ("lang", "paper", "large_print", "back", "single_sided", "printer")),
    ("group_content", ("title", "exercises", "level")),
)
# Single documents, in the order a teacher meets them (the calibration sheet lives with the printers);
# a command not named here comes after them.
DOCUMENTS = ("cards", "demo", "record-sheet", "exercises", "guide", "score dreist", "score twinit", "rules")


def _targets(words: Words) -> dict[str, str]:
    """Twin It's catches to win, each variant's own (cli/games/twinit.py), the variant named as its select names it."""
    from cli.games.twinit import VARIANTS

    return {"targets": ", ".join(words("target_of", target=v.target, variant=words.choice("variant", v.name))
                                 for v in VARIANTS.values() if v.target is not None)}


# Options a form leaves out where they make no sense: the calibration sheet is how a printer profile is made
LEFT_OUT = {"calibrate": ("printer",)}
# Where a field's help leads for more: a profile and the back offset are explained with the printer profiles
SEE_PRINTERS = ("printer", OFFSET)

# Help texts that name values kept elsewhere, filled in the page's words: option -> its values ({targets}).
HELP_VALUES = {"target": _targets}


def form_id(command: str) -> str:
    return "form-" + command.replace(" ", "-")


def profile_names() -> list[str]:
    """The saved printer profiles' names ([] when the file is broken: the printers section says why)."""
    from cli.errors import PnpkitError
    from cli.profiles import load_profiles

    try:
        return sorted(load_profiles())
    except PnpkitError:
        return []


def saved_profile(name: str):
    """The saved printer profile `name` is, in any case (cli.profiles.same_name), or None."""
    from cli.errors import PnpkitError
    from cli.profiles import load_profiles, same_name

    try:
        profiles = load_profiles()
    except PnpkitError:
        return None
    found = same_name(profiles, name)
    return profiles[found] if found else None


def is_profile_name(name: str) -> bool:
    """Whether `name` could be a printer profile's (the profiles' own check)."""
    from cli.errors import PnpkitError
    from cli.profiles import check_name

    try:
        check_name(name)
    except PnpkitError:
        return False
    return True


@dataclass
class Field:
    name: str
    id: str
    label: str
    help: str
    widget: str  # number, text, select, checkbox, checkboxes (several choices), classlist
    value: str
    choices: list[tuple[str, str]] = field(default_factory=list)  # (value, words)
    error: str = ""
    minimum: int | None = None
    maximum: int | None = None
    required: bool = False
    focus: bool = False  # the first field refused: the page comes back (without script) with the cursor in it
    # its first value follows the page's language: Back after a switch must not restore the other page's value
    follows_page: bool = False
    see: str = ""  # the words of a link to the printer profiles, after the help (what an offset is)


@dataclass
class Form:
    id: str
    command: str
    title: str
    intro: str
    groups: list[tuple[str, list[Field]]]
    error: str = ""  # a problem no single field owns


class Page:
    """The forms of the page for one language, filled with what the visitor typed and the errors found."""

    def __init__(self, words: Words, read_only: bool, typed: dict, errors: dict, *, paper: str | None = None) -> None:
        self.w, self.read_only, self.typed, self.errors = words, read_only, typed, errors
        self.paper = paper  # the paper of the browser's region (Letter for en-US), where the paper fields start
        self.profiles = profile_names()
        self.focus = next((f"{fid}-{name}" for fid, found in errors.items() for name in found if name != "_"), None)

    def _field(self, command: registry.Command, option: registry.Option) -> Field:
        w, fid = self.w, form_id(command.name)
        typed = self.typed.get(fid, {})
        default = "" if option.default is None else (
            ("on" if option.default else "off") if option.kind == registry.SWITCH else str(option.default))
        follows = option.name == "lang" and w.lang in option.choices
        if follows:
            default = w.lang  # a teacher reading English wants English documents; the command's default stays
        elif option.name == "paper" and self.paper in option.choices:
            follows, default = True, self.paper  # a parent in the US prints on Letter
        value = typed.get(option.name, "on" if option.kind == registry.FLAG and option.default else default)
        helped = w.help(command.name, option.name, option.help)
        if option.name in HELP_VALUES:
            helped = helped.format(**HELP_VALUES[option.name](w))
        made = Field(option.name, f"{fid}-{option.name}", w.label(command.name, option.name, option.flag),
                     helped, "text", value if isinstance(value, str) else "",
                     error=self.errors.get(fid, {}).get(option.name, ""), minimum=option.minimum,
                     maximum=option.maximum, required=option.required, focus=f"{fid}-{option.name}" == self.focus,
                     follows_page=follows, see=w("see_printers") if option.name in SEE_PRINTERS else "")
        auto = [("", w.first(f"auto.{command.name}.{option.name}", f"auto.{option.name}", "auto"))]
        if option.multiple:  # every box ticked at first: the command's own default, all of them
            made.widget, made.choices = "checkboxes", [(c, w.choice(option.name, c)) for c in option.choices]
            made.value = typed.get(option.name, registry.SEPARATOR.join(option.choices))
        elif option.name == "printer":
            made.widget, made.choices = "select", [("", w("no_printer"))] + [(p, p) for p in self.profiles]
        elif option.choices:
            made.widget = "select"
            made.choices = (auto if option.default is None and not option.required else []) + [
                (c, w.choice(option.name, c)) for c in option.choices]
        elif option.kind == registry.SWITCH:
            made.widget = "select"
            made.choices = (auto if option.default is None else []) + [(c, w.choice(option.name, c)) for c in SWITCHED]
        elif option.kind == registry.FLAG:
            made.widget = "checkbox"
        elif option.kind == registry.PATH:
            made.widget = "classlist"
        elif option.kind == registry.INT:
            made.widget = "number"
        return made

    def form(self, name: str, arrangement=()) -> Form:
        command = registry.command(name)
        # a saved printer profile first: it sets the paper, flip and offset that follow
        options = sorted((o for o in command.options if o.on_page and o.name not in LEFT_OUT.get(name, ())),
                         key=lambda o: o.name != "printer")
        fields = {o.name: self._field(command, o) for o in options}
        groups = [(self.w(legend), [fields.pop(n) for n in names if n in fields]) for legend, names in arrangement]
        if fields:
            groups.append((self.w("more_options") if arrangement else "", list(fields.values())))
        groups = [(legend, [part for f in group for part in (self._readings(name, f) if f.name == OFFSET else [f])])
                  for legend, group in groups]
        fid = form_id(name)
        return Form(fid, name, self.w.first(f"doc.{name}", default=f"pnpkit {name}"),
                    self.w.first(f"intro.{name}", default=command.help), groups,
                    error=self.errors.get(fid, {}).get("_", ""))

    def start_paper(self) -> str:
        """The paper the kit's form starts at, as its list names it (what the button's hint says)."""
        return self.w.choice("paper", self.paper or registry.command("kit").option("paper").choices[0])

    def kit(self) -> Form:
        return self.form("kit", KIT_GROUPS)

    def documents(self) -> list[Form]:
        later = [name for name in PAGE_COMMANDS if name not in DOCUMENTS and name not in ("kit", "calibrate")]
        return [self.form(name) for name in (*DOCUMENTS, *later) if name in PAGE_COMMANDS]

    def calibrate(self) -> Form:
        return self.form("calibrate")

    def save_profile(self) -> Form:
        """`printer save`, its offset as the two readings of the calibration sheet (step 2 of the walk-through)."""
        return self.form("printer save")

    def _readings(self, command: str, offset: Field) -> list[Field]:
        """The back's offset as two fields, the calibration sheet's readings X and Y (forms.read makes them the
        command's X,Y): one box for '1.5,-0.5' read '1,5' in French would shift the backs 5 mm."""
        w, fid = self.w, form_id(command)
        typed, errors = self.typed.get(fid, {}), self.errors.get(fid, {})
        words = "calib" if command == "printer save" else "offset"  # the walk-through says 'reading'
        made = []
        for axis in AXES:
            name = f"{offset.name}_{axis}"
            made.append(Field(name, f"{fid}-{name}", w(f"{words}_{axis}"), w(f"{words}_{axis}_help"), "text",
                              typed.get(name, ""), error=errors.get(name, ""), focus=f"{fid}-{name}" == self.focus,
                              see=offset.see if command != "printer save" else ""))
        return made

    def saved_profiles(self):
        """(name, offset, flip, paper) of every saved profile, or the error that the file is broken."""
        from cli.errors import PnpkitError
        from cli.profiles import load_profiles

        try:
            found = load_profiles()
        except PnpkitError as error:
            return [], str(error)
        return [(p.name, offset(*p.back_offset, self.w), p.duplex, p.paper)
                for _, p in sorted(found.items())], ""


@dataclass
class Result:
    job: int
    state: str
    pdfs: list[str]
    beside: list[str]  # cut files written beside the PDF
    csv: list[str]
    pages: list[tuple[int, str]]  # (page number, the part that starts there or "")
    command: str
    message: str
    lang: str  # the documents' (first) language: the parts' names are in it
    advice: list[str] = field(default_factory=list)  # how to print each PDF, from the command's own figures
    next: bool = False  # a calibration sheet: point to the walk-through's next step
    notes: list[str] = field(default_factory=list)  # what the command did with the input (a headings line skipped)


def result(job, words: Words) -> Result:
    """What a finished job shows: previews with part names, downloads, and the command that makes the same."""
    starts = {page: title for title, page in job.parts}
    pages = [(n, starts.get(n, "")) for n in range(1, job.pages + 1)]
    command = job.sub.command_line()
    message = {"cancelled": words("cancelled"), "timeout": words("timeout"), "failed": job.error}.get(job.state, "")
    option = next((o for o in job.sub.command.options if o.name == "lang"), None)
    lang = str(job.sub.values.get("lang") or (option and option.default) or "").split("+")[0].strip()
    return Result(job.number, job.state, job.pdfs, job.beside, list(job.sub.files), pages, command, message, lang,
                  advice=job.advice, next=job.sub.command.name == "calibrate", notes=job.notes)

