"""Flet makes a debug text of every message it sends (`f"send_message: {message}"` in its
web app), with its debug log off too. A control new to a device goes in its message whole, and
its dataclass repr spells out every field of everything inside it: about 2,000 characters and
0.1 ms for a labelled number, on every device it is sent to. A part's component and a tagged
control say only their key or identifier, so that text stays short."""
from __future__ import annotations

import asyncio

import flet as ft

from companion.core.access import Access
from companion.ui.context import ServerInfo
from companion.ui.widgets.controls import tagged
from flet_private import control_type
from live_device import TABLET, Device, kleos_at_play

HOST = Access("host")


def test_a_tagged_control_is_spelt_by_its_identifier():
    number = tagged(ft.Text("12", size=56, weight=ft.FontWeight.BOLD), "score-ares", "Ares 12")
    assert len(repr(number)) < 60 and "score-ares" in repr(number)  # a message spells its controls by repr
    assert control_type(number) == "Semantics" and isinstance(number, ft.Semantics)  # what the browser is sent is unchanged


def test_what_flet_formats_of_a_changes_messages_stays_short(server: ServerInfo, monkeypatch):
    """A Kleos change's messages to the tablet carry field changes and new parts (components,
    which say only their key), never a whole new control spelt out field by field."""
    import live_device

    texts: list[int] = []
    send = live_device.FakeConnection.send_message

    def formatted(self, message) -> None:
        texts.append(len(f"{message}"))
        send(self, message)

    monkeypatch.setattr(live_device.FakeConnection, "send_message", formatted)

    async def go():
        live = kleos_at_play(server, ["ares", "athena"])
        tablet = await Device(server, f"/t/{live.table.id}?k={live.table.host_token}", TABLET).open()
        await tablet.settle()
        texts.clear()
        live.dispatch({"type": "glory.add", "player": "athena", "reason": "kill"}, HOST)
        await tablet.settle()
        assert texts and sum(texts) < 4000, texts
    asyncio.run(go())
