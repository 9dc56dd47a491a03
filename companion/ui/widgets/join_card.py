"""The host's Join card: one QR per seat and one for spectators, each on white so it scans in dark mode."""
from __future__ import annotations

import flet as ft

from companion.qr import qr_svg
from companion.ui.context import UI
from companion.ui.widgets.address_picker import address_picker, phone_base
from companion.ui.widgets.controls import card, heading, tagged


def _code(url: str, title: str, ident: str, size: int) -> ft.Control:
    return tagged(ft.Column([
        ft.Container(ft.Image(src=qr_svg(url), width=size, height=size), bgcolor=ft.Colors.WHITE,
                     padding=8, border_radius=8),
        ft.Text(title, size=16, weight=ft.FontWeight.BOLD, text_align=ft.TextAlign.CENTER, width=size + 16),
        ft.Text(url, size=10, selectable=True, width=size + 16, text_align=ft.TextAlign.CENTER),
    ], horizontal_alignment=ft.CrossAxisAlignment.CENTER, spacing=4), ident, title)


def join_card(ui: UI) -> ft.Control:
    """Built once per table and language: reusing the same control lets Flet send no patch
    for it when the rest of the screen changes (the QR images are the heaviest part)."""
    base = phone_base(ui)
    key = ("join-card", ui.lang, base)
    if key not in ui.local:
        ui.local[key] = _build(ui, base)
    return ui.local[key]


def _build(ui: UI, base: str) -> ft.Control:
    table = ui.live.table
    size = 150
    codes = [_code(ui.server.join_url(table.id, s.token, base), s.name, f"join-{s.id}", size)
             for s in table.seats]
    codes.append(_code(ui.server.join_url(table.id, table.spectator_token, base), ui.t("ui.spectator"),
                       "join-spectator", size))
    return card(heading(ui.t("ui.join")), ft.Text(ui.t("ui.join_help")),
                ft.Row(codes, wrap=True, spacing=16, run_spacing=16), address_picker(ui), ident="join-card")
