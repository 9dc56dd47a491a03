"""On a phone: who learnt this player's secret through the rules (a Griffin, a short payment), and how much.

The snapshot carries these notices for the victim's seat only (the hub words them in
the phone's language), so the card and the banner are built from that alone. The
newest notice stands at the top of the screen at once, as a banner that stays until
its player dismisses it (on this device: `ui.local`); the card below the board keeps
the latest few.
"""
from __future__ import annotations

import flet as ft

from companion.ui.context import UI
from companion.ui.live import Inputs, inputs, show
from companion.ui.widgets.controls import button, card, heading, tagged


def told_card(ui: UI, snap: dict) -> list[ft.Control]:
    notices = tuple((n["seq"], n["text"]) for n in snap.get("told") or ())
    return [show(ui, Told(notices))] if notices else []


@inputs
class Told(Inputs):
    """The card of the latest notices, (seq, text) each."""

    part = "told"
    notices: tuple[tuple[int, str], ...]

    def build(self, ui: UI) -> ft.Control:
        rows = [tagged(ft.Text(text, size=16), f"told-{seq}", text) for seq, text in self.notices]
        return card(heading(ui.t("seats.told_title"), 18), *rows, ident="told")


def told_banner(ui: UI, snap: dict) -> list[ft.Control]:
    """The newest notice not yet dismissed, for the top of the screen."""
    newest = (snap.get("told") or ())[:1]
    if not newest or newest[0]["seq"] <= ui.local.told_seen:
        return []
    return [show(ui, Banner(newest[0]["seq"], newest[0]["text"]))]


@inputs
class Banner(Inputs):
    """The newest notice not yet dismissed on this device."""

    part = "told-banner"
    seq: int
    text: str

    def build(self, ui: UI) -> ft.Control:
        return _banner(ui, self.seq, self.text)


def _banner(ui: UI, seq: int, text: str) -> ft.Control:
    async def dismiss(e: object) -> None:
        ui.local.told_seen = seq
        if ui.refresh:
            await ui.refresh()
    return tagged(ft.Container(ft.Column([
        ft.Row([ft.Icon(ft.Icons.WARNING_AMBER, size=28, color=ft.Colors.ON_ERROR_CONTAINER),
                ft.Text(text, size=18, weight=ft.FontWeight.BOLD, color=ft.Colors.ON_ERROR_CONTAINER, expand=True)],
               spacing=8),
        ft.Row([button(ui.t("seats.told_dismiss"), dismiss, "told-banner-dismiss", filled=False, height=48)],
               alignment=ft.MainAxisAlignment.END),
    ], spacing=4, tight=True), padding=12, border_radius=12, bgcolor=ft.Colors.ERROR_CONTAINER), "told-banner", text)
