"""Tell a session when its browser's websocket has ended, whatever ended it.

Flet 1.0.5 forgets a tab whose socket died while the server was writing to it: its send
loop raises, and the session is never told the tab left, so our hub would re-render it on
every change for ever (4 of 60 phones in the phone bench, each slowing every broadcast).
Flet itself is not changed for that: the websocket guard (companion/server/ws_guard.py), which
already wraps every websocket Flet serves, opens a `Watch` for each and ends it when Flet's
handling of the socket ends, for any reason; code Flet runs for a socket runs in tasks
started from its handler, so `current()` there names that socket's watch.
"""
from __future__ import annotations

import logging
from contextvars import ContextVar
from typing import Callable


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


def watching() -> tuple[Watch, object]:
    """A new watch, current for whatever starts from here on (in this context): `end(token)` ends it."""
    watch = Watch()
    return watch, _current.set(watch)


def end(watch: Watch, token: object) -> None:
    _current.reset(token)
    watch.end()
