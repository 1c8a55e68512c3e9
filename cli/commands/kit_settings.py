"""`pnpkit kit`'s own options read together: the flip with --single-sided, the worksheets' level, and the
command that makes the kit again (printed on its cover)."""

from pathlib import Path


def rebuild_command(o, names_file: Path | None) -> str:
    """The command that makes this kit again, every setting spelled out (a profile may change later)."""
    import shlex

    args = ["pnpkit", "kit"]
    args += ["--names-file", str(names_file)] if names_file is not None else ["--groups", str(o.groups)]
    args += ["--seed", str(o.seed), "--paper", o.paper.name, "--lang", o.texts.code]
    if o.duplex_job:
        args += ["--duplex", o.duplex, f"--back-offset={o.back_offset[0]:g},{o.back_offset[1]:g}"]
    else:
        args += ["--single-sided", "--duplex", o.duplex]
    args += ["--back", o.back]
    args += ["--title", o.title] if o.title else []
    args += ["--only-group", str(o.only_group)] if o.only_group else []
    args += ["--rules-per-group"] if o.rules_per_group else []
    args += ["--exercises", str(o.exercises), "--level", str(o.level)] if o.exercises else []
    args += ["--set-id" if o.set_id else "--no-set-id"]
    args += ["--split"] if o.split else []
    return shlex.join(args)


def kit_flip(duplex: str | None, single_sided: bool) -> str | None:
    """The kit's mode from --duplex and --single-sided: long/short is one duplex job, fold/none single-sided."""
    from cli.errors import PnpkitError

    if single_sided and duplex in ("long", "short"):
        raise PnpkitError(f"--single-sided prints without duplex; leave out --duplex {duplex} (or use fold or none)")
    return (duplex or "fold") if single_sided else duplex


def worksheet_level(exercises: int, level: int | None) -> int:
    """The worksheets' level: checked like `exercises --level`; without worksheets it has nothing to set."""
    from cli.errors import PnpkitError
    from cli.games.exercises import check_count, check_level

    if not exercises:
        if level is not None:
            raise PnpkitError(f"--level {level} sets the worksheets' level; add --exercises N to have worksheets")
        return 3
    check_count(exercises, "--exercises")
    return check_level(3 if level is None else level)
