"""Used Action markers: one Special Action per turn, each blocked until a Monument is built.

Kept apart from `turn` because building a Monument both takes a Special Action
and ends the round, and `turn` in turn needs the Monuments' countdown.
"""
from __future__ import annotations

from companion.games.lords_of_hellas.refusal import refuse

# The summary (pages 10-11) names only Build Monument; the rest are the
# Special Actions printed on the game's action board.
SPECIAL_ACTIONS = ("build_temple", "prepare", "march", "hunt", "usurp", "build_monument")


def take_special(state: dict, action: str) -> None:
    """Spend the turn's one Special Action and put the marker on it."""
    turn = state["turn"]
    player = turn["player"]
    if turn["special"] is not None:
        raise refuse("lords_of_hellas.err_special_taken")
    if action in state["used"][player]:
        raise refuse("lords_of_hellas.err_special_blocked")
    turn["special"] = action
    state["used"][player].append(action)


def end_round(state: dict) -> None:
    """What a Monument build sets off for everyone: markers off, artifacts recharged."""
    for player in state["players"]:
        state["used"][player] = []
        track = state["tracks"][player]
        track["charged"] = track["artifacts"]
    state["round"] += 1

