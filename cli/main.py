"""The pnpkit command line: composes the command modules and maps errors to one line and exit 2."""

import gc
import os
import signal
import sys
from importlib import import_module

# A run is short and builds few cycles: collect rarely (every 50,000 new objects, not 700), which
# spares the many collections that importing Typer, Jinja and ReportLab would otherwise trigger.
gc.set_threshold(50_000, 20, 20)

import typer  # noqa: E402 (after the collector is set)

from cli.errors import PnpkitError  # noqa: E402

# name -> (module, attribute, is a group); the order is the order of `pnpkit --help`
COMMANDS = {
    "kit": ("cli.commands.kit", "kit", False),
    "cards": ("cli.commands.cards", "cards", False),
    "calibrate": ("cli.commands.calibrate", "calibrate", False),
    "demo": ("cli.commands.trick", "demo", False),
    "record-sheet": ("cli.commands.trick", "record_sheet", False),
    "exercises": ("cli.commands.exercises", "exercises", False),
    "score": ("cli.commands.score", "app", True),
    "rules": ("cli.commands.rules", "rules", False),
    "guide": ("cli.commands.guide", "guide", False),
    "printer": ("cli.commands.printer", "app", True),
    "serve": ("cli.web.serve", "serve", False),  # the web page: one floor above the commands (cli/web/)
}
INTERRUPTED = 130  # the shell's code for a run stopped by a signal (128 + SIGINT)
HELP = "Print-and-play card-game kits that print at exactly 100 % on A4 or US Letter."


def _show_version(asked: bool) -> None:
    if asked:
        from cli import __version__

        typer.echo(f"pnpkit {__version__}")
        raise typer.Exit()


def _root(
    version: bool = typer.Option(False, "--version", callback=_show_version, is_eager=True,
                                 help="Show the version and exit."),
) -> None:
    """Print-and-play card-game kits that print at exactly 100 % on A4 or US Letter."""


def build_app(names: list[str] | None = None) -> typer.Typer:
    """The Typer app with the named commands (all by default): a run loads only the command it runs."""
    app = typer.Typer(name="pnpkit", no_args_is_help=True, add_completion=False,
                      pretty_exceptions_enable=False, help=HELP)
    app.callback()(_root)  # a group even with a single command registered
    for name in names or COMMANDS:
        module, attribute, group = COMMANDS[name]
        target = getattr(import_module(module), attribute)
        if group:
            app.add_typer(target, name=name)
        else:
            app.command(name)(target)
    return app


def run(argv: list[str] | None = None, *, on_refusal=None, on_fault=None) -> int:
    """Run the CLI and return its exit code; errors become one line on stderr and code 2.

    `on_refusal(error)` also hears a PnpkitError that stopped the run (the web page words it by its key);
    `on_fault(error)` an internal error, a bug (the web page logs its traceback)."""
    from cli.terminal import StreamClosed, current_folder_exists, tell

    args = sys.argv[1:] if argv is None else argv
    if not current_folder_exists():  # ReportLab and relative paths need it: say so before any work
        tell("pnpkit: error: the current folder no longer exists (deleted or moved); cd to an existing folder "
             "and run the command again")
        return 2
    wanted = [args[0]] if args and args[0] in COMMANDS else None
    try:  # building the app reads layouts/ for the options' help: a broken file is bad input too
        command = typer.main.get_command(build_app(wanted))
        code = command.main(args=args, prog_name="pnpkit", standalone_mode=False)
    except typer.Exit as done:
        code = getattr(done, "exit_code", 0)
    except (typer.Abort, KeyboardInterrupt):
        code = INTERRUPTED
    except typer.TyperException as error:  # usage errors: unknown option, bad number, ...
        message = error.format_message() if hasattr(error, "format_message") else str(error)
        if message:  # empty when the help was shown because no command was given
            tell(f"pnpkit: {message} (see 'pnpkit --help')")
        return 2
    except PnpkitError as error:
        if on_refusal is not None:
            on_refusal(error)
        tell(f"pnpkit: error: {error}")
        return 2
    except (StreamClosed, BrokenPipeError) as error:  # help or version text into a closed or broken stdout
        tell(f"pnpkit: error: cannot write to standard output: {error.strerror or error}")
        return 2
    except SystemExit as done:  # Typer's and Rich's own answer to a closed pipe (EPIPE): a silent exit 1
        if not _broken_pipe(done):
            raise
        tell("pnpkit: error: cannot write to standard output: Broken pipe")
        return 2
    except Exception as error:  # a bug, not bad input: still one line unless asked for details
        if on_fault is not None:
            on_fault(error)
        if os.environ.get("PNPKIT_DEBUG"):
            raise
        tell(f"pnpkit: internal error: {type(error).__name__}: {error} "
             "(run again with PNPKIT_DEBUG=1 for the traceback, and please report it)")
        return 1
    code = code if isinstance(code, int) else 0  # a command's return value is not an exit code
    if code == INTERRUPTED:  # Typer turns Ctrl-C into Exit(130), silently
        tell("pnpkit: interrupted")
    return code


def _broken_pipe(done: SystemExit) -> bool:
    """Whether Typer or Rich ended the run because standard output is a closed pipe."""
    if type(sys.stdout).__name__ == "PacifyFlushWrapper":  # set by Typer on EPIPE
        return True
    tb = done.__traceback__
    while tb is not None and tb.tb_next is not None:
        tb = tb.tb_next
    return tb is not None and tb.tb_frame.f_code.co_name == "on_broken_pipe"  # Rich's console


def _interrupt(signum: int, frame: object) -> None:
    """SIGTERM and SIGHUP stop a run the way Ctrl-C does: cleanly, without partial files."""
    raise KeyboardInterrupt


def _flush_stdout() -> int:
    """Flush standard output at exit; a full or closed one is one line on stderr and exit 2."""
    from cli.terminal import tell

    try:
        sys.stdout.flush()
    except (OSError, ValueError) as error:
        tell(f"pnpkit: error: cannot write to standard output: {getattr(error, 'strerror', None) or error}")
        # Python would try (and fail) again at shutdown: point stdout at nothing first.
        try:
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        except (OSError, ValueError):
            pass
        return 2
    return 0


def main() -> None:
    from cli.terminal import guard_streams

    guard_streams()
    for name in ("SIGTERM", "SIGHUP"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), _interrupt)
    code = run()
    gc.freeze()  # the process ends now: the exit's collections need not walk the whole heap again
    sys.exit(_flush_stdout() or code)


if __name__ == "__main__":  # python -m cli.main, as well as the pnpkit script
    main()
