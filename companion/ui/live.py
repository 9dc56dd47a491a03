"""Live screens: every change patches only the controls whose data changed.

A screen is still built by plain functions from the device's snapshot (one-way
flow), but `part()` memoises each piece on its arguments: while they equal the
ones it was last built from on this device, the very same control is returned
and nothing inside it is looked at. A part that is rebuilt is patched where it
stands (`patch_in_place`): its new control takes the old one's place, and Flet
diffs the two and sends only what differs to that spot, so its neighbours and
the containers around it are left alone. A control that matches its predecessor
keeps its id, so its widget, scroll, focus and typed text stay, and taps aimed
at it still land. A Glory change rebuilds the number that moved, not the page.
See companion/ui/LIVE.md.
"""
from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Awaitable, Callable, TypeVar

import flet as ft

from companion.flet_patches import lazy_validation, set_fields
from companion.ui import patches

if TYPE_CHECKING:  # context.py imports this module
    from companion.ui.context import UI

log = logging.getLogger(__name__)
set_fields.apply()  # mounting a rebuilt part walks only the fields set on its controls
lazy_validation.apply()  # and its controls carry no empty error sets


@dataclass
class _Built:
    signature: tuple
    control: ft.Control
    children: list[str]
    args: tuple  # holds the controls named by id in the signature, so no id is reused meanwhile


@dataclass
class Parts:
    """One device's memo of built parts, swept after each render so it never outgrows the screen."""

    built: dict[str, _Built] = field(default_factory=dict)
    used: set[str] = field(default_factory=set)
    stack: list[list[str]] = field(default_factory=list)
    rebuilt: list[str] = field(default_factory=list)  # keys built in the last render, for tests
    # (shown, new): parts rebuilt outside any other part's build this render, in build order
    # (children before their group), to be patched where they stand; see patch_in_place().
    replaced: list[tuple[ft.Control, ft.Control]] = field(default_factory=list)
    look: tuple | None = None  # the device's language, theme and width class during a render

    def begin(self, look: tuple | None = None) -> None:
        self.used.clear()
        self.stack.clear()
        self.rebuilt = []
        self.replaced = []
        self.look = look

    def end(self) -> None:
        self.look = None
        for key in [k for k in self.built if k not in self.used]:
            del self.built[key]

    def clear(self) -> None:
        self.built.clear()
        self.used.clear()

    def _mark(self, key: str) -> None:
        self.used.add(key)
        for child in self.built[key].children:
            if child in self.built and child not in self.used:
                self._mark(child)


def part(ui: UI, key: str, build: Callable[..., ft.Control], *args: Any) -> ft.Control:
    """`build(ui, *args)`, rebuilt only when `args` (or this device's language, theme or
    width class) differ from the last build under `key` on this device.

    `key` names the part on this screen and becomes the control's Flet key, so lists of
    parts are matched by it when items come and go. `build` must read nothing that is not
    in `args`: what it shows, and what its handlers capture, comes from them alone.
    """
    parts: Parts = ui.parts
    inside = bool(parts.stack)  # another part's build: that part's own patch carries this one
    if inside:
        parts.stack[-1].append(key)
    look = parts.look or (ui.lang, ui.dark, ui.is_phone)
    signature = (build, look, _identities(parts, args, not inside))
    cached = parts.built.get(key)
    if cached is not None and cached.signature == signature:
        parts._mark(key)
        return cached.control
    parts.stack.append([])
    try:
        control = build(ui, *args)
    finally:
        children = parts.stack.pop()
    if control.key is None:
        control.key = key
    if cached is not None and not inside:
        parts.replaced.append((cached.control, control))
    parts.built[key] = _Built(signature, control, children, args)
    parts.used.add(key)
    parts.rebuilt.append(key)
    return control


Control = TypeVar("Control", bound=ft.Control)


def freeze(control: Control) -> Control:
    """Mark a tree as immutable before Flet first sends it (what `@ft.component` does with
    its body). Flet then reconciles it by structure and keys, never by Python identity,
    and keeps no per-control snapshots. Without it, a reused part could be dropped from
    the session's index when the tree around it is rebuilt, and taps on it would be lost."""
    object.__setattr__(control, "_frozen", True)
    return control


def _identities(parts: Parts, args: tuple, by_key: bool) -> tuple:
    """Controls among the arguments compare by identity (Flet's own equality would walk whole
    trees), except a part's current control outside any other part's build: that one counts
    by its key, because a rebuilt part takes its old control's place by itself (see
    patch_in_place), so the parts around it need not be rebuilt. A control is recognised
    directly or in a tuple or list of children, which is known by its first item (a control,
    or None); any other sequence is data, compared by value. Loops, not generators: this
    runs for every part of every render."""
    for a in args:
        if isinstance(a, _NESTING):
            break
    else:
        return args
    out = []
    for a in args:
        if isinstance(a, ft.BaseControl):
            a = _identity(parts, a, by_key)
        elif isinstance(a, (tuple, list)) and a and (a[0] is None or isinstance(a[0], ft.BaseControl)):
            a = tuple(_identity(parts, x, by_key) if isinstance(x, ft.BaseControl) else x for x in a)
        out.append(a)
    return tuple(out)


_NESTING = (ft.BaseControl, tuple, list)


def _identity(parts: Parts, control: ft.BaseControl, by_key: bool) -> tuple:
    key = control.key
    built = parts.built.get(key) if by_key and isinstance(key, str) else None
    return ("part", key) if built is not None and built.control is control else ("#", id(control))


def group(ui: UI, key: str, kind: Callable[..., ft.Control], children: list[ft.Control],
          **props: Any) -> ft.Control:
    """`kind(children, **props)` (a Column, a Row...), reused while the same children fill it:
    a child part rebuilt in place is patched by itself, so the group is rebuilt only when
    children come, go or move."""
    return part(ui, key, _group, kind, tuple(children), tuple(sorted(props.items())))


def _group(ui: UI, kind: Callable[..., ft.Control], children: tuple, props: tuple) -> ft.Control:
    return kind(list(children), **dict(props))


def patch_in_place(page: ft.Page, parts: Parts) -> bool:
    """Send each part rebuilt this render as a patch of the control it replaces, where that
    control stands, and put the new one in its place in the shown tree.

    This is what keeps a change's cost to what it touches: the groups around a rebuilt part
    are not rebuilt and the page is not diffed down to it. All the spots of one render leave
    in one message (ui/patches.py). False when a shown control could not be found in its
    parent (the caller then draws the screen afresh and lets the page-level diff reconcile
    it); parts whose parent is the page itself are left to that diff."""
    changes = []
    for shown, new in parts.replaced:  # every spot is found before any is touched
        spot = patches.spot_of(page, shown)
        if spot is None:
            return False
        if spot.parent is page or isinstance(spot.parent, ft.View):
            continue  # the app bar: the page-level diff sends it
        if not hasattr(spot.parent, "_frozen"):
            return False
        changes.append((spot, shown, new))
    # Put in place, then sent, in build order: a part comes before the parts given it as an
    # argument, so each diff finds the controls the ones before it already put in place.
    for spot, _, new in changes:
        patches.put(spot, new)
    if changes:
        patches.send(page, changes)
    return True


class RenderQueue:
    """Renders waiting sessions one at a time on the event loop, yielding between them.

    Hub listeners fire on the writer's thread, inside the API call. Queuing the
    renders here (instead of one task per session, all ready at once) lets the
    event loop answer that API call, and serve taps, between two sessions' renders.
    """

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self.waiting: dict[int, Callable[[], Awaitable[None]]] = {}
        self.task: asyncio.Task | None = None

    def schedule(self, owner: object, render: Callable[[], Awaitable[None]]) -> None:
        """Thread-safe; a session already waiting is not queued twice."""
        self.loop.call_soon_threadsafe(self._add, id(owner), render)

    def _add(self, owner: int, render: Callable[[], Awaitable[None]]) -> None:
        self.waiting.setdefault(owner, render)
        if self.task is None:
            self.task = self.loop.create_task(self._drain())

    async def _drain(self) -> None:
        try:
            # No head start for the API call that published the change: it words its answer
            # before it publishes (LiveTable.answering), and sends it in the first turn below.
            while self.waiting:
                await asyncio.sleep(0)  # let an API answer or a tap through first
                owner = next(iter(self.waiting))
                render = self.waiting.pop(owner)
                try:
                    await render()
                except Exception:  # noqa: BLE001 - one broken screen must not stop the others
                    log.exception("a live render failed")
        finally:
            self.task = None


_queues: dict[asyncio.AbstractEventLoop, RenderQueue] = {}


def render_queue(loop: asyncio.AbstractEventLoop) -> RenderQueue:
    queue = _queues.get(loop)
    if queue is None:
        queue = _queues[loop] = RenderQueue(loop)
    return queue


def local_text(ui: UI, key: str, ident: str, label: str, **options: Any) -> ft.Control:
    """A text field whose text belongs to this device: kept in `ui.local[key]` as it is typed
    and never sent back over it. It is a part of its own (rebuilt only when the label or the
    options change), so changes from other devices leave its focus, cursor and text alone.
    `ident` is its test identifier and part key."""
    return part(ui, ident, _local_text, key, ident, label, tuple(sorted(options.items())))


def _local_text(ui: UI, key: str, ident: str, label: str, options: tuple) -> ft.Control:
    def typed(e: Any) -> None:
        ui.local[key] = e.control.value

    field = ft.TextField(value=ui.local.get(key, ""), label=label, on_change=typed, **dict(options))
    return ft.Semantics(content=field, identifier=ident)
