"""The pnpkit command line: composes the command modules and maps errors to one line and exit 2."""

import os
import sys
from importlib import import_module

import typer

from cli.errors import PnpkitError

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
}
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


def run(argv: list[str] | None = None) -> int:
    """Run the CLI and return its exit code; errors become one line on stderr and code 2."""
    args = sys.argv[1:] if argv is None else argv
    wanted = [args[0]] if args and args[0] in COMMANDS else None
    command = typer.main.get_command(build_app(wanted))
    try:
        command.main(args=args, prog_name="pnpkit", standalone_mode=False)
    except typer.Exit as done:
        return int(getattr(done, "exit_code", 0) or 0)
    except (typer.Abort, KeyboardInterrupt):
        print("pnpkit: interrupted", file=sys.stderr)
        return 130
    except typer.TyperException as error:  # usage errors: unknown option, bad number, ...
        message = error.format_message() if hasattr(error, "format_message") else str(error)
        if message:  # empty when the help was shown because no command was given
            print(f"pnpkit: {message} (see 'pnpkit --help')", file=sys.stderr)
        return 2
    except PnpkitError as error:
        print(f"pnpkit: error: {error}", file=sys.stderr)
        return 2
    except Exception as error:  # a bug, not bad input: still one line unless asked for details
        if os.environ.get("PNPKIT_DEBUG"):
            raise
        print(f"pnpkit: internal error: {type(error).__name__}: {error} "
              "(run again with PNPKIT_DEBUG=1 for the traceback, and please report it)", file=sys.stderr)
        return 1
    return 0


def main() -> None:
    sys.exit(run())
