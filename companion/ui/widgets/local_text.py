"""A text field whose text stays on the device that types it."""
from __future__ import annotations

from typing import Any, Awaitable, Callable

import flet as ft

from companion.ui.context import UI
from companion.ui.live import part


def local_text(ui: UI, key: str, ident: str, label: str, submit: Callable[[UI], Awaitable[None]] | None = None,
               changed: Callable[[UI], Awaitable[None]] | None = None, **options: Any) -> ft.Control:
    """A text field whose text belongs to this device: kept in `ui.local.inputs[key]` as it is typed
    and never sent back over it. It is a part of its own (rebuilt only when the label or the
    options change), so changes from other devices leave its focus, cursor and text alone.
    `ident` is its test identifier and part key. `submit`, run with this device's UI when the
    field is submitted (Enter), is a module-level function: a closure, new on every render,
    would build the field again each time, over what is being typed. `changed`, the same kind
    of function, runs after each keystroke is kept: for what shows only while something is
    typed (it should redraw only when that flips, not on every key)."""
    return part(ui, ident, _local_text, key, ident, label, submit, changed, tuple(sorted(options.items())))


def _local_text(ui: UI, key: str, ident: str, label: str, submit: Callable[[UI], Awaitable[None]] | None,
                changed: Callable[[UI], Awaitable[None]] | None, options: tuple) -> ft.Control:
    async def typed(e: Any) -> None:
        ui.local.inputs[key] = e.control.value
        if changed is not None:
            await changed(ui)

    async def submitted(e: Any) -> None:
        ui.local.inputs[key] = e.control.value
        await submit(ui)

    field = ft.TextField(value=ui.local.inputs.get(key, ""), label=label, on_change=typed,
                         on_submit=submitted if submit else None, **dict(options))
    return ft.Semantics(content=field, identifier=ident)
