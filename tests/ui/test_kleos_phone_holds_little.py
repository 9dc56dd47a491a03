"""A Kleos phone holds only what it shows (issue #26): the server keeps every control of every
phone of every table, so what is folded (the Favor's hand-over, More Glory, the logs) is not
built until its player opens it, and a folded card is its open button alone."""
from __future__ import annotations

import asyncio

from companion.core.access import Access
from companion.ui.context import ServerInfo
from live_device import TABLET, Device

HOST = Access("host")
GODS = ["ares", "artemis", "athena", "hermes", "dionysus"]


def run(coro):
    return asyncio.run(coro)


async def table(server: ServerInfo):
    """Five gods at Ares' Play phase, a tablet and Hermes' phone, both drawn."""
    live = server.hub.create("kleos", {"players": GODS})
    for _ in range(3):
        live.dispatch({"type": "phase.next", "from_step": live.step}, HOST)
    tablet = await Device(server, f"/t/{live.table.id}?k={live.table.host_token}", TABLET).open()
    hermes = next(s for s in live.table.seats if s.id == "hermes")
    phone = await Device(server, f"/t/{live.table.id}?k={live.claim(hermes.token)[1]}").open()
    await tablet.settle()
    await phone.settle()
    return live, tablet, phone


def test_a_phone_hands_over_the_favor_once_it_opens_it(server):
    async def go():
        live, tablet, phone = await table(server)
        shut = phone.ids()
        assert "favor-state" in shut and "favor-give-open" in shut  # who holds it is always shown
        assert not {"favor-minion", "favor-athena", "favor-clear"} & set(shut)
        assert {"favor-minion", "favor-athena", "favor-clear"} <= set(tablet.ids())  # the tablet: always
        await phone.tap("favor-give-open")
        await phone.settle()
        assert {"favor-minion", "favor-athena", "favor-clear", "favor-give-close"} <= set(phone.ids())
        assert "favor-give-open" not in phone.ids()
        await phone.tap("favor-athena")
        await phone.settle()
        assert live.state["favor"] == {"player": "athena", "minion": None}
        assert "favor-athena" in phone.ids()  # it stays open across changes
        await phone.tap("favor-give-close")
        await phone.settle()
        assert "favor-athena" not in phone.ids() and "favor-give-open" in phone.ids()
        assert "Athena" in phone.find("favor-state").value
    run(go())


def test_a_folded_card_is_its_open_button_alone(server):
    async def go():
        _, _, phone = await table(server)
        for ident in ("glory-log", "glory-more", "history"):
            assert f"{ident}-open" in phone.ids() and ident not in phone.ids()
    run(go())
