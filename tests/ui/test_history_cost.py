"""The history's blocks stand in a Column of their own inside the card: when a block comes (every
tenth change) and the oldest leaves, that Column is rebuilt and the card's frame and title stay as
they are. A row's part is given the hub's row itself, and worded only when it is built."""
from __future__ import annotations

import asyncio

from companion.core.access import Access
from companion.ui.context import ServerInfo
from companion.ui.widgets import history
from live_device import TABLET, Device, kleos_at_play, label

HOST = Access("host")


def test_a_block_that_comes_rebuilds_the_blocks_column_not_the_card(server: ServerInfo):
    async def go():
        live = kleos_at_play(server, ["ares", "athena"])
        tablet = await Device(server, f"/t/{live.table.id}?k={live.table.host_token}", TABLET).open()
        await tablet.settle()
        for _ in range(2 * history.BLOCK):  # past the first turnover: every part built once
            live.dispatch({"type": "glory.add", "player": "athena", "reason": "kill"}, HOST)
            await tablet.settle()
        ids = tablet.ids()
        turned = 0
        for _ in range(history.BLOCK):
            live.dispatch({"type": "glory.add", "player": "athena", "reason": "kill"}, HOST)
            await tablet.settle()
            rebuilt = {k for k in tablet.app.ui.parts.rebuilt if k.startswith("history")}
            block = f"history-block-{live.seq // history.BLOCK}"
            assert "history-card" not in rebuilt
            if live.seq % history.BLOCK == 0:  # a block comes: the Column of blocks takes it in
                turned += 1
                assert rebuilt == {"history-blocks", block, f"history-{live.seq}"}
            else:
                assert rebuilt == {block, f"history-{live.seq}"}
            assert label(tablet, f"history-{live.seq}") == "Athena +1 Glory (kill)"
        assert turned == 1 and tablet.ids()["history"] == ids["history"]
    asyncio.run(go())
