"""The turn strip: who is Active and whom they target, the power in use, the token, the dice, the wager.

Everything here is public, so every device draws the same strip; the big
wager line is what the table argues over, so it gets the biggest type.
"""
from __future__ import annotations

import flet as ft

from companion.games.fleecing_olympus import power_key
from companion.games.fleecing_olympus import loser_and_winner
from companion.ui.context import UI
from companion.ui.games.fleecing_olympus.parts import deity, die_face, name, t
from companion.ui.live import Inputs, inputs
from companion.ui.widgets.controls import card, heading, note, tagged


@inputs
class Strip(Inputs):
    """The turn at a glance: its step, who is Active, the target and Judgment, the dice and the wager."""

    part = "fo-strip"
    state: dict

    def build(self, ui: UI) -> ft.Control:
        state = self.state
        turn = state["turn"]
        parts: list[ft.Control] = [
            heading(t(ui, "ui_turn", n=turn["no"], step=t(ui, "ui_step_" + state["phase"])), 20),
            ft.Row([_who(ui, "ui_active", turn["active"], state, "fo-active"),
                    _who(ui, "ui_target", turn["target"], state, "fo-target"),
                    _who(ui, "ui_judgment", state["judgment"], state, "fo-judgment")],
                   wrap=True, spacing=24, run_spacing=8),
        ]
        if turn["refill"] and not turn["power"]:
            parts.append(note(t(ui, "ui_refill")))
        if turn["power"]:
            parts.append(_power(ui, turn["power"]))
        parts.append(ft.Row([_token(ui, turn["token"]), die_face(_face(turn, 0), 80, "fo-die-0"),
                             die_face(_face(turn, 1), 80, "fo-die-1"), _wager(ui, turn)],
                            wrap=True, spacing=16, run_spacing=12, vertical_alignment=ft.CrossAxisAlignment.CENTER))
        return card(*parts, ident="fo-strip")


def _face(turn: dict, index: int) -> int | None:
    return turn["dice"][index] if turn["dice"] else None


def _who(ui: UI, key: str, player: str | None, state: dict, ident: str) -> ft.Control:
    text = f"{name(ui, player)} ({deity(ui, state, player)})" if player else "—"
    return tagged(ft.Column([note(t(ui, key), size=14), ft.Text(text, size=20, weight=ft.FontWeight.BOLD)],
                            spacing=0, tight=True), ident, f"{t(ui, key)}: {text}")


def _power(ui: UI, power: dict) -> ft.Control:
    """The side the Active player turned up, and the text that actually applies (a borrowed one for Zeus)."""
    used = power["borrowed"] or {"deity": power["deity"], "side": power["side"]}
    title = t(ui, "ui_power_used", deity=t(ui, "deity_" + power["deity"]), side=t(ui, "side_" + power["side"]))
    lines: list[ft.Control] = [ft.Text(title, size=18, weight=ft.FontWeight.W_600)]
    if power["borrowed"]:
        lines.append(ft.Text(t(ui, "ui_power_borrowed", lender=name(ui, used["from"]),
                               deity=t(ui, "deity_" + used["deity"]), side=t(ui, "side_" + used["side"])), size=16))
    lines.append(note(ui.t(power_key(used["deity"], used["side"])), size=16))
    return tagged(ft.Column(lines, spacing=4, tight=True), "fo-power", title)


def _token(ui: UI, token: str | None) -> ft.Control:
    text = t(ui, "side_" + token) if token else "—"
    body = ft.Container(ft.Text(text, size=22, weight=ft.FontWeight.BOLD, text_align=ft.TextAlign.CENTER),
                        width=96, height=80, alignment=ft.Alignment.CENTER, border_radius=40,
                        bgcolor=ft.Colors.PRIMARY_CONTAINER if token else ft.Colors.SURFACE_CONTAINER_HIGHEST)
    return tagged(ft.Column([note(t(ui, "ui_token"), size=14), body], spacing=2, tight=True),
                  "fo-token", f"{t(ui, 'ui_token')}: {text}")


def _wager(ui: UI, turn: dict) -> ft.Control:
    if turn["wager"] is None:
        return tagged(note(t(ui, "ui_no_wager"), size=18), "fo-wager")
    payer, payee = loser_and_winner(turn)
    favoured = t(ui, "ui_favours", player=name(ui, payee))
    owes = t(ui, "ui_owes", payer=name(ui, payer), payee=name(ui, payee))
    return tagged(ft.Column([
        ft.Text(favoured, size=16, weight=ft.FontWeight.W_600, color=ft.Colors.PRIMARY),
        ft.Row([ft.Text(owes, size=18), ft.Text(str(turn["wager"]), size=48, weight=ft.FontWeight.BOLD)],
               spacing=12, vertical_alignment=ft.CrossAxisAlignment.CENTER),
    ], spacing=0, tight=True), "fo-wager", f"{owes} {turn['wager']}")


@inputs
class LastTurn(Inputs):
    """The previous turn's settlement (once there is one); the amount actually paid shows only on the
    two phones involved."""

    part = "fo-last-turn"
    state: dict
    seat: str | None

    def build(self, ui: UI) -> ft.Control:
        state, seat = self.state, self.seat
        last = state["last"]
        text = t(ui, "ui_last", n=last["no"], payer=name(ui, last["payer"]), payee=name(ui, last["payee"]),
                 wager=last["wager"])
        if "paid" in last and seat == last["payer"]:
            text += " " + t(ui, "ui_you_paid", paid=last["paid"], payee=name(ui, last["payee"]))
        elif "paid" in last and seat == last["payee"]:
            text += " " + t(ui, "ui_you_got", paid=last["paid"], payer=name(ui, last["payer"]))
        line = tagged(ft.Text(text, size=16), "fo-last", text)
        line.expand = True
        return card(ft.Row([ft.Icon(ft.Icons.HISTORY), line], vertical_alignment=ft.CrossAxisAlignment.CENTER))
