"""The Special Actions a group plays with, under its own names.

Our source (the Portuguese summary, pages 10-11) names only Build Monument; the
other five come from the game's action board, outside that source. So a group
may rename any of those to what its own board prints, or add one its edition
has; Build Monument keeps its name because the app drives it.
"""
from __future__ import annotations

from companion.games.lords_of_hellas.markers import SPECIAL_ACTIONS
from companion.games.lords_of_hellas.refusal import refuse

FIXED = "build_monument"
UNSOURCED = tuple(a for a in SPECIAL_ACTIONS if a != FIXED)  # names our source does not give
MAX_NAME = 30
MAX_ADDED = 6


def actions(state: dict) -> list[str]:
    """Every Special Action at this table: the board's, then the group's own, in the order added."""
    return [*SPECIAL_ACTIONS, *state.get("special_added", [])]


def custom_name(state: dict, action: str) -> str | None:
    """The group's name for `action`, or None to use the app's label."""
    return state.get("special_names", {}).get(action)


def on_name(state: dict, event: dict) -> dict:
    """{action, name}: the group calls one of the Special Actions by another name."""
    action = event.get("action")
    if action not in actions(state) or action == FIXED:
        raise refuse("lords_of_hellas.err_special_rename", action=action)
    state.setdefault("special_names", {})[action] = _name(event.get("name"))
    return state


def on_add(state: dict, event: dict) -> dict:
    """{name}: a Special Action the board in this group's box has and the app did not list."""
    added = state.setdefault("special_added", [])
    if len(added) >= MAX_ADDED:
        raise refuse("lords_of_hellas.err_special_too_many", maximum=MAX_ADDED)
    name = _name(event.get("name"))
    action = f"custom_{len(added) + 1}"
    added.append(action)
    state.setdefault("special_names", {})[action] = name
    return state


def _name(value: object) -> str:
    if not isinstance(value, str) or not 0 < len(value.strip()) <= MAX_NAME:
        raise refuse("lords_of_hellas.err_special_name", maximum=MAX_NAME)
    return value.strip()
