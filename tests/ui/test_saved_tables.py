"""The start screen marks a finished game as finished, not as one more table to resume."""
from __future__ import annotations

import asyncio

from companion.core.access import Access
from live_device import TABLET, Device, label

HOST = Access("host")


def test_a_finished_table_is_marked_and_offers_its_summary(server):
    async def go():
        done = server.hub.create("scorepad", {"players": ["Ana", "Bia"]})
        done.dispatch({"type": "points.add", "player": "ana", "amount": 3}, HOST)
        done.dispatch({"type": "game.end", "from_step": done.step}, HOST)
        running = server.hub.create("scorepad", {"players": ["Caio"]})
        running.dispatch({"type": "points.add", "player": "caio", "amount": 1}, HOST)
        tablet = await Device(server, f"/?admin={server.admin_token}", TABLET).open()
        await tablet.settle()
        assert tablet.find("resume-" + done.table.id).content == "See the summary"
        assert tablet.find("resume-" + running.table.id).content == "Resume"
        assert label(tablet, "finished-mark") == "Finished"
        marks = [c for c in tablet.ids() if c == "finished-mark"]
        assert marks == ["finished-mark"]  # one finished table, one mark
    asyncio.run(go())
