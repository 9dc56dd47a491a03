"""The tablet's first moments on its table: taps made while the browser echoes the address the app
pushed without its key all count, and what the tablet chose meanwhile stays chosen.

Opening the tablet's link, the app pushes the same address without the key (the key lives in the
tablet's storage), and Flet's client answers with a route change. That change used to open the
table again: leave it, then join it once the browser had answered a few storage reads. A tap that
arrived between found no table and was lost (a CI run lost the turn clock's Start this way), and
every device-local choice was wiped. tests/e2e/test_taps_under_changes.py taps in Chromium.
"""
from __future__ import annotations

import asyncio

from companion.core.access import Access
from flet_private import control_id
from live_device import TABLET, Device

HOST = Access("host")


def glory(live, player: str) -> int:
    return sum(1 for e in live.events() if e["type"] == "glory.add" and e["player"] == player)


def test_taps_during_the_echo_of_the_keyless_address_all_count(server):
    async def go():
        live = server.hub.create("kleos", {"players": ["ares", "athena"]})
        for _ in range(3):  # the first Play turn: Glory taps count
            live.dispatch({"type": "phase.next", "from_step": live.step}, HOST)
        storage: dict = {}  # the tablet's browser storage, where its key to the table is kept
        tablet = await Device(server, f"/t/{live.table.id}?k={live.table.host_token}", TABLET,
                              storage=storage).open()
        await tablet.settle()
        await tablet.tap("kleos-tab-dice")  # a choice of this device's own
        await tablet.settle()
        # What the browser sends once it has pushed the keyless address: a route change (Flet reads
        # it against the page's address, which a real browser gave at connect). A tap comes in at
        # every turn of the event loop until the app has handled the change.
        tablet.conn.page_url = "http://tablet.lan:8550"
        echo = asyncio.ensure_future(tablet.flet.dispatch_event(
            control_id(tablet.page), "route_change", {"route": f"/t/{live.table.id}"}))
        aimed = control_id(tablet.find("quick-kill-ares"))  # the browser taps the control it shows
        taps = []
        while not echo.done():
            taps.append(asyncio.ensure_future(tablet.flet.dispatch_event(aimed, "click", None)))
            await asyncio.sleep(0)
        await echo
        await asyncio.gather(*taps)
        await tablet.settle()
        assert glory(live, "ares") == len(taps)
        assert "dice-roll" in tablet.ids()  # the dice it chose are still on screen

    asyncio.run(go())
