"""Lords of Hellas: the plug-in the table server loads.

Everything on the physical board stays there; the app keeps the counts that
decide a win, the turn's action markers, the Monuments and their countdown,
and the battle and hunt helpers. Nothing is secret, so every device sees all.
"""
from __future__ import annotations

from typing import Any

from companion.core.model import RuleError
from companion.core.game import GameBase
from companion.core import drafts as shared_forms
from companion.games.lords_of_hellas.drafts import DRAFTS
from companion.games.lords_of_hellas.allowed import allowed
from companion.games.lords_of_hellas import battle, history, hunt, monuments, schemas, specials, tracker, turn, victory
from companion.games.lords_of_hellas import summary as play_summary
from companion.games.lords_of_hellas.options import MAX_SEATS, MIN_SEATS, PALETTE, initial_state
from companion.games.lords_of_hellas.secrets import SECRETS


class LordsOfHellas(GameBase):
    id = "lords_of_hellas"
    secrets = SECRETS
    words_by_seat = False  # history.describe reads no seat: every device reads the same line
    # Turns, hunts, battles and building: a second tap or device must not take a second step.
    steps = frozenset({"turn.regular", "turn.special", "turn.step", "turn.end", "battle.resolve", "hunt.start",
                       "hunt.attack", "hunt.claim", "monument.build"})
    title = "Lords of Hellas"
    min_seats = MIN_SEATS
    max_seats = MAX_SEATS
    handlers = {
        "tracker.set": tracker.on_set,
        "turn.regular": turn.on_regular,
        "turn.special": turn.on_special,
        "turn.step": turn.on_step,
        "turn.end": turn.on_end,
        "monument.build": monuments.on_build,
        "monument.control": monuments.on_control,
        "battle.resolve": battle.on_resolve,
        "hunt.start": hunt.on_start,
        "hunt.attack": hunt.on_attack,
        "hunt.claim": hunt.on_claim,
        "special.name": specials.on_name,
        "special.add": specials.on_add,
    }
    summaries = play_summary
    drafts = DRAFTS  # the battle's two sides: one form on every device
    event_schemas = {**schemas.EVENTS, **shared_forms.schemas(DRAFTS.values())}
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
        return history.describe(event, lang)


GAME = LordsOfHellas()
