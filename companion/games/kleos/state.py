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
_PHASE_WORDS = {
    SETUP: "setup", DEPLOYMENT: "Deployment", DAYBREAK: "Daybreak", PLAY: "the Play phase",
    ACTION: "the Action phase", DUSK: "Dusk", END: "the end of the Contest",
}


def label(player: str) -> str:
    return str(player).title()


def require_player(state: dict, player: object) -> str:
    if player not in state["players"]:
        raise RuleError(f"{player!r} is not playing at this table; the gods here are {', '.join(state['players'])}.")
    return player  # type: ignore[return-value]


def require_phase(state: dict, *phases: str) -> None:
    if state["phase"] == SETUP and SETUP not in phases:
        raise RuleError("The table is still being set up: press next to start the Contest first.")
    if state["phase"] == END and END not in phases:
        raise RuleError("The Contest ended after Dusk of day 5; undo to correct it.")
    if state["phase"] not in phases:
        allowed = " or ".join(_PHASE_WORDS[p] for p in phases)
        raise RuleError(f"Not now: that belongs to {allowed}, and the table is in {_PHASE_WORDS[state['phase']]}.")


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
        raise RuleError(f"{label(player)} has {state['glory'][player]} Glory and cannot lose {-amount}.")
    state["glory"][player] = total
    state["glory_by_day"][player][-1] = total
    state["glory_log"].append({
        "player": player, "amount": amount, "reason": reason, "note": note, "day": state["day"],
    })
