"""A shared form's rows (Kleos' Dusk sheet, Fleecing Olympus' opening totals): in seat order
on every device, the device's own row highlighted where it stands.

Each phone once listed its own row first, so "the second row" was another player on every
phone while the table talked across it. Every row has the same padding, so the highlight
moves nothing.
"""
from __future__ import annotations

import flet as ft

from companion.ui.widgets.controls import tagged


def seat_row(row: ft.Control, own: bool, ident: str) -> ft.Control:
    """`row` in its box; the device's own (`own`) outlined and tinted, and named `<ident>-own`
    for tests (no label of its own: the row's controls are read as they are)."""
    box = ft.Container(row, padding=ft.Padding.symmetric(horizontal=8, vertical=4), border_radius=12,
                       bgcolor=ft.Colors.SECONDARY_CONTAINER if own else None,
                       border=ft.Border.all(2, ft.Colors.PRIMARY if own else ft.Colors.TRANSPARENT))
    return tagged(box, f"{ident}-own") if own else box
