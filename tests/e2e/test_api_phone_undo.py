"""A phone takes back its own change after others changed the table, through the real server.

The others' changes stay, the history records the reversal, and where a later change
depends on it the phone is told why not and who can.
"""
from __future__ import annotations

import pytest
from api_calls import call, new_table, send, step_of
from drive import Server

pytestmark = pytest.mark.shares_server


def at_play(server: Server) -> tuple[str, dict]:
    tid, keys = new_table(server, "kleos", {"players": ["ares", "athena", "hermes"]})
    for _ in range(3):  # Setup, Deployment, Daybreak: the first Play turn
        assert send(server, tid, keys["host"], {"type": "phase.next", "from_step": step_of(server, tid, keys["host"])})[0] == 200
    return tid, keys


def glory(server: Server, tid: str, key: str) -> dict:
    return call(server, "GET", f"/api/tables/{tid}?k={key}")[1]["state"]["glory"]


def undo(server: Server, tid: str, key: str, lang: str = "en") -> tuple[int, dict]:
    return call(server, "POST", f"/api/tables/{tid}/undo?k={key}", None, lang)


def test_a_phone_undoes_its_own_glory_after_another_seat_and_the_tablet_changed_the_table(server):
    tid, keys = at_play(server)
    status, mine = send(server, tid, keys["ares"], {"type": "glory.add", "player": "ares", "reason": "kill"})
    assert status == 200
    assert send(server, tid, keys["athena"], {"type": "glory.add", "player": "athena", "reason": "kill"})[0] == 200
    assert send(server, tid, keys["host"], {"type": "favor.give", "player": "hermes"})[0] == 200
    before = call(server, "GET", f"/api/tables/{tid}?k={keys['ares']}")[1]
    assert before["state"]["glory"] == {"ares": 1, "athena": 1, "hermes": 0}
    status, body = undo(server, tid, keys["ares"])
    assert status == 200, body
    assert body["state"]["glory"] == {"ares": 0, "athena": 1, "hermes": 0}  # only Ares's own change went
    assert body["state"]["favor"]["player"] == "hermes"  # the tablet's change stays
    status, log = call(server, "GET", f"/api/tables/{tid}/events?k={keys['host']}")
    assert log[-1]["type"] == "undo" and log[-1]["target"] == mine["seq"] and log[-1]["by"] == "ares"
    assert [e["type"] for e in log].count("glory.add") == 2  # the change itself stays in the history


def test_a_change_a_later_step_counted_is_refused_with_the_reason_and_who_can(server):
    tid, keys = at_play(server)
    assert send(server, tid, keys["ares"], {"type": "glory.add", "player": "ares", "reason": "kill"})[0] == 200
    step = step_of(server, tid, keys["host"])
    assert send(server, tid, keys["host"], {"type": "phase.next", "from_step": step})[0] == 200
    status, body = undo(server, tid, keys["ares"])
    assert status == 422 and body["key"] == "seats.undo_after_step"
    assert body["error"].startswith("Ask the tablet: ") and "Phone" not in body["error"]
    assert undo(server, tid, keys["ares"], lang="pt")[1]["error"].startswith("Peça ao tablet: ")
    assert glory(server, tid, keys["host"])["ares"] == 1  # nothing changed
    assert undo(server, tid, keys["host"])[0] == 200  # the tablet can: it takes back the Next first


def test_a_change_a_later_change_depends_on_is_refused(server):
    tid, keys = at_play(server)
    assert send(server, tid, keys["ares"], {"type": "glory.add", "player": "ares", "reason": "kill"})[0] == 200
    fix = {"type": "glory.add", "player": "ares", "reason": "correction", "amount": -1}
    assert send(server, tid, keys["host"], fix)[0] == 200  # needs Ares's point: Glory never goes below 0
    status, body = undo(server, tid, keys["ares"])
    assert status == 422 and body["key"] == "seats.undo_depends" and body["error"].startswith("Ask the tablet: ")
    assert glory(server, tid, keys["host"])["ares"] == 0


def test_a_phone_with_nothing_of_its_own_is_told_whose_change_it_is_without_naming_a_role_as_a_person(server):
    tid, keys = at_play(server)
    status, body = undo(server, tid, keys["athena"])
    assert status == 422 and body["key"] == "seats.undo_tablets"
    assert "Tablet's" not in body["error"] and "only the tablet can undo" in body["error"]
