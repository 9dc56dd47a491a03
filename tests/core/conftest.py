"""Scripted plays through a real hub with a fake clock, for the summary, plays and clock tests."""
from __future__ import annotations

import pytest

from companion.core.hub import Hub
from companion.games.registry import GAMES


class FakeClock:
    """Time that only moves when a test says so."""

    def __init__(self, start: float = 1_764_000_000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def tick(self, seconds: float) -> None:
        self.now += seconds


class Script:
    """One table driven from the tablet (or a seat), with time advanced between actions."""

    def __init__(self, hub: Hub, clock: FakeClock, game: str, options: dict) -> None:
        self.hub, self.clock = hub, clock
        self.live = hub.create(game, options)
        self.host = hub.join(self.live.table.id, self.live.table.host_token)[1]

    def seat(self, seat_id: str):
        seat = self.live.table.seat(seat_id)  # a phone claims the seat's invitation once, then uses its key
        return self.hub.join(self.live.table.id, seat.key or self.live.claim(seat.token)[1])[1]

    def do(self, kind: str, after: float = 0.0, by=None, **fields) -> dict:
        self.clock.tick(after)
        # the device acts on the table as it reads it (core/steps.py)
        return self.live.dispatch({"type": kind, **fields, "from_step": self.live.step}, by or self.host)

    def score_dusk(self, board: dict, after: float = 0.0) -> dict:
        """Count `board` ({location: {god: [Minions, Champion]}}) on the table's Dusk sheet, as the
        screens do, then confirm the sheet (the confirm scores what the sheet holds)."""
        for loc, presence in board.items():
            for god, value in presence.items():
                self.do("draft.set", draft="dusk", path=f"{loc}.{god}", value=value)
        held = (self.state.get("drafts") or {}).get("dusk")
        return self.do("dusk.score", after=after, **({"from_draft": held["version"]} if held else {}))

    @property
    def state(self) -> dict:
        return self.live.state


def kleos_to_last_dusk(script: Script, glory: dict, minutes_per_step: float = 1.0) -> None:
    """Walk a Kleos table to Dusk of day 5, scoring empty Dusk sheets, then add `glory` as corrections."""
    while (script.state["phase"], script.state["day"]) != ("dusk", 5):
        if script.state["phase"] == "dusk" and (script.state["dusk"] or {}).get("day") != script.state["day"]:
            script.do("dusk.score", after=60 * minutes_per_step, board={})
        script.do("phase.next", after=60 * minutes_per_step)
    for player, amount in glory.items():
        script.do("glory.add", player=player, reason="correction", amount=amount)


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def timed_hub(tmp_path, clock) -> Hub:
    return Hub(tmp_path / "data", GAMES, now=clock)


@pytest.fixture
def script(timed_hub, clock):
    def make(game: str, options: dict) -> Script:
        return Script(timed_hub, clock, game, options)
    return make


@pytest.fixture
def to_last_dusk():
    return kleos_to_last_dusk
