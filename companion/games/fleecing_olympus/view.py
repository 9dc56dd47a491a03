"""What one device is given of a Fleecing Olympus table: the gem counts it may know and what it may do now."""
from __future__ import annotations

from companion.games.fleecing_olympus.ending import reshuffle
from companion.games.fleecing_olympus.moves import allowed
from companion.games.fleecing_olympus.screens import screens_down


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
