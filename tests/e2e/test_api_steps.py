"""Commands that move a game on name the step they were sent from (core/steps.py), through the real server.

A double tap, or two devices pressing at once, must take exactly one step in every
game; the slower one gets a 409 that says what happened instead, in its language.
"""
from __future__ import annotations

import pytest
from api_calls import call, log_types, new_table, send, step_of, together
from drive import Server
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.games.kleos import GAME

pytestmark = pytest.mark.shares_server

# One step command per game, valid on a new table, and a seat that may send it too (None: the tablet only).
FIRST_STEPS = {
    "kleos": ({"players": ["ares", "athena", "hermes"]}, {"type": "phase.next"}, "athena"),
    "cyclades": ({"players": ["red", "blue", "green"]}, {"type": "start"}, None),
    "lords_of_hellas": ({"players": ["red", "blue"]}, {"type": "turn.regular", "action": "move"}, "red"),
    "fleecing_olympus": ({"players": ["ana", "bia", "caio"]}, {"type": "opening_roll"}, None),
    "scorepad": ({"players": ["Ana", "Bia"]}, {"type": "game.end"}, "ana"),
}


@pytest.mark.parametrize("game", sorted(FIRST_STEPS))
def test_a_double_tap_and_two_devices_at_once_take_exactly_one_step(server, game):
    options, command, seat = FIRST_STEPS[game]
    tid, keys = new_table(server, game, options)
    step = step_of(server, tid, keys["host"])
    first, second = keys["host"], keys[seat] if seat else keys["host"]
    answers = together(lambda: send(server, tid, first, {**command, "from_step": step}),
                       lambda: send(server, tid, second, {**command, "from_step": step}))
    assert sorted(status for status, _ in answers) == [200, 409], answers
    assert log_types(server, tid, keys["host"]).count(command["type"]) == 1
    late = next(body for status, body in answers if status == 409)
    assert late["key"] == "steps.moved_on" and late["error"].startswith("Already moved on: ")
    after = step_of(server, tid, keys["host"])
    assert late["values"]["step"] == after != step
    # The same double tap from one device, one after the other: the second is told, nothing more is stored.
    again = send(server, tid, first, {**command, "from_step": step}, lang="pt")
    assert again[0] == 409 and again[1]["error"].startswith("Já avançou: ")
    assert log_types(server, tid, keys["host"]).count(command["type"]) == 1


def test_the_late_device_is_told_whose_turn_it_is_now_in_its_language(server):
    tid, keys = new_table(server, "kleos", {"players": ["ares", "athena"]})
    step = step_of(server, tid, keys["host"])
    assert send(server, tid, keys["host"], {"type": "phase.next", "from_step": step})[0] == 200
    status, body = send(server, tid, keys["athena"], {"type": "phase.next", "from_step": step})
    assert status == 409 and body["error"] == "Already moved on: Day 1: Deployment. Your tap changed nothing; " \
                                             "look at the table and try again if it is still needed."
    status, body = send(server, tid, keys["athena"], {"type": "phase.next", "from_step": step}, lang="pt")
    assert status == 409 and body["error"].startswith("Já avançou: Dia 1: ")
    assert body["values"]["now"]["en"] == "Day 1: Deployment"


def test_a_step_without_its_step_or_with_a_bad_one_is_refused_and_saves_nothing(server):
    tid, keys = new_table(server, "kleos", {"players": ["ares", "athena"]})
    status, body = send(server, tid, keys["host"], {"type": "phase.next"})
    assert status == 422 and body["key"] == "steps.missing" and "from_step" in body["error"]
    for bad in ("0", -1, 1.5, True, None, 2**60):
        status, body = send(server, tid, keys["host"], {"type": "phase.next", "from_step": bad}, lang="pt")
        assert status == 422 and body["key"] == "steps.bad_token" and "número inteiro" in body["error"], bad
    assert log_types(server, tid, keys["host"]) == []


def test_additive_changes_still_add_and_a_retry_still_counts_once(server):
    tid, keys = new_table(server, "kleos", {"players": ["ares", "athena"]})
    step = step_of(server, tid, keys["host"])
    nxt = {"type": "phase.next", "from_step": step, "client_id": "next-1"}
    first = call(server, "POST", f"/api/tables/{tid}/events?k={keys['host']}", nxt)
    retry = call(server, "POST", f"/api/tables/{tid}/events?k={keys['host']}", nxt)  # the answer was lost: sent again
    assert first[0] == retry[0] == 200 and first[1]["seq"] == retry[1]["seq"]
    glory = {"type": "glory.add", "player": "ares", "reason": "correction", "amount": 1}
    assert send(server, tid, keys["ares"], glory)[0] == 200
    assert send(server, tid, keys["ares"], glory)[0] == 200  # +1 twice on purpose: both count, no step needed
    status, body = call(server, "GET", f"/api/tables/{tid}?k={keys['host']}")
    assert body["state"]["glory"]["ares"] == 2 and body["step"] == first[1]["seq"]
    assert log_types(server, tid, keys["host"]).count("phase.next") == 1


# Devices read the table ("read") or press Next one or more times in a row from what they last read ("press").
DEVICES = ("host", "ares", "athena", "hermes")
ACTIONS = st.lists(st.tuples(st.sampled_from(("read", "press")), st.sampled_from(DEVICES), st.integers(1, 3)),
                   min_size=1, max_size=14)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(actions=ACTIONS)
def test_any_interleaving_of_duplicated_nexts_never_skips_or_repeats_a_step(server, actions):
    """A model of the table counts steps; a press applies exactly when its device read the current
    step, so the server's answers and its final position must match the model's, press by press."""
    tid, keys = new_table(server, "kleos", {"players": ["ares", "athena", "hermes"]})
    token = step_of(server, tid, keys["host"])
    read = {d: (token, 0) for d in DEVICES}  # what each device last read: (server's step, model's step count)
    taken = 0
    for kind, device, times in actions:
        if kind == "read":
            read[device] = (step_of(server, tid, keys[device]), taken)
            continue
        sent, seen = read[device]
        for _ in range(times):
            status, body = send(server, tid, keys[device], {"type": "phase.next", "from_step": sent})
            if seen == taken:
                assert status == 200, body
                taken += 1
                seen = None  # the device's own screen has not shown the new step yet: a repeat is stale
            else:
                assert status == 409 and body["key"] == "steps.moved_on", body
    assert log_types(server, tid, keys["host"]).count("phase.next") == taken
    status, body = call(server, "GET", f"/api/tables/{tid}?k={keys['host']}")
    expected = positions(server, tid, taken)
    assert (body["state"]["phase"], body["state"]["day"], body["state"]["turn"]) == expected


def positions(server: Server, tid: str, steps: int) -> tuple:
    """Where `steps` presses of Next lead the table from its stored start, by the pure game alone."""
    [table] = server.table_file(tid)["table"].values()
    state = table["initial_state"]
    for _ in range(steps):
        state = GAME.apply(state, {"type": "phase.next"})
    return state["phase"], state["day"], state["turn"]
