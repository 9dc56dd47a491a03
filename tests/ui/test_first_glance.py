"""A new screen is sent in steps (ui/app.py `render`, `UI.glance`): what a player reads first (who
this is, Undo), then the game's board, then the rest (the tablet's side column, a phone's history).
Flet adds a new tree in one step on the event loop every device shares; a third of the tree is a
third of that stall for them (bench/open_lag.py). The rest must follow without anything else
happening on the device."""
from __future__ import annotations

import asyncio

import pytest

from companion.core.access import Access
from live_device import PHONE, TABLET, Device, kleos_at_play

SCREEN = b"undo"  # on every table screen of a seat or the tablet, in its first step
BOARD = b"kleos-tab-board"  # the Kleos board's section bar
REST = b"history"  # the history card: the side column on the tablet, the foot of a phone's page


def _screen_frames(device: Device) -> list[bytes]:
    return [data for data in device.patches_since(0) if SCREEN in data or BOARD in data or REST in data]


@pytest.mark.parametrize("size", [TABLET, PHONE], ids=["tablet", "phone"])
def test_a_new_table_screen_comes_first_without_its_board_and_history_then_whole(server, size):
    async def go():
        live = kleos_at_play(server)
        live.dispatch({"type": "glory.add", "player": "ares", "reason": "kill"}, Access("host"))
        device = await Device(server, f"/t/{live.table.id}?k={live.table.host_token}", size).open()
        await device.settle()
        frames = _screen_frames(device)
        first = next(data for data in frames if SCREEN in data)
        assert BOARD not in first and REST not in first
        later = frames[frames.index(first) + 1:]
        board = next(n for n, data in enumerate(later) if BOARD in data)
        assert REST not in later[board]
        assert any(REST in data for data in later[board + 1:])
        assert any("hist" in i for i in device.ids()), [i for i in device.ids()]
    asyncio.run(go())
