"""Every Kleos move, declared once: its request shape, handler, the view's answer, history line and step.

The tables the server reads (handlers, schemas, steps, the view's `allowed`, the
Dusk sheet's confirm) are derived from this list (core/moves.py), so a move is
added or changed here and nowhere else.
"""
from __future__ import annotations

from companion.core.moves import Move, Moves
from companion.games.kleos import allowed as may, drafts, history as line, rules, schemas
from companion.games.kleos.dice import roll_dice
from companion.games.kleos.drafts import DUSK_SHEET, TIEBREAK

MOVES = Moves(
    Move("setup.check", schemas.SetupCheck, rules.setup_check, may.setting_up, line.check),
    Move("setup.temples", schemas.SetupTemples, rules.setup_temples, may.setting_up, line.temples, step=True),
    Move("first_player.set", schemas.FirstPlayerSet, rules.first_player_set, may.token_free, line.first, step=True),
    Move("phase.next", schemas.PhaseNext, rules.phase_next, may.next_step, line.phase, step=True),
    Move("glory.add", schemas.GloryAdd, rules.glory_add, may.in_play, line.glory),
    Move("dice.roll", schemas.DiceRoll, roll_dice, may.any_time, line.roll),
    Move("favor.give", schemas.FavorGive, rules.favor_give, may.in_play, line.favor),
    Move("favor.clear", schemas.FavorClear, rules.favor_clear, may.favor_held, line.favor_clear),
    Move("dusk.score", schemas.DuskScore, rules.dusk_score, may.dusk_open, line.dusk, step=True,
         draft=DUSK_SHEET),
    Move("tiebreak.answer", schemas.TiebreakAnswer, rules.tiebreak_answer, may.tie_asked, line.tiebreak, step=True,
         draft=TIEBREAK),
    # Saved tables only: the Dusk sheet is now a `draft.set` form.
    Move("dusk.set", None, drafts.old_dusk_set, describe=line.dusk_set),
)

ACTIONS = MOVES.asked  # what the view answers for: every move a device may send


def allowed(state: dict, seat: str | None) -> dict[str, str | None]:
    """Every Kleos action mapped to None (may be taken now) or the key of the reason it may not.
    Kleos keeps the same books for every seat, so the answer depends on the step, not on who asks."""
    return MOVES.allowed(state, seat)


def describe(event: dict, lang: str) -> str:
    """The event's history line; every seat reads the same."""
    words = MOVES.line(event)
    return words(event, lang) if words else str(event.get("type"))
