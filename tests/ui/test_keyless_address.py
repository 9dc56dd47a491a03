"""The tablet takes its key out of its address bar once it holds it; the browser answers that push
with a route change of its own. Handling that echo as a new address made the tablet leave its table
and join it again: on a busy tablet a tap in that gap (seen: 3 s) reached no table and was lost."""
from __future__ import annotations

import asyncio

from flet_private import control_id
from live_device import TABLET, Device


def test_the_browsers_echo_of_the_keyless_address_leaves_the_table_and_its_screen_alone(server):
    async def go():
        live = server.hub.create("scorepad", {"players": ["Ana", "Bia"]})
        storage: dict = {}  # the tablet's browser keeps its key here
        tablet = await Device(server, f"/t/{live.table.id}?k={live.table.host_token}", TABLET,
                              storage=storage).open()
        await tablet.settle()
        mark = tablet.mark()
        echo = asyncio.ensure_future(tablet.flet.dispatch_event(
            control_id(tablet.page), "route_change", {"route": f"/t/{live.table.id}"}))
        await tablet.tap("add-ana-1")  # a tap while the browser's answer is on its way
        await echo
        await tablet.settle()
        assert live.state["scores"]["ana"] == 1
        assert tablet.app.ui.live is live
        assert tablet.find("score-ana").value == "1"
        patched = b"".join(tablet.patches_since(mark))
        assert len(patched) < 2000, "the tablet drew its table afresh"  # a Glory change, not a screen

    asyncio.run(go())
