"""The opening roll: highest total becomes the first Active player, second takes Judgment.

Only the top two places matter, so ties are settled group by group: a tied
group re-rolls among itself, and players ranked below two settled places
never roll again.
"""
from __future__ import annotations

import random

from companion.core.model import RuleError
from companion.games.fleecing_olympus.rules import die, name, require_by, require_phase
from companion.games.fleecing_olympus.turn import start_turn

PLACES = 2


def fresh(players: list[str]) -> dict:
    return {"decided": [], "queue": [list(players)], "rounds": []}


def pending(opening: dict) -> list[str]:
    """Who must roll next: the first group still tied, or nobody once two places are known."""
    if len(opening["decided"]) >= PLACES or not opening["queue"]:
        return []
    return list(opening["queue"][0])


def _settle(opening: dict) -> None:
    while len(opening["decided"]) < PLACES and opening["queue"] and len(opening["queue"][0]) == 1:
        opening["decided"].append(opening["queue"].pop(0)[0])


def _take_round(opening: dict, rolls: object) -> None:
    group = pending(opening)
    if not group:
        raise RuleError("fleecing_olympus.err.opening_roll_already_settled")
    if not isinstance(rolls, dict) or set(rolls) != set(group):
        raise RuleError("fleecing_olympus.err.roll_for_each", names=", ".join(name(p) for p in group))
    totals = {}
    for who in group:
        pair = rolls[who]
        if not isinstance(pair, list) or len(pair) != 2:
            raise RuleError("fleecing_olympus.err.each_opening_roll_two")
        totals[who] = die(pair[0]) + die(pair[1])
    classes = [[p for p in group if totals[p] == t] for t in sorted(set(totals.values()), reverse=True)]
    opening["queue"][0:1] = classes
    opening["rounds"].append({p: list(rolls[p]) for p in group})
    _settle(opening)


def opening_roll(state: dict, event: dict) -> dict:
    """Handler: one or more rounds of 2d6 per player; the game starts once two places are clear."""
    require_phase(state, "opening")
    require_by(event, *state["players"])
    rounds = event.get("rounds")
    if not isinstance(rounds, list) or not rounds:
        raise RuleError("fleecing_olympus.err.enter_opening_dice_let")
    opening = state["opening"]
    for rolls in rounds:
        _take_round(opening, rolls)
    if not pending(opening):
        first, second = opening["decided"][:PLACES]
        state["judgment"] = second
        start_turn(state, first)
    return state


def roll_rounds(opening: dict, rng: random.Random) -> list[dict]:
    """The rounds the app rolls, re-rolling ties until the top two places are clear."""
    trial = {"decided": list(opening["decided"]), "queue": [list(g) for g in opening["queue"]], "rounds": []}
    rounds = []
    while group := pending(trial):
        rolls = {p: [rng.randint(1, 6), rng.randint(1, 6)] for p in group}
        _take_round(trial, rolls)
        rounds.append(rolls)
    return rounds
