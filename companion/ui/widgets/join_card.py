"""The host's Join card: one QR per seat and one for spectators, each on white so it scans in dark mode."""
from __future__ import annotations

import flet as ft

from companion.qr import qr_svg
from companion.ui.context import UI
from companion.ui.widgets.address_picker import TROUBLE_OPEN, address_picker, phone_base
from companion.ui.live import part
from companion.ui.widgets.controls import card, heading, tagged


def _code(url: str, title: str, ident: str, size: int) -> ft.Control:
    return tagged(ft.Column([
        ft.Container(ft.Image(src=qr_svg(url), width=size, height=size), bgcolor=ft.Colors.WHITE,
                     padding=8, border_radius=8),
        ft.Text(title, size=16, weight=ft.FontWeight.BOLD, text_align=ft.TextAlign.CENTER, width=size + 16),
        ft.Text(url, size=10, selectable=True, width=size + 16, text_align=ft.TextAlign.CENTER),
    ], horizontal_alignment=ft.CrossAxisAlignment.CENTER, spacing=4), ident, title)


def join_card(ui: UI) -> ft.Control:
    """A live part built once per table, language and phone address: the same control comes
    back on every render, so Flet sends nothing for it (the QR images are the heaviest part)."""
    return part(ui, "join-card", _build, phone_base(ui), bool(ui.local.get(TROUBLE_OPEN)))


def _build(ui: UI, base: str, trouble_open: bool) -> ft.Control:
    table = ui.live.table
    size = 150
    codes = [_code(ui.server.join_url(table.id, s.token, base), s.name, f"join-{s.id}", size)
             for s in table.seats]
    codes.append(_code(ui.server.join_url(table.id, table.spectator_token, base), ui.t("ui.spectator"),
                       "join-spectator", size))
    return card(heading(ui.t("ui.join")), ft.Text(ui.t("ui.join_help")),
                ft.Row(codes, wrap=True, spacing=16, run_spacing=16), address_picker(ui, trouble_open), ident="join-card")
