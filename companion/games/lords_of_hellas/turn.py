"""The turn helper: Regular Actions first, then exactly one Special Action.

Each Regular Action type may be used once per turn; the turn cannot end until
the Special Action is taken and, after a Monument build, the Monster and Event
phases are ticked off in order.
"""
from __future__ import annotations

from companion.games.lords_of_hellas import monuments
from companion.games.lords_of_hellas.guards import ensure_open, ensure_turn_actor, whole_number
from companion.games.lords_of_hellas.markers import take_special
from companion.games.lords_of_hellas.specials import actions
from companion.games.lords_of_hellas.refusal import refuse

REGULAR_ACTIONS = ("artifacts", "move", "priests")


def on_regular(state: dict, event: dict) -> dict:
    ensure_open(state)
    player = ensure_turn_actor(state, event)
    turn = state["turn"]
    action = event.get("action")
    if action not in REGULAR_ACTIONS:
        raise refuse("lords_of_hellas.err_unknown_action", action=action)
    if turn["special"] is not None:
        raise refuse("lords_of_hellas.err_regular_after_special")
    if action in turn["regular"]:
        raise refuse("lords_of_hellas.err_regular_done")
    if action == "artifacts":
        track = state["tracks"][player]
        if track["charged"] == 0:
            raise refuse("lords_of_hellas.err_no_charged")
        track["charged"] -= whole_number(event.get("count"), 1, track["charged"])
    elif action == "priests":
        monuments.send_priests(state, player, event.get("monument"), event.get("count"))
    turn["regular"].append(action)
    return state


def on_special(state: dict, event: dict) -> dict:
    ensure_open(state)
    ensure_turn_actor(state, event)
    action = event.get("action")
    if action not in actions(state):
        raise refuse("lords_of_hellas.err_unknown_action", action=action)
    if action == "build_monument":
        raise refuse("lords_of_hellas.err_pick_monument")
    take_special(state, action)
    return state


def on_step(state: dict, event: dict) -> dict:
    """Tick off the next after-build phase; they run in the order the rules give."""
    ensure_open(state)
    ensure_turn_actor(state, event)
    steps = state["turn"]["steps"]
    if not steps:
        raise refuse("lords_of_hellas.err_no_steps")
    if event.get("step") != steps[0]:
        raise refuse("lords_of_hellas.err_step_order")
    steps.pop(0)
    return state


def on_end(state: dict, event: dict) -> dict:
    ensure_open(state)
    ensure_turn_actor(state, event)
    turn = state["turn"]
    if turn["special"] is None:
        raise refuse("lords_of_hellas.err_special_missing")
    if turn["steps"]:
        raise refuse("lords_of_hellas.err_steps_pending")
    if state["hunt"] is not None and state["hunt"]["status"] == "ongoing":
        raise refuse("lords_of_hellas.err_hunt_ongoing")
    monuments.tick(state, turn["number"])
    if state["winner"] is not None:
        return state
    players = state["players"]
    following = players[(players.index(turn["player"]) + 1) % len(players)]
    state["turn"] = new_turn(following, turn["number"] + 1)
    return state


def new_turn(player: str, number: int) -> dict:
    return {"player": player, "number": number, "regular": [], "special": None, "steps": []}
