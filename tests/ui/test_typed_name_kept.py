"""A name typed into a new-table form survives the form being drawn again before the server has
handled the typing: the browser reports the field's text, then its change event, and a render
may fall between them (another tap, or the saved tables' list arriving off the event loop). A
field drawn again from what the form held then put its older text back over the name: CI lost
the second Lords of Hellas name so ({'ana': 'Ana', 'p2': 'P2'}). Every form's name fields keep
their text on the device instead (widgets/players_form.name_field)."""
from __future__ import annotations

import asyncio

import pytest

from companion.ui.context import ServerInfo
from live_device import TABLET, Device, control_id

FORMS = {  # game: (taps that bring up its name fields, the fields)
    "lords_of_hellas": ((), ("loh-name-0", "loh-name-1")),
    "fleecing_olympus": ((), ("fo-name-0", "fo-name-1", "fo-name-2")),
    "scorepad": ((), ("player-0", "player-1")),
    "cyclades": ((), ("player-0", "player-1", "player-2")),
    "kleos": (("kleos-god-ares", "kleos-god-athena"), ("kleos-name-ares", "kleos-name-athena")),
}


@pytest.mark.parametrize("game", sorted(FORMS))
def test_a_render_between_typing_and_its_change_event_keeps_the_typed_name(server: ServerInfo, game: str):
    taps, fields = FORMS[game]
    names = ["Ana", "Bia", "Caio"][:len(fields)]

    async def go():
        admin = await Device(server, f"/?admin={server.admin_token}", TABLET).open()
        for ident in (f"game-{game}", *taps):
            await admin.tap(ident)
            await admin.settle()
        for ident, name in zip(fields, names):
            field = control_id(admin.find(ident))
            admin.flet.apply_patch(field, {"value": name})  # the browser's text, reported first
            await admin.run(admin.app.render)  # a render lands before the change event is handled
            await admin.flet.dispatch_event(field, "change", None)
            await admin.settle()
            assert admin.find(ident).value == name
        await admin.tap("create-table")
        await admin.settle()
        (table_id,) = server.hub.store.table_ids()
        assert [s.name for s in server.hub.get(table_id).table.seats] == names
    asyncio.run(go())
