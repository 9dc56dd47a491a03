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
    Move("tracker.set", schemas.TrackerSet, tracker.on_set, describe=line.tracker_set),
    Move("turn.regular", schemas.TurnRegular, turn.on_regular, describe=line.regular, step=True, draft=COUNTS),
    Move("turn.special", schemas.TurnSpecial, turn.on_special, describe=line.special, step=True),
    Move("turn.step", schemas.TurnStep, turn.on_step, describe=line.step, step=True),
    Move("turn.end", schemas.TurnEnd, turn.on_end, describe=line.end, step=True),
    Move("monument.build", schemas.MonumentBuild, monuments.on_build, describe=line.build, step=True),
    Move("monument.control", schemas.MonumentControl, monuments.on_control, describe=line.control),
    Move("battle.resolve", schemas.BattleResolve, battle.on_resolve, describe=line.battle, step=True, draft=BATTLE),
    Move("hunt.start", schemas.HuntStart, hunt.on_start, describe=line.hunting, step=True, draft=HUNT),
    Move("hunt.attack", schemas.HuntAttack, hunt.on_attack, describe=line.hunting, step=True, draft=WOUNDS),
    Move("hunt.claim", schemas.HuntClaim, hunt.on_claim, describe=line.hunting, step=True),
    Move("special.name", schemas.SpecialName, specials.on_name, describe=line.special_name),
    Move("special.add", schemas.SpecialAdd, specials.on_add, describe=line.special_add),
)


def describe(event: dict, lang: str) -> str:
    """The event's history line; nothing is hidden, so every seat reads the same."""
    return line.describe(event, MOVES.line(event), lang)
