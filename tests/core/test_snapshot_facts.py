"""What a snapshot carries besides the view, so a screen is built from it alone (issue #26)."""
from __future__ import annotations

import json

from companion.core.access import Access
from companion.core.hub import Hub
from companion.games.registry import GAMES

HOST = Access("host")


class Clock:
    def __init__(self) -> None:
        self.now = 1_000.0

    def __call__(self) -> float:
        return self.now


def test_the_roster_names_every_seat_with_public_facts_only(tmp_path):
    hub = Hub(tmp_path, GAMES)
    live = hub.create("scorepad", {"players": ["Ana", "Bia"]})
    _seat, key = live.claim(live.table.seat("ana").token)
    for access in (HOST, Access("seat", "ana", key), Access("spectator")):
        snap = live.snapshot(access)
        assert [(s["id"], s["name"], s["claimed"]) for s in snap["seats"]] == [("ana", "Ana", True), ("bia", "Bia", False)]
        text = json.dumps(snap)
        assert all(secret not in text for secret in (key, live.table.seat("bia").token, live.table.host_token))


def test_the_clock_reading_is_as_of_the_change_and_the_screen_carries_it_on(tmp_path):
    from companion.core.turnclock import running_seconds

    clock = Clock()
    hub = Hub(tmp_path, GAMES, now=clock)
    live = hub.create("kleos", {"players": ["ares", "athena"], "temples": {"ares": "H1", "athena": "H5"}})
    assert live.snapshot(HOST)["clock"] is None
    live.dispatch({"type": "clock.start"}, HOST)
    for _ in range(3):
        clock.now += 10
        live.dispatch({"type": "phase.next", "from_step": live.step}, HOST)
    reading = live.snapshot(HOST)["clock"]
    clock.now += 25  # a render later: the snapshot does not move, the screen adds the time since
    assert live.snapshot(HOST)["clock"] == reading and reading["at"] == clock.now - 25
    assert running_seconds(reading, clock.now) == live.clock()["seconds"]


def test_a_finished_plays_summary_is_built_once_per_change_and_then_rides_in_the_snapshot(tmp_path):
    hub = Hub(tmp_path, GAMES)
    live = hub.create("scorepad", {"players": ["Ana", "Bia"]})
    live.dispatch({"type": "points.add", "player": "bia", "amount": 2}, HOST)
    assert live.snapshot(HOST)["finished"] is False and live.snapshot(HOST)["summary"] is None
    live.dispatch({"type": "game.end", "from_step": live.step}, HOST)  # its publish records the play
    built = live.summary()
    assert live.summary() is built, "kept for this change"
    snap = live.snapshot(HOST)
    assert snap["finished"] and snap["summary"] is built
    live.undo(HOST)
    assert live.snapshot(HOST)["summary"] is None and live.summary() is not built
