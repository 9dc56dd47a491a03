"""A small table driver: events go through prepare and apply, as the hub sends them."""
from __future__ import annotations

import copy
import json
import random

import pytest

from companion.core.model import RuleError
from companion.games.fleecing_olympus.game import GAME


class Driver:
    def __init__(self, players: list[str], deities: dict | None = None, seed: int = 0) -> None:
        options = {"players": players, "seed": seed}
        if deities is not None:
            options["deities"] = deities
        self.state = GAME.setup(options)
        self.events: list[dict] = []
        self.rng = random.Random(seed)

    def do(self, action: str, by: str = "host", **fields) -> dict:
        before = copy.deepcopy(self.state)
        event = GAME.prepare(self.state, {"type": action, **fields, "by": by, "at": 0.0}, self.rng)
        after = GAME.apply(self.state, event)
        assert self.state == before, "apply changed its input state"
        json.dumps(after)
        json.dumps(event)
        self.state = after
        self.events.append(event)
        return event

    def refused(self, action: str, by: str = "host", **fields) -> str:
        before = copy.deepcopy(self.state)
        with pytest.raises(RuleError) as err:
            event = GAME.prepare(self.state, {"type": action, **fields, "by": by, "at": 0.0}, self.rng)
            GAME.apply(self.state, event)
        assert self.state == before
        return err.value.message

    def start(self, first: str, judgment: str) -> None:
        """Opening roll entered by hand: `first` rolls 12, `judgment` 11, everyone else 2."""
        rolls = {p: [1, 1] for p in self.state["players"]}
        rolls[first], rolls[judgment] = [6, 6], [6, 5]
        self.do("opening_roll", rounds=[rolls])

    def turn_to_cards(self, side: str, target: str, dice: list[int], **power) -> None:
        self.do("power", side=side, **power)
        self.do("roll", target=target, dice=dice)

    @property
    def gems(self) -> dict:
        return self.state["gems"]

    @property
    def turn(self) -> dict:
        return self.state["turn"]


@pytest.fixture
def table():
    return Driver
