"""The score pad ends when the table says so (game.end); the summary is then the final standings."""
from __future__ import annotations

from companion.core.summary import competition_ranks


def is_finished(state: dict) -> bool:
    """Whether the play is over: cheap, so the hub can ask after every change."""
    return bool(state.get("ended"))


def summary(state: dict, table: object, events: list[dict]) -> dict:
    scores = state["scores"]
    finished = is_finished(state)
    order = sorted(state["players"], key=lambda p: -scores[p])
    ranks = competition_ranks(order, scores.__getitem__)
    ties = []
    for score in sorted(set(scores.values()), reverse=True):
        level = [p for p in order if scores[p] == score]
        if len(level) > 1:
            ties.append({"players": level, "winner": None, "decided_by": "shared"})
    return {
        "finished": finished,
        "missing": [] if finished else [{"key": "summary.missing_scorepad", "values": {}}],
        "players": [{"id": p, "score": scores[p], "role": None} for p in state["players"]],
        "ranking": [{"player": p, "rank": ranks[p], "decided_by": None} for p in order] if finished else [],
        "ties": ties if finished else [],
        "start_player": state["players"][0],
        "series": None,
        "sources": {},
        "highest_wins": True,
        "no_points": False,
    }


def active_seat(state: dict) -> str | None:
    return None
