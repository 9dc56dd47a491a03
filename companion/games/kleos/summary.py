"""Kleos after Dusk of day 5: the full ranking, each tie broken in words, and where Glory came from.

Ties are split the way the rulebook names the Patron: Glory, then Glory from
the last Dusk, then the table's answers to the board questions (Champion's
location, Epic Minions, Minions in the city), read from the tie-break events.
Players still level after what is known share their place.
"""
from __future__ import annotations

from companion.core.summary import competition_ranks
from companion.games.kleos.scoring import LOCATION_GLORY
from companion.games.kleos.state import END, LAST_DAY
from companion.games.kleos.tiebreak import CHAMPION, CRITERIA

GLORY = "glory"


def _answers(events: list[dict]) -> dict[str, dict[str, int]]:
    """criterion -> {player: comparable value}, from the tie-break answers in effect."""
    out: dict[str, dict[str, int]] = {}
    for event in events:
        if event.get("type") == "tiebreak.answer" and isinstance(event.get("values"), dict):
            criterion = event.get("criterion")
            values = event["values"]
            out[criterion] = {p: LOCATION_GLORY.get(v, 0) if criterion == CHAMPION else v for p, v in values.items()}
    return out


def _keys(state: dict, events: list[dict]) -> dict[str, dict[str, int]]:
    control = (state["dusk"] or {}).get("glory", {}) if (state["dusk"] or {}).get("day") == LAST_DAY else {}
    return {GLORY: dict(state["glory"]), CRITERIA[0]: {p: control.get(p, 0) for p in state["players"]},
            **_answers(events)}


def _split(group: list[str], keys: dict[str, dict[str, int]], level: int, ties: list[dict]) -> list[list[str]]:
    """Order a level group best first by the next criterion every member has an answer for."""
    if len(group) == 1:
        return [group]
    for index in range(level, len(CRITERIA)):
        criterion = CRITERIA[index]
        values = keys.get(criterion, {})
        if not all(p in values for p in group):
            break
        levels = sorted({values[p] for p in group}, reverse=True)
        if len(levels) == 1:
            continue
        parts = [[p for p in group if values[p] == v] for v in levels]
        top = parts[0]
        ties.append({"players": group, "winner": top[0] if len(top) == 1 else None, "decided_by": criterion})
        return [sub for part in parts for sub in _split(part, keys, index + 1, ties)]
    ties.append({"players": group, "winner": None, "decided_by": "shared"})
    return [group]


def ranking(state: dict, events: list[dict]) -> tuple[list[dict], list[dict]]:
    """([{player, rank, decided_by}] best first, ties) for a finished Contest."""
    keys = _keys(state, events)
    ties: list[dict] = []
    groups: list[list[str]] = []
    for glory in sorted(set(state["glory"].values()), reverse=True):
        level = [p for p in state["players"] if state["glory"][p] == glory]
        groups.extend(_split(level, keys, 0, ties))
    order = [p for g in groups for p in g]
    group_of = {p: i for i, g in enumerate(groups) for p in g}
    ranks = competition_ranks(order, group_of.__getitem__)
    decided = {p: t["decided_by"] for t in ties for p in t["players"]}
    return [{"player": p, "rank": ranks[p], "decided_by": decided.get(p, GLORY)} for p in order], ties


def start_player(state: dict) -> str:
    """First player of day 1: the token moves one seat clockwise each new day."""
    players = state["players"]
    return players[(players.index(state["first_player"]) - (state["day"] - 1)) % len(players)]


def sources(state: dict) -> dict[str, dict[str, int]]:
    out: dict[str, dict[str, int]] = {p: {} for p in state["players"]}
    for entry in state["glory_log"]:
        bucket = out[entry["player"]]
        bucket[entry["reason"]] = bucket.get(entry["reason"], 0) + entry["amount"]
    return out


def missing(state: dict) -> list[dict]:
    if state["phase"] != END:
        return [{"key": "summary.missing_kleos_day", "values": {"day": state["day"], "last": LAST_DAY}}]
    if state["tiebreak"]:
        return [{"key": f"summary.missing_kleos_{state['tiebreak']['criterion']}", "values": {}}]
    return []


def is_finished(state: dict) -> bool:
    """Whether the play is over: cheap, so the hub can ask after every change."""
    return state["phase"] == END and not state["tiebreak"]


def summary(state: dict, table: object, events: list[dict]) -> dict:
    finished = is_finished(state)
    ranked, ties = ranking(state, events) if finished else ([], [])
    return {
        "finished": finished,
        "missing": missing(state),
        "players": [{"id": p, "score": state["glory"][p], "role": p.title()} for p in state["players"]],
        "ranking": ranked,
        "ties": ties,
        "start_player": start_player(state),
        "series": {"label": "summary.series_glory_by_day", "points": state["glory_by_day"]},
        "sources": sources(state),
        "highest_wins": True,
        "no_points": False,
    }


def active_seat(state: dict) -> str | None:
    """Whose turn the clock runs for: the Play and Action turns, taken seat by seat."""
    return state["turn"]
