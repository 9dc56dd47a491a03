"""Most changes rename the Undo button ("Undo: Ares +1 Glory (kill)") on the tablet and on the
device that made the change: that rename rebuilds the button's words alone, one control. Flet
walks every field of a rebuilt control on every such change and sends each rebuilt part in a
message of its own, so nothing else is rebuilt with them (the label around the button says
something only when a phone's Undo is off: why)."""
from __future__ import annotations

import asyncio
import dataclasses

import flet as ft

from companion.core.access import Access
from companion.ui.context import ServerInfo
from flet_private import control_type
from live_device import TABLET, Device, kleos_at_play

HOST = Access("host")


def own_controls(value: object) -> list[ft.BaseControl]:
    """The controls a part builds itself: the parts inside it (components) are not its own."""
    if isinstance(value, (list, tuple)):
        return [c for v in value for c in own_controls(v)]
    if isinstance(value, ft.Component) or not dataclasses.is_dataclass(value) or isinstance(value, type):
        return []
    own = [value] if isinstance(value, ft.BaseControl) else []
    return own + [c for f in dataclasses.fields(value) if not f.metadata.get("skip", False)
                  for c in own_controls(getattr(value, f.name))]


def test_a_renamed_undo_rebuilds_its_words_alone_one_control(server: ServerInfo):
    async def go():
        live = kleos_at_play(server, ["ares", "athena"])
        tablet = await Device(server, f"/t/{live.table.id}?k={live.table.host_token}", TABLET).open()
        await tablet.settle()
        live.dispatch({"type": "glory.add", "player": "athena", "reason": "kill"}, HOST)
        await tablet.settle()
        parts = tablet.app.ui.parts
        assert {k for k in parts.rebuilt if k.startswith("undo")} == {"undo-words"}
        words = parts.built["undo-words"].control
        assert [control_type(c) for c in own_controls(words)] == ["Text"] and words.semantics_label == "Undo: Athena +1 Glory (kill)"
        assert [control_type(c) for c in own_controls(parts.built["undo"].control)] == ["Semantics"]  # no box around it
    asyncio.run(go())



def test_a_renamed_undo_walks_its_words_alone(server: ServerInfo, monkeypatch):
    """The buttons, their labels and the row around them are a memo given the words' parts: a
    rename works out the two labels and compares the words, and walks no button."""
    from companion.ui import table
    walked: list[str] = []
    control_button = table._control_button

    def counted(ui, ident, *args):
        walked.append(ident)
        return control_button(ui, ident, *args)
    monkeypatch.setattr(table, "_control_button", counted)

    async def go():
        live = kleos_at_play(server, ["ares", "athena"])
        tablet = await Device(server, f"/t/{live.table.id}?k={live.table.host_token}", TABLET).open()
        await tablet.settle()
        live.dispatch({"type": "glory.add", "player": "athena", "reason": "kill"}, HOST)  # Undo comes on
        await tablet.settle()
        walked.clear()
        for god in ("ares", "athena"):
            live.dispatch({"type": "glory.add", "player": god, "reason": "kill"}, HOST)
            await tablet.settle()
            assert tablet.app.ui.parts.built["undo-words"].control.semantics_label == \
                f"Undo: {god.capitalize()} +1 Glory (kill)"
        assert walked == []
        live.undo(HOST)  # Redo comes on: its button is rebuilt
        await tablet.settle()
        assert walked == ["undo", "redo"] and not tablet.find("redo").disabled
    asyncio.run(go())
