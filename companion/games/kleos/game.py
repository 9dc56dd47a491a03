"""Kleos as a table-server plugin: the bookkeeping beside the real board.

The app never models the board itself: players report Glory, Olympus' Favor
and the Dusk sheet, and the app keeps the day, the phase, the turn order and
the sums. Kleos has no hidden information, so every seat gets the same view.
"""
from __future__ import annotations

from typing import Any

from companion.core.game import GameBase
from companion.games.kleos import phases, schemas, tiebreak
from companion.games.kleos import summary as play_summary
from companion.games.kleos.dice import roll
from companion.games.kleos.drafts import FORMS, confirmed
from companion.games.kleos.moves import MOVES, allowed, describe
from companion.games.kleos.setup import GOD_COLOURS, initial_state
from companion.games.kleos.state import turn_order
from companion.games.kleos.secrets import SECRETS


# The newest Glory changes a view carries (the screens show eight at most): a device's view,
# and so each API answer and render, stays the same size however long the evening.
VIEW_LOG = 12


class Kleos(GameBase):
    id = "kleos"
    secrets = SECRETS
    words_by_seat = False  # no history line reads the seat: every device reads the same line
    title = "Kleos"
    min_seats = 2
    max_seats = 5
    moves = MOVES  # handlers, schemas, steps and the drafts' confirms are derived from it
    logs = ("glory_log",)
    summaries = play_summary
    forms = FORMS  # the Dusk sheet and the tie-break answers: one form on every device
    options_schema = schemas.Options

    def setup(self, options: dict) -> dict:
        return initial_state(options)

    def seats(self, options: dict) -> list[dict]:
        colours = {**GOD_COLOURS, **(options.get("colours") or {})}
        return super().seats({**options, "colours": colours})

    def prepare(self, state: dict, event: dict, rng: Any) -> dict:
        """Record where phase.next lands, so its history line can name the new step; draw a
        roll's faces with the hub's random source (never the device's), so they are stored;
        write the Dusk sheet a confirm scores into it, so it replays as scored."""
        if event.get("type") == "dice.roll":
            return {**event, "faces": roll(event.get("dice", 0), event.get("godly"), rng)}
        if event.get("type") == "dusk.score":
            return {**event, "board": confirmed(state, event.get("board"))}
        if event.get("type") != "phase.next":
            return event
        return {**event, "to": self._after_next(state)}

    _last_next: tuple[dict, dict] | None = None  # (state, where next leads from it)

    def _after_next(self, state: dict) -> dict:
        """Kept for the last state asked about: each seat's view asks it of the same state
        after every change, and each answer replays a copy of the whole state."""
        last = self._last_next
        if last is not None and last[0] is state:
            return last[1]
        after = self.apply(state, {"type": "phase.next"})
        where = {"phase": after["phase"], "day": after["day"], "turn": after["turn"], "winners": after["winners"]}
        self._last_next = (state, where)
        return where

    def view(self, state: dict, seat: str | None) -> dict:
        """The state plus what the screens read: the step's texts, what may be done now and
        where next leads (None while next is refused), so no screen re-runs the rules."""
        may = allowed(state, seat)
        log = state["glory_log"]
        return {
            **state,
            "glory_log": log[-VIEW_LOG:],
            "glory_log_from": max(0, len(log) - VIEW_LOG),  # the place in the whole log of the first one
            "turn_order": turn_order(state),
            "phase_text": phases.phase_text(state),
            "pity": phases.pity(state),
            "reminders": phases.reminders(state),
            "ranking": tiebreak.ranking(state),
            "allowed": may,
            "next": None if may["phase.next"] else self._after_next(state),
        }

    def describe(self, event: dict, seat: str | None, lang: str) -> str:
        return describe(event, lang)


GAME = Kleos()
