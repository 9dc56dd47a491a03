"""Gems handed over to honour a deal struck at the table.

Negotiation is part of the game and its payments are binding, so the app
must move those gems too, or the secret counts drift from the real ones.
The handover is made in plain sight, so the amount is public.
"""
from __future__ import annotations

from companion.core.model import RuleError
from companion.games.fleecing_olympus.rules import MAX_AMOUNT, acting_seat, pay_exactly, player, require_phase, whole


def give(state: dict, event: dict) -> dict:
    """Handler: a player pays another player gems from behind their screen."""
    require_phase(state, "power", "tribute", "roll", "cards")
    giver = acting_seat(state, event)
    to = player(state, event.get("to"), "player to receive the gems")
    if to == giver:
        raise RuleError("fleecing_olympus.err.gems_given_another_player")
    amount = whole(event.get("amount"), "fleecing_olympus.err.what_gems_given", 1, MAX_AMOUNT)
    pay_exactly(state, giver, amount, to, "fleecing_olympus.err.what_deal")
    return state
