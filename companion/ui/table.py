"""A table's screen: the game's panel plus undo/redo, history and (on the tablet) the Join card.

Tablet: board on the left, the side column on the right. Phone: one column,
identity on top, so a thumb reaches everything.
"""
from __future__ import annotations

import flet as ft

from companion.ui.context import UI
from companion.ui.games import game_uis
from companion.ui.widgets.controls import button, card, tagged
from companion.ui.widgets.history import history_list
from companion.ui.widgets.join_card import join_card
from companion.ui.widgets.summary import summary_panel
from companion.ui.widgets.turn_clock import clock_strip


def table_screen(ui: UI) -> ft.Control:
    snap = ui.snapshot()
    board = game_uis()[ui.live.table.game].board(ui, snap)
    actions = ft.Row([
        button(ui.t("ui.undo"), ui.undo, "undo", icon=ft.Icons.UNDO, filled=False,
               disabled=not snap["can_undo"], expand=True),
        button(ui.t("ui.redo"), ui.redo, "redo", icon=ft.Icons.REDO, filled=False,
               disabled=not snap["can_redo"], expand=True),
    ])
    side: list[ft.Control] = [] if ui.access.role == "spectator" else [actions]
    if ui.access.role == "host":
        side.append(join_card(ui))
    side.append(card(history_list(ui), ident="history"))
    side.append(_awake_switch(ui))
    identity = tagged(ft.Text(_identity(ui), size=16, weight=ft.FontWeight.W_600), "identity")
    extras = [c for c in (clock_strip(ui), summary_panel(ui)) if c is not None]
    if ui.is_phone:
        return ft.Column([identity, *extras, board, *side], spacing=12, scroll=ft.ScrollMode.AUTO, expand=True)
    return ft.Row([
        ft.Column([identity, *extras, board], expand=3, scroll=ft.ScrollMode.AUTO, spacing=12),
        ft.Column(side, expand=2, scroll=ft.ScrollMode.AUTO, spacing=12),
    ], expand=True, vertical_alignment=ft.CrossAxisAlignment.START, spacing=16)


def _identity(ui: UI) -> str:
    if ui.access.role == "seat":
        seat = ui.live.table.seat(ui.access.seat)
        return ui.t("ui.you_are", name=seat.name if seat else ui.access.seat)
    if ui.access.role == "spectator":
        return ui.t("ui.watching")
    return ui.t("ui.host")


def _awake_switch(ui: UI) -> ft.Control:
    async def toggle(e: ft.Event) -> None:
        await ui.set_awake(bool(e.control.value))

    return tagged(ft.Switch(label=ui.t("ui.keep_awake"), value=ui.awake,
                            on_change=toggle), "keep-awake")
