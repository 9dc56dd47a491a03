"""Forms several devices fill for one decision are held by the table (core/drafts.py), through the real server.

In each game two devices fill the same form: both entries survive and every device
reads them with who made them; a confirm sent from a screen that had not seen the
latest entry is refused (409) and saves nothing; the confirm that names what both
devices showed is taken exactly as they showed it, and the form is empty again.
"""
from __future__ import annotations

import pytest
from api_calls import call, new_table, send, step_of
from drive import Server

from companion.games.lords_of_hellas import army_strength

pytestmark = pytest.mark.shares_server


def read(server: Server, tid: str, key: str) -> dict:
    status, body = call(server, "GET", f"/api/tables/{tid}?k={key}")
    assert status == 200, body
    return body


def draft_of(server: Server, tid: str, key: str, name: str) -> dict:
    return read(server, tid, key)["state"].get("drafts", {}).get(name) or {"entries": {}, "by": {}}


def version(server: Server, tid: str, key: str, name: str) -> str:
    """The version of the draft as this device reads it: what its confirm names."""
    return draft_of(server, tid, key, name)["version"]


def put(server: Server, tid: str, key: str, name: str, path: str, value) -> None:
    status, body = send(server, tid, key, {"type": "draft.set", "draft": name, "path": path, "value": value})
    assert status == 200, body


def step(server: Server, tid: str, key: str, command: dict, lang: str = "en") -> tuple[int, dict]:
    return send(server, tid, key, {**command, "from_step": step_of(server, tid, key)}, lang)


def _at_offerings(server: Server, tid: str, keys: dict) -> str:
    """Through the start and the income to the offerings; the faction that bids first."""
    host = keys["host"]
    assert step(server, tid, host, {"type": "start", "gods": ["athena", "ares"]})[0] == 200
    assert step(server, tid, host, {"type": "phase.next"})[0] == 200
    for player in ("red", "blue", "green"):
        assert send(server, tid, host, {"type": "income", "player": player, "prosperity": 0})[0] == 200
    assert step(server, tid, host, {"type": "phase.next"})[0] == 200
    return read(server, tid, host)["state"]["turn_order"][0]


def test_cyclades_bid_two_devices_one_value_and_a_stale_confirm_is_refused(server):
    tid, keys = new_table(server, "cyclades", {"players": ["red", "blue", "green"]})
    host = keys["host"]
    bidder = _at_offerings(server, tid, keys)
    red = keys[bidder]  # the phone of the pawn that bids first
    put(server, tid, host, "bid", "amount", 2)  # the tablet, mirroring the board
    seen_by_tablet = version(server, tid, host, "bid")
    put(server, tid, red, "bid", "amount", 3)  # red's phone, a moment later: one value, the later
    for key in (host, red, keys["blue"]):
        held = draft_of(server, tid, key, "bid")
        assert held["entries"] == {"amount": 3} and held["by"] == {"amount": bidder}
    bid = {"type": "offering.bid", "faction": bidder, "god": "athena", "amount": 2, "from_draft": seen_by_tablet}
    status, body = step(server, tid, host, bid)
    assert status == 409 and body["key"] == "drafts.changed", body
    assert step(server, tid, host, bid, lang="pt")[1]["error"].startswith("Outro aparelho mudou")
    assert read(server, tid, host)["state"]["offerings"]["bids"] == {}  # nothing saved
    status, body = step(server, tid, host, {**bid, "amount": 3, "from_draft": version(server, tid, host, "bid")})
    assert status == 200, body
    assert body["state"]["offerings"]["bids"]["athena"] == {"faction": bidder, "amount": 3}
    assert draft_of(server, tid, red, "bid")["entries"] == {}  # the next pawn starts afresh


def test_cyclades_a_confirm_without_the_draft_it_saw_is_refused(server):
    tid, keys = new_table(server, "cyclades", {"players": ["red", "blue", "green"]})
    host = keys["host"]
    bidder = _at_offerings(server, tid, keys)
    put(server, tid, keys[bidder], "bid", "amount", 2)
    status, body = step(server, tid, host, {"type": "offering.bid", "faction": bidder, "god": "athena", "amount": 2})
    assert status == 422 and body["key"] == "drafts.missing", body


def test_lords_of_hellas_both_sides_of_a_battle_survive_and_resolve_as_both_phones_showed(server):
    tid, keys = new_table(server, "lords_of_hellas", {"players": ["red", "blue"]})
    attacker = {"player": "red", "base": 2, "hoplites": 3, "fortified": 0, "can_retreat": True,
                "cards": [{"strength": 2, "casualties": 0}]}
    defender = {"player": "blue", "base": 1, "hoplites": 2, "fortified": 1, "can_retreat": False, "cards": []}
    put(server, tid, keys["red"], "battle", "attacker", attacker)
    seen_by_red = version(server, tid, keys["red"], "battle")
    put(server, tid, keys["blue"], "battle", "defender", defender)  # at the same time, on the other phone
    for key in keys.values():
        held = draft_of(server, tid, key, "battle")
        assert held["entries"] == {"attacker": attacker, "defender": defender}
        assert held["by"] == {"attacker": "red", "defender": "blue"}
    # red's screen had not yet drawn blue's side: its confirm would have dropped it
    stale = {"type": "battle.resolve", "attacker": attacker, "defender": {**defender, "base": 0, "hoplites": 1,
                                                                         "fortified": 0, "can_retreat": True},
             "from_draft": seen_by_red}
    status, body = step(server, tid, keys["red"], stale)
    assert status == 409 and body["key"] == "drafts.changed"
    assert read(server, tid, keys["host"])["state"]["last_battle"] is None
    resolve = {"type": "battle.resolve", "attacker": attacker, "defender": defender,
               "from_draft": version(server, tid, keys["host"], "battle")}
    status, body = step(server, tid, keys["host"], resolve)
    assert status == 200, body
    battle = body["state"]["last_battle"]
    # exactly the two sides the phones entered (blue's fortified Hoplite, red's card), not the stale guess
    assert battle["strength"] == {"attacker": army_strength(attacker), "defender": army_strength(defender)}
    assert battle["strength"]["defender"] != army_strength(stale["defender"])
    assert draft_of(server, tid, keys["host"], "battle")["entries"] == {}


def _at_roll(server: Server, keys: dict, tid: str) -> str:
    """Through the opening and the Active player's power; the Active player's id."""
    host = keys["host"]
    assert step(server, tid, host, {"type": "opening_roll"})[0] == 200
    assert step(server, tid, host, {"type": "power", "side": "even"})[0] == 200
    state = read(server, tid, host)["state"]
    assert state["phase"] == "roll", state["phase"]
    return state["turn"]["active"]


def test_fleecing_olympus_wager_target_from_a_phone_and_dice_from_the_tablet_both_count(server):
    options = {"players": ["ana", "bia", "caio"], "deities": {"ana": "poseidon", "bia": "athena", "caio": "aphrodite"}}
    tid, keys = new_table(server, "fleecing_olympus", options)
    active = _at_roll(server, keys, tid)
    target = next(p for p in ("ana", "bia", "caio") if p != active)
    put(server, tid, keys[active], "roll", "target", target)  # the Active player's phone
    seen_by_phone = version(server, tid, keys[active], "roll")
    put(server, tid, keys["host"], "roll", "d0", 5)  # the tablet copies the real dice
    put(server, tid, keys["host"], "roll", "d1", 2)
    for key in keys.values():
        held = draft_of(server, tid, key, "roll")
        assert held["entries"] == {"target": target, "d0": 5, "d1": 2}
        assert held["by"] == {"target": active, "d0": "host", "d1": "host"}
    status, body = step(server, tid, keys[active], {"type": "roll", "target": target, "from_draft": seen_by_phone})
    assert status == 409 and body["key"] == "drafts.changed"
    roll = {"type": "roll", "target": target, "dice": [5, 2], "from_draft": version(server, tid, keys["host"], "roll")}
    status, body = step(server, tid, keys["host"], roll)
    assert status == 200, body
    turn = body["state"]["turn"]
    assert turn["target"] == target and turn["dice"] == [5, 2]
    assert draft_of(server, tid, keys["host"], "roll")["entries"] == {}


def test_a_draft_entry_is_checked_like_any_request(server):
    tid, keys = new_table(server, "lords_of_hellas", {"players": ["red", "blue"]})
    status, body = send(server, tid, keys["red"], {"type": "draft.set", "draft": "nope", "path": "x", "value": 1})
    assert status == 422 and body["key"] == "validation.not_allowed"
    status, body = send(server, tid, keys["red"], {"type": "draft.set", "draft": "battle", "path": "a b", "value": 1})
    assert status == 422
    status, body = send(server, tid, keys["red"], {"type": "draft.set", "draft": "battle", "path": "x",
                                                   "value": "w" * 3000})
    assert status == 422 and body["key"] == "drafts.too_big"
    spectator = call(server, "GET", f"/api/tables/{tid}?k={keys['host']}")  # the table is untouched
    assert "drafts" not in spectator[1]["state"] or not spectator[1]["state"]["drafts"]
    status, _ = send(server, tid, keys["red"], {"type": "draft.set", "draft": "battle", "path": "x", "value": 1})
    assert status == 200
    status, log = call(server, "GET", f"/api/tables/{tid}/events?k={keys['host']}")
    assert [e["type"] for e in log] == ["draft.set"]
