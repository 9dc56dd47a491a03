"""A tile's marker chips wrap within the room its number leaves. Flet turns `expand` into room
only on a Row's own child, and a part's component stands in its place: with `expand` on the
Container inside the markers' Semantics, the chips took the width they wanted and the tile cut
them off (Lords of Hellas: "Warlord One a…" on the tablet, seen in headless Chromium)."""
from __future__ import annotations

import asyncio

import flet as ft

from companion.core.access import Access
from companion.ui.context import ServerInfo
from live_device import phone_and_tablet


def test_the_markers_take_the_room_beside_the_number_on_every_device(server: ServerInfo):
    async def go():
        live = server.hub.create("lords_of_hellas", {"players": ["Ana", "Bia"]})
        live.dispatch({"type": "tracker.set", "player": "Ana", "field": "lands", "value": 1, "from_step": live.step},
                      Access("host"))  # one away: a second chip
        phone, tablet = await phone_and_tablet(server, live, 0)
        for device in (phone, tablet):
            (markers,) = [c for c in device.flet.index.values()
                          if isinstance(c, ft.Semantics) and c.identifier == "markers-Ana"]
            assert markers.expand, "the markers' outer control is the line's child: it must expand"
            assert "One away!" in markers.label
    asyncio.run(go())
