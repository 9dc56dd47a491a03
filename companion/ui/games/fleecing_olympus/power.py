"""Step 1: the Active player picks the Even or Odd side of their deity, with what that side asks for.

Both sides are shown with their text so the choice is made on the screen
itself. Only the powers the app tracks ask anything (a player, a gem count,
a yes/no); Zeus' Odd side also asks which neighbour lends which side, and
then whatever that borrowed side asks.
"""
from __future__ import annotations

import flet as ft

from companion.games.fleecing_olympus import power_key
from companion.games.fleecing_olympus import HERMES_MAX_PAY
from companion.games.fleecing_olympus import SIDES, left_of, right_of
from companion.ui.context import UI
from companion.ui.games.fleecing_olympus.parts import LOCAL, choice_row, confirm_button, deity, local_setter, may, name, player_row, t, turn_local
from companion.ui.live import Inputs, inputs
from companion.ui.draft import entered_by, shared
from companion.ui.widgets.controls import button, card, heading, note, stepper

POWER = LOCAL + "power"
POWER_START: dict = {}
# What each tracked power needs besides the side, as the event field it fills.
ASKS = {("ares", "even"): "to", ("hera", "even"): "pick", ("hermes", "even"): "pay", ("hermes", "odd"): "discard"}


@inputs
class Power(Inputs):
    """Step 2: the Active player's deity power, one side or the other, with what it needs filled in."""

    part = "fo-power"
    state: dict
    who: str | None

    def build(self, ui: UI) -> ft.Control:
        state, who = self.state, self.who
        active = state["turn"]["active"]
        if not may(who, active):
            return card(note(t(ui, "ui_power_wait", player=name(ui, active)), size=18), ident="fo-power-step")
        data = turn_local(ui, POWER, state, POWER_START)
        sides = [_side(ui, state, active, side, data) for side in SIDES]
        layout = ft.Column(sides, spacing=12) if ui.is_phone else ft.Row(
            [ft.Container(s, expand=True) for s in sides], spacing=12, vertical_alignment=ft.CrossAxisAlignment.START)
        return card(heading(t(ui, "ui_power_title", player=name(ui, active), deity=deity(ui, state, active)), 20),
                    entered_by(ui, shared(ui, state, "power"), "fo-power-by"), layout, ident="fo-power-step")


def _side(ui: UI, state: dict, user: str, side: str, data: dict) -> ft.Control:
    god = state["deities"][user]
    parts: list[ft.Control] = [
        ft.Text(t(ui, "side_" + side), size=20, weight=ft.FontWeight.BOLD),
        ft.Text(ui.t(power_key(god, side)), size=16),
    ]
    event: dict = {"type": "power", "side": side}
    used, ready = (god, side), True
    if used == ("zeus", "odd"):
        lender, borrow = _lender(state, user, data), data.get("borrow")
        parts += _borrow(ui, state, user, data)
        event.update(neighbour=data.get("neighbour"), borrow=borrow)
        ready = lender is not None and borrow is not None
        if ready:
            used = (state["deities"][lender], borrow)
            parts.append(note(ui.t(power_key(*used))))
    field = ASKS.get(used)
    if field is not None:
        parts.append(_ask(ui, state, user, field, data))
        event[field] = data.get(field, _DEFAULTS.get(field))
        ready = ready and event[field] is not None
    parts.append(confirm_button(ui, t(ui, "ui_use_side", side=t(ui, "side_" + side)), event, POWER,
                                f"fo-power-{side}", disabled=not ready))
    return ft.Container(ft.Column(parts, spacing=8, tight=True), padding=12, border_radius=12,
                        border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT))


_DEFAULTS = {"pay": 0, "discard": True}


def _lender(state: dict, user: str, data: dict) -> str | None:
    side = data.get("neighbour")
    if side not in ("left", "right"):
        return None
    return left_of(state, user) if side == "left" else right_of(state, user)


def _borrow(ui: UI, state: dict, user: str, data: dict) -> list[ft.Control]:
    """Which neighbour, then which of their sides; each neighbour is named with their deity."""
    around = {"left": left_of(state, user), "right": right_of(state, user)}
    neighbours = [(d, t(ui, "ui_neighbour_" + d, player=name(ui, p), deity=deity(ui, state, p)))
                  for d, p in around.items()]
    parts = [choice_row(neighbours, data.get("neighbour"), local_setter(ui, data, "neighbour"), "fo-zeus-from")]
    if data.get("neighbour"):
        sides = [(s, t(ui, "ui_borrow_side", side=t(ui, "side_" + s))) for s in SIDES]
        parts.append(choice_row(sides, data.get("borrow"), local_setter(ui, data, "borrow"), "fo-zeus-side"))
    return parts


def _ask(ui: UI, state: dict, user: str, field: str, data: dict) -> ft.Control:
    others = [p for p in state["players"] if p != user]
    if field in ("to", "pick"):
        return ft.Column([note(t(ui, "ui_ask_" + field)),
                          player_row(ui, others, data.get(field), local_setter(ui, data, field), f"fo-power-{field}")],
                         spacing=4, tight=True)
    if field == "pay":
        own = state["gems"].get(user)  # known on the Active player's own phone only
        top = HERMES_MAX_PAY if own is None else min(HERMES_MAX_PAY, own)
        return stepper(t(ui, "ui_ask_pay"), min(data.get("pay", 0), top), local_setter(ui, data, "pay"),
                       "fo-power-pay", minimum=0, maximum=top)
    choices = [(True, t(ui, "ui_discard_yes")), (False, t(ui, "ui_discard_no"))]
    return choice_row(choices, data.get("discard", True), local_setter(ui, data, "discard"), "fo-power-discard")
