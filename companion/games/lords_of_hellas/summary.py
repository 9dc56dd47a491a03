"""Lords of Hellas ends the moment one player meets a victory condition: one winner, no points."""
from __future__ import annotations


def is_finished(state: dict) -> bool:
    """Whether the play is over: cheap, so the hub can ask after every change."""
    return state["winner"] is not None


def summary(state: dict, table: object, events: list[dict]) -> dict:
    won = state["winner"]
    finished = is_finished(state)
    ranking = [{"player": p, "rank": 1 if p == won["player"] else 2,
                "decided_by": won["condition"] if p == won["player"] else None}
               for p in state["players"]] if finished else []
    ranking.sort(key=lambda r: r["rank"])
    return {
        "finished": finished,
        "missing": [] if finished else [{"key": "summary.missing_lords_of_hellas", "values": {}}],
        "players": [{"id": p, "score": None, "role": None} for p in state["players"]],
        "ranking": ranking,
        "ties": [],
        "notes": [{"key": f"summary.won_{won['condition']}", "values": {"player": state["names"][won["player"]]}}]
        if finished else [],
        "start_player": state["players"][0],
        "series": None,
        "sources": {},
        "highest_wins": True,
        "no_points": True,
    }


def active_seat(state: dict) -> str | None:
    return None if state["winner"] is not None else state["turn"]["player"]
