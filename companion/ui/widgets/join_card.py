"""The host's Join card: an invitation QR per seat not yet joined and one for spectators.

Each code sits on white so it scans in dark mode. A joined seat shows no code
(its invitation is spent) but a button that moves it to another phone; once
every seat has joined the card folds into one small button. A seat played on the
tablet itself can be marked so (kept by the table, so a reload of the tablet keeps
it; undone with one tap): the card then treats it as joined and folds without it,
and in a game with secrets the tablet may open that seat's private screen. The card is a live
part: it is rebuilt only when a seat is claimed or moved, the phones' address
changes or the host opens or folds something, so the heavy QR images are sent once.
The images are made in a worker thread (ui/kept.py): four codes took 100-180 ms on the event
loop the first time a tablet drew a table, and every device at every table waited through it.
Until they are in (a moment), each code's place shows a blank card of its size.
"""
from __future__ import annotations

import flet as ft

from companion.qr import qr_svg
from companion.ui.context import UI
from companion.ui.kept import kept
from companion.ui.live import Inputs, inputs, show
from companion.ui.widgets.address_picker import address_picker, phone_base
from companion.ui.widgets.seat_label import seat_label
from companion.ui.widgets.controls import button, card, heading, tagged, unread

SIZE = 150
CODES = "join-codes"  # the kept read of the codes' images, for the links the card shows

SeatLine = tuple[str, str, str, bool, bool]  # id, name, invitation token, joined, played on the tablet


def shows_code(joined: bool, tablet: bool) -> bool:
    """A seat shows its invitation's code until a phone joined it or it is played on the tablet."""
    return not joined and not tablet


def join_card(ui: UI) -> ft.Control:
    keys = ui.snap["keys"]
    invitations = keys["invitations"]
    # Each seat as this device's language says it ("Atena" on a Portuguese tablet).
    seats = tuple((s["id"], seat_label(ui, s["name"]), invitations[s["id"]], s["claimed"], s["tablet"])
                  for s in ui.snap["seats"])
    folded = all(joined or tablet for *_, joined, tablet in seats) and not ui.local.join_card_open
    if folded:
        return show(ui, Folded())
    base = phone_base(ui)
    links = tuple(ui.server.join_url(ui.snap["id"], token, base)
                  for _, _, token, joined, tablet in seats if shows_code(joined, tablet))
    links += (ui.server.join_url(ui.snap["id"], keys["spectators"], base),)

    def made() -> tuple[str, ...]:
        return tuple(qr_svg(link) for link in links)

    read = kept(ui, CODES, links, made)
    if read is not None and read.query == links:
        # A worker that ran past its bound is not asked again for these links: make them here
        # rather than leave blank codes (the worker's finished ones are in qr_svg's cache).
        images = dict(zip(links, read.value if not read.slow else made()))
    else:
        images = {}
    return show(ui, Card(base, ui.local.trouble_open, seats, ui.snap["id"], keys["spectators"],
                         tuple(images.items())))


def _code(url: str, title: str, said: str, ident: str, size: int, image: str | None) -> ft.Control:
    """A QR code, read as `said` ("Invitation for Bia: scan with her phone") and the link as text;
    `image`: its SVG, or None while it is being made (a blank card of its size holds the place)."""
    shown = ft.Image(src=image, width=size, height=size) if image else ft.Container(width=size, height=size)
    return tagged(ft.Column([
        ft.Container(shown, bgcolor=ft.Colors.WHITE, padding=8, border_radius=8),
        ft.Text(title, size=16, weight=ft.FontWeight.BOLD, text_align=ft.TextAlign.CENTER, width=size + 16),
        ft.Text(url, size=10, selectable=True, width=size + 16, text_align=ft.TextAlign.CENTER),
    ], horizontal_alignment=ft.CrossAxisAlignment.CENTER, spacing=4), ident, f"{said} {url}")


@inputs
class Card(Inputs):
    """The open card: a code per seat not yet joined, the spectators' code, the phones' address."""

    part = "join-card"
    base: str
    trouble_open: bool
    seats: tuple[SeatLine, ...]
    table_id: str
    spectators: str
    images: tuple[tuple[str, str], ...]

    def build(self, ui: UI) -> ft.Control:
        base, seats, table_id = self.base, self.seats, self.table_id
        made = dict(self.images)
        codes = [_seat_entry(ui, base, table_id, seat, made) for seat in seats]
        spectator_link = ui.server.join_url(table_id, self.spectators, base)
        codes.append(_code(spectator_link, ui.t("ui.spectator"), ui.t("seats.invite_spectators"), "join-spectator",
                           SIZE, made.get(spectator_link)))
        extra = [button(ui.t("seats.hide_join"), _toggle(ui, False), "join-fold", filled=False, height=48)] \
            if all(joined or tablet for *_, joined, tablet in seats) else []
        return card(heading(ui.t("ui.join")), ft.Text(ui.t("ui.join_help")),
                    ft.Row(codes, wrap=True, spacing=16, run_spacing=16), address_picker(ui, self.trouble_open),
                    *extra, ident="join-card")


def _seat_entry(ui: UI, base: str, table_id: str, seat: SeatLine, made: dict[str, str]) -> ft.Control:
    """A seat's invitation code, or, once a phone claimed it, its name and a way to move it."""
    seat_id, name, token, joined, tablet = seat
    if tablet:
        return _on_tablet(ui, seat_id, name)
    if shows_code(joined, tablet):
        mark = tagged(ft.OutlinedButton(content=ft.Text(ui.t("seats.on_tablet_mark"), size=14,
                                                        text_align=ft.TextAlign.CENTER),
                                        on_click=_mark(ui, seat_id, True), height=48, width=SIZE + 16),
                      f"on-tablet-{seat_id}", f"{name}: {ui.t('seats.on_tablet_mark')}")
        link = ui.server.join_url(table_id, token, base)
        return ft.Column([_code(link, name, ui.t("seats.invite_for", name=name), f"join-{seat_id}", SIZE,
                                made.get(link)),
                          mark], spacing=4, horizontal_alignment=ft.CrossAxisAlignment.CENTER)

    async def moved(e: object) -> None:
        ui.page.pop_dialog()
        # Refused when a second tap, or another tablet, moved it already.
        if await ui.ask(ui.server.tables.move_seat, ui.live, ui.access, seat_id) is not None:
            ui.toast(ui.t("seats.moved_done", name=name))

    async def move(e: object) -> None:
        """It throws the player's phone out at once: say so and ask first."""
        async def cancel(e: object) -> None:
            ui.page.pop_dialog()

        ui.page.show_dialog(ft.AlertDialog(
            title=ft.Text(ui.t("seats.move_title", name=name)),
            content=ft.Text(ui.t("seats.move_body", name=name)),
            actions=[button(ui.t("ui.cancel"), cancel, "move-cancel", filled=False),
                     button(ui.t("seats.move_yes"), moved, "move-confirm", icon=ft.Icons.PHONE_ANDROID,
                            tone=ft.Colors.ERROR)],
        ))

    return tagged(ft.Column([
        unread(ft.Icon(ft.Icons.PHONE_ANDROID, size=48)),
        ft.Text(name, size=16, weight=ft.FontWeight.BOLD, text_align=ft.TextAlign.CENTER),
        ft.Text(ui.t("seats.joined"), size=14, italic=True),
        tagged(ft.OutlinedButton(content=ft.Text(ui.t("seats.move"), size=14, text_align=ft.TextAlign.CENTER),
                                 on_click=move, height=56, width=SIZE + 16), f"move-{seat_id}",
               ui.t("seats.move_for", name=name)),
    ], horizontal_alignment=ft.CrossAxisAlignment.CENTER, spacing=4, width=SIZE + 16),
        f"joined-{seat_id}")  # its texts say it: a label as well was read before them


def _on_tablet(ui: UI, seat_id: str, name: str) -> ft.Control:
    """A seat played on the tablet: no code, and one tap brings its code back."""
    said = ui.t("seats.on_tablet", name=name)
    return tagged(ft.Column([
        ft.Icon(ft.Icons.TABLET_ANDROID, size=48),
        ft.Text(said, size=16, weight=ft.FontWeight.BOLD, text_align=ft.TextAlign.CENTER, width=SIZE + 16),
        tagged(ft.OutlinedButton(content=ft.Text(ui.t("seats.on_tablet_undo"), size=14, text_align=ft.TextAlign.CENTER),
                                 on_click=_mark(ui, seat_id, False), height=56, width=SIZE + 16),
               f"off-tablet-{seat_id}", ui.t("seats.on_tablet_undo_for", name=name)),
    ], horizontal_alignment=ft.CrossAxisAlignment.CENTER, spacing=4, width=SIZE + 16), f"tablet-{seat_id}")


def _mark(ui: UI, seat_id: str, on: bool):
    async def handler(e: object) -> None:
        # Refused when a phone claimed the seat meanwhile.
        await ui.ask(ui.server.tables.mark_tablet, ui.live, ui.access, seat_id, on)
    return handler


@inputs
class Folded(Inputs):
    """Everyone is in: the codes give way to one small button (the spectator code is inside)."""

    part = "join-card-folded"

    def build(self, ui: UI) -> ft.Control:
        return tagged(button(ui.t("seats.all_joined"), _toggle(ui, True), "join-unfold", icon=ft.Icons.QR_CODE,
                             filled=False, height=48), "join-card")


def _toggle(ui: UI, open_: bool):
    async def handler(e: object) -> None:
        ui.local.join_card_open = open_
        if ui.refresh:
            await ui.refresh()
    return handler
