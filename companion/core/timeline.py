"""Undo and redo as events: which events of an append-only log are in effect.

The log never shrinks. An `undo` event takes back the event it names as its
`target` (the latest still in effect, or a phone's own earlier change that stood
on its own), a `redo` event restores the latest one
undone, and any new game event clears what could be redone, the way every
editor behaves. Who may undo what is the hub's business: only the one who
made a change, or the tablet. The turn clock's events are not game events:
undo never takes them back, so they are left out.
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
            at = _find(done, event.get("target"))
            if at is not None:
                undone.append(done.pop(at))
        elif kind == REDO:
            if undone:
                done.append(undone.pop())
        else:
            done.append(event)
            undone.clear()
    return done, undone


def _find(done: list[dict], seq: object) -> int | None:
    """Where the undone change stands: usually on top, lower for a phone's own earlier change."""
    for at in range(len(done) - 1, -1, -1):
        if done[at].get("seq") == seq:
            return at
    return len(done) - 1 if done and seq is None else None


def owned_top(stack: list[dict], owner: str | bool) -> dict | None:
    """The top of `stack` if `owner` made it (True: whoever did), else None."""
    if not stack or (owner is not True and stack[-1].get("by") != owner):
        return None
    return stack[-1]
