"""Several rebuilt parts of one screen sent as one patch message.

Flet's `Session.patch_control` patches one spot per message. A change usually rebuilds two
to six parts of a screen in different places (a number, a log's newest block, the Undo
label...), and each message costs the server a queue, an encoding and a websocket frame,
and the device one more frame to read. Here the spots are diffed one by one, exactly as
`patch_control` would, and their operations leave in one message addressed to the page,
each with its path from the page. The session's index and the controls' mount hooks are
then kept as `patch_control` keeps them (Flet 1.0.5, messaging/session.py).
"""
from __future__ import annotations

import weakref
from dataclasses import dataclass
from typing import Any

import flet as ft
from flet.controls.base_control import BaseControl
from flet.controls.object_patch import ObjectPatch
from flet.messaging.protocol import Message, MessageAction, PatchControlBody


@dataclass
class Spot:
    """Where a rebuilt part stands: its parent, the path from the page to that parent, and
    the parent's field (and index in it, for a list) that holds the part."""

    parent: ft.Control
    path: list[Any]
    field: str
    index: int | None


def put(spot: Spot, new: ft.Control) -> None:
    """`new` in the shown tree where `spot` says. Frozen controls refuse attribute writes, so
    the field's storage is written directly, as Flet's own reconciliation does."""
    parent, name = spot.parent, spot.field
    if spot.index is not None:
        (parent._values[name] if name in parent._values else parent.__dict__[name])[spot.index] = new
    elif name in parent._values:
        parent._values[name] = new
    else:
        object.__setattr__(parent, name, new)


def send(page: ft.Page, changes: list[tuple[Spot, ft.Control, ft.Control]]) -> None:
    """Diff each (spot, shown, new) and send all the operations in one message."""
    ops: list[dict] = []
    added: list[BaseControl] = []
    removed: list[BaseControl] = []
    for spot, shown, new in changes:
        if spot.index is None:
            before, after, at = {spot.field: shown}, {spot.field: new}, spot.path
        else:
            before, after, at = {spot.index: shown}, {spot.index: new}, [*spot.path, spot.field]
        patch, more, fewer = ObjectPatch.from_diff(before, after, control_cls=BaseControl, parent=spot.parent,
                                                   path=at, frozen=True)
        ops += patch.patch
        added += more
        removed += fewer
    session = page.session
    message = ObjectPatch(ops).to_message()
    if len(message) > 1:
        session._Session__send_message(Message(MessageAction.PATCH_CONTROL, PatchControlBody(page._i, message)))
    index = session.index
    for control in removed:
        index.pop(control._i, None)
    for control in added:
        index[control._i] = control
    added_ids = {c._i for c in added}
    for control in removed:
        if control._i not in added_ids:
            control.will_unmount()
    removed_ids = {c._i for c in removed}
    for control in added:
        if control._i not in removed_ids:
            control.did_mount()


def spot_of(page: ft.Page, shown: ft.Control) -> Spot | None:
    """Where `shown` stands now; None if it is not on the page.

    Read upwards through each control's parent, and searched for from the page when that
    chain is out of date: Flet's frozen diff skips a field holding the very same control, so
    a part reused in the `content` of a rebuilt control still names its old parent."""
    for search in (False, True):
        if search and _search(page, shown, []) is None:
            return None
        up = shown._parent() if getattr(shown, "_parent", None) else None
        slot = where(up, shown) if up is not None else None
        path = _upwards(page, up) if slot is not None else None
        if path is not None:
            return Spot(up, path, *slot)
    return None


def _upwards(page: ft.Page, control: ft.Control) -> list[Any] | None:
    path: list[Any] = []
    node = control
    while node is not page:
        up = node._parent() if getattr(node, "_parent", None) else None
        slot = where(up, node) if up is not None else None
        if slot is None:
            return None
        path[:0] = [slot[0]] if slot[1] is None else [slot[0], slot[1]]
        node = up
    return path


def _search(node: ft.Control, target: ft.Control, path: list[Any]) -> list[Any] | None:
    """Depth first from `node`; on the way back up from `target`, each control on the path
    gets its true parent again, so the next look-up reads upwards."""
    for name, value in _fields(node):
        for index, child in ([(None, value)] if isinstance(value, BaseControl) else
                             enumerate(value) if isinstance(value, list) else ()):
            if not isinstance(child, BaseControl):
                continue
            here = [*path, name] if index is None else [*path, name, index]
            found = here if child is target else _search(child, target, here)
            if found is not None:
                child._parent = weakref.ref(node)
                return found
    return None


def where(parent: ft.Control, child: ft.Control) -> tuple[str, int | None] | None:
    """The field of `parent` holding `child` (and its index, in a list field)."""
    for name, value in _fields(parent):
        if value is child:
            return name, None
        if isinstance(value, list):
            for index, item in enumerate(value):
                if item is child:
                    return name, index
    return None


def _fields(control: ft.Control):
    yield from control._values.items()
    for name in type(control)._structural_fields:
        yield name, control.__dict__.get(name)
