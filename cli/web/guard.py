"""What every request passes before the page answers: its Host, its access token, its size.

- Host: only the names the server serves (loopback names and --allow-host ones), which stops a DNS
  rebinding page elsewhere from reaching this one through the visitor's browser.
- Token: on any host but loopback, the random token of the printed address, then its cookie.
- Size: bodies over 1 MB are refused before they are read.
The CSRF token of state-changing requests is checked where forms are read (cli/web/app.py).
"""

import hmac
import ipaddress
from dataclasses import dataclass, field
from http.cookies import SimpleCookie
from urllib.parse import parse_qs

MAX_BODY = 1024 * 1024
LOOPBACK_NAMES = ("127.0.0.1", "localhost", "::1")
TOKEN_COOKIE = "pnpkit_token"


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def host_name(header: str) -> str:
    """The name in a Host header, without its port: 'localhost:8421' -> localhost, '[::1]:8421' -> ::1."""
    header = header.strip().lower()
    if header.startswith("["):
        return header[1:header.find("]")] if "]" in header else ""
    return header.rsplit(":", 1)[0] if header.count(":") == 1 else header


@dataclass
class Policy:
    allowed: frozenset[str]  # host names (lower case, IPv6 without brackets)
    token: str | None = None  # required unless None
    lang: str | None = None  # the page's language when serve forces one (--lang), else the visitor's
    messages: dict[str, str] = field(default_factory=dict)


def _plain(status: int, text: str, extra: list[tuple[bytes, bytes]] | None = None):
    body = text.encode("utf-8")
    headers = [(b"content-type", b"text/plain; charset=utf-8"), (b"content-length", str(len(body)).encode())]
    return status, headers + (extra or []), body


class Guard:
    """ASGI middleware applying the Policy before the application sees a request."""

    def __init__(self, app, policy: Policy) -> None:
        self.app = app
        self.policy = policy

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        refusal = self._refusal(scope, headers)
        if refusal is not None:
            status, head, body = refusal
            await send({"type": "http.response.start", "status": status, "headers": head})
            await send({"type": "http.response.body", "body": body})
            return
        if self.policy.token and self._query_token(scope) == self.policy.token:
            send = self._with_cookie(send)
        await self.app(scope, self._limited(receive), send)

    def _refusal(self, scope, headers: dict[str, str]):
        if host_name(headers.get("host", "")) not in self.policy.allowed:
            return _plain(421, "This server does not answer to that host name (see pnpkit serve --allow-host).")
        if self.policy.token and not self._has_token(scope, headers):
            return _plain(403, "This page needs the address printed by 'pnpkit serve', with its token.")
        length = headers.get("content-length")
        if length is not None and (not length.isdigit() or int(length) > MAX_BODY):
            return _plain(413, self._too_big(scope, headers))
        if scope["method"] in ("POST", "PUT", "PATCH", "DELETE") and length is None:
            return _plain(411, "This request has no length.")
        return None

    def _too_big(self, scope, headers: dict[str, str]) -> str:
        """The refusal of a body too large (a class list file chosen by mistake), in the visitor's language."""
        from cli.web.words import COOKIE, Words, visitor_lang

        cookie = SimpleCookie()
        try:
            cookie.load(headers.get("cookie", ""))
        except Exception:  # a malformed Cookie header: the browser's language
            pass
        asked = parse_qs(scope.get("query_string", b"").decode("latin-1")).get("ui", [""])[0]
        remembered = cookie[COOKIE].value if COOKIE in cookie else None
        return Words(self.policy.lang or visitor_lang(asked, remembered, headers.get("accept-language")))(
            "error_too_big")

    @staticmethod
    def _query_token(scope) -> str:
        values = parse_qs(scope.get("query_string", b"").decode("latin-1")).get("token", [""])
        return values[0]

    def _has_token(self, scope, headers: dict[str, str]) -> bool:
        cookie = SimpleCookie()
        try:
            cookie.load(headers.get("cookie", ""))
        except Exception:  # a malformed Cookie header is no token
            return False
        given = cookie[TOKEN_COOKIE].value if TOKEN_COOKIE in cookie else self._query_token(scope)
        return hmac.compare_digest(given.encode(), self.policy.token.encode())

    def _with_cookie(self, send):
        cookie = f"{TOKEN_COOKIE}={self.policy.token}; Path=/; HttpOnly; SameSite=Strict".encode()

        async def sending(message):
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []), (b"set-cookie", cookie)]}
            await send(message)
        return sending

    @staticmethod
    def _limited(receive):
        """A body that grows past the limit while being read (whatever its stated length) is cut off."""
        seen = 0

        async def receiving():
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > MAX_BODY:
                    raise BodyTooLarge
            return message
        return receiving


class BodyTooLarge(Exception):
    """A body past MAX_BODY (its Content-Length said less)."""
