"""Setup: who plays, under which names and colours, and how each victory is reached.

Only King of Kings may be switched off, and only with two players (summary,
page 5); every threshold is editable because Warlord changes with the player
count in the source and groups adjust the others too.
"""
from __future__ import annotations

from typing import Callable

from companion.core.access import is_role_id
from companion.core.schema import NAME_MAX
from companion.games.lords_of_hellas import victory
from companion.games.lords_of_hellas.guards import whole_number
from companion.games.lords_of_hellas.monuments import MONUMENTS, blank_monument
from companion.games.lords_of_hellas.refusal import refuse
from companion.games.lords_of_hellas.tracker import blank_track
from companion.games.lords_of_hellas.turn import new_turn

MIN_SEATS = 2
MAX_SEATS = 4
PALETTE = ("#c62828", "#1565c0", "#2e7d32", "#f9a825")


def initial_state(options: dict, seats_of: Callable[[dict], list[dict]]) -> dict:
    """`seats_of` is the game's `seats`, called only once the options it reads are sound."""
    if not isinstance(options, dict):
        raise refuse("lords_of_hellas.err_bad_players")
    players = _players(options.get("players"))
    if not isinstance(options.get("names") or {}, (dict, list)) or not isinstance(options.get("colours") or {}, dict):
        raise refuse("lords_of_hellas.err_bad_players")
    seats = seats_of(options)
    names = {seat["id"]: _name(seat["name"]) for seat in seats}
    colours = {seat["id"]: seat["colour"] for seat in seats}
    if len({n.casefold() for n in names.values()}) != len(players):
        raise refuse("lords_of_hellas.err_duplicate_names")
    if any(not isinstance(c, str) or not c.strip() for c in colours.values()):
        raise refuse("lords_of_hellas.err_bad_colour")
    if len(set(colours.values())) != len(players):
        raise refuse("lords_of_hellas.err_duplicate_colours")
    return {
        "players": players,
        "names": names,
        "colours": colours,
        "conditions": _conditions(options.get("conditions") or {}, len(players)),
        "thresholds": _thresholds(options.get("thresholds") or {}),
        "tracks": {p: blank_track() for p in players},
        "used": {p: [] for p in players},
        "monuments": {m: blank_monument() for m in MONUMENTS},
        "turn": new_turn(players[0], 1),
        "round": 1,
        "hunt": None,
        "last_battle": None,
        "winner": None,
    }


def _players(players: object) -> list[str]:
    if not isinstance(players, list) or not MIN_SEATS <= len(players) <= MAX_SEATS:
        raise refuse("lords_of_hellas.err_player_count", low=MIN_SEATS, high=MAX_SEATS)
    if any(not isinstance(p, str) or not p or is_role_id(p) for p in players) or len(set(players)) != len(players):
        raise refuse("lords_of_hellas.err_bad_players")
    return list(players)


def _name(name: object) -> str:
    if not isinstance(name, str) or not name.strip() or len(name.strip()) > NAME_MAX:
        raise refuse("lords_of_hellas.err_bad_name", maximum=NAME_MAX)
    return name.strip()


def _conditions(chosen: object, seat_count: int) -> dict[str, bool]:
    if not isinstance(chosen, dict) or any(k not in victory.CONDITIONS for k in chosen):
        raise refuse("lords_of_hellas.err_unknown_condition")
    if any(not isinstance(v, bool) for v in chosen.values()):
        raise refuse("lords_of_hellas.err_unknown_condition")
    conditions = {c: chosen.get(c, True) for c in victory.CONDITIONS}
    off = [c for c, on in conditions.items() if not on]
    if any(c != "king_of_kings" for c in off):
        raise refuse("lords_of_hellas.err_condition_required")
    if off and seat_count != 2:
        raise refuse("lords_of_hellas.err_king_needed")
    return conditions


def _thresholds(chosen: object) -> dict[str, int]:
    if not isinstance(chosen, dict) or any(k not in victory.DEFAULT_THRESHOLDS for k in chosen):
        raise refuse("lords_of_hellas.err_unknown_threshold")
    return {c: whole_number(chosen.get(c, d), 1) for c, d in victory.DEFAULT_THRESHOLDS.items()}
