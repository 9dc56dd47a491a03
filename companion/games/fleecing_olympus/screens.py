"""The player screens: who may see whose gems, and choosing to show one's own.

Each phone is its player's screen. A view is cut from the state rather than
masked, so a hidden count is never in the data a device receives: not in
`gems`, and not in the last payment, whose real amount tells how much a
short payer had.
"""
from __future__ import annotations

from companion.core.model import RuleError
from companion.games.fleecing_olympus.allowed import allowed
from companion.games.fleecing_olympus.ending import reshuffle
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


def view(state: dict, seat: str | None) -> dict:
    """The state holding only the gem counts `seat` may know (None: the tablet or a spectator), and
    what this viewer may do now (`allowed`, worked out from that cut-down view only).

    A new dict over the state's own values: every key the cut touches (`gems`, `last`) is a new
    dict, the rest is shared, as Kleos' view does. A state is never changed once made (a handler
    works on a copy, core/game.py), and the hub's secret cut copies the whole view again before any
    device gets it (Secrets.cut_view): a deep copy here as well copied every state twice for every
    seat on every change."""
    out = {**state, "reshuffle": reshuffle(state)}
    if not screens_down(state):
        visible = set(state["revealed"]) | ({seat} if seat in state["players"] else set())
        out["gems"] = {p: n for p, n in state["gems"].items() if p in visible}
        last = state.get("last")
        if last and seat not in (last["payer"], last["payee"]):
            out["last"] = {k: v for k, v in last.items() if k != "paid"}
    out["allowed"] = allowed(out, seat)
    return out
