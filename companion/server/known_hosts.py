"""Known names only: every request and websocket handshake must name this server as itself.

A web page on the Wi-Fi (or the internet) can rebind its own name to this server's address
(DNS rebinding). The browser then sends that page's name as `Host`, and the page's own
`Origin` matches it, so the origin check alone lets it in. A browser can only send the name
in its address bar, so a request is answered only when that name is one this server goes
by: an IP literal, `localhost` (and `*.localhost`, which browsers resolve to this machine
themselves), this machine's own names (its hostname and `<hostname>.local`), the `--url`
host, or one given with `--allow-host`. The same list as Vite's and webpack's dev servers
after their rebinding advisories.
"""
from __future__ import annotations

import ipaddress
import logging
import re
import socket
from typing import Any, Awaitable, Callable, Iterable
from urllib.parse import urlsplit

from companion.i18n import t

log = logging.getLogger(__name__)
Scope = dict[str, Any]
Receive = Callable[[], Awaitable[dict]]
Send = Callable[[dict], Awaitable[None]]
MISDIRECTED = 421  # RFC 9110: "the server is not able to produce a response for this target"


_HOST = re.compile(r"[A-Za-z0-9.\-]+(:[0-9]{1,5})?|\[[0-9A-Fa-f:.]+\](:[0-9]{1,5})?")


def machine_names() -> set[str]:
    """This machine's own names, as a phone on the Wi-Fi may type them (mDNS adds `.local`)."""
    name = socket.gethostname().lower().rstrip(".")  # not getfqdn(): a DNS look-up, slow on a machine offline
    return {name, name.split(".")[0] + ".local"} if name else set()


def host_of(url: str | None) -> str | None:
    return urlsplit(url).hostname if url else None


class KnownHosts:
    """The names this server answers to, besides IP literals and localhost."""

    def __init__(self, names: Iterable[str | None] = ()) -> None:
        self.names = frozenset(n.lower().rstrip(".") for n in names if n)

    @classmethod
    def for_server(cls, url: str | None, allowed: Iterable[str] = ()) -> "KnownHosts":
        return cls([*machine_names(), host_of(url), *allowed])

    def admits(self, host_header: str | None) -> bool:
        """Whether a `Host` header names this server. None (HTTP/1.0, no header) is no browser's:
        browsers always send the name they resolved, which is all this guards against."""
        if host_header is None:
            return True
        name = _name(host_header)
        if name is None:
            return False
        if _is_ip(name) or name == "localhost" or name.endswith(".localhost"):
            return True
        return name in self.names


def _name(header: str) -> str | None:
    """The name in a `Host` header, without its port: `[::1]:8550` -> `::1`; None if malformed
    (anything but a name or an address and a port, such as `a@127.0.0.1`)."""
    if not _HOST.fullmatch(header.strip()):
        return None
    try:
        name = urlsplit(f"//{header.strip()}").hostname
    except ValueError:
        return None
    return name.rstrip(".") if name else None


def _is_ip(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


def refusal_text(name: str) -> str:
    """One line in each language: the request's own language is not trusted to be read yet."""
    shown = name[:80].encode("ascii", "replace").decode()
    return f"{t('limits.unknown_host', 'en', name=shown)}\n{t('limits.unknown_host', 'pt', name=shown)}\n"


class HostGuard:
    """ASGI middleware: a request or websocket handshake whose `Host` is not a known name is refused
    (HTTP 421; a websocket's handshake is closed before it is accepted, which uvicorn answers 403)."""

    def __init__(self, app: Callable[[Scope, Receive, Send], Awaitable[None]], hosts: KnownHosts) -> None:
        self.app, self.hosts = app, hosts

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        host = _header(scope, b"host")
        if self.hosts.admits(host):
            await self.app(scope, receive, send)
            return
        log.warning("refused a %s for the unknown host name %r", scope["type"], (host or "")[:80])  # paced: log_pace.py
        if scope["type"] == "websocket":
            await send({"type": "websocket.close", "code": 1008})
            return
        body = refusal_text(host or "").encode()
        await send({"type": "http.response.start", "status": MISDIRECTED, "headers": [
            (b"content-type", b"text/plain; charset=utf-8"), (b"content-length", str(len(body)).encode()),
            (b"cache-control", b"no-store")]})
        await send({"type": "http.response.body", "body": body})


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", ()):
        if key == name:
            return value.decode("latin-1")
    return None
