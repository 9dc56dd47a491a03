"""A confirm carries the form its own browser showed (ui/draft.py `drawn`), in every game with one.

The race, as the tablet met it with the Dusk sheet: the device has drawn the form at version V;
another device's entry reaches the table and this device's session draws the new form at once;
the browser, which had not yet received that drawing, sends the tap aimed at the button it
showed. That tap must name V and be refused (409 "changed meanwhile"), with nothing confirmed,
instead of confirming the newer form its screen never showed. A tap on the button shown after
that confirms the form as it now is.
"""
from __future__ import annotations

import asyncio

from companion.core.access import Access
from companion.ui.context import SETTLE_S
from flet_private import control_id
from live_device import TABLET, Device, label

HOST = Access("host")
REFUSED = "Another device changed this form meanwhile"


def words(device: Device, ident: str) -> str:
    """What a button shown now says."""
    return str(device.find(ident).content)


async def opened(server, live, key: str) -> Device:
    device = await Device(server, f"/t/{live.table.id}?k={key}", TABLET).open()
    await device.settle()
    return device


async def tap_made_before_the_new_form_arrived(live, device: Device, ident: str, entry: dict, by: Access) -> None:
    """`device` shows `ident` drawn from the form as it is; `by` makes `entry`; the session draws it;
    then the browser's tap, aimed at the button it still showed, arrives."""
    device.now += SETTLE_S + 1.0  # the device has long shown this step: only the form's version can stop the tap
    await device.drawn()
    aimed = control_id(device.find(ident))
    live.dispatch({"type": "draft.set", **entry}, by)
    await device.settle()  # the session has drawn the newer form already; the browser not yet
    await device.flet.dispatch_event(aimed, "click", None)
    await device.settle()


def refused(device: Device) -> bool:
    """Whether the device says its confirm was refused because the form changed (its toast)."""
    try:
        return REFUSED in (label(device, "toast") or "")
    except StopIteration:  # no toast at all: nothing was refused
        return False


def test_kleos_a_dusk_confirm_drawn_before_a_market_entry_is_refused_and_scores_nothing(server):
    async def go():
        live = server.hub.create("kleos", {"players": ["ares", "athena"], "temples": {"ares": "H1", "athena": "H5"}})
        while live.state["phase"] != "dusk":
            live.dispatch({"type": "phase.next", "from_step": live.step}, HOST)
        athena = next(s for s in live.table.seats if s.id == "athena")
        phone = await opened(server, live, live.claim(athena.token)[1])
        await phone.tap("dusk-port-ares-plus")  # Ares +2 on the phone's button
        await phone.settle()
        assert "Ares +2" in words(phone, "kleos-dusk-confirm")
        await tap_made_before_the_new_form_arrived(live, phone, "kleos-dusk-confirm",
                                                   {"draft": "dusk", "path": "market.ares", "value": [1, False]}, HOST)
        assert live.state["dusk"] is None and live.state["glory"]["ares"] == 0  # nothing scored
        assert refused(phone)
        assert "Ares +3" in words(phone, "kleos-dusk-confirm")
        await phone.tap("kleos-dusk-confirm")  # from the sheet the phone now shows
        await phone.settle()
        assert live.state["glory"]["ares"] == 3

    asyncio.run(go())


def test_cyclades_a_bid_drawn_before_the_bidders_own_change_is_refused_and_nothing_is_offered(server):
    async def go():
        live = server.hub.create("cyclades", {"players": ["red", "blue", "green"]})
        live.dispatch({"type": "start", "gods": ["athena", "ares"], "from_step": live.step}, HOST)
        live.dispatch({"type": "phase.next", "from_step": live.step}, HOST)
        for player in ("red", "blue", "green"):
            live.dispatch({"type": "income", "player": player, "prosperity": 0}, HOST)
        live.dispatch({"type": "phase.next", "from_step": live.step}, HOST)
        bidder = live.state["turn_order"][0]
        live.dispatch({"type": "draft.set", "draft": "bid", "path": "amount", "value": 2}, HOST)
        tablet = await opened(server, live, live.table.host_token)
        assert "2" in words(tablet, "cyc-bid-athena")
        phone = Access("seat", live.state["factions"][bidder])  # the bidding faction's own phone
        await tap_made_before_the_new_form_arrived(live, tablet, "cyc-bid-athena",
                                                   {"draft": "bid", "path": "amount", "value": 3}, phone)
        assert live.state["offerings"]["bids"] == {}  # nothing offered
        assert refused(tablet)
        await tablet.tap("cyc-bid-athena")
        await tablet.settle()
        assert live.state["offerings"]["bids"]["athena"]["amount"] == 3

    asyncio.run(go())


def test_lords_of_hellas_a_battle_drawn_before_the_defenders_side_is_refused_and_nothing_is_resolved(server):
    async def go():
        live = server.hub.create("lords_of_hellas", {"players": ["red", "blue"]})
        attacker = {"player": "red", "base": 0, "hoplites": 3, "fortified": 0, "can_retreat": True, "cards": []}
        live.dispatch({"type": "draft.set", "draft": "battle", "path": "attacker", "value": attacker},
                      Access("seat", "red"))
        tablet = await opened(server, live, live.table.host_token)
        await tablet.tap("loh-tab-battle")
        await tablet.settle()
        defender = {"player": "blue", "base": 0, "hoplites": 5, "fortified": 0, "can_retreat": False, "cards": []}
        await tap_made_before_the_new_form_arrived(live, tablet, "loh-battle-resolve",
                                                   {"draft": "battle", "path": "defender", "value": defender},
                                                   Access("seat", "blue"))
        assert live.state["last_battle"] is None  # nothing resolved
        assert refused(tablet)
        await tablet.tap("loh-battle-resolve")
        await tablet.settle()
        assert live.state["last_battle"]["players"]["defender"] == "blue"
        assert live.state["last_battle"]["winner"] == "defender"  # the five Hoplites the tablet then showed

    asyncio.run(go())


def test_fleecing_olympus_opening_totals_drawn_before_a_phones_total_are_refused_and_nothing_is_rolled(server):
    async def go():
        live = server.hub.create("fleecing_olympus", {"players": ["ana", "bia", "caio"]})
        live.dispatch({"type": "draft.set", "draft": "opening", "path": "ana", "value": 9}, HOST)
        tablet = await opened(server, live, live.table.host_token)
        await tap_made_before_the_new_form_arrived(live, tablet, "fo-open-enter",
                                                   {"draft": "opening", "path": "bia", "value": 11},
                                                   Access("seat", "bia"))
        assert live.state["opening"]["rounds"] == []  # nothing rolled
        assert refused(tablet)
        await tablet.tap("fo-open-enter")
        await tablet.settle()
        rolled = live.state["opening"]["rounds"][0]
        assert sum(rolled["ana"]) == 9 and sum(rolled["bia"]) == 11

    asyncio.run(go())


def test_fleecing_olympus_a_wager_drawn_before_a_phones_die_is_refused_and_nothing_is_rolled(server):
    """The wager's confirm read the newest version at the tap (ui.local.inputs) before; now the one drawn with it."""
    async def go():
        # Deities whose even side asks for nothing: dealt at random, an Ares needed a target.
        calm = {"ana": "athena", "bia": "hades", "caio": "poseidon"}
        live = server.hub.create("fleecing_olympus", {"players": ["ana", "bia", "caio"], "deities": calm})
        live.dispatch({"type": "opening_roll", "from_step": live.step}, HOST)
        live.dispatch({"type": "power", "side": "even", "from_step": live.step}, HOST)
        active = live.state["turn"]["active"]
        target = next(p for p in ("ana", "bia", "caio") if p != active)
        live.dispatch({"type": "draft.set", "draft": "roll", "path": "target", "value": target}, HOST)
        tablet = await opened(server, live, live.table.host_token)
        await tap_made_before_the_new_form_arrived(live, tablet, "fo-roll-app",
                                                   {"draft": "roll", "path": "d0", "value": 5},
                                                   Access("seat", active))
        assert live.state["turn"].get("dice") is None and live.state["phase"] == "roll"  # nothing rolled
        assert refused(tablet)

    asyncio.run(go())
