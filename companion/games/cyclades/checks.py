"""Input checks shared by the Cyclades handlers.

Every refusal is a RuleError raised before the handler touches the state, so
a refused command leaves nothing half done.
"""
from __future__ import annotations

from companion.core.model import RuleError

PHASE_NAMES = {  # message keys, so a refusal names the phase in the reader's language
    "setup": "cyclades.phase_setup",
    "placement": "cyclades.phase_placement",
    "round_init": "cyclades.phase_round_init",
    "income": "cyclades.phase_income",
    "offerings": "cyclades.phase_offerings",
    "maintenance": "cyclades.phase_maintenance",
    "actions": "cyclades.phase_actions",
    "over": "cyclades.phase_over",
}


def phase(state: dict, *allowed: str) -> None:
    if state["phase"] not in allowed:
        wanted = [PHASE_NAMES[p] for p in allowed]
        raise RuleError("cyclades.err.belongs_table", wanted=wanted, phase=PHASE_NAMES[state["phase"]])


def host(event: dict) -> None:
    if event.get("by") != "host":
        raise RuleError("cyclades.err.host_tablet_do")


def player(state: dict, event: dict, key: str = "player") -> str:
    """The player the event names, who must exist."""
    pid = event.get(key)
    if pid not in state["gold"]:
        raise RuleError("cyclades.err.player_called_table", pid=pid)
    return pid


def owner_or_host(event: dict, pid: str) -> None:
    """A player's own phone or the tablet acting for them; never another player's phone."""
    if event.get("by") not in ("host", pid):
        raise RuleError("cyclades.err.host_tablet_do_2", pid=pid)


def faction(state: dict, event: dict) -> str:
    fid = event.get("faction")
    if fid not in state["factions"]:
        raise RuleError("cyclades.err.faction_called_table", fid=fid)
    return fid


def whole(event: dict, key: str, minimum: int = 0) -> int:
    value = event.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        raise RuleError("cyclades.err.whole_number_least", field=key.capitalize(), minimum=minimum)
    return value
