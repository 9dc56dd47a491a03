"""The screens send the browser's own device id with a claim: the same browser opening its seat's
invitation again gets its seat (a lost answer, a reload), another browser reads "already joined"."""
import asyncio

from live_device import Device


def test_the_same_browser_gets_its_seat_again_and_another_does_not(server):
    async def go():
        live = server.hub.create("kleos", {"players": ["ares", "athena"]})
        invitation = f"/t/{live.table.id}?k={live.table.seats[0].token}"
        browser: dict = {}
        await Device(server, invitation, storage=browser).open()
        key = live.table.seats[0].key
        mine = f"/t/{live.table.id}?k={key}"  # where the screen goes (and what it keeps) once it has the key
        assert key and browser["companion.last"] == mine
        browser.pop("companion.last")
        again = await Device(server, invitation, storage=browser).open()
        assert again.app.notice is None and browser["companion.last"] == mine
        stranger = await Device(server, invitation, storage={}).open()
        assert stranger.app.ui.live is None and stranger.app.notice == "seats.already_joined"
    asyncio.run(go())
