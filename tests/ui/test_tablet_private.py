"""A player without a phone is a full player: their private screen on the tablet (issue 41).

Ana plays on the tablet, Bia and Caio on phones. Ana's purse (917, a number no other
screen holds) shows on the tablet only behind a deliberate tap and a confirm, only for a
seat the table marked as played there, and never in another device's frames nor in the
public snapshot; what she does there is hers (signed by her seat), and a bid her purse
does not cover is refused there with the reason, and from the public view without it.
"""
from __future__ import annotations

import asyncio
import json
import re

import msgpack
import pytest

from companion.core.access import Access
from companion.core.model import RuleError
from companion.ui import context, private
from live_device import TABLET, Device, label

HOST = Access("host")
PLAYERS = ["ana", "bia", "caio"]
ANA_GOLD = 917


def at_offerings(server):
    """Ana marked as played on the tablet; income brings her purse to 917; offerings, Ana bids first."""
    live = server.hub.create("cyclades", {"players": PLAYERS})
    live.mark_tablet("ana", True)
    send = lambda **c: live.dispatch({**c, "from_step": live.step}, HOST)  # noqa: E731
    send(type="start", order=["ana", "bia", "caio"], gods=["athena", "ares"])
    send(type="phase.next")
    for player, prosperity in (("ana", ANA_GOLD - 5), ("bia", 1), ("caio", 2)):
        send(type="income", player=player, prosperity=prosperity)
    send(type="phase.next")
    return live


def says(text: str, number: int) -> bool:
    """Whether `number` stands whole in `text`: not inside a longer one, such as an event's time."""
    return re.search(rf"(?<![\d.]){number}(?![\d.])", text) is not None


def holds(frames: list[bytes], number: int) -> bool:
    """Whether any frame carries the number as a text or as a number."""
    return any(msgpack.packb(str(number)) in f or msgpack.packb(number) in f for f in frames)


async def devices(server, live):
    tablet = await Device(server, f"/t/{live.table.id}?k={live.table.host_token}", TABLET).open()
    bia = await Device(server, f"/t/{live.table.id}?k={live.claim(live.table.seat('bia').token)[1]}").open()
    await tablet.settle()
    await bia.settle()
    return tablet, bia


async def show(tablet: Device, seat: str = "ana") -> None:
    await tablet.tap(f"private-open-{seat}")
    await tablet.settle()
    assert "Ana's screen: others look away" in label(tablet, "private-ask")  # the table is told first
    assert "cyc-gold" not in tablet.ids()
    await tablet.tap("private-show")
    await tablet.settle()


def test_the_tablet_players_purse_shows_behind_a_confirm_and_reaches_no_other_device(server):
    async def go():
        live = at_offerings(server)
        tablet, bia = await devices(server, live)
        public = json.dumps(live.snapshot(HOST))
        assert not says(public, ANA_GOLD)
        mark_tablet, mark_bia = tablet.mark(), bia.mark()
        assert "cyc-gold" not in tablet.ids() and "private-open-bia" not in tablet.ids()  # Bia has a phone
        await show(tablet)
        assert label(tablet, "private-title") == "Ana's screen: others look away"
        assert label(tablet, "cyc-gold") == f"{ANA_GOLD} gold"
        assert holds(tablet.patches_since(mark_tablet), ANA_GOLD)  # the check below could fail
        assert not says(json.dumps(live.snapshot(HOST)), ANA_GOLD)  # the public snapshot holds none of it
        await tablet.tap("cyc-bid-amount-plus")  # a bid from her own screen: Ana's, not the tablet's
        await tablet.settle()
        await tablet.tap("cyc-bid-athena")
        await tablet.settle()
        await bia.settle()
        assert live.state["offerings"]["bids"]["athena"] == {"faction": "ana", "amount": 2}
        assert [e for e in live.events() if e["type"] == "offering.bid"][-1]["by"] == "ana"
        await tablet.tap("private-hide")
        await tablet.settle()
        assert "cyc-gold" not in tablet.ids() and "private-title" not in tablet.ids()
        assert not holds(bia.patches_since(mark_bia), ANA_GOLD)
        assert not says(json.dumps(live.snapshot(HOST)), ANA_GOLD)
    asyncio.run(go())


def test_only_the_tablets_key_opens_only_a_seat_played_there(server):
    live = at_offerings(server)
    bia_key = live.claim(live.table.seat("bia").token)[1]
    with pytest.raises(RuleError):
        live.tablet_seat(Access("seat", "bia", bia_key), "ana")  # a phone never opens Ana's screen
    with pytest.raises(RuleError):
        live.tablet_seat(Access("spectator"), "ana")
    with pytest.raises(RuleError):
        live.tablet_seat(HOST, "bia")  # Bia's secret stays on her phone
    with pytest.raises(RuleError):
        live.tablet_seat(HOST, "caio")  # not marked: the tablet has no business with Caio's purse
    opened = live.tablet_seat(HOST, "ana")
    assert live.snapshot(opened)["state"]["gold"] == {"ana": ANA_GOLD}
    with pytest.raises(RuleError):
        live.mark_tablet("bia", True)
    live.claim(live.table.seat("ana").token)  # Ana found her phone after all: the tablet's access ends
    assert live.table.seat("ana").tablet is False
    with pytest.raises(RuleError):
        live.dispatch({"type": "offering.bid", "faction": "ana", "god": "athena", "amount": 1,
                       "from_step": live.step}, opened)


def test_a_bid_her_purse_does_not_cover_is_refused_with_the_reason_on_her_screen_only(server):
    async def go():
        live = at_offerings(server)
        tablet, bia = await devices(server, live)
        before = len(live.events())
        with pytest.raises(RuleError) as public:  # set from the public view: no reason, no chip
            live.dispatch({"type": "offering.bid", "faction": "ana", "god": "athena", "amount": ANA_GOLD + 1,
                           "from_step": live.step}, HOST)
        assert public.value.key == "cyclades.err.bid_not_placed" and not says(public.value.message, ANA_GOLD)
        with pytest.raises(RuleError) as own:
            live.dispatch({"type": "offering.bid", "faction": "ana", "god": "athena", "amount": ANA_GOLD + 1,
                           "from_step": live.step}, live.tablet_seat(HOST, "ana"))
        assert own.value.key == "cyclades.err.cannot_afford_offering_once"
        assert len(live.events()) == before  # nothing became public
        await tablet.settle()
        await bia.settle()
        assert not any(i.startswith("cyc-canpay") for i in [*tablet.ids(), *bia.ids()])
    asyncio.run(go())


def test_the_private_screen_hides_by_itself_when_left(server, monkeypatch):
    monkeypatch.setattr(context, "PRIVATE_SECONDS", 0.05)
    monkeypatch.setattr(private, "PRIVATE_SECONDS", 0.05)

    async def go():
        live = at_offerings(server)
        tablet, _ = await devices(server, live)
        await show(tablet)
        for _ in range(400):  # bounded: until the screen hid itself
            await tablet.settle()
            if "private-title" not in tablet.ids():
                break
            await asyncio.sleep(0.01)
        assert "private-title" not in tablet.ids() and "cyc-gold" not in tablet.ids()
    asyncio.run(go())


def test_the_mark_is_kept_by_the_table_and_survives_a_tablet_reload(server):
    async def go():
        live = server.hub.create("cyclades", {"players": PLAYERS})
        browser: dict = {}  # the tablet browser's own storage: it keeps the table's key across a reload
        tablet = await Device(server, f"/t/{live.table.id}?k={live.table.host_token}", TABLET, storage=browser).open()
        await tablet.settle()
        await tablet.tap("on-tablet-ana")
        await tablet.settle()
        assert "tablet-ana" in tablet.ids()
        again = await Device(server, f"/t/{live.table.id}?k={live.table.host_token}", TABLET,
                             storage=browser).open()  # a reload
        await again.settle()
        assert "tablet-ana" in again.ids() and "join-ana" not in again.ids()
        assert "private-open-ana" in again.ids()
        assert [s["tablet"] for s in again.app.ui.snap["seats"]] == [True, False, False]
        assert next(s for s in live.store.table().seats if s.id == "ana").tablet  # in the table's file
    asyncio.run(go())


def test_the_victim_of_a_griffin_is_told_at_the_top_of_the_screen_until_dismissed(server):
    """Issue 41: the victim's only notice was a card at the very bottom of her phone. Now a banner
    stands at the top at once, in her language, and stays until she dismisses it."""
    async def go():
        live = server.hub.create("cyclades", {"players": PLAYERS})
        send = lambda **c: live.dispatch({**c, "from_step": live.step}, HOST)  # noqa: E731
        send(type="start", order=["ana", "bia", "caio"], gods=["ares", "athena"])
        send(type="phase.next")
        for player in PLAYERS:
            send(type="income", player=player, prosperity=3)
        send(type="phase.next")
        send(type="offering.bid", faction="ana", god="ares", amount=1)
        send(type="offering.bid", faction="bia", god="athena", amount=1)
        send(type="offering.bid", faction="caio", god="apollo")
        send(type="offering.pay")
        send(type="phase.next")
        bia = await Device(server, f"/t/{live.table.id}?k={live.claim(live.table.seat('bia').token)[1]}",
                           lang="pt").open()
        await bia.settle()
        assert "told-banner" not in bia.ids()
        send(type="gold.creature", player="ana", price=1, creature="griffin")
        send(type="gold.griffin", player="ana", victim="bia")
        await bia.settle()
        said = label(bia, "told-banner")
        assert "Ana" in said and "3" in said and said == label(bia, f"told-{live.seq}")  # her language, her notice
        await bia.tap("told-banner-dismiss")
        await bia.settle()
        assert "told-banner" not in bia.ids() and f"told-{live.seq}" in bia.ids()  # the card below stays
    asyncio.run(go())


def test_a_fleecing_olympus_player_on_the_tablet_sees_her_gems_there_and_only_there(server):
    """The same screen for the other game with secrets: Dora's gems behind her screen."""
    async def go():
        players = ["ana", "bia", "dora"]
        live = server.hub.create("fleecing_olympus", {"players": players})
        live.mark_tablet("dora", True)
        tablet, bia = await devices(server, live)
        mark_bia = bia.mark()
        gems = live.state["gems"]["dora"]
        assert "fo-my-gems" not in tablet.ids()
        await tablet.tap("private-open-dora")
        await tablet.settle()
        await tablet.tap("private-show")
        await tablet.settle()
        assert label(tablet, "private-title") == "Dora's screen: others look away"
        assert label(tablet, "fo-my-gems") == f"{gems} gems"
        assert "fo-my-gems" in bia.ids() and label(bia, "fo-my-gems") == f"{live.state['gems']['bia']} gems"
        await tablet.tap("private-hide")
        await tablet.settle()
        assert "fo-my-gems" not in tablet.ids()
        assert not any(b"dora" in f and msgpack.packb("fo-my-gems") in f for f in bia.patches_since(mark_bia))
    asyncio.run(go())
