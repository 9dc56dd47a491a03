"""The player screens: who may see whose gems, and choosing to show one's own.

Each phone is its player's screen. A view (view.py) is cut from the state rather than
masked, so a hidden count is never in the data a device receives: not in
`gems`, and not in the last payment, whose real amount tells how much a
short payer had.
"""
from __future__ import annotations

from companion.core.model import RuleError
from companion.games.fleecing_olympus.rules import HOST, flag, player, require_phase


def screens_down(state: dict) -> bool:
    """At the final count (and through any tie-break turns) every gem is on show."""
    return state["phase"] == "over" or bool(state["tiebreak"])


def reveal(state: dict, event: dict) -> dict:
    """Handler: a player shows (or hides again) their gems; only their own phone can."""
    require_phase(state, "opening", "power", "tribute", "roll", "cards")
    by = event.get("by", HOST)
    if by == HOST:
        raise RuleError("fleecing_olympus.err.player_own_phone_show")
    seat = player(state, by)
    show = flag(event.get("open", True), "fleecing_olympus.err.what_show_gems")
    if not show and screens_down(state):
        raise RuleError("fleecing_olympus.err.screens_down_final_count")
    revealed = [p for p in state["revealed"] if p != seat]
    state["revealed"] = revealed + [seat] if show else revealed
    return state
