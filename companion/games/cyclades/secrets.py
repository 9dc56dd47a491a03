"""Cyclades secrets: each purse, and the amounts of gold a player takes in, until the final count."""
from __future__ import annotations

from companion.core.secrets import EventSecret, Secrets, StateSecret


def _shown(state: dict) -> list[str]:
    return list(state["gold"]) if state.get("phase") == "over" else []


SECRETS = Secrets(
    state=(StateSecret("gold"),),
    events={
        "income": EventSecret(owners=("player",), fields=("prosperity",)),
        "gold.gain": EventSecret(owners=("player",), fields=("amount",)),
    },
    shown=_shown,
)
