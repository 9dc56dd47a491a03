"""A game form drawn from the draft the table holds (companion/core/drafts.py), not from this device.

Every panel whose form several devices fill reads its values with `shared` (a frozen,
comparable slice, so the part that shows it is rebuilt only when an entry changes),
writes each tap with `put` (or `edit`, for a change made to what the table holds), and confirms with `confirmed`, which names the version its
screen showed: a confirm drawn before another device's entry arrived is refused.

"Its screen" is the browser's, not the session's: when an entry arrives, the session draws
the form anew at once, but the browser shows the old one until the patch reaches it, and a
tap made meanwhile names the old button. A rebuilt button that kept the old one's id took
such a tap with the newer version (a Dusk confirm reading "Ares +2" scored "Ares +3"). So
each confirm stands in `drawn`: a control of its own for each version, and the ones drawn
for the last few versions before it kept on the page, hidden, each with its own handler:
a tap aimed at one sends the version that button showed, and is refused if it is stale.
"""
from __future__ import annotations

import copy
from typing import Any, Callable

import flet as ft

from companion.core import drafts
from companion.core.access import TABLET
from companion.ui.context import UI
from companion.ui.live import Inputs, group, inputs, show
from companion.ui.widgets.controls import tagged

KEPT = 3  # confirms drawn for earlier versions, kept hidden: a browser this many changes behind still gets its refusal


def frozen(value: Any) -> Any:
    """A value as a part argument: lists and dicts become tuples, so two equal forms compare equal."""
    if isinstance(value, dict):
        return tuple(sorted((k, frozen(v)) for k, v in value.items()))
    if isinstance(value, (list, tuple)):
        return tuple(frozen(v) for v in value)
    return value


def thawed(value: Any) -> Any:
    """A stored value back as plain JSON data (what a command carries)."""
    if isinstance(value, tuple) and value and all(isinstance(v, tuple) and len(v) == 2 and isinstance(v[0], str)
                                                   for v in value):
        return {k: thawed(v) for k, v in value}
    if isinstance(value, tuple):
        return [thawed(v) for v in value]
    return value


def shared(ui: UI, state: dict, name: str, part: str | None = None) -> tuple:
    """(entries, version, who): what the table holds for this form, as part arguments.

    `who` names, in words, the devices that made the entries (a seat's name, or the tablet).

    Every device works this out on every change, and a form is mostly empty: then its version is
    the one of no entries, worked out once (a digest is JSON and SHA-256 of the entries)."""
    if not (state.get(drafts.KEY) or {}).get(name):
        return (), _EMPTY, ()
    held = drafts.entries(state, name, part)
    by = drafts.who(state, name)
    names = {s["id"]: s["name"] for s in ui.snap.get("seats", ())}
    makers = sorted({ui.t("ui.host") if a == TABLET else names.get(a, str(a))
                     for p, a in by.items() if p in held and a})
    return frozen(held), drafts.version(state, name, part), tuple(makers)


_EMPTY = drafts.version({}, "")  # the version of a form with no entries, whatever its name or part


def value(saved: tuple, path: str, default: Any = None) -> Any:
    """One entry of a `shared` slice (as plain data), or `default` when nobody set it."""
    return thawed(dict(saved[0]).get(path, default)) if saved else default


async def put(ui: UI, name: str, path: str, new: Any) -> bool:
    """Set one entry for every device (the latest setting wins everywhere)."""
    return await ui.send({"type": drafts.TYPE, "draft": name, "path": path, "value": new})


async def edit(ui: UI, name: str, path: str, change: Callable[[Any], None], default: Any) -> bool:
    """`change` made in place to one entry as the table holds it at the tap (`default` while nobody
    has set it), not as this screen drew it: this device's taps take turns, so a second tap that
    lands before the screen is drawn again builds on the first one."""
    async with ui.editing:
        held = value(shared(ui, ui.snapshot()["state"], name), path)
        held = copy.deepcopy(default) if held is None else held
        change(held)
        return await put(ui, name, path, held)


def confirmed(command: dict, saved: tuple) -> dict:
    """`command` naming the draft version this screen showed (core/drafts.py refuses a stale one)."""
    return {**command, drafts.FIELD: saved[1]} if saved else command


def entered_by(ui: UI, saved: tuple, ident: str) -> ft.Control:
    """A short note saying the form is shared and who filled it, so nobody thinks it is theirs alone:
    whole, wrapping as far as it needs (its two lines once ended in "…" on a phone)."""
    makers = saved[2] if saved else ()
    text = ui.t("drafts.entered_by", who=", ".join(makers)) if makers else ui.t("drafts.shared")
    return tagged(ft.Text(text, size=14, italic=True), ident, text)


def drawn(ui: UI, key: str, version: str, control: ft.Control) -> ft.Control:
    """`control`, a confirm whose handler names `version`, with the confirms this device drew for the
    versions before it kept hidden under it (see the module's docstring). Each version's control has a
    key of its own, so Flet never hands an earlier one's id to it."""
    held = [(v, c) for v, c in ui.local.drawn.get(key, ()) if v != version][-KEPT:]
    control.key = f"{key}@{version}"
    held.append((version, control))
    ui.local.drawn[key] = held  # oldest first, the shown one last
    children = [*(show(ui, Earlier(key, v, c)) for v, c in held[:-1]), control]
    if isinstance(control, ft.Component):  # a part: the column stays while the same parts fill it
        return group(ui, key, ft.Column, children, spacing=0, tight=True)
    return ft.Column(children, key=key, spacing=0, tight=True)  # built anew with the part around it


@inputs
class Earlier(Inputs):
    """The confirm `drawn` showed for an earlier `version` of its form, kept hidden under the shown one."""

    confirm: str  # the key drawn() was given
    version: str
    control: ft.Control

    @property
    def key(self) -> str:
        return f"{self.confirm}@{self.version}-was"

    def build(self, ui: UI) -> ft.Control:
        return ft.Container(self.control, visible=False)
