"""Reads a screen needs from the server's files or indexes, done off the event loop and kept.

A render must not wait on a file, an index or a long computation: every device shares the
event loop, and one slow read there stalls them all. A screen asks `kept(...)` for what it
shows; the first time (or when what it asks for changed) the read runs in a worker thread,
bounded in time (core/offload.py), the answer is kept in this device's `ui.local`, and the
device is drawn again. Until then the screen shows what it read last, or says it is reading.
A tap that changes what its own screen asks for can wait for the answer instead (`fetch`), so
the device draws the answer rather than "reading…" first.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from companion.core.model import RuleError
from companion.ui.context import UI
from companion.core.offload import WORK_SECONDS, off_loop



@dataclass(frozen=True)
class Read:
    """What `work()` gave for `query`; `slow` when it ran past its bound (then `value` is None)."""

    query: tuple
    value: Any = None
    slow: bool = False


def kept(ui: UI, name: str, query: tuple, work: Callable[[], Any], seconds: float = WORK_SECONDS) -> Read | None:
    """The kept read `name`: for `query` if it is done, else the last one kept (None if none yet),
    while `work()` for `query` runs in a worker thread, given up (a `slow` read) after `seconds`.
    Reads nothing itself."""
    got = last(ui, name)
    if _holds(got, query):
        return got
    pending = ui.local.reading
    if pending.get(name) != query:
        pending[name] = query
        try:
            ui.page.run_task(_fetch, ui, name, query, work, seconds)
        except (RuntimeError, AttributeError):  # the device left meanwhile
            pending.pop(name, None)
    return got


async def fetch(ui: UI, name: str, query: tuple, work: Callable[[], Any], seconds: float = WORK_SECONDS) -> None:
    """Read `name` for `query` now and keep it, without drawing: for a handler that changed what
    its own screen asks for and draws once the answer is in (a read asked for meanwhile is dropped)."""
    if _holds(last(ui, name), query):
        return
    ui.local.reading[name] = query
    await _fetch(ui, name, query, work, seconds, redraw=False)


def last(ui: UI, name: str) -> Read | None:
    """The read `name` as last kept on this device, whatever it was for (None before any)."""
    return ui.local.reads.get(name)


def forget(ui: UI, name: str) -> None:
    """Read `name` again at the next render (after a change this device made to it)."""
    ui.local.reads.pop(name, None)
    ui.local.reading.pop(name, None)


def busy(ui: UI) -> bool:
    """Whether a read of this device is still under way (tests wait on it)."""
    return bool(ui.local.reading)


async def _fetch(ui: UI, name: str, query: tuple, work: Callable[[], Any], seconds: float,
                 redraw: bool = True) -> None:
    try:
        read = Read(query, await off_loop(work, seconds=seconds))
    except RuleError:
        read = Read(query, slow=True)
    pending = ui.local.reading
    if pending.get(name) != query:
        return  # asked for something else meanwhile, or the screen was left
    ui.local.reads[name] = read
    if redraw and ui.redraw_soon is not None:
        ui.redraw_soon()
    pending.pop(name, None)


def _holds(read: Read | None, query: tuple) -> bool:
    return read is not None and read.query == query

