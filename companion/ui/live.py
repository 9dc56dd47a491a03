"""Live screens: every change patches only the controls whose data changed.

A screen is still built by plain functions from the device's snapshot (one-way
flow), but each render is reconciled against the tree this device shows now
(Flet's frozen diff: a control that matches its predecessor keeps its id, so its
widget, scroll, focus and typed text stay, and taps aimed at it still land).

`part()` memoises one piece of the screen on its arguments: while they equal the
ones it was last built from on this device, the very same control is returned
and the diff skips it without looking inside. So a Glory change rebuilds the one
player card whose numbers moved, not the page. See companion/ui/LIVE.md.
"""
from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Awaitable, Callable, TypeVar

import flet as ft

if TYPE_CHECKING:  # context.py imports this module
    from companion.ui.context import UI

log = logging.getLogger(__name__)


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

    def begin(self) -> None:
        self.used.clear()
        self.stack.clear()
        self.rebuilt = []

    def end(self) -> None:
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
    if parts.stack:
        parts.stack[-1].append(key)
    signature = (build, ui.lang, ui.dark, ui.is_phone, _identities(args))
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


def _identities(args: tuple) -> tuple:
    """Controls among the arguments compare by identity: a container of parts is the same
    while its children are the same objects (Flet's own equality would walk whole trees)."""
    return tuple(("#", id(a)) if isinstance(a, ft.BaseControl) else _identities(a) if isinstance(a, (tuple, list))
                 else a for a in args)


def group(ui: UI, key: str, kind: Callable[..., ft.Control], children: list[ft.Control],
          **props: Any) -> ft.Control:
    """`kind(children, **props)` (a Column, a Row...), reused while its children are the same
    controls: a change deep inside rebuilds only the containers on the way to it."""
    return part(ui, key, _group, kind, tuple(children), tuple(sorted(props.items())))


def _group(ui: UI, kind: Callable[..., ft.Control], children: tuple, props: tuple) -> ft.Control:
    return kind(list(children), **dict(props))


GRACE = 0.003  # seconds


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
            # A head start for the API call that published the change: its answer takes a few
            # loop turns, and one sleep(0) between renders would grant it one turn per render.
            await asyncio.sleep(GRACE)
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
