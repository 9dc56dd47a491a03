"""Tell a session when its browser's websocket has ended, whatever ended it.

Flet 1.0.5 forgets a tab whose socket died while the server was writing to it: its send
loop raises, and the session is never told the tab left, so our hub would re-render it on
every change for ever (4 of 60 phones in the phone bench, each slowing every broadcast).
Flet itself is not changed for that: this ASGI middleware wraps each websocket the web app
serves, and when the app's handling of it ends, for any reason, it calls back whoever
registered from inside that connection (code Flet runs for a socket runs in tasks started
from its handler, so they see this connection's context).
"""
from __future__ import annotations

import logging
from contextvars import ContextVar
from typing import Callable

from starlette.types import ASGIApp, Receive, Scope, Send

log = logging.getLogger(__name__)


class Watch:
    """One websocket: the callbacks to run once it has ended."""

    def __init__(self) -> None:
        self.ended = False
        self.callbacks: list[Callable[[], None]] = []

    def on_end(self, callback: Callable[[], None]) -> None:
        if self.ended:
            callback()
        else:
            self.callbacks.append(callback)

    def end(self) -> None:
        self.ended = True
        for callback in self.callbacks:
            try:
                callback()
            except Exception:  # noqa: BLE001 - one session's clean-up must not stop the others'
                log.exception("a socket-end callback failed")
        self.callbacks.clear()


_current: ContextVar[Watch | None] = ContextVar("companion_socket_watch", default=None)


def current() -> Watch | None:
    """The watch of the websocket this code runs for (None outside one, e.g. in tests)."""
    return _current.get()


class SocketWatchMiddleware:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "websocket":
            await self.app(scope, receive, send)
            return
        watch = Watch()
        token = _current.set(watch)
        try:
            await self.app(scope, receive, send)
        finally:
            _current.reset(token)
            watch.end()
