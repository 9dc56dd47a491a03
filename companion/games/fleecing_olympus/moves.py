"""Every Fleecing Olympus move, declared once: request shape, handler, the view's answer, history line,
step, form and secrets.

The tables the server reads (handlers, schemas, steps, the forms' confirms, what an
event hides and shows, the view's answers per move) are derived from this list
(core/moves.py), so a move is added or changed here and nowhere else. A tribute is
each seat's own answer, so not a step.
"""
from __future__ import annotations

from companion.core.moves import Move, Moves
from companion.games.fleecing_olympus import allowed as may, cards, deals, ending, history as line, opening, powers
from companion.games.fleecing_olympus import schemas, screens, secrets, turn
from companion.games.fleecing_olympus.drafts import OPENING, POWER, ROLL

MOVES = Moves(
    Move("opening_roll", schemas.OpeningRoll, opening.opening_roll, describe=line.opening, step=True, draft=OPENING),
    Move("power", schemas.Power, powers.power, may.power, line.power, step=True, draft=POWER),
    Move("tribute", schemas.Tribute, powers.tribute, describe=line.tribute),
    Move("roll", schemas.Roll, turn.roll, may.roll, line.roll, step=True, draft=ROLL),
    Move("card", schemas.Card, cards.card, describe=line.card, step=True),
    Move("stop", schemas.Bare, turn.stop, may.stop, line.settle, step=True, secret=secrets.SHORT,
         reveals=secrets.settled),
    Move("resolve", schemas.Bare, turn.resolve, may.resolve, line.settle, step=True, secret=secrets.SHORT,
         reveals=secrets.settled),
    Move("give", schemas.Give, deals.give, describe=line.give),
    Move("reveal", schemas.Reveal, screens.reveal, describe=line.reveal),
    Move("deck_out", schemas.Bare, ending.deck_out, may.deck_out, line.deck_out, step=True),
    Move("end", schemas.Bare, ending.end, may.end, line.end, step=True, reveals=secrets.final),
)
SECRETS = MOVES.secrets(secrets.SCREENS, secrets.shown)


def allowed(view: dict, seat: str | None) -> dict[str, str | None]:
    """Keys: `power`, `roll`, `resolve`, `stop`, `deck_out`, `end` (the moves'), and `card.<player>`,
    `kind.<legend|fate>`, `tribute_gem.<player>`. `seat` is the viewer: None for the tablet, "" (or
    anyone not seated) for a spectator."""
    return {**MOVES.allowed(view, seat), **may.per_player(view, seat)}


def describe(event: dict, lang: str) -> str:
    """Every line is built from public facts only, so it reads the same on every device."""
    return line.describe(event, MOVES.line(event), lang)
