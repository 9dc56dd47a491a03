"""The start screen past one screenful: pages of saved tables and a search, read from the index (issue 29)."""
from __future__ import annotations

import asyncio

from flet_private import control_id
from live_device import TABLET, Device, label

from companion.ui.context import ServerInfo
from companion.ui.start import PAGE_SIZE


def test_saved_tables_come_in_pages_and_a_search_finds_one(server: ServerInfo):
    async def go():
        made = [server.hub.create("scorepad", {"players": [f"Player{n}", "Common"]}) for n in range(PAGE_SIZE + 3)]
        tablet = await Device(server, f"/?admin={server.admin_token}", TABLET).open()
        await tablet.settle()
        newest_first = [t.table.id for t in reversed(made)]
        shown = [i for i in tablet.ids() if i.startswith("table-")]
        assert len(shown) == PAGE_SIZE
        assert label(tablet, "tables-shown") == f"1–{PAGE_SIZE} of {PAGE_SIZE + 3}"
        await tablet.tap("tables-next")
        await tablet.settle()
        assert label(tablet, "tables-shown") == f"{PAGE_SIZE + 1}–{PAGE_SIZE + 3} of {PAGE_SIZE + 3}"
        assert sorted(i for i in tablet.ids() if i.startswith("table-")) == \
            sorted(f"table-{t}" for t in newest_first[PAGE_SIZE:])
        field = tablet.find("search-tables")
        tablet.flet.apply_patch(control_id(field), {"value": "player4"})  # what the browser sends as it is typed
        await tablet.tap("search-tables", "change")
        await tablet.tap("search-tables", "submit")
        await tablet.settle()
        assert [i for i in tablet.ids() if i.startswith("table-")] == [f"table-{made[4].table.id}"]
        assert label(tablet, "tables-shown") == "1–1 of 1"

    asyncio.run(go())


def test_a_tap_between_typing_and_its_change_event_keeps_the_typed_search(server: ServerInfo):
    """The browser reports the field's text, then its change event: a tap between them (the next
    page) redraws the list around the field, which must not put the older text back."""
    async def go():
        for n in range(PAGE_SIZE + 3):
            server.hub.create("scorepad", {"players": [f"Player{n}", "Common"]})
        tablet = await Device(server, f"/?admin={server.admin_token}", TABLET).open()
        await tablet.settle()
        field = control_id(tablet.find("search-tables"))
        tablet.flet.apply_patch(field, {"value": "player4"})  # the browser's text, reported first
        await tablet.tap("tables-next")  # the list is read again and drawn around the field
        await tablet.settle()
        await tablet.flet.dispatch_event(field, "change", None)
        await tablet.settle()
        assert tablet.find("search-tables").value == "player4"
        await tablet.tap("search-tables", "submit")
        await tablet.settle()
        assert label(tablet, "tables-shown") == "1–1 of 1"

    asyncio.run(go())
