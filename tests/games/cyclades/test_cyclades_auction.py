"""The offerings: turn order, outbid cascades, Apollo, the golden rule, priestesses and the fine."""
from __future__ import annotations

import copy
import random

import pytest

from companion.core.model import RuleError
from companion.games.cyclades.auction import next_bidder
from companion.games.cyclades.game import GAME


def act(state: dict, by: str = "host", **event) -> dict:
    event = GAME.prepare(state, {"by": by, "at": 0.0, **event}, random.Random(0))
    return GAME.apply(state, event)


def at_offerings(players, order, gods, incomes=None, factions=None) -> dict:
    options = {"players": players, **({"factions": factions} if factions else {})}
    state = act(GAME.setup(options), type="start", order=order, gods=gods)
    state = act(state, type="phase.next")
    for p in players:
        state = act(state, type="income", player=p, prosperity=(incomes or {}).get(p, 0))
    return act(state, type="phase.next")


@pytest.fixture
def three():
    # Gods face up with 3 players: 2 of them; each player has 5 gold.
    return at_offerings(["red", "blue", "green"], ["red", "blue", "green"], ["athena", "ares"])


def refused(state: dict, message: str, by: str = "host", **event) -> None:
    before = copy.deepcopy(state)
    with pytest.raises(RuleError, match=message):
        act(state, by=by, **event)
    assert state == before


def test_pawns_bid_in_turn_order(three):
    assert next_bidder(three) == "red"
    refused(three, "red's turn", type="offering.bid", faction="blue", god="athena", amount=1)
    s = act(three, type="offering.bid", faction="red", god="athena", amount=1)
    assert next_bidder(s) == "blue"


def test_an_outbid_cascade_runs_before_the_next_pawn(three):
    s = act(three, type="offering.bid", faction="red", god="athena", amount=2)
    s = act(s, type="offering.bid", faction="blue", god="ares", amount=2)
    s = act(s, type="offering.bid", faction="green", god="athena", amount=3)
    assert next_bidder(s) == "red"
    refused(s, "outbid on Athena", type="offering.bid", faction="red", god="athena", amount=4)
    refused(s, "stands at 2", type="offering.bid", faction="red", god="ares", amount=2)
    s = act(s, type="offering.bid", faction="red", god="ares", amount=3)
    assert next_bidder(s) == "blue"  # red's bid pushed blue off Ares in turn
    refused(s, "outbid on Ares", type="offering.bid", faction="blue", god="ares", amount=5)
    s = act(s, type="offering.bid", faction="blue", god="apollo")
    assert next_bidder(s) is None
    assert s["offerings"]["bids"] == {"athena": {"faction": "green", "amount": 3}, "ares": {"faction": "red", "amount": 3}}


def test_apollo_takes_everyone_for_free(three):
    s = three
    for f in ["red", "blue", "green"]:
        s = act(s, type="offering.bid", faction=f, god="apollo")
    s = act(s, type="offering.pay")
    assert s["phase"] == "maintenance" and s["gold"] == three["gold"]
    assert s["offerings"]["apollo"] == ["red", "blue", "green"]


def test_only_gods_on_offer_take_bids(three):
    refused(three, "not a god on offer", type="offering.bid", faction="red", god="zeus", amount=1)
    refused(three, "at least 1", type="offering.bid", faction="red", god="athena", amount=0)
    refused(three, "Only red", by="blue", type="offering.bid", faction="red", god="athena", amount=1)


def test_a_phone_cannot_bid_beyond_its_purse(three):
    refused(three, "cannot afford", by="red", type="offering.bid", faction="red", god="athena", amount=6)
    s = act(three, by="red", type="offering.bid", faction="red", god="athena", amount=5)
    assert s["offerings"]["can_pay"] == {"red": True}


def test_priestesses_discount_down_to_zero(three):
    s = act(three, type="tracker.adjust", player="red", item="priestesses", delta=2)
    s = act(s, type="tracker.adjust", player="blue", item="priestesses", delta=1)
    s = act(s, by="red", type="offering.bid", faction="red", god="athena", amount=1)
    s = act(s, by="blue", type="offering.bid", faction="blue", god="ares", amount=4)
    s = act(s, type="offering.bid", faction="green", god="apollo")
    s = act(s, type="offering.pay")
    assert s["gold"] == {"red": 5, "blue": 2, "green": 5}
    assert s["offerings"]["winners"] == {"athena": "red", "ares": "blue"}


def test_a_bid_beyond_the_purse_never_stands_and_the_public_refusal_keeps_the_purse(three):
    """Ana held 5 and the tablet's public view offered 9 for her: refused before it stands, with no
    public "cannot pay" chip and no word of her purse; from her own screen the refusal says why."""
    with pytest.raises(RuleError) as public:
        act(three, type="offering.bid", faction="red", god="athena", amount=9)
    assert public.value.key == "cyclades.err.bid_not_placed"
    assert "afford" not in public.value.message and "5" not in public.value.message
    refused(three, "cannot afford", by="red", type="offering.bid", faction="red", god="athena", amount=9)
    s = act(three, type="offering.bid", faction="red", god="athena", amount=5)
    assert GAME.view(s, None)["offerings"]["can_pay"] == {}
    assert GAME.view(s, "blue")["offerings"]["can_pay"] == {}
    assert GAME.view(s, "red")["offerings"]["can_pay"] == {"red": True}


def _short_after_a_correction(three) -> dict:
    """Red bids 6 with a priestess (owes 5 of 5), then the priestess is taken back: red is short."""
    s = act(three, type="tracker.adjust", player="red", item="priestesses", delta=1)
    s = act(s, type="offering.bid", faction="red", god="athena", amount=6)
    return act(s, type="tracker.adjust", player="red", item="priestesses", delta=-1)


def test_a_purse_left_short_by_a_correction_is_fined_half_and_the_auction_restarts(three):
    s = _short_after_a_correction(three)
    s = act(s, type="offering.bid", faction="blue", god="ares", amount=2)
    s = act(s, type="offering.bid", faction="green", god="apollo")
    assert s["offerings"]["can_pay"] == {"red": False, "blue": True, "green": True}
    refused(s, "Pay the offerings first", type="phase.next")
    s = act(s, type="offering.pay")
    assert s["phase"] == "offerings"
    assert s["gold"] == {"red": 3, "blue": 5, "green": 5}  # 5 // 2 = 2 lost; nobody else paid
    assert s["offerings"]["attempt"] == 2 and s["offerings"]["fined"] == ["red"]
    assert s["offerings"]["bids"] == {} and next_bidder(s) == "red"


def test_the_fine_is_noted_on_the_event_but_not_its_size(three):
    s = _short_after_a_correction(three)
    s = act(s, type="offering.bid", faction="blue", god="apollo")
    s = act(s, type="offering.bid", faction="green", god="apollo")
    event = GAME.prepare(s, {"type": "offering.pay", "by": "host", "at": 0.0}, random.Random(0))
    assert event["fined"] == ["red"]
    assert GAME.describe(event, None, "en") == "red could not pay and lost half their gold; the offerings start again."


def test_payment_waits_for_every_pawn(three):
    s = act(three, type="offering.bid", faction="red", god="athena", amount=1)
    refused(s, "Every pawn", type="offering.pay")
    refused(s, "host tablet", by="red", type="offering.pay")


def test_two_players_pay_both_factions_from_one_purse():
    s = at_offerings(["ann", "bob"], ["ann-1", "bob-1", "ann-2", "bob-2"], ["zeus", "hera", "poseidon"])
    assert s["gold"] == {"ann": 10, "bob": 10}
    s = act(s, by="ann", type="offering.bid", faction="ann-1", god="zeus", amount=6)
    s = act(s, by="bob", type="offering.bid", faction="bob-1", god="hera", amount=3)
    refused(s, "cannot afford", by="ann", type="offering.bid", faction="ann-2", god="poseidon", amount=5)
    refused(s, "not placed", type="offering.bid", faction="ann-2", god="poseidon", amount=5)
    s = act(s, type="offering.bid", faction="ann-2", god="poseidon", amount=4)
    assert s["offerings"]["can_pay"] == {"ann": True, "bob": True}
    s = act(s, type="offering.bid", faction="bob-2", god="apollo")
    s = act(s, type="offering.pay")
    assert s["gold"] == {"ann": 0, "bob": 7} and s["offerings"]["fined"] == []
