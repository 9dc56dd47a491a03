"""A phone that opens the bare address is sent on to the table it last held (ui/app.py `_redirect`);
the table opens when its browser answers with a route change. A reload in between comes back on
the same Flet session at the same bare address, so Flet sees no route change and nothing opened the
table: the phone showed "scan a table's code" for good (once in a clean-clone CI run, and every
time a browser reloaded within half a second of opening the bare address)."""
from __future__ import annotations

import asyncio

import msgpack
from flet.messaging.protocol import MessageAction
from flet_private import control_id
from live_device import ENCODE, Device, FakeConnection, Replica

from companion.ui.app import PREF_LAST
from companion.ui.context import ServerInfo


def _pushed(conn: FakeConnection) -> list[str]:
    """The addresses the page asked this connection's browser to go to."""
    calls = [msgpack.unpackb(data, strict_map_key=False)[1] for action, data in conn.frames
             if action == MessageAction.INVOKE_METHOD]
    return [call["args"]["route"] for call in calls if call["name"] == "push_route"]


async def _reload(phone: Device, storage: dict | None = None) -> FakeConnection:
    """The browser reloads the page: the socket drops and a new one takes up the same session,
    answered with the whole page as it stands (as Flet's register answer does)."""
    await asyncio.create_task(phone.flet.disconnect(60))
    again = FakeConnection(asyncio.get_running_loop(), storage)
    again.session = phone.flet
    again.replica = Replica(msgpack.unpackb(msgpack.packb(phone.page, default=ENCODE), strict_map_key=False))
    phone.conn = again
    await asyncio.create_task(phone.flet.connect(again))
    await phone.settle()
    return again


def test_a_phone_reloaded_before_it_took_its_table_address_still_opens_the_table(server: ServerInfo):
    async def go():
        live = server.hub.create("scorepad", {"players": ["Ana", "Bia"]})
        key = live.claim(live.table.seats[1].token)[1]
        table_route = f"/t/{live.table.id}?k={key}"
        storage = {PREF_LAST: table_route}
        # The fake browser answers the push and never sends the route change: the page reloaded.
        phone = await asyncio.create_task(Device(server, "/", storage=storage).open())
        await phone.settle()
        assert _pushed(phone.conn) == [table_route] and phone.app.ui.live is None

        again = await _reload(phone, storage)
        assert _pushed(again) == [table_route]  # sent on again, from the address it reloaded on
        await asyncio.create_task(phone.flet.dispatch_event(  # the browser takes it this time
            control_id(phone.page), "route_change", {"route": table_route}))
        await phone.settle()
        assert phone.app.ui.live is live
        assert "Bia" in phone.find("identity").value
    asyncio.run(go())


def test_a_phone_reloaded_on_its_table_is_drawn_again_without_opening_it_anew(server: ServerInfo):
    async def go():
        live = server.hub.create("scorepad", {"players": ["Ana", "Bia"]})
        key = live.claim(live.table.seats[1].token)[1]
        phone = await asyncio.create_task(Device(server, f"/t/{live.table.id}?k={key}").open())
        await phone.settle()
        assert phone.app.redirecting is None

        again = await _reload(phone)
        assert _pushed(again) == []
        assert phone.app.ui.live is live
        assert "Bia" in phone.find("identity").value
    asyncio.run(go())
