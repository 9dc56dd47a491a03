"""A tap that reaches a screen after it stopped following its table (its seat was moved to another
phone, another screen of the browser took it) says so on that screen, and saves nothing."""
from __future__ import annotations

import asyncio

import flet as ft

from flet_private import control_id
from live_device import phone_and_tablet


def test_a_tap_in_flight_when_the_screen_lets_its_table_go_is_answered_in_words(server):
    async def go():
        live = server.hub.create("scorepad", {"players": ["Ana", "Bia"]})
        phone, _tablet = await phone_and_tablet(server, live, 0)
        aimed = control_id(phone.find("add-ana-1"))  # what the phone showed when its player tapped
        before = len(live.events())
        phone.app.retire("seats.seat_moved")  # the table is let go; the screen is redrawn after
        await phone.flet.dispatch_event(aimed, "click", None)
        said = [c.label for c in phone.flet.index.values() if isinstance(c, ft.Semantics) and c.identifier == "toast"]
        assert said and "no longer follows a table" in said[-1]
        assert len(live.events()) == before and live.state["scores"]["ana"] == 0

    asyncio.run(go())
