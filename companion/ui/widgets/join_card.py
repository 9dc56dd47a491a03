"""The host's Join card: an invitation QR per seat not yet joined and one for spectators.

Each code sits on white so it scans in dark mode. A joined seat shows no code
(its invitation is spent) but a button that moves it to another phone; once
every seat has joined the card folds into one small button.
"""
from __future__ import annotations

import asyncio

import flet as ft

from companion.core.model import Seat
from companion.qr import qr_svg
from companion.ui.context import UI
from companion.ui.widgets.controls import button, card, heading, tagged

SIZE = 150
OPEN = "join-card-open"  # ui.local: the tablet unfolded the card after everyone joined


def _code(url: str, title: str, ident: str, size: int) -> ft.Control:
    return tagged(ft.Column([
        ft.Container(ft.Image(src=qr_svg(url), width=size, height=size), bgcolor=ft.Colors.WHITE,
                     padding=8, border_radius=8),
        ft.Text(title, size=16, weight=ft.FontWeight.BOLD, text_align=ft.TextAlign.CENTER, width=size + 16),
        ft.Text(url, size=10, selectable=True, width=size + 16, text_align=ft.TextAlign.CENTER),
    ], horizontal_alignment=ft.CrossAxisAlignment.CENTER, spacing=4), ident, title)


def join_card(ui: UI) -> ft.Control:
    """Built once per table, language and seat claims: reusing the same control lets Flet send
    no patch for it when the rest of the screen changes (the QR images are the heaviest part)."""
    table = ui.live.table
    folded = all(s.joined for s in table.seats) and not ui.local.get(OPEN)
    key = ("join-card", ui.lang, folded, tuple((s.id, s.token, s.joined) for s in table.seats))
    if key not in ui.local:
        for old in [k for k in ui.local if isinstance(k, tuple) and k[0] == "join-card"]:
            del ui.local[old]  # a claimed or moved seat made the old card stale
        ui.local[key] = _folded(ui) if folded else _build(ui)
    return ui.local[key]


def _build(ui: UI) -> ft.Control:
    table = ui.live.table
    codes = [seat_entry(ui, s) for s in table.seats]
    codes.append(_code(ui.server.join_url(table.id, table.spectator_token), ui.t("ui.spectator"),
                       "join-spectator", SIZE))
    extra = [button(ui.t("seats.hide_join"), _toggle(ui, False), "join-fold", filled=False, height=44)] \
        if all(s.joined for s in table.seats) else []
    return card(heading(ui.t("ui.join")), ft.Text(ui.t("ui.join_help")),
                ft.Row(codes, wrap=True, spacing=16, run_spacing=16), *extra, ident="join-card")


def seat_entry(ui: UI, seat: Seat) -> ft.Control:
    """A seat's invitation code, or, once a phone claimed it, its name and a way to move it."""
    if not seat.joined:
        return _code(ui.server.join_url(ui.live.table.id, seat.token), seat.name, f"join-{seat.id}", SIZE)

    async def move(e: object) -> None:
        await asyncio.to_thread(ui.live.move, seat.id)  # a file write: off the event loop
        ui.toast(ui.t("seats.moved_done", name=seat.name))

    return tagged(ft.Column([
        ft.Icon(ft.Icons.PHONE_ANDROID, size=48),
        ft.Text(seat.name, size=16, weight=ft.FontWeight.BOLD, text_align=ft.TextAlign.CENTER),
        ft.Text(ui.t("seats.joined"), size=14, italic=True),
        button(ui.t("seats.move"), move, f"move-{seat.id}", filled=False, height=44),
    ], horizontal_alignment=ft.CrossAxisAlignment.CENTER, spacing=4, width=SIZE + 16),
        f"joined-{seat.id}", f"{seat.name} {ui.t('seats.joined')}")


def _folded(ui: UI) -> ft.Control:
    """Everyone is in: the codes give way to one small button (the spectator code is inside)."""
    return tagged(button(ui.t("seats.all_joined"), _toggle(ui, True), "join-unfold", icon=ft.Icons.QR_CODE,
                         filled=False, height=44), "join-card")


def _toggle(ui: UI, open_: bool):
    async def handler(e: object) -> None:
        ui.local[OPEN] = open_
        if ui.refresh:
            await ui.refresh()
    return handler
