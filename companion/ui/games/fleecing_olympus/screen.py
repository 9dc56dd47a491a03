"""A phone is its player's screen: their own gems in big type, showing them to all, and paying a deal.

Only the seat's own count reaches this device (the view cuts the others), so
the number drawn here is always the viewer's own.
"""
from __future__ import annotations

import flet as ft

from companion.ui.context import UI
from companion.ui.games.fleecing_olympus.parts import LOCAL, local_setter, name, player_row, sender, t
from companion.ui.live import Inputs, inputs
from companion.ui.widgets.controls import button, card, heading, note, stepper, switch, tagged

GIVE = LOCAL + "give"
GIVE_START = {"to": None, "amount": 1}


@inputs
class MyScreen(Inputs):
    """The count and the deity it belongs to; `reveal` is the part below them that shows or hides it,
    so a tap on it rebuilds that part alone."""

    part = "fo-my-screen"
    god: str
    gems: int
    reveal: ft.Control

    def build(self, ui: UI) -> ft.Control:
        god, gems, reveal = self.god, self.gems, self.reveal
        return card(
            ft.Row([ft.Text(t(ui, "ui_my_gems", deity=t(ui, "deity_" + god)), size=16, expand=True),
                    tagged(ft.Text(str(gems), size=48, weight=ft.FontWeight.BOLD), "fo-my-gems",
                           t(ui, "ui_gems_count", n=gems))],  # "20 gems": a bare number says nothing of what it counts
                   vertical_alignment=ft.CrossAxisAlignment.CENTER),
            reveal, ident="fo-my-screen")


@inputs
class MyReveal(Inputs):
    """Who can see the count, and (until the screens come down for the final count) the switch that
    shows it to the table or hides it again."""

    part = "fo-my-reveal"
    shown: bool
    down: bool

    def build(self, ui: UI) -> ft.Control:
        shown, down = self.shown, self.down
        says = note(t(ui, "ui_gems_shown" if shown else "ui_gems_hidden"), "fo-my-gems-shown")
        # A Column in both states (LIVE_PERFORMANCE.md: one outer type): the screens coming down drop the switch, not the whole part.
        return ft.Column([says] if down else [says, _switch(ui, shown)], spacing=12, tight=True)


def _switch(ui: UI, shown: bool) -> ft.Control:
    async def toggle(e) -> None:
        await ui.send({"type": "reveal", "open": bool(e.control.value)})

    return tagged(switch(shown, toggle, t(ui, "ui_reveal")), "fo-reveal")


@inputs
class Deal(Inputs):
    """Gems promised in a negotiation, handed over from behind this player's screen (while the game runs)."""

    part = "fo-deal"
    state: dict
    seat: str
    # A copy of the half-entered form (device-local) that only tells the part when to redraw: the
    # panel itself reads and edits the live values in `ui.local`.
    form: dict | None

    def build(self, ui: UI) -> ft.Control:
        state, seat = self.state, self.seat
        data: dict = ui.local.inputs.setdefault(GIVE, dict(GIVE_START))
        own = state["gems"][seat]
        amount = min(data["amount"], max(own, 1))
        others = [p for p in state["players"] if p != seat]
        event = {"type": "give", "to": data["to"], "amount": amount}
        return card(
            heading(t(ui, "ui_give_title"), 18),
            player_row(ui, others, data["to"], local_setter(ui, data, "to"), "fo-give-to"),
            stepper(t(ui, "ui_give_amount"), amount, local_setter(ui, data, "amount"), "fo-give-amount",
                    minimum=1, maximum=max(own, 1)),
            button(t(ui, "ui_give", n=amount, player=name(ui, data["to"]) if data["to"] else "…"),
                   sender(ui, event, GIVE), "fo-give", icon=ft.Icons.HANDSHAKE, filled=False,
                   disabled=data["to"] is None or own < 1),
            ident="fo-give-card",
        )
