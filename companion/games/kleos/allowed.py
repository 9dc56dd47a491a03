"""What a device may do at this table now, and why not: the screens render this, never re-decide it.

Each move names its answer here (kleos/moves.py); the view maps every move to it.

Kleos has no hidden hands and every seat keeps the same books, so the answer
depends on the step of the Contest, not on who asks; `seat` is taken anyway so
every game's view answers the same question the same way. A value of None
means allowed; otherwise it is the message key that says why not: the very
refusal the reducer would raise where that one needs no values.
"""
from __future__ import annotations

from companion.games.kleos.phases import scored
from companion.games.kleos.state import DAYBREAK, DEPLOYMENT, DUSK, END, SETUP

# The First Player token may be moved by hand until the day's Play phase begins.
TOKEN_PHASES = (SETUP, DEPLOYMENT, DAYBREAK)
Reason = str | None


def _live(state: dict) -> Reason:
    return {SETUP: "kleos.err.table_still_being_set", END: "kleos.err.contest_ended_after_dusk"}.get(state["phase"])


def in_play(state: dict, seat: str | None) -> Reason:
    """Glory and the Favor change hands only while the Contest runs."""
    return _live(state)


def favor_held(state: dict, seat: str | None) -> Reason:
    return _live(state) or (None if state["favor"] else "kleos.err.nobody_holds_olympus_favor")


def next_step(state: dict, seat: str | None) -> Reason:
    if state["phase"] == END:
        return "kleos.err.contest_ended_after_dusk"
    if state["phase"] == DUSK and not scored(state):
        return "kleos.err.confirm_dusk_sheet_first"
    return None


def dusk_open(state: dict, seat: str | None) -> Reason:
    phase = state["phase"]
    return "kleos.why_not_dusk" if phase != DUSK else "kleos.err.dusk_already_scored_undo" if scored(state) else None


def token_free(state: dict, seat: str | None) -> Reason:
    return None if state["phase"] in TOKEN_PHASES else "kleos.why_token_locked"


def setting_up(state: dict, seat: str | None) -> Reason:
    return None if state["phase"] == SETUP else "kleos.why_started"


def any_time(state: dict, seat: str | None) -> Reason:
    """A roll is no move in the game: any device may roll at any time."""
    return None


def tie_asked(state: dict, seat: str | None) -> Reason:
    phase = state["phase"]
    return (_live(state) if phase == SETUP else "kleos.why_at_end" if phase != END
            else None if state["tiebreak"] else "kleos.err.tie_break_question_waiting")
