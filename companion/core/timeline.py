"""Undo and redo as events: which events of an append-only log are in effect.

The log never shrinks. An `undo` event takes back the event it names as its
`target` (the latest still in effect, or a phone's own earlier change that stood
on its own), a `redo` event restores the latest one
undone, and any new game event clears what could be redone, the way every
editor behaves. Who may undo what is the hub's business: only the one who
made a change, or the tablet. The turn clock's events are not game events:
undo never takes them back, so they are left out.

A form entry (`draft.set`, core/drafts.py) is in effect like any event, so a
restart rebuilds every form, but it is not a change of its own: no undo
names it and it clears nothing that could be redone. An undo may list, as
`with`, the entries made on the form its change emptied (or for a decision
that change began): they go with it, and come back with its redo, so an
undone confirm shows its form as it was confirmed. Logs written before the
rule (an undo naming an entry, no `with`) read as they always did.
"""
from __future__ import annotations

from typing import Callable, Generic, TypeVar

from companion.core.drafts import TYPE as FORM_ENTRY
from companion.core.turnclock import CLOCK_TYPES

T = TypeVar("T")

UNDO = "undo"
REDO = "redo"
CONTROL_TYPES = frozenset({UNDO, REDO})
# Events outside the game's own: Undo and Redo themselves and the turn clock's marks. They are
# never shown as undone, and a command may be one of them besides the game's events.
OUTSIDE_GAME = CONTROL_TYPES | CLOCK_TYPES


def in_effect(events: list[dict], riders: dict[int, list[dict]] | None = None) -> tuple[list[dict], list[dict]]:
    """Split the log into (events in effect, oldest first) and (the redo stack, top last).
    `riders`, if given, is filled with the form entries each undone change took with it (by its seq)."""
    done: list[dict] = []
    undone: list[dict] = []
    riders = {} if riders is None else riders
    for event in events:
        kind = event.get("type")
        if kind in CLOCK_TYPES:
            continue
        if kind == UNDO:
            at = _find(done, event.get("target"))
            if at is not None:
                target = done.pop(at)
                undone.append(target)
                if event.get("with"):
                    riding = set(event["with"])
                    riders[target.get("seq")] = [e for e in done if e.get("seq") in riding]
                    done[:] = [e for e in done if e.get("seq") not in riding]
        elif kind == REDO:
            if undone:
                target = undone.pop()
                done.append(target)
                done.extend(riders.pop(target.get("seq"), ()))
        else:
            done.append(event)
            if kind != FORM_ENTRY:
                undone.clear()
                riders.clear()
    return done, undone


def is_entry(event: dict) -> bool:
    """A form entry: in effect, but never a change that Undo or Redo names, nor a line of history."""
    return event.get("type") == FORM_ENTRY


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


class Grown(Generic[T]):
    """A value worked out from the events in effect, kept and brought up to date from the events
    added since it was last asked: every change appends one, so a change on a long table reads no
    more of them than on a short one. When an event before the end went (an undo), the same object
    no longer stands where the last one read stood (the list is only appended to, or cut), and the
    value is worked out again from the start. `add(value, event)` may change `value` in place."""

    def __init__(self, start: Callable[[], T], add: Callable[[T, dict], T]) -> None:
        self._start, self._add = start, add
        self._read, self._last, self._value = 0, None, start()

    def of(self, events: list[dict]) -> T:
        n = self._read
        if len(events) < n or n and events[n - 1] is not self._last:
            n, self._value = 0, self._start()
        for event in events[n:]:
            self._value = self._add(self._value, event)
        self._read, self._last = len(events), events[-1] if events else None
        return self._value
