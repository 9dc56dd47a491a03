"""A finished table's download links carry a ticket (core/tickets.py) minted by the render's own
clock (ui.now), like everything else a render shows: minted by the worker's wall clock, two devices
(or a live and a fresh render) showing the same final state a second apart showed two links, and
the live-equals-fresh property test failed now and then on it."""
from __future__ import annotations

import asyncio
from types import SimpleNamespace

from live_device import Device, TABLET

from companion.core import tickets
from companion.core.access import Access
from companion.ui.context import ServerInfo
from companion.ui.ending import extras


def test_two_devices_at_one_render_clock_show_one_download_ticket(server: ServerInfo, monkeypatch):
    async def go():
        live = server.hub.create("scorepad", {"players": ["Ana", "Bia"]})
        live.dispatch({"type": "game.end", "from_step": live.step}, Access("host"))
        route = f"/t/{live.table.id}?k={live.table.spectator_token}"
        wall = float(int(tickets.time.time()))
        first = await Device(server, route, TABLET, wall=lambda: wall).open()
        await first.settle()
        monkeypatch.setattr(tickets, "time", SimpleNamespace(time=lambda: wall + 7))  # the worker runs later
        second = await Device(server, route, TABLET, wall=lambda: wall).open()
        await second.settle()
        shown = [extras(d.app.ui)["ticket"] for d in (first, second)]
        assert shown[0] and shown[0] == shown[1]
        assert shown[0].startswith(f"{int(wall) + tickets.LIFETIME_S}.")
    asyncio.run(go())
