"""Pieces every Lords of Hellas section shares: who may act, names in colour, a pick row.

The game refuses a wrong actor anyway; the panels grey out what this device
cannot do so players are not invited to tap into a refusal.
"""
from __future__ import annotations

from typing import Awaitable, Callable

import flet as ft

from companion.ui.context import UI
from companion.ui.widgets.controls import button, says_why, tagged

KEY = "lords_of_hellas."


def t(ui: UI, key: str, **values: object) -> str:
    return ui.t(KEY + key, **values)


def can_write(snap: dict) -> bool:
    """Spectators only watch, and once someone has won every action is refused."""
    return snap["role"] != "spectator" and snap["state"]["winner"] is None


def can_play_turn(snap: dict) -> bool:
    """What the view says about the turn's other steps (hunt, after-build phases) for this device."""
    return snap["state"]["allowed"]["turn"] is None


def why(ui: UI, control: ft.Control, reason: str | None) -> ft.Control:
    """A button built disabled when `reason` is set, now also read with why (before it is shown)."""
    if reason is not None:
        words = control.label or getattr(control.content, "content", None)
        says_why(control, words if isinstance(words, str) else "", ui.t(reason))
    return control


def name(state: dict, player: str | None) -> str:
    return state["names"].get(player, str(player)) if player else ""


def dot(colour: str | None, size: int = 18) -> ft.Control:
    return ft.Container(width=size, height=size, bgcolor=colour or ft.Colors.OUTLINE, border_radius=size / 2)


def player_label(state: dict, player: str, size: int = 18, bold: bool = True) -> ft.Control:
    return named(name(state, player), state["colours"].get(player), size, bold)


def named(shown: str, colour: str | None, size: int = 18, bold: bool = True) -> ft.Control:
    """A player's name after their colour's dot (a part passes the two, not the whole state)."""
    return ft.Row([
        dot(colour, size),
        ft.Text(shown, size=size, weight=ft.FontWeight.BOLD if bold else None),
    ], spacing=8, tight=True, vertical_alignment=ft.CrossAxisAlignment.CENTER)


def choice_row(options: list[tuple[object, str]], chosen: object,
               on_pick: Callable[[object], Awaitable[None]], ident: str, disabled: bool = False) -> ft.Control:
    """A row of buttons where the chosen one is filled; `ident` gets each option's value appended."""

    def make(value: object):
        async def handler(e) -> None:
            await on_pick(value)
        return handler

    return ft.Row([
        button(label, make(value), f"{ident}-{value if value is not None else 'none'}",
               filled=value == chosen, disabled=disabled, height=48)
        for value, label in options
    ], wrap=True, spacing=8, run_spacing=8)


def action_row(control: ft.Control, status: str, ident: str, strong: bool) -> ft.Control:
    """An action filling the row, its state (done, used, blocked) beside it, or a dash when it has none.

    Never an empty label: Flutter's web accessibility tree does not pick up a label that
    appears on a node first built without one, and the node now keeps its identity."""
    status = status or "—"
    control.expand = True
    label = ft.Text(status, size=15, width=130, weight=ft.FontWeight.BOLD if strong else None,
                    color=None if strong else ft.Colors.ON_SURFACE_VARIANT)
    return ft.Row([control, tagged(label, ident, status)], vertical_alignment=ft.CrossAxisAlignment.CENTER)


