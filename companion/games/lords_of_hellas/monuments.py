"""The three Monuments: building levels, the Priests sent to them, King of Kings.

A build is the one Special Action that ends the round, so it also clears every
Used Action marker; finishing the fifth level starts the King of Kings clock.
"""
from __future__ import annotations

from companion.games.lords_of_hellas import victory
from companion.games.lords_of_hellas.guards import ensure_open, ensure_player, ensure_turn_actor, whole_number
from companion.games.lords_of_hellas.markers import end_round, take_special
from companion.games.lords_of_hellas.refusal import refuse

MONUMENTS = ("zeus", "athena", "hermes")
TOP_LEVEL = 5
COUNTDOWN_TURNS = 3
# What the builder resolves after the round ends (summary, pages 10-11).
PHASE_STEPS = ("monster_phase", "event_phase")


def blank_monument() -> dict:
    return {"level": 0, "priests": {}, "controller": None, "countdown": None, "completed_turn": None}


def ensure_monument(state: dict, monument: object) -> dict:
    if monument not in MONUMENTS:
        raise refuse("lords_of_hellas.err_unknown_monument", monument=monument)
    return state["monuments"][monument]


def on_build(state: dict, event: dict) -> dict:
    ensure_open(state)
    builder = ensure_turn_actor(state, event)
    if state["hunt"] is not None and state["hunt"]["status"] == "ongoing":
        raise refuse("lords_of_hellas.err_hunt_ongoing")
    monument = ensure_monument(state, event.get("monument"))
    if monument["level"] >= TOP_LEVEL:
        raise refuse("lords_of_hellas.err_monument_complete")
    take_special(state, "build_monument")
    monument["level"] += 1
    for each in state["monuments"].values():
        for owner, count in each["priests"].items():
            state["tracks"][owner]["priests"] += count
        each["priests"] = {}
    state["tracks"][builder]["priests"] += state["tracks"][builder]["temples"]
    end_round(state)
    state["turn"]["steps"] = list(PHASE_STEPS)
    if monument["level"] == TOP_LEVEL and state["conditions"]["king_of_kings"]:
        monument["countdown"] = COUNTDOWN_TURNS
        monument["completed_turn"] = state["turn"]["number"]
    return state


def on_control(state: dict, event: dict) -> dict:
    """Who holds the Region where a Monument stands; only matters for King of Kings."""
    ensure_open(state)
    monument = ensure_monument(state, event.get("monument"))
    player = event.get("player")
    monument["controller"] = None if player is None else ensure_player(state, player)
    return state


def tick(state: dict, ended_turn: int) -> None:
    """Count down after each turn that follows the completing one; at zero the holder wins."""
    for monument in state["monuments"].values():
        if monument["countdown"] is None or monument["completed_turn"] >= ended_turn:
            continue
        monument["countdown"] -= 1
        if monument["countdown"] == 0:
            monument["countdown"] = None
            if monument["controller"] is not None and state["winner"] is None:
                victory.declare(state, monument["controller"], "king_of_kings")


def send_priests(state: dict, player: str, monument_id: object, count: object) -> None:
    """Move Priests from a player's pool onto a Monument (a Regular Action)."""
    monument = ensure_monument(state, monument_id)
    track = state["tracks"][player]
    if track["priests"] == 0:
        raise refuse("lords_of_hellas.err_no_priests")
    sent = whole_number(count, 1, track["priests"])
    track["priests"] -= sent
    monument["priests"][player] = monument["priests"].get(player, 0) + sent
