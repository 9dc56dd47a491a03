"""Cyclades secrets: each purse, and the amounts of gold a player takes in, until the final count.

The Griffin is the one action that shows a purse to another player: the thief sees
half of it arrive. It is declared as a reveal, so its victim is told and only the
tablet can take it back.
"""
from __future__ import annotations

from companion.core.secrets import EVERY_SECRET, EventSecret, Revealed, StateSecret


def shown(state: dict) -> list[str]:
    return list(state["gold"]) if state.get("phase") == "over" else []


def griffin(event: dict) -> Revealed | None:
    taken = event.get("taken")
    return Revealed(event["victim"], event["player"], taken, "cyclades.told_griffin") if isinstance(taken, int) else None


def final(event: dict) -> Revealed | None:
    return EVERY_SECRET if (event.get("to") or {}).get("phase") == "over" else None


# What each move hides and shows is named by the move (cyclades/moves.py), from these.
PURSES = (StateSecret("gold"),)
INCOME = EventSecret(owners=("player",), fields=("prosperity",))
GAIN = EventSecret(owners=("player",), fields=("amount",))
TAKEN = EventSecret(owners=("player", "victim"), fields=("taken",))
