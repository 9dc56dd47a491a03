"""A text field whose text stays on the device that types it."""
from __future__ import annotations

from typing import Any, Awaitable, Callable

import flet as ft

from companion.ui.context import UI
from companion.ui.live import Inputs, inputs, show


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
    return show(ui, LocalText(key, ident, label, submit, changed, tuple(sorted(options.items()))))


@inputs
class LocalText(Inputs):
    """The field, keyed by its test id; `name` is where its text is kept in `ui.local.inputs`."""

    name: str
    ident: str
    label: str
    submit: Callable[[UI], Awaitable[None]] | None
    changed: Callable[[UI], Awaitable[None]] | None
    options: tuple[tuple[str, Any], ...]

    @property
    def key(self) -> str:
        return self.ident

    def build(self, ui: UI) -> ft.Control:
        name, submit, changed = self.name, self.submit, self.changed

        async def typed(e: Any) -> None:
            ui.local.inputs[name] = e.control.value
            if changed is not None:
                await changed(ui)

        async def submitted(e: Any) -> None:
            ui.local.inputs[name] = e.control.value
            await submit(ui)

        field = ft.TextField(value=ui.local.inputs.get(name, ""), label=self.label, on_change=typed,
                             on_submit=submitted if submit else None, **dict(self.options))
        return ft.Semantics(content=field, identifier=self.ident)
