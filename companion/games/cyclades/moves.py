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
    Move("start", schemas.Start, rounds.start, line.start, step=True),
    Move("checklist.tick", schemas.ChecklistTick, rounds.tick, line.tick),
    Move("phase.next", schemas.PhaseNext, rounds.next_phase, line.next_phase, step=True, drafts=(REVEAL,),
         reveals=secrets.final),
    Move("income", schemas.Income, gold.income, line.income, secret=secrets.INCOME),
    Move("offering.bid", schemas.OfferingBid, auction.bid, line.bid, step=True, drafts=(BID,)),
    Move("offering.pay", schemas.OfferingPay, auction.settle, line.pay, step=True),
    Move("maintenance.keep", schemas.MaintenanceKeep, tracker.keep_creatures, line.keep, drafts=(KEEP,)),
    Move("action.done", schemas.ActionDone, rounds.finish_turn, line.done, step=True),
    Move("gold.spend", schemas.GoldSpend, gold.spend, line.spend),
    Move("gold.creature", schemas.GoldCreature, gold.buy_creature, line.creature),
    Move("gold.gain", schemas.GoldGain, gold.gain, line.gain, secret=secrets.GAIN),
    Move("gold.griffin", schemas.GoldGriffin, gold.steal_half, line.griffin, secret=secrets.TAKEN,
         reveals=secrets.griffin),
    Move("tracker.adjust", schemas.TrackerAdjust, tracker.adjust, line.adjust),
    Move("tracker.creature", schemas.TrackerCreature, tracker.creature, line.creature_change),
    Move("player.eliminate", schemas.PlayerEliminate, tracker.eliminate, line.eliminate, step=True),
)
SECRETS = MOVES.secrets(secrets.PURSES, secrets.shown)


def describe(event: dict, seat: str | None, lang: str) -> str:
    """The event's history line for `seat`: an amount of gold only in its owner's own."""
    words = MOVES.line(event)
    return words(event, seat, lang) if words else str(event.get("type"))
