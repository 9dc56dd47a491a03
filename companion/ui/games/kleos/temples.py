"""Temples: where each god sits on the board, and a picker for groups that dealt the hexes by hand.

The same picker serves the new-table form and the Setup section, so a group
can override the app's deal before creating the table or just after.
"""
from __future__ import annotations

from typing import Awaitable, Callable

import flet as ft

from companion.games.kleos import FIRST_TEMPLE, TEMPLES_BY_COUNT
from companion.ui.context import UI
from companion.ui.games.kleos.parts import badge, dot, god
from companion.ui.widgets.controls import tagged


def temple_list(ui: UI, temples: dict[str, str], names: dict[str, str]) -> ft.Control:
    """One line per hex, Temple 1 first, so the table can copy it onto the board."""
    rows = []
    for player, hex_id in sorted(temples.items(), key=lambda item: item[1]):
        parts: list[ft.Control] = [ft.Text(hex_id, size=22, weight=ft.FontWeight.BOLD, width=48),
                                   badge(ui, names, player)]
        if hex_id == FIRST_TEMPLE:
            parts.append(ft.Row([ft.Icon(ft.Icons.FLAG, size=20),
                                 ft.Text(ui.t("kleos.ui_first_player"), size=15)], spacing=4, tight=True))
        text = f"{hex_id}: {god(ui, player)}"
        rows.append(tagged(ft.Row(parts, spacing=12, wrap=True,
                                  vertical_alignment=ft.CrossAxisAlignment.CENTER),
                           f"kleos-temple-{player}", text))
    return ft.Column(rows, spacing=8, tight=True)


def temple_picker(ui: UI, players: list[str], chosen: dict[str, str],
                  on_change: Callable[[dict[str, str]], Awaitable[None]]) -> list[ft.Control]:
    """A row of hex chips per god; picking a hex another god holds swaps the two.

    A pick hands `on_change` a new dict (the shown one is never changed in place), so a
    caller that memoises on `chosen` sees the change."""
    hexes = TEMPLES_BY_COUNT.get(len(players), ())

    def pick(player: str, hex_id: str):
        async def handler(e: object) -> None:
            after = dict(chosen)
            holder = next((p for p, h in after.items() if h == hex_id and p != player), None)
            if holder is not None:
                if player in after:
                    after[holder] = after[player]
                else:
                    after.pop(holder)
            after[player] = hex_id
            await on_change(after)
        return handler

    rows: list[ft.Control] = []
    for player in players:
        chips = [tagged(ft.Chip(ft.Text(hex_id, size=16), selected=chosen.get(player) == hex_id,
                                on_click=pick(player, hex_id), height=48),
                        f"kleos-hex-{player}-{hex_id}", f"{god(ui, player)} {hex_id}")
                 for hex_id in hexes]
        label = ft.Row([dot(player), ft.Text(god(ui, player), size=16)], width=130, spacing=8)
        rows.append(ft.Row([label, *chips], wrap=True, spacing=8, run_spacing=8,
                           vertical_alignment=ft.CrossAxisAlignment.CENTER))
    return rows
