"""The listening socket and the uvicorn server around the page's application."""

import errno
import socket
import threading

from cli.errors import PnpkitError


def listen(host: str, port: int | None, default: int, tries: int) -> tuple[socket.socket, int]:
    """A bound socket: --port exactly, or the default port or the next free one."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    candidates = [port] if port is not None else range(default, default + tries)
    last = None
    for candidate in candidates:
        sock = socket.socket(family, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind((host, candidate))
        except OSError as error:
            sock.close()
            last = error
            if error.errno == errno.EADDRINUSE:
                continue
            raise PnpkitError(f"cannot listen on {host}:{candidate}: {error.strerror or error}; "
                              "check --host (an address of this computer)") from None
        sock.listen(64)
        return sock, candidate
    if port is not None:
        raise PnpkitError(f"port {port} is taken; choose another --port or leave it out to use a free one")
    raise PnpkitError(f"ports {default} to {default + tries - 1} are all taken ({last.strerror}); "
                      "choose one with --port")


def run_server(sock: socket.socket, *, allowed: set[str], token: str | None, read_only: bool,
               open_browser: str | None) -> None:
    """Serve until Ctrl-C (which reaches the caller as KeyboardInterrupt: exit 130)."""
    import uvicorn

    from cli.web.app import create_app

    app = create_app(allowed_hosts=allowed, token=token, read_only=read_only)
    config = uvicorn.Config(app, log_level="warning", access_log=False, lifespan="on", timeout_graceful_shutdown=2)
    server = uvicorn.Server(config)
    if open_browser:
        def opening() -> None:
            import webbrowser

            webbrowser.open(open_browser)
        threading.Timer(0.3, opening).start()
    server.run(sockets=[sock])
    if server.should_exit:  # uvicorn stopped on a signal (it re-raises Ctrl-C itself in newer releases)
        raise KeyboardInterrupt
