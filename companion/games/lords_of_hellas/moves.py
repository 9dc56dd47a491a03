"""Every Lords of Hellas move, declared once: its request shape, handler, history line, step and form.

The tables the server reads (handlers, schemas, steps, the forms' confirms) are derived
from this list (core/moves.py), so a move is added or changed here and nowhere else.
The view's answers (`allowed`) are per action, Monument and player, not per move, so
they stay in allowed.py.
"""
from __future__ import annotations

from companion.core.moves import Move, Moves
from companion.games.lords_of_hellas import battle, history as line, hunt, monuments, schemas, specials, tracker, turn
from companion.games.lords_of_hellas.drafts import BATTLE, COUNTS, HUNT, WOUNDS

MOVES = Moves(
    Move("tracker.set", schemas.TrackerSet, tracker.on_set, line.tracker_set),
    Move("turn.regular", schemas.TurnRegular, turn.on_regular, line.regular, step=True, drafts=(COUNTS,)),
    Move("turn.special", schemas.TurnSpecial, turn.on_special, line.special, step=True),
    Move("turn.step", schemas.TurnStep, turn.on_step, line.step, step=True),
    Move("turn.end", schemas.TurnEnd, turn.on_end, line.end, step=True),
    Move("monument.build", schemas.MonumentBuild, monuments.on_build, line.build, step=True),
    Move("monument.control", schemas.MonumentControl, monuments.on_control, line.control),
    Move("battle.resolve", schemas.BattleResolve, battle.on_resolve, line.battle, step=True, drafts=(BATTLE,)),
    Move("hunt.start", schemas.HuntStart, hunt.on_start, line.hunting, step=True, drafts=(HUNT,)),
    Move("hunt.attack", schemas.HuntAttack, hunt.on_attack, line.hunting, step=True, drafts=(WOUNDS,)),
    Move("hunt.claim", schemas.HuntClaim, hunt.on_claim, line.hunting, step=True),
    Move("special.name", schemas.SpecialName, specials.on_name, line.special_name),
    Move("special.add", schemas.SpecialAdd, specials.on_add, line.special_add),
)


def describe(event: dict, lang: str) -> str:
    """The event's history line; nothing is hidden, so every seat reads the same."""
    return line.describe(event, MOVES.line(event), lang)
