"""Copying game states, which are plain data: dicts, lists, strings, numbers."""
from __future__ import annotations

import copy
from typing import Any, Collection


def copy_state(value: Any, logs: Collection[str] = ()) -> Any:
    """A deep copy of a game state or a view.

    `copy.deepcopy` keeps a memo for shared and cyclic references, which plain data never
    has: this is about four times faster, and a state is copied on every change (a Kleos
    state after an evening of Glory is copied in ~1 ms by deepcopy). Anything else is left
    to deepcopy.

    `logs` names top-level lists of records that are only ever appended to, never changed
    in place (a game's `logs`): the list is copied, its records are shared, so a change
    costs the same at event 2,000 as at event 20 (measured: 4.2 ms against 0.2 ms when
    every record was copied)."""
    if logs and type(value) is dict:
        return {k: list(v) if k in logs and type(v) is list else _copy(v) for k, v in value.items()}
    return _copy(value)


def _copy(value: Any) -> Any:
    kind = type(value)
    if kind is dict:
        return {k: _copy(v) for k, v in value.items()}
    if kind is list:
        return [_copy(v) for v in value]
    if kind in _IMMUTABLE:
        return value
    return copy.deepcopy(value)


_IMMUTABLE = frozenset({str, int, float, bool, type(None)})
