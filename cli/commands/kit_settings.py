"""`pnpkit kit`'s own options read together: the flip with --single-sided, the worksheets' level, and the
command that makes the kit again (printed on its cover)."""

from pathlib import Path


def rebuild_command(options, names_file: Path | None) -> str:
    """The command that makes this kit again, every setting spelled out (a profile or a default may change
    later), written by the commands' option registry from the kit's settings."""
    from cli.commands.registry import command

    given = {"names_file": names_file} if names_file is not None else {"groups": options.groups}
    values: dict[str, object] = {
        **given, "seed": options.seed, "paper": options.paper.name, "lang": options.texts.code,
        "duplex": options.duplex, "back": options.back, "title": options.title or None,
        "only_group": options.only_group, "rules_per_group": options.rules_per_group, "set_id": options.set_id,
        "split": options.split, "large_print": options.large_print}
    if options.duplex_job:
        values["back_offset"] = f"{options.back_offset[0]:g},{options.back_offset[1]:g}"
    else:
        values["single_sided"] = True
    if options.exercises:
        values |= {"exercises": options.exercises, "level": options.level}
    return command("kit").command_line(values, explicit=True)


def kit_flip(duplex: str | None, single_sided: bool) -> str | None:
    """The kit's mode from --duplex and --single-sided: long/short is one duplex job, fold/none single-sided."""
    from cli.errors import PnpkitError
    from cli.layout.imposition import DUPLEX_FLIPS

    if single_sided and duplex in DUPLEX_FLIPS:
        raise PnpkitError.of("single_sided", value=duplex)
    return (duplex or "fold") if single_sided else duplex


def worksheet_level(exercises: int, level: int | None) -> int:
    """The worksheets' level: checked like `exercises --level`; without worksheets it has nothing to set."""
    from cli.errors import PnpkitError
    from cli.games.exercises import check_count, check_level

    if not exercises:
        if level is not None:
            raise PnpkitError.of("level_alone", value=level)
        return 3
    check_count(exercises, "--exercises", none=True)
    return check_level(3 if level is None else level)
