"""The Cyclades forms several devices fill for one decision, held by the table (companion/core/drafts.py).

The bid a pawn is about to make (the tablet mirrors the board, the phone is its
player's own), the god turned up when the round ends early, and the creatures each
player keeps at upkeep. None of them is secret: bids are made in the open. What a
player's purse holds, and its income, stay on that player's phone.

An entry is no move: it makes no line of history and Undo never takes it back; the
history reads the confirmed bid ("red offers 4 gold to Athena."), once.
"""
from __future__ import annotations

from companion.core.drafts import Draft
from companion.games.cyclades.auction import next_bidder

BID, REVEAL, KEEP = "bid", "reveal", "keep"


def _bidder(state: dict) -> object:
    """A bid is drafted for one pawn's move: the next pawn, or an outbid one, starts afresh."""
    off = state.get("offerings") or {}
    return [state.get("round"), state.get("phase"), off.get("attempt"), next_bidder(state) if off else None]


def _round(state: dict) -> object:
    return [state.get("round"), state.get("phase")]


# The moves that confirm each are named by the moves (cyclades/moves.py).
FORMS = (Draft(BID, round=_bidder), Draft(REVEAL, round=_round),
         Draft(KEEP, round=_round, part=lambda event: event.get("player")))
