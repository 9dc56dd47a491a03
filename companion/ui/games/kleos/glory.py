"""Glory: one big number per god, one-tap buttons for the usual reasons, and the log of changes.

Every button sends a glory.add with its reason, so the log (and the table's
history) says why each point moved and the hub's undo takes it back. The
amount for a card effect or a correction is chosen on this device first.
"""
from __future__ import annotations

import flet as ft

from companion.games.kleos import FREE_REASONS, MAX_STEP, STEPPED_REASONS
from companion.ui.context import UI
from companion.ui.games.kleos.parts import LIVE, badge, editable, god, own_first, shade
from companion.ui.widgets.controls import button, card, heading, note, stepper, tagged

AMOUNT = "kleos.glory.amount.{player}"
NUMBER_WIDTH = 110
LOG_ROWS = 8


def glory_tiles(ui: UI, snap: dict) -> ft.Control:
    state = snap["state"]
    can_change = editable(snap) and state["phase"] in LIVE
    return ft.Column([_tile(ui, state, p, p == snap["seat"], can_change)
                      for p in own_first(state["players"], snap["seat"])], spacing=12)


def _tile(ui: UI, state: dict, player: str, own: bool, can_change: bool) -> ft.Control:
    """A band per god: name and marks on top, the big number at the left, its buttons beside it.

    On a phone the buttons go under the number instead, since a band would squeeze them.
    """
    score = state["glory"][player]
    marks: list[ft.Control] = []
    if own:
        marks.append(ft.Text(ui.t("kleos.ui_you"), size=14, weight=ft.FontWeight.BOLD, color=ft.Colors.PRIMARY))
    if player == state["first_player"]:
        marks.append(ft.Icon(ft.Icons.FLAG, size=22, tooltip=ui.t("kleos.ui_first_player")))
    if state["favor"] and state["favor"]["player"] == player:
        marks.append(ft.Icon(ft.Icons.BOLT, size=22, tooltip=ui.t("kleos.ui_favor_title")))
    head = ft.Row([ft.Container(badge(ui, state, player, 20), expand=True), *marks],
                  vertical_alignment=ft.CrossAxisAlignment.CENTER)
    number = tagged(ft.Text(str(score), size=64, weight=ft.FontWeight.BOLD, color=shade(player),
                            width=None if ui.is_phone else NUMBER_WIDTH, text_align=ft.TextAlign.CENTER),
                    f"glory-{player}", f"{god(ui, player)} {score}")
    if not can_change:
        parts: list[ft.Control] = [head, number]
    elif ui.is_phone:  # the number shares the name's row, so the buttons start higher on a small screen
        head.controls.append(number)
        parts = [head, _quick(ui, player), _free(ui, player)]
    else:
        parts = [head, ft.Row([number, ft.Column([_quick(ui, player), _free(ui, player)], spacing=8, expand=True)],
                              vertical_alignment=ft.CrossAxisAlignment.START)]
    return ft.Container(ft.Column(parts, spacing=8, tight=True), padding=14, border_radius=16,
                        border=ft.Border.all(3, shade(player)), bgcolor=ft.Colors.SURFACE_CONTAINER_LOW)


def _send(ui: UI, player: str, reason: str, amount: int | None = None):
    async def handler(e: object) -> None:
        event = {"type": "glory.add", "player": player, "reason": reason}
        if amount is not None:
            event["amount"] = amount
        await ui.send(event)
    return handler


def _quick(ui: UI, player: str) -> ft.Control:
    buttons = [button(f"{ui.t(f'kleos.ui_quick_{reason}')} +{step}", _send(ui, player, reason),
                      f"glory-{player}-{reason}", filled=False, height=48)
               for reason, step in STEPPED_REASONS.items()]
    return ft.Row(buttons, wrap=True, spacing=6, run_spacing=6)


def _free(ui: UI, player: str) -> ft.Control:
    """A signed amount, then the reason it is for: the player picks the number before the cause."""
    key = AMOUNT.format(player=player)
    amount = ui.local.setdefault(key, 1)

    async def change(value: int) -> None:
        ui.local[key] = value
        await ui.refresh()

    reasons = ft.Row([button(f"{ui.t(f'kleos.ui_free_{reason}')} {amount:+d}", _send(ui, player, reason, amount),
                             f"glory-{player}-{reason}", filled=False, height=48, disabled=amount == 0)
                      for reason in FREE_REASONS], wrap=True, spacing=6, run_spacing=6)
    count = stepper(ui.t("kleos.ui_other_amount"), amount, change, f"glory-{player}-amount", -MAX_STEP, MAX_STEP)
    if ui.is_phone:
        return ft.Column([count, reasons], spacing=4, tight=True)
    return ft.Row([ft.Container(count, expand=True), reasons], spacing=6)


def glory_log(ui: UI, state: dict) -> ft.Control:
    """The latest Glory changes with their reasons; the full record is the table's history."""
    entries = list(enumerate(state["glory_log"]))[-LOG_ROWS:]
    rows: list[ft.Control] = []
    for index, entry in reversed(entries):
        reason = ui.t(f"kleos.reason_{entry['reason']}")
        if entry["note"]:
            # Dusk writes the location's id as the note; a player's own note is shown as typed.
            detail = ui.t(f"kleos.location_{entry['note']}") if entry["reason"] == "control" else entry["note"]
            reason = f"{reason}: {detail}"
        text = ui.t("kleos.ui_log_line", day=entry["day"], player=god(ui, entry["player"]),
                    amount=f"{entry['amount']:+d}", reason=reason)
        rows.append(tagged(ft.Row([ft.Icon(ft.Icons.CIRCLE, size=12, color=shade(entry["player"])),
                                   ft.Text(text, size=15, expand=True)], spacing=8),
                           f"glory-log-{index}", text))
    if not rows:
        rows.append(note(ui.t("kleos.ui_log_empty")))
    return card(heading(ui.t("kleos.ui_log_title"), 18), *rows, note(ui.t("kleos.ui_log_undo")), ident="glory-log")
