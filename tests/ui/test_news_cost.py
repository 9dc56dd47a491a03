"""The tablet shows a new news line on nearly every change (any change made on another device), so
a new line rebuilds the line's box and words alone: a Container and a Text. The Semantics that names
it for tests (`news`) stands in a slot of its own that stays as it is, and what is read is the
Text's own label (Flutter merges the two into one node), a dash while there is no news."""
from __future__ import annotations

import asyncio

import flet as ft

from companion.core.access import Access
from companion.ui.context import ServerInfo
from flet_private import control_type
from live_device import TABLET, Device, kleos_at_play, label
from test_undo_rename_cost import own_controls


def test_a_new_news_line_rebuilds_its_box_and_words_alone(server: ServerInfo):
    async def go():
        live = kleos_at_play(server, ["ares", "athena"])
        tablet = await Device(server, f"/t/{live.table.id}?k={live.table.host_token}", TABLET).open()
        await tablet.settle()
        assert label(tablet, "news") == "—"
        tag = next(c for c in tablet.flet.index.values() if isinstance(c, ft.Semantics) and c.identifier == "news")
        ids = tablet.ids()
        for n, (who, god) in enumerate([("ares", "athena"), ("athena", "ares")]):
            live.dispatch({"type": "glory.add", "player": god, "reason": "kill"}, Access("seat", who))
            await tablet.settle()
            parts = tablet.app.ui.parts
            assert {k for k in parts.rebuilt if k.startswith("news")} == {"news"}
            line = parts.built["news"].control
            assert [control_type(c) for c in own_controls(line)] == ["Container", "Text"]
            assert label(tablet, "news") == line.content.semantics_label == line.content.value
            assert god.capitalize() in label(tablet, "news")
            # the Semantics is the one shown before, it says nothing itself, and the line kept its Flet id
            assert tag.label is None and any(c is tag for c in tablet.flet.index.values())
            assert tablet.ids()["news"] == ids["news"]
    asyncio.run(go())
