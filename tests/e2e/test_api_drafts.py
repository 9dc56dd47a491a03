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
    side = {"player": "red", "hoplites": 2, "cards": []}
    status, _ = send(server, tid, keys["red"], {"type": "draft.set", "draft": "battle", "path": "x", "value": side})
    assert status == 422  # a battle has an attacker and a defender, nothing else
    status, _ = send(server, tid, keys["red"], {"type": "draft.set", "draft": "battle", "path": "attacker",
                                                "value": {**side, "hoplites": -1}})
    assert status == 422  # a side every screen could not count
    status, _ = send(server, tid, keys["red"], {"type": "draft.set", "draft": "battle", "path": "attacker",
                                                "value": side})
    assert status == 200
    status, log = call(server, "GET", f"/api/tables/{tid}/events?k={keys['host']}")
    assert [e["type"] for e in log] == ["draft.set"]


def test_lords_of_hellas_hunt_tray_and_wounds_are_one_form_for_the_phone_and_the_tablet(server):
    tid, keys = new_table(server, "lords_of_hellas", {"players": ["red", "blue"]})
    red, host = keys["red"], keys["host"]
    put(server, tid, host, "hunt", "slots", ["artifact", "none"])  # the tablet starts copying the tray
    seen_by_tablet = version(server, tid, host, "hunt")
    put(server, tid, red, "hunt", "slots", ["artifact", "priest", "none"])  # red's phone adds the third space
    for key in keys.values():
        held = draft_of(server, tid, key, "hunt")
        assert held["entries"] == {"slots": ["artifact", "priest", "none"]} and held["by"] == {"slots": "red"}
    start = {"type": "hunt.start", "monster": "Hydra", "slots": ["artifact", "none"], "from_draft": seen_by_tablet}
    status, body = step(server, tid, host, start)
    assert status == 409 and body["key"] == "drafts.changed"
    assert read(server, tid, host)["state"]["hunt"] is None
    start = {**start, "slots": ["artifact", "priest", "none"], "from_draft": version(server, tid, host, "hunt")}
    status, body = step(server, tid, host, start)
    assert status == 200, body
    assert body["state"]["hunt"]["slots"] == ["artifact", "priest", "none"]
    assert draft_of(server, tid, host, "hunt")["entries"] == {}
    # this attack's wounds: marked on the phone, seen on the tablet, struck as both showed
    put(server, tid, red, "wounds", "chosen", [2, 0])
    assert draft_of(server, tid, host, "wounds")["entries"] == {"chosen": [0, 2]}
    attack = {"type": "hunt.attack", "wounds": [0, 2], "from_draft": version(server, tid, host, "wounds")}
    status, body = step(server, tid, host, attack)
    assert status == 200, body
    assert body["state"]["hunt"]["wounded"] == [True, False, True]
    assert draft_of(server, tid, red, "wounds")["entries"] == {}
    # a tray or a wound list the form cannot hold is refused and leaves the form as it was
    for name, path, value in (("hunt", "slots", ["gold"]), ("hunt", "slots", []), ("hunt", "monster", "x"),
                              ("wounds", "chosen", [1, 1]), ("wounds", "chosen", ["a"])):
        status, body = send(server, tid, red, {"type": "draft.set", "draft": name, "path": path, "value": value})
        assert status == 422, (name, value, body)
    assert draft_of(server, tid, host, "wounds")["entries"] == {}


def test_lords_of_hellas_how_many_priests_and_where_agreed_on_two_devices(server):
    tid, keys = new_table(server, "lords_of_hellas", {"players": ["red", "blue"]})
    red, host = keys["red"], keys["host"]
    assert send(server, tid, host, {"type": "tracker.set", "player": "red", "field": "priests", "value": 3})[0] == 200
    put(server, tid, host, "counts", "priests", 2)  # the tablet
    seen_by_tablet = version(server, tid, host, "counts")
    put(server, tid, red, "counts", "monument", "athena")  # red's phone, at the same time
    for key in keys.values():
        held = draft_of(server, tid, key, "counts")
        assert held["entries"] == {"priests": 2, "monument": "athena"}
        assert held["by"] == {"priests": "host", "monument": "red"}
    command = {"type": "turn.regular", "action": "priests", "count": 2, "monument": "zeus"}
    status, body = step(server, tid, host, {**command, "from_draft": seen_by_tablet})
    assert status == 409 and body["key"] == "drafts.changed"
    status, body = step(server, tid, red, {**command, "monument": "athena",
                                          "from_draft": version(server, tid, red, "counts")})
    assert status == 200, body
    state = body["state"]
    assert state["tracks"]["red"]["priests"] == 1 and state["monuments"]["athena"]["priests"] == {"red": 2}
    assert draft_of(server, tid, host, "counts")["entries"] == {}
    for path, value in (("priests", 0), ("priests", True), ("monument", "ares"), ("hoplites", 1)):
        status, body = send(server, tid, red, {"type": "draft.set", "draft": "counts", "path": path, "value": value})
        assert status == 422, (path, value, body)


def _at_kleos_tie(server: Server, tid: str, host: str) -> None:
    """Ares and Athena on 3 Glory with every Dusk empty: the Champion question is asked."""
    while (state := read(server, tid, host)["state"])["phase"] != "end":
        if state["phase"] == "play" and state["day"] == 1 and state["glory"]["ares"] == 0:
            for god in ("ares", "athena"):
                glory = {"type": "glory.add", "player": god, "reason": "card", "amount": 3}
                assert send(server, tid, host, glory)[0] == 200
        unscored = state["phase"] == "dusk" and (state["dusk"] or {}).get("day") != state["day"]
        assert step(server, tid, host, {"type": "dusk.score", "board": {}} if unscored else {"type": "phase.next"})[0] == 200
    assert read(server, tid, host)["state"]["tiebreak"]["criterion"] == "champion"


def test_kleos_tie_break_answers_from_two_devices_settle_as_both_showed(server):
    tid, keys = new_table(server, "kleos", {"players": ["ares", "athena"], "temples": {"ares": "H1", "athena": "H5"}})
    host, athena = keys["host"], keys["athena"]
    _at_kleos_tie(server, tid, host)
    put(server, tid, host, "tiebreak", "ares", "port")  # the tablet, for Ares
    seen_by_tablet = version(server, tid, host, "tiebreak")
    put(server, tid, athena, "tiebreak", "athena", "arena")  # Athena's phone, a moment later
    for key in (host, athena, keys["ares"]):
        held = draft_of(server, tid, key, "tiebreak")
        assert held["entries"] == {"ares": "port", "athena": "arena"}
        assert held["by"] == {"ares": "host", "athena": "athena"}
    settle = {"type": "tiebreak.answer", "criterion": "champion", "values": {"ares": "port", "athena": "none"},
              "from_draft": seen_by_tablet}
    status, body = step(server, tid, host, settle)
    assert status == 409 and body["key"] == "drafts.changed", body
    after = read(server, tid, host)["state"]
    assert after["tiebreak"] and after["winners"] == [] and len(after["tiebreak_steps"]) == 1  # nothing saved
    now = version(server, tid, host, "tiebreak")
    status, body = step(server, tid, host, {**settle, "from_draft": now}, lang="pt")  # the version, not the values
    assert status == 422 and body["key"] == "kleos.err.tiebreak_answers_changed", body
    assert body["error"].startswith("As respostas do desempate mudaram")
    status, body = step(server, tid, athena, {**settle, "values": {"ares": "port", "athena": "arena"}, "from_draft": now})
    assert status == 200, body
    assert body["state"]["tiebreak_steps"][-1] == {"criterion": "champion", "scores": {"ares": 2, "athena": 1}}
    assert body["state"]["winner"] == "ares" and not body["state"]["tiebreak"]
    assert draft_of(server, tid, host, "tiebreak")["entries"] == {}


def test_fleecing_olympus_opening_totals_from_two_devices_are_the_roll_both_showed(server):
    tid, keys = new_table(server, "fleecing_olympus", {"players": ["ana", "bia", "caio"]})
    host, bia = keys["host"], keys["bia"]
    put(server, tid, host, "opening", "ana", 9)  # the tablet copies Ana's dice
    seen_by_tablet = version(server, tid, host, "opening")
    put(server, tid, bia, "opening", "bia", 11)  # Bia's phone, a moment later
    put(server, tid, host, "opening", "caio", 4)
    for key in keys.values():
        held = draft_of(server, tid, key, "opening")
        assert held["entries"] == {"ana": 9, "bia": 11, "caio": 4}
        assert held["by"] == {"ana": "host", "bia": "bia", "caio": "host"}
    rolled = {"type": "opening_roll", "rounds": [{"ana": [6, 3], "bia": [1, 1], "caio": [2, 2]}]}
    status, body = step(server, tid, host, {**rolled, "from_draft": seen_by_tablet})
    assert status == 409 and body["key"] == "drafts.changed", body
    assert read(server, tid, host)["state"]["opening"]["rounds"] == []  # nothing saved
    now = version(server, tid, host, "opening")
    status, body = step(server, tid, host, {**rolled, "from_draft": now}, lang="pt")  # Bia's 11 left out
    assert status == 422 and body["key"] == "fleecing_olympus.err.opening_totals_changed", body
    assert body["error"].startswith("Os totais da rolagem inicial mudaram")
    assert read(server, tid, host)["state"]["opening"]["rounds"] == []
    both = {"ana": [6, 3], "bia": [5, 6], "caio": [2, 2]}
    status, body = step(server, tid, bia, {"type": "opening_roll", "rounds": [both], "from_draft": now})
    assert status == 200, body
    state = body["state"]
    assert state["opening"]["rounds"] == [both] and state["opening"]["decided"] == ["bia", "ana"]
    assert state["phase"] != "opening" and draft_of(server, tid, host, "opening")["entries"] == {}
