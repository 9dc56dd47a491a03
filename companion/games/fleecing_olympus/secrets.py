"""Fleecing Olympus secrets: the gems behind each screen, and what a short payer really paid.

Every gem that changes hands in the open (wagers, gifts, powers) is a public
fact of the game; the screens are the state. One event shows a count: a wager
paid short tells the winner exactly what the loser had. That event keeps the
amount for those two (`paid`), is declared a reveal so the loser is told, and
only the tablet can take it back; so can only it take back the final count.
"""
from __future__ import annotations

from companion.core.secrets import EVERY_SECRET, EventSecret, Revealed, StateSecret
from companion.games.fleecing_olympus.screens import screens_down


def shown(state: dict) -> list[str]:
    return list(state["players"]) if screens_down(state) else list(state["revealed"])


def settled(event: dict) -> Revealed | None:
    """A short payment shows the loser's count to the winner; a turn that ends the play (or starts
    a tie-break) brings every screen down."""
    paid = event.get("paid")
    if isinstance(paid, int):
        return Revealed(event["payer"], event["payee"], paid, "fleecing_olympus.told_short")
    return final(event)


def final(event: dict) -> Revealed | None:
    facts = event.get("public") or {}
    return EVERY_SECRET if "winner" in facts or facts.get("tied") else None


# What each move hides and shows is named by the move (fleecing_olympus/moves.py), from these.
SHORT = EventSecret(owners=("payer", "payee"), fields=("paid",))
SCREENS = (StateSecret("gems"), StateSecret("last.paid", owners=("last.payer", "last.payee")))
