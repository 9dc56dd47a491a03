"""Hidden gold: a scripted game checked after every event for leaks, purity and JSON shape."""
from __future__ import annotations

import copy
import json
import random
import re

from companion.core.access import Access
from companion.games.cyclades.game import GAME

PLAYERS = ["red", "blue", "green"]
# Prosperity chosen so every purse is a large number no public counter can match by chance.
INCOME = {"red": 137, "blue": 251, "green": 389}

SCRIPT = [
    {"type": "start", "order": ["blue", "green", "red"], "gods": ["hera", "zeus"]},
    {"type": "phase.next"},
    *({"type": "income", "player": p, "prosperity": n, "by": p} for p, n in INCOME.items()),
    {"type": "phase.next"},
    {"type": "offering.bid", "faction": "blue", "god": "hera", "amount": 3, "by": "blue"},
    {"type": "offering.bid", "faction": "green", "god": "hera", "amount": 4},
    {"type": "offering.bid", "faction": "blue", "god": "zeus", "amount": 2, "by": "blue"},
    {"type": "offering.bid", "faction": "red", "god": "apollo", "by": "red"},
    {"type": "offering.pay"},
    {"type": "phase.next"},
    {"type": "gold.spend", "player": "green", "item": "mercenary", "count": 3, "by": "green"},
    {"type": "gold.spend", "player": "green", "item": "hero"},
    {"type": "action.done", "faction": "green", "by": "green"},
    {"type": "gold.creature", "player": "blue", "price": 3, "standee": "Hydra", "by": "blue"},
    {"type": "gold.creature", "player": "blue", "price": 2, "creature": "griffin", "by": "blue"},
    {"type": "gold.griffin", "player": "blue", "victim": "red"},
    {"type": "action.done", "faction": "blue"},
    {"type": "gold.gain", "player": "red", "amount": 3, "reason": "metropolis", "by": "red"},
    {"type": "tracker.adjust", "player": "red", "item": "metropolises", "delta": 3},
    {"type": "action.done", "faction": "red"},
    {"type": "phase.next"},
]


def play() -> list[tuple[dict, dict, dict]]:
    """(state before, stored event, state after) for each step of the script."""
    rng, state, steps = random.Random(5), GAME.setup({"players": PLAYERS}), []
    for raw in SCRIPT:
        event = GAME.prepare(state, {"by": "host", "at": 0.0, **raw}, rng)
        before = copy.deepcopy(state)
        after = GAME.apply(state, event)
        assert state == before, f"{event['type']} changed its input state"
        steps.append((before, event, after))
        state = after
    return steps


def numbers(data: object) -> set[int]:
    if isinstance(data, bool):
        return set()
    if isinstance(data, int):
        return {data}
    if isinstance(data, dict):
        return set().union(*(numbers(v) | numbers(k) for k, v in data.items())) if data else set()
    if isinstance(data, list):
        return set().union(*(numbers(v) for v in data)) if data else set()
    return set()


def test_the_script_reaches_the_end_with_real_purses():
    final = play()[-1][2]
    assert final["phase"] == "over" and final["result"]["winners"] == ["red"]
    # red: 5 + 137 = 142, half of it to blue's Griffin, then Apollo's 2 and a metropolis bonus of 3.
    assert final["gold"]["red"] == 142 - 71 + 2 + 3


def test_a_phone_sees_only_its_own_purse_until_the_end():
    for before, event, after in play():
        for state in (before, after):
            for seat in PLAYERS:
                seen = GAME.view(state, seat)
                expected = dict(state["gold"]) if state["phase"] == "over" else {seat: state["gold"][seat]}
                assert seen["gold"] == expected
                if state["phase"] != "over":
                    others = {state["gold"][p] for p in PLAYERS if p != seat} - {state["gold"][seat]}
                    assert not numbers(seen) & others, (event["type"], seat)


def test_the_host_view_holds_no_purse_under_any_key():
    for _, event, state in play():
        if state["phase"] == "over":
            continue
        for viewer in (None, "spectator"):
            host = GAME.view(state, viewer)
            purses = set(state["gold"].values())
            assert host["gold"] == {}
            assert not numbers(host) & purses, event["type"]
            text = json.dumps(host)
            assert not any(re.search(rf"\b{n}\b", text) for n in purses if n > 9), event["type"]


def test_the_end_reveals_every_purse_to_everyone():
    final = play()[-1][2]
    assert GAME.view(final, None)["gold"] == final["gold"]


def test_history_shows_amounts_only_to_their_owner():
    for before, event, _ in play():
        for seat in [None, *PLAYERS]:
            for lang in ("en", "pt"):
                line = GAME.describe(event, seat, lang)
                assert line and not line.startswith(event["type"])
                hidden = {INCOME.get(event.get("player"))} if event["type"] == "income" and seat != event["player"] else set()
                if event["type"] == "gold.gain" and seat != event["player"]:
                    hidden = {event["amount"]}
                assert not any(re.search(rf"\b{n}\b", line) for n in hidden), (event["type"], seat, line)
    own = GAME.describe({"type": "income", "player": "red", "prosperity": 137}, "red", "en")
    assert "137" in own


def test_states_and_events_survive_a_json_round_trip():
    for before, event, after in play():
        assert json.loads(json.dumps(event)) == event
        assert json.loads(json.dumps(after)) == after


def test_the_view_and_the_secret_cut_change_nothing_in_the_state(hub):
    """view() is a new dict over the state, as every game's: its cut purses and what is allowed are
    its own. The hub's secret cut copies only the dicts it cuts (the purses) and shares the rest
    with the state, which is never changed once made: a whole copy per kind of device per change
    was most of a snapshot's cost. Screens only read what they are given (LIVE.md rule 8)."""
    state = play()[5][2]
    before = copy.deepcopy(state)
    seen = GAME.view(state, "red")
    seen["gold"]["red"] = -1
    seen["allowed"].clear()
    assert state == before
    for seat in (None, "red", "blue"):
        cut = GAME.secrets.cut_view(state, GAME.view(state, seat), seat)
        assert set(cut["gold"]) == ({seat} if seat else set()) and cut["gold"] is not state["gold"]
        cut["gold"].clear()
    assert state == before
    live = hub.create("cyclades", {"players": PLAYERS})
    live.dispatch({**SCRIPT[0], "from_step": live.step}, Access("host"))
    kept = copy.deepcopy(live.state)
    assert set(live.snapshot(Access("seat", "red"))["state"]["gold"]) == {"red"}
    assert live.state == kept


def test_replaying_the_stored_events_gives_the_same_state():
    steps = play()
    state = GAME.setup({"players": PLAYERS})
    for _, event, after in steps:
        state = GAME.apply(state, event)
        assert state == after


def test_a_two_player_purse_is_shared_and_shown_to_its_owner_only():
    s = GAME.setup({"players": ["ann", "bob"], "factions": {"ann": ["red", "yellow"], "bob": ["blue", "black"]}})
    assert s["factions"] == {"red": "ann", "yellow": "ann", "blue": "bob", "black": "bob"}
    s = GAME.apply(s, {"type": "start", "by": "host", "order": ["red", "blue", "yellow", "black"],
                       "gods": ["ares", "zeus", "athena"]})
    assert GAME.view(s, "ann")["gold"] == {"ann": 10}
    assert GAME.view(s, "bob")["gold"] == {"bob": 10}
    assert GAME.view(s, None)["gold"] == {}
