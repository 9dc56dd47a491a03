"""Fleecing Olympus wired into the table server: handlers, dice, views and history."""
from __future__ import annotations

import random

from companion.core.game import GameBase
from companion.games.fleecing_olympus.drafts import FORMS, check_opening
from companion.games.fleecing_olympus import history, opening, schemas
from companion.games.fleecing_olympus import summary as play_summary
from companion.games.fleecing_olympus.setup import MAX_PLAYERS, MIN_PLAYERS, initial_state
from companion.games.fleecing_olympus.moves import MOVES, SECRETS, describe
from companion.games.fleecing_olympus.view import view


def _dice(count: int, rng: random.Random) -> list[int]:
    return [rng.randint(1, 6) for _ in range(count)]


class FleecingOlympus(GameBase):
    id = "fleecing_olympus"
    secrets = SECRETS
    title = "Fleecing Olympus"
    min_seats = MIN_PLAYERS
    max_seats = MAX_PLAYERS
    moves = MOVES  # handlers, schemas, steps and the drafts' confirms are derived from it
    summaries = play_summary
    forms = FORMS  # the power, the wager's Target and dice, the opening totals: one form on every device
    options_schema = schemas.Options

    def setup(self, options: dict) -> dict:
        return initial_state(options)

    def prepare(self, state: dict, event: dict, rng: random.Random) -> dict:
        """Roll what was not entered by hand, then store what the table saw happen.

        Applying here too means a refused action fails before any dice are
        kept, and the public facts are read off the very state it produces.
        """
        event = {k: v for k, v in event.items() if k not in history.STORED}
        kind = event.get("type")
        if kind == "opening_roll":
            check_opening(state, event)
        if kind == "opening_roll" and "rounds" not in event and state["phase"] == "opening":
            event["rounds"] = opening.roll_rounds(state["opening"], rng)
        elif kind == "roll" and "dice" not in event:
            event["dice"] = _dice(2, rng)
        elif kind == "card" and isinstance(event.get("reroll"), list) and "values" not in event:
            event["values"] = _dice(len(event["reroll"]), rng)
        after = self.apply(state, event)
        event["public"] = history.public_facts(state, after, event)
        return {**event, **history.short_payment(event, after)}

    def view(self, state: dict, seat: str | None) -> dict:
        return view(state, seat)

    def describe(self, event: dict, seat: str | None, lang: str) -> str:
        """Every line is built from public facts only, so it reads the same on every device."""
        return describe(event, lang)


GAME = FleecingOlympus()
