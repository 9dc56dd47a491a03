"""A player without a phone is a full player: their private screen on the tablet.

In a game with secrets (a purse, gems behind a screen), a seat the table marked
as played on the tablet (the Join card) has its screen here: a button on the
tablet names it, a second tap confirms that the others look away, and the tablet
then shows exactly what that seat's phone would (its purse, its bid, its god-turn
buying), signed by that seat. It hides on a tap, or by itself once it has not
been used for `PRIVATE_SECONDS`.

What it shows is worked out for that seat on this device alone (`UI.snapshot`
asks the table with the access `LiveTable.tablet_seat` grants: the tablet's key,
a seat marked as played there, no phone holding it); the public snapshot, which
every other device of the table reads, never holds any of it.
"""
from __future__ import annotations

import asyncio
import time

import flet as ft

from companion.ui.context import PRIVATE_SECONDS, UI
from companion.ui.live import Inputs, group, inputs, show
from companion.ui.widgets.controls import button, tagged
from companion.ui.widgets.told import told_banner, told_card


def doors(ui: UI, snap: dict) -> list[ft.Control]:
    """On the public tablet: one button per seat played here whose screen it may open."""
    names = tuple((s["id"], s["name"]) for s in snap["seats"] if s["id"] in snap["keys"].get("private", ()))
    return [show(ui, Doors(names))] if names else []


@inputs
class Doors(Inputs):
    """The doors to the private screens of the seats played on this tablet: (seat, name) each."""

    part = "private-doors"
    names: tuple[tuple[str, str], ...]

    def build(self, ui: UI) -> ft.Control:
        return _doors(ui, self.names)


@inputs
class Head(Inputs):
    """Whose private screen this is, and how to hide it."""

    part = "private-head"
    name: str

    def build(self, ui: UI) -> ft.Control:
        return _head(ui, self.name)


def _doors(ui: UI, names: tuple[tuple[str, str], ...]) -> ft.Control:
    return ft.Row([button(ui.t("seats.private_open", name=name), _ask(ui, seat, name), f"private-open-{seat}",
                          icon=ft.Icons.LOCK_OUTLINE, filled=False, height=56) for seat, name in names],
                  wrap=True, spacing=8, run_spacing=8)


def _ask(ui: UI, seat: str, name: str):
    """The deliberate second tap: the table is told to look away before anything shows."""
    async def cancel(e: object) -> None:
        ui.page.pop_dialog()

    async def show(e: object) -> None:
        ui.page.pop_dialog()
        await open_private(ui, seat)

    async def handler(e: object) -> None:
        ui.page.show_dialog(ft.AlertDialog(
            title=tagged(ft.Text(ui.t("seats.private_title", name=name), size=24, weight=ft.FontWeight.BOLD),
                         "private-ask", ui.t("seats.private_title", name=name)),
            content=ft.Text(ui.t("seats.private_ask", name=name, seconds=int(PRIVATE_SECONDS)), size=18),
            actions=[button(ui.t("ui.cancel"), cancel, "private-cancel", filled=False),
                     button(ui.t("seats.private_show", name=name), show, "private-show", icon=ft.Icons.LOCK_OPEN)],
        ))
    return handler


async def open_private(ui: UI, seat: str) -> None:
    private = await ui.ask(ui.server.tables.private_seat, ui.live, ui.access, seat)
    if private is None:
        return
    ui.private = private
    ui.private_until = time.monotonic() + PRIVATE_SECONDS
    ui.page.run_task(_hide_when_idle, ui, ui.private)
    if ui.refresh:
        await ui.refresh()


async def close_private(ui: UI) -> None:
    ui.private = None
    if ui.refresh:
        await ui.refresh()


async def _hide_when_idle(ui: UI, opened: object) -> None:
    """Until this screen is closed, or idle for `PRIVATE_SECONDS` (each command it sends renews it)."""
    while ui.private is not None and ui.private.seat == getattr(opened, "seat", None):
        left = ui.private_until - time.monotonic()
        if left <= 0:
            await close_private(ui)
            return
        await asyncio.sleep(left)


def private_screen(ui: UI, board_of, snap: dict) -> ft.Control:
    """The seat's own screen, full width: who it is for and how to hide it, any news of its
    secret, then the game's board as that seat's phone draws it. `snap`: that seat's snapshot."""
    ui.snap = snap
    seat = ui.seat(snap["seat"]) or {"name": snap["seat"]}
    head = show(ui, Head(seat["name"]))
    board = board_of(ui, snap)
    body = group(ui, "private-body", ft.Column, [*told_banner(ui, snap), board, *told_card(ui, snap)],
                 spacing=12, scroll=ft.ScrollMode.AUTO, expand=True)
    # The head stays put above what scrolls: whose screen this is, and Hide, are always in sight.
    return group(ui, "table-private", ft.Column, [head, body], spacing=12, expand=True)


def _head(ui: UI, name: str) -> ft.Control:
    said = ui.t("seats.private_title", name=name)

    async def hide(e: object) -> None:
        await close_private(ui)
    return ft.Container(ft.Row([
        ft.Icon(ft.Icons.VISIBILITY_OFF, size=32),
        tagged(ft.Text(said, size=24, weight=ft.FontWeight.BOLD, expand=True), "private-title", said),
        button(ui.t("seats.private_hide"), hide, "private-hide", icon=ft.Icons.LOCK, height=56),
    ], spacing=12, vertical_alignment=ft.CrossAxisAlignment.CENTER), padding=12, border_radius=12,
        bgcolor=ft.Colors.TERTIARY_CONTAINER)
