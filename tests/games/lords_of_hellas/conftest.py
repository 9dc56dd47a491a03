"""A table driver for the Lords of Hellas tests: events go through prepare and apply like the hub's."""
from __future__ import annotations

import copy
import json
import random

import pytest

from companion.core.model import RuleError
from companion.games.lords_of_hellas.game import GAME
from companion.games.lords_of_hellas.markers import SPECIAL_ACTIONS


class Table:
    """Holds the state and checks, on every event, that apply leaves its input untouched."""

    def __init__(self, **options) -> None:
        self.state = GAME.setup({"players": ["red", "blue"], **options})
        self.last: dict = {}

    @property
    def current(self) -> str:
        return self.state["turn"]["player"]

    def do(self, kind: str, by: str | None = None, **fields) -> dict:
        old = self.state
        snapshot = copy.deepcopy(old)
        event = {"type": kind, "by": by or self.current, "at": 0.0, **fields}
        event = GAME.prepare(old, event, random.Random(1))
        try:
            new = GAME.apply(old, event)
        finally:
            assert old == snapshot, "apply changed its input state"
        assert json.loads(json.dumps(new)) == new, "state must stay plain JSON"
        json.dumps(event)
        self.state, self.last = new, event
        return new

    def refused(self, kind: str, by: str | None = None, **fields) -> RuleError:
        """Apply an event that must be refused, and prove the state did not move."""
        before = copy.deepcopy(self.state)
        with pytest.raises(RuleError) as caught:
            self.do(kind, by, **fields)
        assert self.state == before
        return caught.value

    def set(self, player: str, field: str, value: int) -> dict:
        return self.do("tracker.set", by="host", player=player, field=field, value=value)

    def finish_turn(self) -> None:
        """A plain turn: the first Special Action the player has free, then end."""
        used = self.state["used"][self.current]
        special = next(a for a in SPECIAL_ACTIONS if a not in used and a != "build_monument")
        self.do("turn.special", action=special)
        self.do("turn.end")

    def finish_build(self, monument: str) -> None:
        self.do("monument.build", monument=monument)
        self.do("turn.step", step="monster_phase")
        self.do("turn.step", step="event_phase")
        self.do("turn.end")


@pytest.fixture
def table() -> Table:
    return Table()


@pytest.fixture
def make_table():
    """For tests that need other setup options than the default two players."""
    return Table
