"""A card a phone keeps shut until its player opens it (the history, Kleos' Glory log, the
Favor's hand-over); Kleos' Glory log stays shut on the tablet too.

Lists that grow on every change are the costliest thing a change sends: Flet walks every
field of every control a new row adds (about 0.3–0.6 ms a row on the server, per device).
A phone's page is long and its player is at the table, so a list nobody opened on that
phone is neither built nor sent; the tablet, which everyone reads, always shows it. Whether
it is open is the phone's own choice (`ui.local`), kept across changes.

A card that repeats what the tablet already lists (Kleos' Glory log: every line of it is a
line of the history beside it) is shut there too (`everywhere`): it was half of what a Glory
change cost the tablet (two new rows, one of them a copy).
"""
from __future__ import annotations

import flet as ft

from companion.ui.context import UI
from companion.ui.live import Inputs, inputs, show
from companion.ui.widgets.controls import button


def shut(ui: UI, opened: str, everywhere: bool = False) -> bool:
    """Whether this device shows the card shut: a phone whose player has not opened it (with
    `everywhere`, any device)."""
    return (everywhere or ui.is_phone) and not ui.local.inputs.get(opened)


def folded(ui: UI, key: str, opened: str, label: str, ident: str, icon: ft.IconData = ft.Icons.HISTORY) -> ft.Control:
    """The shut card: one button that opens it (its test id `<ident>-open`), and nothing
    else: no card around it, nothing hidden built (a card's frame is four controls more, on
    every phone). `key` is the part key the open card uses too, so opening and shutting swap
    the card in place."""
    return show(ui, Shut(key, opened, label, ident, icon))


@inputs
class Shut(Inputs):
    """The shut card, under the key of the open one (`card`)."""

    card: str
    opened: str
    label: str
    ident: str
    icon: ft.IconData

    @property
    def key(self) -> str:
        return self.card

    def build(self, ui: UI) -> ft.Control:
        return open_button(ui, self.opened, self.label, self.ident, self.icon)


def open_button(ui: UI, opened: str, label: str, ident: str, icon: ft.IconData = ft.Icons.HISTORY) -> ft.Control:
    """The button that opens a shut piece (test id `<ident>-open`), for a card that keeps
    something beside it (Kleos' Favor card keeps who holds it)."""
    return button(label, toggle(ui, opened, True), f"{ident}-open", icon=icon, filled=False)


def titled(ui: UI, title: ft.Control, opened: str, ident: str, everywhere: bool = False) -> ft.Control:
    """The open card's title; on a phone (with `everywhere`, on any device) with a Hide button
    beside it (test id `<ident>-close`)."""
    if not (everywhere or ui.is_phone):
        return title
    return ft.Row([ft.Container(title, expand=True),
                   button(ui.t("ui.history_hide"), toggle(ui, opened, False), f"{ident}-close",
                          icon=ft.Icons.EXPAND_LESS, filled=False)])


def toggle(ui: UI, opened: str, value: bool):
    async def handler(e: object) -> None:
        ui.local.inputs[opened] = value
        await ui.refresh()
    return handler
