"""The shape of a Kleos table state and the few checks and writes every handler shares.

The state is a plain JSON dict (see setup.initial_state for every key). Glory
only changes through `change_glory`, so the total, the per-day series for the
chart and the reasoned log can never drift apart.
"""
from __future__ import annotations

from companion.core.model import RuleError

SETUP = "setup"
DEPLOYMENT = "deployment"
DAYBREAK = "daybreak"
PLAY = "play"
ACTION = "action"
DUSK = "dusk"
END = "end"
LAST_DAY = 5
_PHASE_WORDS = {  # message keys, so a refusal names the phase in the reader's language
    SETUP: "kleos.phase_setup", DEPLOYMENT: "kleos.phase_deployment", DAYBREAK: "kleos.phase_daybreak",
    PLAY: "kleos.phase_play", ACTION: "kleos.phase_action", DUSK: "kleos.phase_dusk",
    END: "kleos.phase_end",
}


def label(player: str) -> str:
    return str(player).title()


def require_player(state: dict, player: object) -> str:
    if player not in state["players"]:
        raise RuleError("kleos.err.playing_table_gods_here", player=player, names=', '.join(state['players']))
    return player  # type: ignore[return-value]


def require_phase(state: dict, *phases: str) -> None:
    if state["phase"] == SETUP and SETUP not in phases:
        raise RuleError("kleos.err.table_still_being_set")
    if state["phase"] == END and END not in phases:
        raise RuleError("kleos.err.contest_ended_after_dusk")
    if state["phase"] not in phases:
        allowed = [_PHASE_WORDS[p] for p in phases]
        raise RuleError("kleos.err.now_belongs_table", allowed=allowed, phase=_PHASE_WORDS[state["phase"]])


def turn_order(state: dict) -> list[str]:
    """Seats are clockwise, so the day's order is the seat list started at the first player."""
    players = state["players"]
    start = players.index(state["first_player"])
    return players[start:] + players[:start]


def next_clockwise(state: dict, player: str) -> str:
    players = state["players"]
    return players[(players.index(player) + 1) % len(players)]


def change_glory(state: dict, player: str, amount: int, reason: str, note: str = "") -> None:
    total = state["glory"][player] + amount
    if total < 0:
        raise RuleError("kleos.err.glory_cannot_lose", player=label(player), glory=state["glory"][player], amount=-amount)
    state["glory"][player] = total
    state["glory_by_day"][player][-1] = total
    state["glory_log"].append({
        "player": player, "amount": amount, "reason": reason, "note": note, "day": state["day"],
    })
