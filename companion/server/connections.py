"""Every TCP connection to the server: a bound on how many, and on how long each request's header may take.

uvicorn times out a connection only while it idles after an answer (`timeout_keep_alive`);
one that connects and never sends a byte, or dribbles a header forever (before its first
request or any later one on the same keep-alive connection), held a file descriptor until
the client let go: 1,100 of them filled the usual 1,024 and the tablet could no longer
load a page. Neither uvicorn nor h11 has a setting for a header's time, but uvicorn builds
its protocol through a class we may choose (`Config(http=...)`), so this is that class: it
hands everything to uvicorn's own protocol and only watches each request's header arrive,
refusing with a plain 503 past the connection limit. Connections still waiting for their
header are also bounded per client address, the oldest going first, so one device that
opens many cannot crowd out the rest while its own spare connections are all it loses.
"""
from __future__ import annotations

import asyncio
import resource
from dataclasses import dataclass
from typing import Any

from uvicorn.protocols.http.auto import AutoHTTPProtocol

from companion.i18n import t

END_OF_HEADER = b"\r\n\r\n"


@dataclass(frozen=True)
class ConnectionLimits:
    """`connections`: open at once (HTTP and websockets); `header_seconds`: from connecting to
    the end of the first request's header, and from the first byte of each later request on the
    connection to the end of its header; `header_bytes`: how long one header may be;
    `waiting_per_address`: connections of one client address still waiting for their header
    (a browser opens at most 6 to a server, and a whole table behind one address stays under it)."""

    connections: int = 900
    header_seconds: float = 5
    header_bytes: int = 16 * 1024
    waiting_per_address: int = 64

    @classmethod
    def within_open_files(cls, wanted: int = 900, reserve: int = 128, **kw: Any) -> "ConnectionLimits":
        """At most `wanted`, and never so many that the process runs out of file descriptors
        for its tables, its web files and its threads (`reserve` are kept for those)."""
        soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        room = soft - reserve if soft != resource.RLIM_INFINITY else wanted
        return cls(connections=max(1, min(wanted, room)), **kw)


def refusal(status: str, key: str, **values: object) -> bytes:
    """A whole HTTP answer for a connection that will get nothing else: in both languages, since
    no request (and so no Accept-Language) was read."""
    body = f"{t(key, 'en', **values)}\n{t(key, 'pt', **values)}\n".encode()
    head = (f"HTTP/1.1 {status}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: {len(body)}\r\n"
            "Retry-After: 5\r\nConnection: close\r\n\r\n")
    return head.encode() + body


class Waiting:
    """The connections of each client address that wait for a header, oldest first (one per server)."""

    def __init__(self) -> None:
        self._by_address: dict[str, list["GuardedHTTP"]] = {}

    def add(self, address: str, connection: "GuardedHTTP", bound: int) -> None:
        waiting = self._by_address.setdefault(address, [])
        waiting.append(connection)
        for oldest in waiting[: max(0, len(waiting) - bound)]:
            oldest.crowded_out()

    def remove(self, address: str, connection: "GuardedHTTP") -> None:
        waiting = self._by_address.get(address, [])
        if connection in waiting:
            waiting.remove(connection)
        if not waiting:
            self._by_address.pop(address, None)


class _Answering:
    """The transport as uvicorn's protocol sees it: the same in every way, except that its writes
    tell the guard an answer began (so the client's next bytes start a new request to time)."""

    def __init__(self, transport: asyncio.Transport, answered: Any) -> None:
        self._transport, self._answered = transport, answered

    def write(self, data: bytes) -> None:
        self._answered()
        self._transport.write(data)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._transport, name)


class GuardedHTTP(asyncio.Protocol):
    """uvicorn's HTTP protocol, behind a watch on each header, the connection count and the
    connections each address has waiting."""

    def __init__(self, config: Any, server_state: Any, app_state: dict, _loop: asyncio.AbstractEventLoop | None = None,
                 *, limits: ConnectionLimits, waiting: Waiting) -> None:
        self._limits, self._waiting = limits, waiting
        self._connections = server_state.connections  # uvicorn's live protocols: HTTP and websockets alike
        self._loop = _loop or asyncio.get_event_loop()
        self._make_inner = lambda: AutoHTTPProtocol(config=config, server_state=server_state, app_state=app_state,
                                                    _loop=_loop)
        self._inner: asyncio.Protocol | None = None
        self._transport: asyncio.Transport | None = None
        self._address = ""
        self._head = bytearray()
        self._timer: asyncio.TimerHandle | None = None
        self._answered = False  # the server wrote since the last header: the next bytes are a new request

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self._transport = transport  # type: ignore[assignment]
        if len(self._connections) >= self._limits.connections:
            self._refuse("503 Service Unavailable", "limits.too_many_connections", count=self._limits.connections)
            return
        peer = transport.get_extra_info("peername")
        self._address = str(peer[0]) if isinstance(peer, (tuple, list)) and peer else ""
        self._inner = self._make_inner()
        self._inner.connection_made(_Answering(transport, self._answer_began))  # type: ignore[arg-type]
        self._watch()

    def data_received(self, data: bytes) -> None:
        if self._inner is None:
            return
        if self._answered and self._timer is None:
            self._answered = False
            self._watch()
        if self._timer is not None:
            self._head += data[: self._limits.header_bytes + len(END_OF_HEADER)]
            if END_OF_HEADER in self._head:
                self._watched()
            elif len(self._head) > self._limits.header_bytes:
                self._watched()
                self._refuse("431 Request Header Fields Too Large", "limits.header_too_large",
                             kb=self._limits.header_bytes // 1024)
                return
        self._inner.data_received(data)  # type: ignore[attr-defined]

    def eof_received(self) -> bool | None:
        return self._inner.eof_received() if self._inner is not None else None

    def connection_lost(self, exc: Exception | None) -> None:
        self._watched()
        if self._inner is not None:
            self._inner.connection_lost(exc)

    def pause_writing(self) -> None:
        if self._inner is not None:
            self._inner.pause_writing()

    def resume_writing(self) -> None:
        if self._inner is not None:
            self._inner.resume_writing()

    def crowded_out(self) -> None:
        """Its address has too many connections waiting and this one waited longest."""
        self._give_up("503 Service Unavailable", "limits.too_many_waiting", count=self._limits.waiting_per_address)

    def _watch(self) -> None:
        """A request begins (the connection opened, or its client spoke again after an answer)."""
        self._timer = self._loop.call_later(self._limits.header_seconds, self._too_slow)
        self._waiting.add(self._address, self, self._limits.waiting_per_address)

    def _answer_began(self) -> None:
        """The server answers: whatever the request still sends (a body) is not a header to time."""
        self._answered = True
        if self._timer is not None:
            self._watched()

    def _watched(self) -> None:
        """The header is in (or the connection is gone): uvicorn's own timeouts take over."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        self._waiting.remove(self._address, self)
        self._head = bytearray()

    def _too_slow(self) -> None:
        """A header begun but not finished gets a 408 that says why."""
        self._give_up("408 Request Timeout", "limits.request_too_slow", seconds=self._limits.header_seconds)

    def _give_up(self, status: str, key: str, **values: object) -> None:
        """Stop waiting for this connection's header. One that sent nothing is closed without a word:
        browsers open spare connections ahead of need, and one would read an answer left on such a
        socket as the answer to the request it sends there later. One that began is told why."""
        began = bool(self._head)
        self._watched()
        if not began:
            if self._transport is not None:
                self._transport.close()
            return
        self._refuse(status, key, **values)

    def _refuse(self, status: str, key: str, **values: object) -> None:
        transport = self._transport
        if transport is None or transport.is_closing():
            return
        transport.write(refusal(status, key, **values))
        transport.close()
