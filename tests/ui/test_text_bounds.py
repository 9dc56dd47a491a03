"""Every text a device types has its own bound on the field, and the schemas bound it again for any
text that reaches the table another way (the websocket takes up to 1,000 characters a value)."""
from __future__ import annotations

import ast
import asyncio
from pathlib import Path

import flet as ft

from companion.core.schema import NAME_MAX, NOTE_MAX, REASON_MAX
from live_device import TABLET, Device

UI = Path(__file__).resolve().parents[2] / "companion" / "ui"


def _text_fields() -> list[tuple[str, int, set[str]]]:
    """Every place the UI builds a text field: (file, line, its keyword arguments)."""
    found = []
    for path in UI.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
            # a name field's bound is the one name limit, set by players_form.name_field itself
            if name in ("TextField", "local_text"):
                found.append((path.name, node.lineno, {k.arg for k in node.keywords}))
    return found


def test_every_text_field_of_every_screen_has_its_own_max_length():
    fields = _text_fields()
    assert len(fields) >= 8  # notes, reasons, the searches, the name field: the walk found them
    # `None` is a `**options` pass-through (widgets/local_text.py hands on its caller's max_length).
    unbounded = [(f, line) for f, line, keywords in fields if "max_length" not in keywords and None not in keywords]
    assert not unbounded


def test_the_score_pad_fields_stop_where_the_schema_does(server):
    async def go():
        live = server.hub.create("scorepad", {"players": ["Ana", "Bia"]})
        tablet = await Device(server, f"/t/{live.table.id}?k={live.table.host_token}", TABLET).open()
        phone = await Device(server, f"/t/{live.table.id}?k={live.claim(live.table.seats[0].token)[1]}").open()
        await phone.settle()
        assert tablet.find("reason").max_length == REASON_MAX
        assert phone.find("note").max_length == NOTE_MAX
    asyncio.run(go())


def test_a_note_past_its_bound_sent_anyway_is_refused_with_a_message_and_nothing_saved(server):
    """What the field stops, a device could still send over the websocket: the schema says no."""
    async def go():
        live = server.hub.create("scorepad", {"players": ["Ana", "Bia"]})
        phone = await Device(server, f"/t/{live.table.id}?k={live.claim(live.table.seats[0].token)[1]}").open()
        await phone.settle()
        phone.app.ui.local.inputs["scorepad.note"] = "x" * (NOTE_MAX + 1)
        events = len(live.events())
        await phone.tap("save-note")
        await phone.settle()
        assert toast(phone) == f"Not done: text takes at most {NOTE_MAX} characters."
        assert len(live.events()) == events
    asyncio.run(go())


def toast(device: Device) -> str:
    return next(c.label for c in device.flet.index.values() if isinstance(c, ft.Semantics) and c.identifier == "toast")


def test_player_names_stop_at_the_name_bound_and_no_names_reads_as_a_plain_sentence(server):
    async def go():
        admin = await Device(server, f"/?admin={server.admin_token}", TABLET).open()
        await admin.tap("game-scorepad")
        await admin.settle()
        assert admin.find("player-0").max_length == NAME_MAX
        await admin.tap("create-table")  # every name left blank
        await admin.settle()
        assert toast(admin) == "Not done: Add at least one player."
        assert server.hub.store.table_ids() == []
    asyncio.run(go())
