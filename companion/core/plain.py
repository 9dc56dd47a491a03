"""Copying game states, which are plain data: dicts, lists, strings, numbers."""
from __future__ import annotations

import copy
from typing import Any


def copy_state(value: Any) -> Any:
    """A deep copy of a game state or a view.

    `copy.deepcopy` keeps a memo for shared and cyclic references, which plain data never
    has: this is about four times faster, and a state is copied on every change (a Kleos
    state after an evening of Glory is copied in ~1 ms by deepcopy). Anything else is left
    to deepcopy."""
    kind = type(value)
    if kind is dict:
        return {k: copy_state(v) for k, v in value.items()}
    if kind is list:
        return [copy_state(v) for v in value]
    if kind in _IMMUTABLE:
        return value
    return copy.deepcopy(value)


_IMMUTABLE = frozenset({str, int, float, bool, type(None)})
