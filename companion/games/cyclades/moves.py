"""Every Cyclades move, declared once: its request shape, handler, history line, step, form and secrets.

The tables the server reads (handlers, schemas, steps, the forms' confirms, what an
event hides and shows) are derived from this list (core/moves.py), so a move is added
or changed here and nowhere else. The view's answers (`allowed`) are per item and per
player, not per move, so they stay in allowed.py.
"""
from __future__ import annotations

from companion.core.moves import Move, Moves
from companion.games.cyclades import auction, gold, history as line, rounds, schemas, secrets, tracker
from companion.games.cyclades.drafts import BID, KEEP, REVEAL

MOVES = Moves(
    Move("start", schemas.Start, rounds.start, describe=line.start, step=True),
    Move("checklist.tick", schemas.ChecklistTick, rounds.tick, describe=line.tick),
    Move("phase.next", schemas.PhaseNext, rounds.next_phase, describe=line.next_phase, step=True, draft=REVEAL,
         reveals=secrets.final),
    Move("income", schemas.Income, gold.income, describe=line.income, secret=secrets.INCOME),
    Move("offering.bid", schemas.OfferingBid, auction.bid, describe=line.bid, step=True, draft=BID),
    Move("offering.pay", schemas.OfferingPay, auction.settle, describe=line.pay, step=True),
    Move("maintenance.keep", schemas.MaintenanceKeep, tracker.keep_creatures, describe=line.keep, draft=KEEP),
    Move("action.done", schemas.ActionDone, rounds.finish_turn, describe=line.done, step=True),
    Move("gold.spend", schemas.GoldSpend, gold.spend, describe=line.spend),
    Move("gold.creature", schemas.GoldCreature, gold.buy_creature, describe=line.creature),
    Move("gold.gain", schemas.GoldGain, gold.gain, describe=line.gain, secret=secrets.GAIN),
    Move("gold.griffin", schemas.GoldGriffin, gold.steal_half, describe=line.griffin, secret=secrets.TAKEN,
         reveals=secrets.griffin),
    Move("tracker.adjust", schemas.TrackerAdjust, tracker.adjust, describe=line.adjust),
    Move("tracker.creature", schemas.TrackerCreature, tracker.creature, describe=line.creature_change),
    Move("player.eliminate", schemas.PlayerEliminate, tracker.eliminate, describe=line.eliminate, step=True),
)
SECRETS = MOVES.secrets(secrets.PURSES, secrets.shown)


def describe(event: dict, seat: str | None, lang: str) -> str:
    """The event's history line for `seat`: an amount of gold only in its owner's own."""
    words = MOVES.line(event)
    return words(event, seat, lang) if words else str(event.get("type"))
