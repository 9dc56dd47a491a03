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


def table_screen(ui: UI) -> ft.Control:
    snap = ui.snapshot()
    board = game_uis()[ui.live.table.game].board(ui, snap)
    actions = ft.Row([
        button(_control_label(ui, snap["undo"], "undo"), ui.undo, "undo", icon=ft.Icons.UNDO, filled=False,
               disabled=not snap["can_undo"], expand=True),
        button(_control_label(ui, snap["redo"], "redo"), ui.redo, "redo", icon=ft.Icons.REDO, filled=False,
               disabled=not snap["can_redo"], expand=True),
    ], vertical_alignment=ft.CrossAxisAlignment.START)
    side: list[ft.Control] = [] if ui.access.role == "spectator" else [actions]
    if ui.access.role == "host":
        side.append(join_card(ui))
    side.append(card(history_list(ui), ident="history"))
    side.append(_awake_switch(ui))
    identity = tagged(ft.Text(_identity(ui), size=16, weight=ft.FontWeight.W_600), "identity")
    if ui.is_phone:
        return ft.Column([identity, board, *side], spacing=12, scroll=ft.ScrollMode.AUTO, expand=True)
    return ft.Row([
        ft.Column([identity, board], expand=3, scroll=ft.ScrollMode.AUTO, spacing=12),
        ft.Column(side, expand=2, scroll=ft.ScrollMode.AUTO, spacing=12),
    ], expand=True, vertical_alignment=ft.CrossAxisAlignment.START, spacing=16)


def _control_label(ui: UI, target: dict | None, kind: str) -> str:
    """"Undo: Ares +1 Glory, kill": a button that takes something back says what."""
    return ui.t(f"seats.{kind}_what", what=target["text"]) if target else ui.t(f"ui.{kind}")


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
