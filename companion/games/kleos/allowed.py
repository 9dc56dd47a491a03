"""What a device may do at this table now, and why not: the screens render this, never re-decide it.

Kleos has no hidden hands and every seat keeps the same books, so the answer
depends on the step of the Contest, not on who asks; `seat` is taken anyway so
every game's view answers the same question the same way. A value of None
means allowed; otherwise it is the message key that says why not: the very
refusal the reducer would raise where that one needs no values.
"""
from __future__ import annotations

from companion.games.kleos.phases import scored
from companion.games.kleos.state import DAYBREAK, DEPLOYMENT, DUSK, END, SETUP

ACTIONS = ("glory.add", "favor.give", "favor.clear", "phase.next", "dusk.score", "first_player.set",
           "setup.check", "setup.temples", "tiebreak.answer", "dice.roll")
# The First Player token may be moved by hand until the day's Play phase begins.
TOKEN_PHASES = (SETUP, DEPLOYMENT, DAYBREAK)


def allowed(state: dict, seat: str | None) -> dict[str, str | None]:
    """Every Kleos action mapped to None (may be taken now) or the key of the reason it may not."""
    phase = state["phase"]
    live = {SETUP: "kleos.err.table_still_being_set", END: "kleos.err.contest_ended_after_dusk"}.get(phase)
    return {
        "glory.add": live,
        "favor.give": live,
        "favor.clear": live or (None if state["favor"] else "kleos.err.nobody_holds_olympus_favor"),
        "phase.next": _next(state),
        "dusk.score": ("kleos.why_not_dusk" if phase != DUSK
                       else "kleos.err.dusk_already_scored_undo" if scored(state) else None),
        "first_player.set": None if phase in TOKEN_PHASES else "kleos.why_token_locked",
        "setup.check": None if phase == SETUP else "kleos.why_started",
        "setup.temples": None if phase == SETUP else "kleos.why_started",
        "dice.roll": None,  # a roll is no move in the game: any device may roll at any time
        "tiebreak.answer": (live if phase == SETUP else "kleos.why_at_end" if phase != END
                            else None if state["tiebreak"] else "kleos.err.tie_break_question_waiting"),
    }


def _next(state: dict) -> str | None:
    if state["phase"] == END:
        return "kleos.err.contest_ended_after_dusk"
    if state["phase"] == DUSK and not scored(state):
        return "kleos.err.confirm_dusk_sheet_first"
    return None
