"""A table whose file breaks in the middle opens read-only (core/store.py): the tablet and a phone say
so first, in their own language, and their Undo is off."""
from __future__ import annotations

import asyncio

import flet as ft

from companion.core.access import Access
from companion.core.hub import Hub
from companion.games.registry import GAMES
from companion.ui.context import ServerInfo
from live_device import PHONE, TABLET, Device, walk


def test_the_tablet_and_a_phone_say_the_table_is_read_only(server: ServerInfo):
    hub = server.hub
    live = hub.create("scorepad", {"players": ["Ana", "Bia"]})
    seat, key = live.claim(live.table.seats[0].token)
    for amount in (1, 2, 3):
        live.dispatch({"type": "points.add", "player": "ana", "amount": amount}, Access("host"))
    hub.index.flush()
    live.store.close()
    path = hub.store.path(live.table.id)
    lines = path.read_bytes().split(b"\n")
    lines[3] = lines[3][:5]  # the first event's line: the second and third are whole after it
    path.write_bytes(b"\n".join(lines))
    before = path.read_bytes()
    again = ServerInfo(hub=Hub(hub.store.data_dir, GAMES), admin_token=server.admin_token, base_url=server.base_url)

    async def go():
        tablet = await Device(again, f"/t/{live.table.id}?admin={again.admin_token}", TABLET, "pt").open()
        phone = await Device(again, f"/t/{live.table.id}?k={key}", PHONE, "en").open()
        for device, words in ((tablet, "Somente leitura"), (phone, "Read-only")):
            await device.settle()
            texts = [c.value for c in walk(device.find("read-only")) if isinstance(c, ft.Text)]
            assert any(words in text and "4" in text for text in texts), texts
            assert all(c.disabled for c in walk(device.find("undo")) if isinstance(c, ft.OutlinedButton))
    asyncio.run(go())
    assert path.read_bytes() == before
