"""Lords of Hellas: the plug-in the table server loads.

Everything on the physical board stays there; the app keeps the counts that
decide a win, the turn's action markers, the Monuments and their countdown,
and the battle and hunt helpers. Nothing is secret, so every device sees all.
"""
from __future__ import annotations

from typing import Any

from companion.core.model import RuleError
from companion.core.game import GameBase
from companion.games.lords_of_hellas.drafts import FORMS
from companion.games.lords_of_hellas.allowed import allowed
from companion.games.lords_of_hellas import history, hunt, schemas, victory
from companion.games.lords_of_hellas.moves import MOVES, describe
from companion.games.lords_of_hellas import summary as play_summary
from companion.games.lords_of_hellas.options import MAX_SEATS, MIN_SEATS, PALETTE, initial_state
from companion.games.lords_of_hellas.secrets import SECRETS


class LordsOfHellas(GameBase):
    id = "lords_of_hellas"
    secrets = SECRETS
    words_by_seat = False  # no history line reads the seat: every device reads the same line
    title = "Lords of Hellas"
    min_seats = MIN_SEATS
    max_seats = MAX_SEATS
    moves = MOVES  # handlers, schemas, steps and the drafts' confirms are derived from it
    summaries = play_summary
    forms = FORMS  # the battle's two sides, the hunt, the counts: one form on every device
    options_schema = schemas.Options

    def setup(self, options: dict) -> dict:
        return initial_state(options, self.seats)

    def seats(self, options: dict) -> list[dict]:
        """A seat without a chosen colour gets the palette's, so the hub's seats match the state."""
        seats = super().seats(options)
        for i, seat in enumerate(seats):
            seat["colour"] = seat["colour"] or PALETTE[i % len(PALETTE)]
        return seats

    def prepare(self, state: dict, event: dict, rng: Any) -> dict:
        """No chance here; this stamps the outcome so `describe`, which never sees state, can tell it."""
        try:
            after = self.apply(state, event)
        except RuleError:
            return event
        return {**event, "outcome": history.outcome(state, after, event)}

    def view(self, state: dict, seat: str | None) -> dict:
        """The whole state (no hidden information) plus the derived panels' figures and what this
        viewer may do now (`allowed`)."""
        claims = hunt.claimable(state["hunt"]) if state["hunt"] else []
        return {**state, "progress": victory.progress(state), "claimable": claims, "allowed": allowed(state, seat)}

    def describe(self, event: dict, seat: str | None, lang: str) -> str:
        return describe(event, lang)


GAME = LordsOfHellas()
