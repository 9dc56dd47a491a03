"""Two players, four factions: only the gold is pooled (cyclades-rules.txt l.26-28 share the 10 gold
between a player's two factions and nothing else), so cards, buildings and metropolises are each
faction's own."""
from __future__ import annotations

import copy
import random

import pytest

from companion.core.model import RuleError
from companion.games.cyclades import dues, offer_limit
from companion.games.cyclades.game import GAME
from companion.games.cyclades.setup import BUILDINGS, blank_record

ORDER = ["ann-1", "bob-1", "ann-2", "bob-2"]


def act(state: dict, by: str = "host", **event) -> dict:
    event = GAME.prepare(state, {"by": by, "at": 0.0, **event}, random.Random(0))
    return GAME.apply(state, event)


def fold(state: dict, events: list[dict]) -> dict:
    for event in events:
        state = act(state, **event)
    return state


def refused(state: dict, message: str, by: str = "host", **event) -> None:
    before = copy.deepcopy(state)
    with pytest.raises(RuleError, match=message):
        act(state, by=by, **event)
    assert state == before


def started() -> dict:
    return act(GAME.setup({"players": ["ann", "bob"]}), type="start", order=ORDER, gods=["zeus", "athena", "ares"])


def give(state: dict, faction: str, item: str, delta: int) -> dict:
    return act(state, type="tracker.adjust", player=faction.split("-")[0], faction=faction, item=item, delta=delta)


def to_offerings(state: dict, incomes: dict | None = None) -> dict:
    state = act(state, type="phase.next")
    for p in ("ann", "bob"):
        state = act(state, type="income", player=p, prosperity=(incomes or {}).get(p, 0))
    return act(state, type="phase.next")


def to_actions(state: dict, bids: dict) -> dict:
    """`bids`: faction -> (god, amount); every other pawn goes to Apollo."""
    for faction in state["turn_order"]:
        god, amount = bids.get(faction, ("apollo", None))
        state = act(state, type="offering.bid", faction=faction, god=god,
                    **({"amount": amount} if amount else {}))
    state = act(state, type="offering.pay")
    return act(state, type="phase.next")


def finish_round(state: dict) -> dict:
    while state["actions"]["current"] < len(state["actions"]["order"]):
        state = act(state, type="action.done", faction=state["actions"]["order"][state["actions"]["current"]][0])
    return act(state, type="phase.next")


def test_each_faction_has_its_own_record_and_only_the_gold_is_pooled():
    """l.26-28: the 10 gold is shared by a player's two factions; nothing else is said to be shared."""
    s = GAME.setup({"players": ["ann", "bob"]})
    assert s["gold"] == {"ann": 10, "bob": 10}
    assert set(s["tracker"]) == set(ORDER) and set(s["temples_used"]) == set(ORDER)


def test_a_priestess_discounts_only_her_own_factions_bid():
    """l.84 and l.117: each priestess takes 1 gold off your bid, never below zero; a priestess of
    ann-1 lowers ann-1's bid only, so ann pays 0 + 3, not (1 + 3) - 2."""
    s = to_offerings(give(started(), "ann-1", "priestesses", 2))
    s = act(s, type="offering.bid", faction="ann-1", god="zeus", amount=1)
    s = act(s, type="offering.bid", faction="bob-1", god="apollo")
    assert offer_limit(s, "ann") == 10  # ann-2 has no priestess, and ann-1 owes nothing
    refused(s, "cannot afford", by="ann", type="offering.bid", faction="ann-2", god="athena", amount=11)
    s = act(s, by="ann", type="offering.bid", faction="ann-2", god="athena", amount=3)
    assert dues(s)["ann"] == 3
    s = act(s, type="offering.bid", faction="bob-2", god="apollo")
    s = act(s, type="offering.pay")
    assert s["gold"]["ann"] == 7


def test_four_philosophers_make_a_metropolis_only_within_one_faction():
    """l.48 and l.106: with 4 philosopher cards you discard them and build a metropolis; 3 + 3 split
    over a player's two factions build nothing, and the 4th in ann-1 builds for ann-1 alone."""
    s = give(give(started(), "ann-1", "philosophers", 3), "ann-2", "philosophers", 3)
    assert [s["tracker"][f]["metropolises"] for f in ("ann-1", "ann-2")] == [0, 0]
    s = give(s, "ann-1", "philosophers", 1)
    assert (s["tracker"]["ann-1"]["metropolises"], s["tracker"]["ann-1"]["philosophers"]) == (1, 0)
    assert (s["tracker"]["ann-2"]["metropolises"], s["tracker"]["ann-2"]["philosophers"]) == (0, 3)


def test_a_set_of_buildings_split_over_two_factions_is_not_a_metropolis():
    """l.47: a university, port, temple and fortress under your control become a metropolis; two
    buildings in each of ann's factions are not one set."""
    s = started()
    for faction, building in zip(["ann-1", "ann-1", "ann-2", "ann-2"], BUILDINGS):
        s = give(s, faction, building, 1)
    assert s["tracker"]["ann-1"]["metropolises"] == s["tracker"]["ann-2"]["metropolises"] == 0
    for building in BUILDINGS[2:]:
        s = give(s, "ann-1", building, 1)
    assert s["tracker"]["ann-1"]["metropolises"] == 1 and s["tracker"]["ann-2"]["buildings"]["temple"] == 1


def test_a_god_gives_its_card_to_the_acting_faction():
    """l.105 and l.116: Athena's philosopher and Zeus's priestess go in front of the screen of the
    faction that won that god, not its partner's."""
    s = to_actions(to_offerings(started(), {"ann": 5}), {"ann-2": ("athena", 1), "ann-1": ("zeus", 1)})
    while s["actions"]["order"][s["actions"]["current"]][0] != "ann-2":
        s = act(s, type="action.done", faction=s["actions"]["order"][s["actions"]["current"]][0])
    assert s["tracker"]["ann-2"]["philosophers"] == 1 and s["tracker"]["ann-1"]["philosophers"] == 0


def test_temples_discount_only_their_own_factions_creatures():
    """l.114 and l.251: you take 1 gold off a creature per temple you control; ann-2's temples do
    not cheapen a creature ann-1 buys."""
    s = give(started(), "ann-2", "temple", 2)
    s = to_actions(to_offerings(s, {"ann": 5}), {"ann-1": ("ares", 1)})
    s = act(s, type="gold.creature", player="ann", price=2)
    assert s["gold"]["ann"] == 15 - 1 - 2 and s["temples_used"]["ann-2"] == 0


def test_a_faction_of_another_player_is_refused():
    refused(started(), "not one of ann's factions", type="tracker.adjust", player="ann", faction="bob-1",
            item="philosophers", delta=1)
    refused(started(), "not one of ann's factions", by="ann", type="tracker.adjust", player="ann",
            faction="bob-1", item="philosophers", delta=1)


def test_two_plus_two_metropolises_do_not_end_the_game():
    """l.183-190: the game ends when 3 metropolises are held; the rulebook gives no count for two
    colours together, and the app asks one faction to hold all 3 (rules entry two-player-game)."""
    s = to_actions(to_offerings(started()), {})
    s = give(give(s, "ann-1", "metropolises", 2), "ann-2", "metropolises", 2)
    s = finish_round(s)
    assert s["phase"] == "round_init" and s["result"] is None


def test_a_faction_with_three_ends_the_game_and_the_stronger_faction_wins():
    """l.185, l.190 and l.192: 3 metropolises end the game, the most metropolises win; a player is
    counted by their stronger faction, so bob's 3 beat ann's 2 + 2."""
    s = to_actions(to_offerings(started()), {})
    s = give(give(s, "ann-1", "metropolises", 2), "ann-2", "metropolises", 2)
    s = finish_round(give(s, "bob-2", "metropolises", 3))
    assert s["phase"] == "over" and s["result"]["winners"] == ["bob"]
    summary = GAME.summary(s, None, [])
    assert [p["score"] for p in summary["players"]] == [2, 3]
    assert [r["player"] for r in summary["ranking"]] == ["bob", "ann"]


def test_a_level_two_player_finish_goes_to_the_shared_purse():
    """l.192: a tie on metropolises goes to the most remaining gold, one purse per player."""
    s = to_actions(to_offerings(started(), {"ann": 1}), {})
    s = finish_round(give(give(s, "ann-2", "metropolises", 3), "bob-1", "metropolises", 3))
    assert s["result"]["winners"] == ["ann"]


def test_keeping_a_creature_costs_a_priestess_of_the_faction_that_holds_it():
    """l.90 and l.118: a kept creature costs one priestess card; ann-2's priestess cannot pay for the
    creature ann-1 holds."""
    s = to_actions(to_offerings(give(started(), "ann-2", "priestesses", 1)), {})
    s = act(s, type="tracker.creature", player="ann", faction="ann-1", creature="Kraken", delta=1)
    s = finish_round(s)
    s = to_offerings(s)
    for faction in s["turn_order"]:
        s = act(s, type="offering.bid", faction=faction, god="apollo")
    s = act(s, type="offering.pay")
    refused(s, "priestess", type="maintenance.keep", player="ann", keep=["Kraken"])
    s = give(s, "ann-1", "priestesses", 1)
    s = act(s, type="maintenance.keep", player="ann", keep=["Kraken"])
    assert s["tracker"]["ann-1"]["priestesses"] == 0 and s["tracker"]["ann-2"]["priestesses"] == 1


def test_an_old_two_player_table_still_replays():
    """l.26-28: tables saved when the tracker pooled a player's factions stored a tracker keyed by
    player and events without a faction; they load, the pooled record goes to the first faction,
    and a card taken by the second faction can still be corrected by the old events."""
    old = GAME.setup({"players": ["ann", "bob"]})
    old["tracker"] = {"ann": blank_record(), "bob": blank_record()}
    old["temples_used"] = {"ann": 0, "bob": 0}
    assert set(GAME.view(old, None)["tracker"]) == set(ORDER)
    s = fold(old, [
        {"type": "start", "order": ORDER, "gods": ["zeus", "athena", "ares"]},
        {"type": "tracker.adjust", "player": "ann", "item": "philosophers", "delta": 4},
        {"type": "tracker.adjust", "player": "bob", "item": "priestesses", "delta": 1},
        {"type": "phase.next"},
        {"type": "income", "player": "ann", "prosperity": 2},
        {"type": "income", "player": "bob", "prosperity": 0},
        {"type": "phase.next"},
        *[{"type": "offering.bid", "faction": f, "god": g, **({"amount": 1} if g != "apollo" else {})}
          for f, g in zip(ORDER, ["apollo", "apollo", "athena", "apollo"])],
        {"type": "offering.pay"},
        {"type": "phase.next"},
    ])
    assert s["tracker"]["ann-1"]["metropolises"] == 1 and s["tracker"]["bob-1"]["priestesses"] == 1
    assert s["tracker"]["ann-2"]["philosophers"] == 1  # Athena's card, to the faction that won her
    s = act(s, type="tracker.adjust", player="ann", item="philosophers", delta=-1)  # an old-style correction
    assert s["tracker"]["ann-2"]["philosophers"] == 0 and s["tracker"]["ann-1"]["metropolises"] == 1
