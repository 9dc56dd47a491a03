"""Work-arounds for measured bugs of the pinned Flet (1.0.5); drop each when Flet fixes it.

A tab closed while the server is sending to it makes Flet's send loop raise, and
`FletApp.handle` then returns before it tells the session manager that the tab
left. The session stays "connected" for ever: its page never gets `on_disconnect`,
so our hub keeps re-rendering it on every change. Measured: 1 of 20 closed tabs
leaked this way, and broadcasts to the live phones got slower with each leak.
"""
from __future__ import annotations

import logging

import flet_web.fastapi.app as flet_app_module
from flet_web.fastapi.flet_app import FletApp, app_manager
from starlette.websockets import WebSocket

log = logging.getLogger(__name__)


class DisconnectingFletApp(FletApp):
    async def handle(self, websocket: WebSocket) -> None:
        try:
            await super().handle(websocket)
        except Exception as err:  # noqa: BLE001 - whatever broke the socket, the tab is gone
            session = self._FletApp__session
            if session is not None and session.connection is not None:
                log.debug("tab left mid-send (%s); closing its session", type(err).__name__)
                await app_manager.disconnect_session(
                    self._FletApp__get_unique_session_id(session.id),
                    self._FletApp__session_timeout_seconds,
                )


def apply() -> None:
    """Make Flet's websocket endpoint use the fixed class (it looks the name up per call)."""
    flet_app_module.FletApp = DisconnectingFletApp
