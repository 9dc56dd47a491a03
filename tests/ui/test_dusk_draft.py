"""The Dusk sheet is one draft held by the table: two devices fill it, both entries survive, every
screen shows them with who entered them, and the confirm scores exactly what both showed."""
from __future__ import annotations

import asyncio

from companion.core.access import Access
from flet_private import control_id
from live_device import TABLET, Device, label

HOST = Access("host")


async def at_dusk(server):
    live = server.hub.create("kleos", {"players": ["ares", "athena"], "temples": {"ares": "H1", "athena": "H5"}})
    while live.state["phase"] != "dusk":
        live.dispatch({"type": "phase.next", "from_step": live.step}, HOST)
    tablet = await Device(server, f"/t/{live.table.id}?k={live.table.host_token}", TABLET).open()
    athena = next(s for s in live.table.seats if s.id == "athena")
    phone = await Device(server, f"/t/{live.table.id}?k={live.claim(athena.token)[1]}", TABLET).open()
    for device in (tablet, phone):
        await device.settle()
    return live, tablet, phone


async def settled(*devices: Device) -> None:
    for device in devices:
        await device.settle()


def test_two_devices_fill_one_sheet_and_the_confirm_scores_what_both_showed(server):
    async def go():
        live, tablet, phone = await at_dusk(server)
        await phone.tap("dusk-arena-athena-plus")  # the phone marks the Arena as Athena's
        await tablet.tap("dusk-port-ares-plus")  # while the tablet fills in the Port
        await settled(tablet, phone)
        for device in (tablet, phone):
            assert label(device, "dusk-arena-athena-value") == "Athena 1"
            assert label(device, "dusk-port-ares-value") == "Ares 1"
            assert label(device, "dusk-arena-athena-by") == "entered by Athena"
            assert label(device, "dusk-port-ares-by") == "entered by Tablet"
        await tablet.tap("kleos-dusk-confirm")
        await settled(tablet, phone)
        assert live.state["dusk"]["board"] == {"port": {"ares": [1, False]}, "market": {}, "arena": {"athena": [1, False]}, "theater": {}}
        assert live.state["glory"] == {"ares": 2, "athena": 1}  # the Port pays 2, the Arena 1: no entry dropped

    asyncio.run(go())


def test_a_confirm_from_a_screen_that_missed_an_entry_is_refused_and_says_why(server):
    async def go():
        live, tablet, phone = await at_dusk(server)
        await tablet.tap("dusk-port-ares-plus")
        await settled(tablet, phone)
        aimed = control_id(tablet.find("kleos-dusk-confirm"))
        tablet.now += 5  # long after the last step: only the sheet's own check can catch it
        with live.answering():  # the screens hear of the phone's entry only after the tablet's confirm arrived
            live.dispatch({"type": "dusk.set", "location": "arena", "player": "athena", "minions": 2,
                           "champion": False}, Access("seat", "athena"))
            await tablet.flet.dispatch_event(aimed, "click", None)
        await settled(tablet, phone)
        assert live.state["dusk"] is None  # nothing scored from a sheet that lacked the Arena
        assert "The Dusk sheet changed after this screen showed it" in label(tablet, "toast")
        await tablet.tap("kleos-dusk-confirm")  # now from the sheet as it is
        await settled(tablet, phone)
        assert live.state["dusk"]["board"] == {"port": {"ares": [1, False]}, "market": {}, "arena": {"athena": [2, False]}, "theater": {}}

    asyncio.run(go())


def test_two_devices_setting_the_same_cell_end_with_one_value_everywhere(server):
    async def go():
        live, tablet, phone = await at_dusk(server)
        aimed = [control_id(device.find("dusk-theater-athena-plus")) for device in (tablet, phone)]
        await asyncio.gather(tablet.flet.dispatch_event(aimed[0], "click", None),
                             phone.flet.dispatch_event(aimed[1], "click", None))
        await settled(tablet, phone)
        shown = {label(device, "dusk-theater-athena-value") for device in (tablet, phone)}
        held = live.state["dusk_sheet"]["board"]["theater"]["athena"]
        assert shown == {f"Athena {held[0]}"}

    asyncio.run(go())
