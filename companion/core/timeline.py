"""Undo and redo as events: which events of an append-only log are in effect.

The log never shrinks. An `undo` event takes back the event it names (its
`target`), a `redo` event restores the one it names on top of what is in
effect, and any new game event clears what could be redone, the way every
editor behaves. Naming the target lets a phone take back its own latest
action even when another seat acted since; the hub checks that the rest of
the log still holds without it before it writes the undo.
"""
from __future__ import annotations

UNDO = "undo"
REDO = "redo"
CONTROL_TYPES = frozenset({UNDO, REDO})


def in_effect(events: list[dict]) -> tuple[list[dict], list[dict]]:
    """Split the log into (events in effect, in the order applied) and (the redo stack, top last)."""
    done: list[dict] = []
    undone: list[dict] = []
    for event in events:
        kind = event.get("type")
        if kind == UNDO:
            _move(done, undone, event.get("target"))
        elif kind == REDO:
            _move(undone, done, event.get("target"))
        else:
            done.append(event)
            undone.clear()
    return done, undone


def _move(source: list[dict], dest: list[dict], target: object) -> None:
    """Move the event whose seq is `target` (the newest one when a legacy event names none)."""
    for i in range(len(source) - 1, -1, -1):
        if target is None or source[i]["seq"] == target:
            dest.append(source.pop(i))
            return


def latest(events: list[dict], actor: str | None) -> dict | None:
    """The newest of `events` that `actor` made (any actor's when `actor` is None)."""
    return next((e for e in reversed(events) if actor is None or e.get("by") == actor), None)
