"""Input checks shared by the Cyclades handlers.

Every refusal is a RuleError raised before the handler touches the state, so
a refused command leaves nothing half done.
"""
from __future__ import annotations

from companion.core.access import TABLET
from companion.core.model import RuleError

PHASE_NAMES = {
    "setup": "setup",
    "placement": "initial placement",
    "round_init": "round initialization",
    "income": "income",
    "offerings": "offerings",
    "maintenance": "maintenance",
    "actions": "actions",
    "over": "the end of the game",
}


def phase(state: dict, *allowed: str) -> None:
    if state["phase"] not in allowed:
        wanted = " or ".join(PHASE_NAMES[p] for p in allowed)
        raise RuleError(f"That belongs to {wanted}; the table is at {PHASE_NAMES[state['phase']]}.")


def host(event: dict) -> None:
    if event.get("by") != TABLET:
        raise RuleError("Only the host tablet can do that.")


def player(state: dict, event: dict, key: str = "player") -> str:
    """The player the event names, who must exist."""
    pid = event.get(key)
    if pid not in state["gold"]:
        raise RuleError(f"There is no player called {pid!r} at this table.")
    return pid


def owner_or_host(event: dict, pid: str) -> None:
    """A player's own phone or the tablet acting for them; never another player's phone."""
    if event.get("by") not in (TABLET, pid):
        raise RuleError(f"Only {pid} or the host tablet can do that for {pid}.")


def faction(state: dict, event: dict) -> str:
    fid = event.get("faction")
    if fid not in state["factions"]:
        raise RuleError(f"There is no faction called {fid!r} at this table.")
    return fid


def whole(event: dict, key: str, minimum: int = 0) -> int:
    value = event.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        raise RuleError(f"{key.capitalize()} must be a whole number, at least {minimum}.")
    return value
