"""A seat's name in the device's language is worded once per process, not on every render.

Outside English, role_text looks through the whole string catalogue for the name (0.1-0.2 ms),
and renders ask for it on every change: a seat's phone for its own name, the tablet for each row
of the history's newest block and for the news line. A Portuguese tablet spent more on that than
on everything else a change costs it."""
from __future__ import annotations

import asyncio

from companion.core.access import Access
from companion.ui.context import ServerInfo
from companion.ui.widgets import seat_label
from live_device import PHONE, TABLET, Device, kleos_at_play, label


def test_a_portuguese_tablet_and_phone_word_each_name_once(server: ServerInfo, monkeypatch):
    asked: list[str] = []
    role_text = seat_label.role_text

    def counted(game: str, role: str | None, lang: str) -> str | None:
        asked.append(role)
        return role_text(game, role, lang)
    monkeypatch.setattr(seat_label, "role_text", counted)

    async def go():
        live = kleos_at_play(server, ["ares", "athena"])
        seat = live.table.seat("athena")
        tablet = await Device(server, f"/t/{live.table.id}?k={live.table.host_token}", TABLET, "pt").open()
        phone = await Device(server, f"/t/{live.table.id}?k={live.claim(seat.token)[1]}", PHONE, "pt").open()
        for device in (tablet, phone):
            await device.settle()
        for _ in range(2):  # every name this table shows, worded once
            live.dispatch({"type": "glory.add", "player": "athena", "reason": "kill"}, Access("seat", "athena"))
            for device in (tablet, phone):
                await device.settle()
        asked.clear()
        for _ in range(3):
            live.dispatch({"type": "glory.add", "player": "athena", "reason": "kill"}, Access("seat", "athena"))
            for device in (tablet, phone):
                await device.settle()
        assert asked == []
        assert "Atena" in phone.find("identity").value and "Atena" in label(tablet, "news")
        assert "Atena" in "".join(s.text for s in tablet.find(f"history-{live.seq}").spans) + \
            tablet.find(f"history-{live.seq}").value
    asyncio.run(go())
