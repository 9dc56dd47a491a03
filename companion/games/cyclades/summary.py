"""Cyclades at the end: metropolises rank the players, gold breaks a tie, the eliminated come last.

Gold is secret while the game runs; the hook reads the public view, which
holds every purse only once the game is over.
"""
from __future__ import annotations

from companion.core.summary import competition_ranks
from companion.games.cyclades.auction import next_bidder
from companion.games.cyclades.rounds import WINNING_METROPOLISES
from companion.games.cyclades.tracker import is_out, metropolis_score

OVER = "over"


def _key(state: dict, player: str) -> tuple[int, int, int]:
    return (not is_out(state, player), metropolis_score(state, player), state["gold"].get(player, 0))


def ranking(state: dict) -> tuple[list[dict], list[dict]]:
    order = sorted(state["players"], key=lambda p: _key(state, p), reverse=True)
    ranks = competition_ranks(order, lambda p: _key(state, p))
    ties = []
    for metropolises in sorted({_key(state, p)[:2] for p in order}, reverse=True):
        level = [p for p in order if _key(state, p)[:2] == metropolises]
        if len(level) < 2:
            continue
        top = [p for p in level if ranks[p] == ranks[level[0]]]
        ties.append({"players": level, "winner": top[0] if len(top) == 1 else None,
                     "decided_by": "gold" if len(top) == 1 else "shared"})
    decided = {p: t["decided_by"] for t in ties for p in t["players"]}
    return [{"player": p, "rank": ranks[p], "decided_by": decided.get(p, "metropolises")} for p in order], ties


def start_player(state: dict, events: list[dict]) -> str | None:
    """Owner of the first faction of the drawn turn order."""
    start = next((e for e in events if e.get("type") == "start" and e.get("order")), None)
    return state["factions"].get(start["order"][0]) if start else None


def is_finished(state: dict) -> bool:
    """Whether the play is over: cheap, so the hub can ask after every change."""
    return state["phase"] == OVER


def summary(state: dict, table: object, events: list[dict]) -> dict:
    finished = is_finished(state)
    ranked, ties = ranking(state) if finished else ([], [])
    duel = len(state["players"]) == 2
    return {
        "finished": finished,
        "missing": [] if finished else [{"key": "summary.missing_cyclades",
                                         "values": {"count": WINNING_METROPOLISES}}],
        "players": [{
            "id": p,
            "score": metropolis_score(state, p),
            "role": " + ".join(f for f, owner in state["factions"].items() if owner == p) if duel else None,
        } for p in state["players"]],
        "ranking": ranked,
        "ties": ties,
        "start_player": start_player(state, events),
        "series": None,
        "sources": {},
        "highest_wins": True,
        "no_points": False,
    }


def active_seat(state: dict) -> str | None:
    """The player acting now: the bidder during offerings, the god's faction during actions."""
    if state["phase"] == "actions":
        acts = state["actions"]
        if acts["current"] < len(acts["order"]):
            return state["factions"][acts["order"][acts["current"]][0]]
        return None
    if state["phase"] == "offerings" and state["offerings"]:
        faction = next_bidder(state)
        return state["factions"].get(faction) if faction else None
    return None
