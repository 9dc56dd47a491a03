"""Counts the table reports from the physical board.

The app does not model the map, so Lands, Temples and the rest are entered by
the players; every change is an event so it shows in history and can be undone.
"""
from __future__ import annotations

from companion.games.lords_of_hellas import victory
from companion.games.lords_of_hellas.guards import ensure_open, ensure_player, whole_number
from companion.games.lords_of_hellas.refusal import refuse

FIELDS = ("lands", "temples", "monsters", "priests", "artifacts", "charged")


def blank_track() -> dict[str, int]:
    return {field: 0 for field in FIELDS}


def on_set(state: dict, event: dict) -> dict:
    ensure_open(state)
    player = ensure_player(state, event.get("player"))
    field = event.get("field")
    if field not in FIELDS:
        raise refuse("lords_of_hellas.err_unknown_field", field=field)
    track = state["tracks"][player]
    maximum = track["artifacts"] if field == "charged" else None
    value = whole_number(event.get("value"), 0, maximum)
    track[field] = value
    if field == "artifacts":
        track["charged"] = min(track["charged"], value)
    victory.check(state, player)
    return state
