"""Fleecing Olympus secrets: the gems behind each screen, and what a short payer really paid.

Every gem that changes hands in the open (wagers, gifts, powers) is a public
fact of the game; the screens are the state. One event shows a count: a wager
paid short tells the winner exactly what the loser had. That event keeps the
amount for those two (`paid`), is declared a reveal so the loser is told, and
only the tablet can take it back.
"""
from __future__ import annotations

from companion.core.secrets import EventSecret, Revealed, Secrets, StateSecret
from companion.games.fleecing_olympus.screens import screens_down


def _shown(state: dict) -> list[str]:
    return list(state["players"]) if screens_down(state) else list(state["revealed"])


def _short(event: dict) -> Revealed | None:
    paid = event.get("paid")
    return Revealed(event["payer"], event["payee"], paid, "fleecing_olympus.told_short") if isinstance(paid, int) else None


SHORT = EventSecret(owners=("payer", "payee"), fields=("paid",))
SECRETS = Secrets(
    state=(StateSecret("gems"), StateSecret("last.paid", owners=("last.payer", "last.payee"))),
    events={"stop": SHORT, "resolve": SHORT},
    shown=_shown,
    reveals={"stop": _short, "resolve": _short},
)
