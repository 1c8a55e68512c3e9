"""The pnpkit command line: composes the command modules and maps errors to one line and exit 2."""

import os
import sys

import typer

from cli.commands.calibrate import calibrate
from cli.commands.cards import cards
from cli.commands.kit import kit
from cli.commands.rules import rules
from cli.commands.score import app as score_app
from cli.commands.trick import demo, record_sheet
from cli.errors import PnpkitError

app = typer.Typer(
    name="pnpkit", no_args_is_help=True, add_completion=False, pretty_exceptions_enable=False,
    help="Print-and-play card-game kits that print at exactly 100 % on A4 or US Letter.",
)


@app.callback()
def root() -> None:
    """Print-and-play card-game kits that print at exactly 100 % on A4 or US Letter."""


app.command()(kit)
app.command()(cards)
app.command()(calibrate)
app.command()(demo)
app.command("record-sheet")(record_sheet)
app.add_typer(score_app, name="score")
app.command()(rules)


def run(argv: list[str] | None = None) -> int:
    """Run the CLI and return its exit code; errors become one line on stderr and code 2."""
    command = typer.main.get_command(app)
    try:
        command.main(args=argv, prog_name="pnpkit", standalone_mode=False)
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
