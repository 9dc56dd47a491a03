"""`allowed`: what each viewer may do agrees with the reducer, and never depends on another purse."""
from __future__ import annotations

import copy
import random

import pytest

from companion.core.model import RuleError
from companion.games.cyclades import allowed, offer_limit, shop
from companion.games.cyclades.game import GAME
from companion.i18n import t

PLAYERS = ["red", "blue", "green"]


def actions_state(god: str = "ares", gold: int = 5) -> dict:
    """Red alone on `god`, blue and green with Apollo: red acts first in the actions phase."""
    rng, state = random.Random(1), GAME.setup({"players": PLAYERS})
    script = [{"type": "start", "order": ["red", "blue", "green"], "gods": [god, "zeus"]},
              {"type": "phase.next"},
              *({"type": "income", "player": p, "prosperity": 0} for p in PLAYERS),
              {"type": "phase.next"},
              {"type": "offering.bid", "faction": "red", "god": god, "amount": 1},
              {"type": "offering.bid", "faction": "blue", "god": "apollo"},
              {"type": "offering.bid", "faction": "green", "god": "apollo"},
              {"type": "offering.pay"}, {"type": "phase.next"}]
    for raw in script:
        state = GAME.apply(state, GAME.prepare(state, {"by": "host", **raw}, rng))
    state["gold"]["red"] = gold
    return state


def refused(state: dict, event: dict) -> bool:
    try:
        GAME.apply(copy.deepcopy(state), event)
    except RuleError:
        return True
    return False


def test_the_acting_phone_may_buy_what_its_purse_covers_and_nothing_sold_out():
    state = actions_state("ares", gold=3)
    mine = allowed(GAME.view(state, "red"), "red")
    assert shop(state) == {"troop": 2, "land_move": 1}
    assert mine["buy.troop"] is None and mine["buy.land_move"] is None and mine["buy.creature"] is None
    state = GAME.apply(state, {"type": "gold.spend", "player": "red", "item": "troop", "by": "red"})
    mine = allowed(GAME.view(state, "red"), "red")
    assert shop(state)["troop"] == 3 and mine["buy.troop"] == "cyclades.why_short"
    state["gold"]["red"] = 20
    for _ in range(2):
        state = GAME.apply(state, {"type": "gold.spend", "player": "red", "item": "troop", "by": "red"})
    assert allowed(GAME.view(state, "red"), "red")["buy.troop"] == "cyclades.why_sold_out"


def test_other_phones_wait_and_the_tablet_is_never_told_about_gold():
    state = actions_state("ares", gold=0)
    assert allowed(GAME.view(state, "blue"), "blue")["buy.troop"] == "cyclades.why_not_your_turn"
    assert allowed(GAME.view(state, None), None)["buy.troop"] is None  # the reducer decides for the tablet
    assert allowed(GAME.view(state, "red"), "red")["buy.troop"] == "cyclades.why_short"


def test_an_answer_never_depends_on_another_seats_purse():
    state = actions_state("ares", gold=4)
    for seat in ("red", "blue", "green", None, ""):
        richer = copy.deepcopy(state)
        for other in PLAYERS:
            if other != seat:
                richer["gold"][other] += 50
        assert GAME.view(state, seat)["allowed"] == GAME.view(richer, seat)["allowed"]


@pytest.mark.parametrize("god", ["ares", "hera"])
@pytest.mark.parametrize("seat", ["red", "blue", None, ""])
def test_every_answer_matches_the_reducer(seat, god):
    state = actions_state(god, gold=2)
    state["actions"]["bought"]["heroic_move:ajax"] = 2  # Ajax's next move costs 3: more than red has
    by = "host" if seat is None else seat
    answers = GAME.view(state, seat)["allowed"]
    for pid in PLAYERS:
        event = {"type": "tracker.adjust", "player": pid, "item": "philosophers", "delta": 1, "by": by}
        assert (answers[f"tracker.{pid}"] is not None) == refused(state, event), (seat, pid)
    if seat is None:  # the tablet is never told about gold: its answers are the rules less the purse
        state["gold"]["red"] = 99
    for item in shop(state):
        name, _, hero = item.partition(":")
        event = {"type": "gold.spend", "player": "red", "item": name, "by": by, **({"hero": hero} if hero else {})}
        assert (answers[f"buy.{item}"] is not None) == refused(state, event), (seat, item)


def test_apollo_guests_buy_no_creature_and_the_tracker_closes_when_the_game_ends():
    state = actions_state("ares")
    state = GAME.apply(state, {"type": "action.done", "faction": "red", "by": "host"})
    blue = allowed(GAME.view(state, "blue"), "blue")
    assert blue["buy.creature"] == "cyclades.why_apollo" and blue["griffin"] == "cyclades.why_apollo"
    assert blue["tracker.blue"] is None and blue["tracker.red"] == "cyclades.why_not_yours"
    state["phase"] = "over"
    assert allowed(state, "blue")["tracker.blue"] == "cyclades.why_not_now"


def test_the_offer_limit_is_what_the_reducer_takes_from_that_phone():
    rng, state = random.Random(2), GAME.setup({"players": PLAYERS})
    for raw in ({"type": "start", "order": ["red", "blue", "green"], "gods": ["ares", "zeus"]},
                {"type": "phase.next"}, *({"type": "income", "player": p, "prosperity": 1} for p in PLAYERS),
                {"type": "phase.next"}):
        state = GAME.apply(state, GAME.prepare(state, {"by": "host", **raw}, rng))
    state["tracker"]["red"]["priestesses"] = 2
    top = offer_limit(GAME.view(state, "red"), "red")
    assert top == state["gold"]["red"] + 2 and offer_limit(GAME.view(state, None), None) is None
    bid = {"type": "offering.bid", "faction": "red", "god": "ares", "by": "red"}
    assert refused(state, {**bid, "amount": top + 1}) and not refused(state, {**bid, "amount": top})


@pytest.mark.parametrize("key", ["why_not_yours", "why_not_now", "why_not_your_turn", "why_sold_out",
                                 "why_short", "why_apollo"])
def test_every_reason_reads_in_both_languages(key):
    assert t(f"cyclades.{key}", "en") != t(f"cyclades.{key}", "pt") != f"cyclades.{key}"
