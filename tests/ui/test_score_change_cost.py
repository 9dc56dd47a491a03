"""A score change rebuilds one control for the number on every device: the number's Text, read as
"Athena 1" through its own semantics label. The Semantics that names it for tests (`score-<seat>`)
stands in the number's line and stays as it is, so Flet builds and diffs one control per device
and change instead of a Semantics and a Text (every phone of every table pays it)."""
from __future__ import annotations

import asyncio

import flet as ft

from companion.core.access import Access
from companion.ui.context import ServerInfo
from flet_private import control_type
from live_device import PHONE, Device, game_parts, kleos_at_play, label
from test_undo_rename_cost import own_controls

HOST = Access("host")


def test_a_new_score_rebuilds_the_numbers_text_alone_on_a_phone(server: ServerInfo):
    async def go():
        live = kleos_at_play(server, ["ares", "athena"])
        seat = live.table.seat("ares")
        phone = await Device(server, f"/t/{live.table.id}?k={live.claim(seat.token)[1]}", PHONE).open()
        await phone.settle()
        tag = next(c for c in phone.flet.index.values() if isinstance(c, ft.Semantics) and c.identifier == "score-athena")
        ids = phone.ids()
        live.dispatch({"type": "glory.add", "player": "athena", "reason": "kill"}, HOST)
        await phone.settle()
        assert game_parts(phone) == {"tile-number-athena"}
        number = phone.app.ui.parts.built["tile-number-athena"].control
        assert [control_type(c) for c in own_controls(number)] == ["Text"]
        assert (number.value, number.semantics_label) == ("1", "Athena 1")
        # the Semantics around it is the one shown before, and the number kept its Flet id
        assert tag.label is None and any(c is tag for c in phone.flet.index.values())
        assert phone.ids()["score-athena"] == ids["score-athena"]
        assert label(phone, "score-athena") == "Athena 1" and phone.find("score-athena").value == "1"
    asyncio.run(go())
