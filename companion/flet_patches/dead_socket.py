"""A tab whose socket died mid-write still leaves its session (Flet 1.0.5 forgets it).

A tab closed while the server is sending to it makes Flet's send loop raise, and
`FletApp.handle` then ends before it tells the session manager that the tab left.
The session stays "connected" for ever: its page never gets `on_disconnect`, so
our hub keeps re-rendering it on every change. Measured: the first tabs opened on
a fresh server (whose start-up sends are slow) leaked this way, 4 of 60 in the
phone bench, and every leak slowed the broadcasts to the live phones.
tests/e2e/test_flet_patches.py shows both; when plain Flet stops losing the tab, drop this.
"""
from __future__ import annotations

import importlib

from flet_web.fastapi.flet_app import FletApp, app_manager
from starlette.websockets import WebSocket


class DisconnectingFletApp(FletApp):
    async def handle(self, websocket: WebSocket) -> None:
        try:
            await super().handle(websocket)
        finally:  # errors and cancellation alike: whatever ended the socket, the tab is gone
            session = getattr(self, "_FletApp__session", None)
            if session is not None and session.connection is not None:
                await app_manager.disconnect_session(
                    self._FletApp__get_unique_session_id(session.id),
                    self._FletApp__session_timeout_seconds,
                )


def apply() -> None:
    """Make Flet's websocket endpoint use the fixed class (it looks the name up per call).
    The module, not `flet_web.fastapi.app`, which the package rebinds to the function."""
    importlib.import_module("flet_web.fastapi.app").FletApp = DisconnectingFletApp
