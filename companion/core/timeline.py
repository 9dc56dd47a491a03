"""Undo and redo as events: which events of an append-only log are in effect.

The log never shrinks. An `undo` event takes back the latest event still in
effect, a `redo` event restores the latest one undone, and any new game event
clears what could be redone, the way every editor behaves. The turn clock's
events are not game events: undo never takes them back, so they are left out.
"""
from __future__ import annotations

from companion.core.turnclock import CLOCK_TYPES

UNDO = "undo"
REDO = "redo"
CONTROL_TYPES = frozenset({UNDO, REDO})


def in_effect(events: list[dict]) -> tuple[list[dict], list[dict]]:
    """Split the log into (events in effect, oldest first) and (the redo stack, top last)."""
    done: list[dict] = []
    undone: list[dict] = []
    for event in events:
        kind = event.get("type")
        if kind in CLOCK_TYPES:
            continue
        if kind == UNDO:
            if done:
                undone.append(done.pop())
        elif kind == REDO:
            if undone:
                done.append(undone.pop())
        else:
            done.append(event)
            undone.clear()
    return done, undone
