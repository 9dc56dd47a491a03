"""Cyclades secrets: each purse, and the amounts of gold a player takes in, until the final count.

The Griffin is the one action that shows a purse to another player: the thief sees
half of it arrive. It is declared as a reveal, so its victim is told and only the
tablet can take it back.
"""
from __future__ import annotations

from companion.core.secrets import EVERY_SECRET, EventSecret, Revealed, Secrets, StateSecret


def _shown(state: dict) -> list[str]:
    return list(state["gold"]) if state.get("phase") == "over" else []


def _griffin(event: dict) -> Revealed | None:
    taken = event.get("taken")
    return Revealed(event["victim"], event["player"], taken, "cyclades.told_griffin") if isinstance(taken, int) else None


def _final(event: dict) -> Revealed | None:
    return EVERY_SECRET if (event.get("to") or {}).get("phase") == "over" else None


SECRETS = Secrets(
    state=(StateSecret("gold"),),
    events={
        "income": EventSecret(owners=("player",), fields=("prosperity",)),
        "gold.gain": EventSecret(owners=("player",), fields=("amount",)),
        "gold.griffin": EventSecret(owners=("player", "victim"), fields=("taken",)),
    },
    shown=_shown,
    reveals={"gold.griffin": _griffin, "phase.next": _final},
)
