"""The turn clock counts only the active player's turns and never while paused (fake clock, no sleeps)."""
from __future__ import annotations

import pytest

from companion.core.access import ReadOnly
from companion.core.hub import Hub
from companion.core.model import RuleError
from companion.core.turnclock import GAME, PAUSE, RESUME, START, clock_text, tally
from companion.games.registry import GAMES


def test_tally_gives_each_stretch_to_the_seat_active_after_the_mark():
    marks = [(0.0, START, None), (10.0, GAME, "ana"), (40.0, GAME, "bia"), (45.0, PAUSE, None),
             (100.0, RESUME, None), (105.0, GAME, None)]
    assert tally(marks, now=500.0) == {"on": True, "paused": False, "running": None,
                                       "seconds": {"ana": 30.0, "bia": 10.0}}


def test_a_paused_clock_never_counts_even_at_now():
    marks = [(0.0, GAME, "ana"), (5.0, START, None), (65.0, PAUSE, None)]
    status = tally(marks, now=10_000.0)
    assert status["paused"] and status["running"] is None and status["seconds"] == {"ana": 60.0}


def test_nothing_counts_before_the_clock_is_started():
    assert tally([(0.0, GAME, "ana")], now=99.0)["seconds"] == {}


def test_clock_text_is_short():
    assert (clock_text(59.9), clock_text(61), clock_text(3725)) == ("0:59", "1:01", "1:02:05")


def test_kleos_clock_follows_the_turn_order_and_stops_when_paused(script, clock):
    s = script("kleos", {"players": ["ares", "athena"], "temples": {"ares": "H1", "athena": "H5"}})
    assert s.live.clock() is None
    s.do("clock.start")
    for _ in range(3):  # setup -> deployment -> daybreak -> play (Ares first)
        s.do("phase.next", after=30)  # nobody's turn: nobody is charged
    assert s.state["turn"] == "ares"
    s.do("phase.next", after=90)  # Ares took 90 s; now Athena
    s.do("clock.pause", after=20)  # Athena 20 s, then a break
    clock.tick(600)
    assert s.live.clock()["seconds"] == {"ares": 90.0, "athena": 20.0}
    s.do("clock.resume")
    clock.tick(15)
    status = s.live.clock()
    assert status["running"] == "athena" and status["seconds"] == {"ares": 90.0, "athena": 35.0}
    assert [p["clock_seconds"] for p in s.live.summary()["players"]] == [90, 35]


def test_only_the_tablet_runs_the_clock_and_a_useless_press_is_refused(script):
    s = script("fleecing_olympus", {"players": ["ana", "bia", "caio"]})
    with pytest.raises(RuleError) as err:
        s.do("clock.start", by=s.seat("ana"))
    assert err.value.key == "summary.err_clock_host"
    with pytest.raises(RuleError, match="it is off"):
        s.do("clock.pause")
    spectator = s.hub.join(s.live.table.id, s.live.table.spectator_token)[1]
    with pytest.raises(ReadOnly):
        s.do("clock.start", by=spectator)
    s.do("clock.start")
    with pytest.raises(RuleError, match="it is running"):
        s.do("clock.start")


def test_undo_skips_clock_events_and_they_read_in_the_history(script):
    s = script("scorepad", {"players": ["Ana", "Bia"]})
    s.do("points.add", player="ana", amount=3)
    s.do("clock.start")
    s.live.undo(s.host)
    assert s.state["scores"]["ana"] == 0 and s.live.clock()["on"]
    texts = [row["text"] for row in s.live.history(s.host, "pt")]
    assert "Relógio de turnos ligado" in texts


def test_the_clock_survives_a_restart(script, timed_hub, clock):
    s = script("scorepad", {"players": ["Ana", "Bia"]})
    s.do("clock.start")
    s.do("clock.pause", after=5)
    again = Hub(timed_hub.store.data_dir, GAMES, now=clock).get(s.live.table.id)
    assert again.clock()["paused"] is True


def test_marks_kept_up_to_date_through_undo_and_redo_match_a_fresh_replay(script, timed_hub, clock):
    s = script("kleos", {"players": ["ares", "athena"], "temples": {"ares": "H1", "athena": "H5"}})
    s.do("clock.start")
    for _ in range(4):
        s.do("phase.next", after=40)
    s.live.undo(s.host)
    clock.tick(25)
    s.live.redo(s.host)
    s.do("clock.pause", after=10)
    s.do("clock.resume", after=300)
    s.do("phase.next", after=70)
    clock.tick(5)
    fresh = Hub(timed_hub.store.data_dir, GAMES, now=clock).get(s.live.table.id)
    assert s.live.clock() == fresh.clock()
    # The redo puts Athena's turn back where it began, so the wait before it is hers.
    assert s.live.clock()["seconds"] == {"ares": 40.0 + 5.0, "athena": 35.0 + 70.0}
