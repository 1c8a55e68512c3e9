"""`pnpkit printer save|list|remove`: printer profiles, so an offset read once is never typed again."""

import math
from typing import Annotated

import typer

from cli.commands.common import choice, said, say

app = typer.Typer(no_args_is_help=True, help="Saved printer profiles (back offset, flip, paper) for --printer.")

def _mm(value: float) -> str:
    return f"{value:g}"


@app.command()
def save(
    name: Annotated[str, typer.Argument(help="Printer and paper, e.g. lab-card.")],
    back_offset: Annotated[str, typer.Option("--back-offset", help="X,Y in mm, read on 'pnpkit calibrate'.")],
    duplex: Annotated[str, typer.Option("--duplex", help="long or short: the flip this printer uses.",
                                        callback=choice)] = "long",
    paper: Annotated[str, typer.Option("--paper", help="Paper size: a4 or letter.", callback=choice)] = "a4",
) -> None:
    """Save (or replace) a profile: the offset read on the calibration sheet, for one printer and paper."""
    from cli.errors import PnpkitError
    from cli.layout.sizes import paper as find_paper
    from cli.layout.units import parse_offset
    from cli.profiles import FLIPS, Profile, check_name, max_offset, save_profile

    check_name(name)
    offset = parse_offset(back_offset, "--back-offset")
    limit = max_offset()
    if any(not math.isfinite(v) or abs(v) > limit for v in offset):
        raise PnpkitError.of("offset_large", x=_mm(offset[0]), y=_mm(offset[1]), max=f"{limit:g}")
    if duplex not in FLIPS:
        raise PnpkitError(f"a printer profile is for duplex printing; use --duplex long or short, not '{duplex}'")
    path, old = save_profile(Profile(name, offset, duplex, find_paper(paper).name))
    now = f"back offset {_mm(offset[0])},{_mm(offset[1])} mm, {duplex}-edge flip, {find_paper(paper).name}"
    if old is None:
        said(f"saved printer '{name}' in {path}: {now}", to_stderr=False)
    else:
        said(f"replaced printer '{old.name}' in {path}: {now} (was {_described(old)})", to_stderr=False)


def _described(profile) -> str:
    """A profile's readings as `printer save` takes them back."""
    return (f"--back-offset {_mm(profile.back_offset[0])},{_mm(profile.back_offset[1])} --duplex {profile.duplex} "
            f"--paper {profile.paper}")


@app.command("list")
def list_profiles() -> None:
    """Show the saved profiles and the file that holds them."""
    from cli.profiles import load_profiles, profiles_path

    profiles = load_profiles()
    if not profiles:
        say(f"no printer profiles in {profiles_path()}; save one with "
            "'pnpkit printer save NAME --back-offset X,Y'")
        return
    say(f"printer profiles in {profiles_path()}:")
    width = max(len(name) for name in profiles)
    for name, p in sorted(profiles.items()):
        say(f"  {name:<{width}}  --back-offset {_mm(p.back_offset[0])},{_mm(p.back_offset[1])}  "
            f"--duplex {p.duplex}  --paper {p.paper}")


@app.command()
def remove(name: Annotated[str, typer.Argument(help="The profile to delete.")]) -> None:
    """Delete a saved profile."""
    from cli.profiles import remove_profile

    path, gone = remove_profile(name)
    said(f"removed printer '{gone.name}' from {path}; to undo: pnpkit printer save {gone.name} {_described(gone)}",
         to_stderr=False)
