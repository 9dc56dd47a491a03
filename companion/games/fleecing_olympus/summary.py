"""Fleecing Olympus at the final count: gems (plus Hera's token), extra turns settling a tie for first.

The reducer only ends the game with one clear leader, so a tie for first is
always one that extra turns decided; lower ties are shared.
"""
from __future__ import annotations

from companion.core.summary import competition_ranks
from companion.games.fleecing_olympus.ending import HERA_TOKEN_WORTH, run_outs_to_end
from companion.games.fleecing_olympus.setup import START_GEMS

OVER = "over"


def _tied_first(events: list[dict]) -> list[str]:
    """Who played extra turns: the leaders named when a count first ended level."""
    for event in events:
        tied = (event.get("public") or {}).get("tied")
        if tied:
            return list(tied)
    return []


def ranking(state: dict, events: list[dict]) -> tuple[list[dict], list[dict]]:
    result = state["result"]
    points = result["scores"]
    order = list(result["ranking"])
    ranks = competition_ranks(order, points.__getitem__)
    ranks[result["winner"]] = 1
    for p in order:
        if p != result["winner"] and ranks[p] == 1:
            ranks[p] = 2
    ties = []
    extra = _tied_first(events)
    if len(extra) > 1:
        ties.append({"players": extra, "winner": result["winner"], "decided_by": "extra_turns"})
    for score in sorted(set(points.values()), reverse=True):
        level = [p for p in order if points[p] == score and p != result["winner"]]
        if len(level) > 1:
            ties.append({"players": level, "winner": None, "decided_by": "shared"})
    rows = [{"player": p, "rank": ranks[p], "decided_by": None} for p in order]
    return sorted(rows, key=lambda r: r["rank"]), ties


def _sources(gems: int, hera: bool) -> dict[str, int]:
    """Where a final count came from, as parts that add up to it: the gems every player starts
    with, what the game gave or took since ("gems +30" was said of 20 become 30), Hera's token."""
    return {"start": START_GEMS, "gems": gems - START_GEMS, **({"hera": HERA_TOKEN_WORTH} if hera else {})}


def start_player(state: dict) -> str | None:
    decided = state["opening"]["decided"]
    return decided[0] if decided else None


def is_finished(state: dict) -> bool:
    """Whether the play is over: cheap, so the hub can ask after every change."""
    return state["phase"] == OVER


def summary(state: dict, table: object, events: list[dict]) -> dict:
    finished = is_finished(state)
    ranked, ties = ranking(state, events) if finished else ([], [])
    if finished:
        missing = []
    elif state["tiebreak"]:
        missing = [{"key": "summary.missing_fo_tiebreak", "values": {}}]
    else:
        missing = [{"key": "summary.missing_fo", "values": {
            "n": run_outs_to_end(len(state["players"])), "done": state["deck_outs"]}}]
    scores = state["result"]["scores"] if finished else {}
    bonus = state["result"]["hera_bonus"] if finished else None
    return {
        "finished": finished,
        "missing": missing,
        "players": [{"id": p, "score": scores.get(p), "role": str(state["deities"].get(p) or "").title() or None}
                    for p in state["players"]],
        "ranking": ranked,
        "ties": ties,
        "start_player": start_player(state),
        "series": None,
        "sources": {p: _sources(state["gems"][p], p == bonus) for p in state["players"]} if finished else {},
        "highest_wins": True,
        "no_points": False,
    }


def active_seat(state: dict) -> str | None:
    return None if state["phase"] in (OVER, "opening") else state["active"]
