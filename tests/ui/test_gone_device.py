"""A render aimed at a device whose socket has just closed is skipped quietly, and the device
stops listening and lets its parts go (ui/presence.py `render_pending`)."""
from __future__ import annotations

import asyncio
import logging

from companion.core.access import Access
from live_device import phone_and_tablet

HOST = Access("host")


def test_a_render_at_a_closed_socket_is_skipped_and_releases_the_device(server, caplog):
    async def go():
        live = server.hub.create("scorepad", {"players": ["Ana", "Bia"]})
        phone, tablet = await phone_and_tablet(server, live, 0)
        listening = live.listener_count
        assert phone.app.ui.parts.built

        def send_message(message):  # what Flet's web transport does once its socket has closed
            None.put_nowait(message)

        phone.conn.send_message = send_message
        with caplog.at_level(logging.DEBUG, logger="companion.ui"):
            live.dispatch({"type": "points.add", "player": "bia", "amount": 1}, HOST)
            await tablet.settle()
        assert tablet.find("score-bia").value == "1"  # the others are drawn as ever
        assert live.listener_count == listening - 1 and not phone.app.ui.parts.built
        assert "a live render failed" not in caplog.text
        assert "socket just closed" in caplog.text
    asyncio.run(go())
