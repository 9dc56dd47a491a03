"""Pieces every Kleos panel shares: how a god is named and coloured, and a yes/no button.

A god always appears as its name beside its colour, never as a colour alone,
so a colour-blind player or a phone in sunlight reads the same table.
"""
from __future__ import annotations

from typing import Awaitable, Callable

import flet as ft

from companion.games.kleos import GOD_COLOURS
from companion.ui.context import UI
from companion.ui.live import Inputs, inputs, show
from companion.ui.widgets.colours import shade as colour_shade
from companion.ui.widgets.controls import FONT, TOUCH, card, icon_button, tagged

def shade(player: str) -> str:
    """The god's colour as every screen shows it (widgets/colours.py), the summary chart too."""
    return colour_shade(GOD_COLOURS[player])


def god(ui: UI, player: str) -> str:
    return ui.t(f"kleos.god_{player}")


def who(ui: UI, names: dict[str, str], player: str) -> str:
    """The god, and the person playing it when the table gave a name (`names`: the state's names)."""
    name = names.get(player)
    return f"{god(ui, player)} ({name})" if name else god(ui, player)


def dot(player: str, size: int = 18) -> ft.Control:
    return ft.Container(width=size, height=size, bgcolor=shade(player), border_radius=size / 2)


def badge(ui: UI, names: dict[str, str], player: str, size: int = 18, bold: bool = True) -> ft.Control:
    return ft.Row([dot(player, size), ft.Text(who(ui, names, player), size=size,
                                              weight=ft.FontWeight.BOLD if bold else None)],
                  spacing=8, tight=True, vertical_alignment=ft.CrossAxisAlignment.CENTER)


def boxed(ui: UI, ident: str, children: list[ft.Control]) -> ft.Control:
    """A card of parts, reused while its children are the same controls (a `group` in a card).
    `ident` is both the card's test id and its part key."""
    return show(ui, Boxed(ident, tuple(children)))


@inputs
class Boxed(Inputs):
    ident: str
    children: tuple[ft.Control, ...]

    @property
    def key(self) -> str:
        return self.ident

    def build(self, ui: UI) -> ft.Control:
        return card(*self.children, ident=self.ident)


def own_first(players: list[str], seat: str | None) -> list[str]:
    """A phone lists its own god first; the tablet keeps the seats as they sit."""
    return [seat, *[p for p in players if p != seat]] if seat in players else list(players)


def editable(snap: dict) -> bool:
    return snap["role"] != "spectator"


def why(ui: UI, snap: dict, action: str) -> str | None:
    """None when this device may take `action` now, else the translated reason it may not
    (the game's own answer in the view; a spectator's screen has no controls at all)."""
    key = snap["state"]["allowed"][action]
    return ui.t(key) if key else None


def flag(label: str, on: bool, on_change: Callable[[bool], Awaitable[None]], ident: str,
         disabled: bool = False, compact: bool = False) -> ft.Control:
    """A yes/no as one big button, filled when on so it reads from across the table.

    `compact` drops the words for a phone row; the caller then labels the column once.
    """
    async def flip(e: object) -> None:
        await on_change(not on)

    state = f"{label} ✓" if on else label  # language-neutral, so the label needs no translation
    if compact:
        kind = ft.FilledIconButton if on else ft.OutlinedIconButton
        return tagged(kind(ft.Icons.SHIELD if on else ft.Icons.SHIELD_OUTLINED, on_click=flip,
                           width=TOUCH, height=TOUCH, disabled=disabled), ident, state)
    kind = ft.FilledButton if on else ft.OutlinedButton
    return tagged(kind(label, icon=ft.Icons.CHECK if on else ft.Icons.SHIELD_OUTLINED, on_click=flip,
                       height=TOUCH, disabled=disabled, style=ft.ButtonStyle(text_style=ft.TextStyle(size=16, font_family=FONT))),
                  ident, state)


def counter(label: str, value: int, on_change: Callable[[int], Awaitable[None]], ident: str,
            minimum: int, maximum: int) -> ft.Control:
    """The shared stepper's −/value/+ without its label, for rows that name the player themselves.

    A phone row holds a god's name, this and a Champion button, which the
    labelled stepper leaves too little room for. Identifiers match the stepper's.
    """
    def step(delta: int):
        async def handler(e: object) -> None:
            await on_change(value + delta)
        return handler

    return ft.Row([
        icon_button(ft.Icons.REMOVE, f"{label} −1", step(-1), f"{ident}-minus", disabled=value <= minimum),
        tagged(ft.Text(str(value), size=24, weight=ft.FontWeight.BOLD, width=32, text_align=ft.TextAlign.CENTER),
               f"{ident}-value", f"{label} {value}"),
        icon_button(ft.Icons.ADD, f"{label} +1", step(1), f"{ident}-plus", disabled=value >= maximum),
    ], spacing=0, tight=True, vertical_alignment=ft.CrossAxisAlignment.CENTER)
