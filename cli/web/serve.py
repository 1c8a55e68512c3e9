"""`pnpkit serve`: the kit from a web page on this computer, for people who never open a terminal."""

from typing import Annotated

import typer

DEFAULT_PORT = 8421
PORTS_TRIED = 20  # without --port: 8421, or the next free one up to 8440


def serve(
    port: Annotated[int | None, typer.Option(
        help=f"Port to listen on (default: {DEFAULT_PORT}, or the next free one).", min=1, max=65535)] = None,
    host: Annotated[str, typer.Option(
        help="Address to listen on. Anything but 127.0.0.1, localhost or ::1 opens the page to the network: "
             "plain HTTP, a token in the address, printer profiles read-only.")] = "127.0.0.1",
    allow_host: Annotated[list[str] | None, typer.Option(
        "--allow-host", help="Another name the page answers to (e.g. the school server's), besides "
                             "127.0.0.1, localhost and [::1]; repeat for several.")] = None,
    no_browser: Annotated[bool, typer.Option("--no-browser", help="Do not open a browser on the page.")] = False,
) -> None:
    """Open a web page on this computer that makes every document, with previews, in French, English or German."""
    import logging
    import secrets

    from cli.commands.common import say
    from cli.web.guard import LOOPBACK_NAMES, is_loopback
    from cli.web.server import listen, run_server

    sock, bound = listen(host, port, DEFAULT_PORT, PORTS_TRIED)
    local = is_loopback(host)
    names = {*LOOPBACK_NAMES, *(allow_host or [])}
    if host not in ("0.0.0.0", "::"):  # the address printed must be answered
        names.add(host)
    token = None if local else secrets.token_urlsafe(18)
    shown = f"[{host}]" if ":" in host else host
    address = f"http://{shown}:{bound}/" + (f"?token={token}" if token else "")
    if not local:
        say("pnpkit serve: warning: the page is open to the network and travels as plain HTTP (no encryption); "
            "use it only on a trusted network. Printer profiles are read-only on the page.", True)
        if host in ("0.0.0.0", "::") and not allow_host:
            say("pnpkit serve: give the name visitors type with --allow-host NAME, or they will be refused", True)
    say(f"pnpkit serve: the page is at {address} (Ctrl-C stops it)")
    logging.basicConfig(level=logging.INFO, format="pnpkit serve: %(message)s")
    run_server(sock, allowed=names, token=token, read_only=not local, open_browser=None if no_browser else address)
