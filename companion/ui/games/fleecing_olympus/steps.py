"""The turn's fixed steps around the powers and cards: the opening roll, Ares' tribute, Target and dice.

Dice can always be copied from the real ones on the table or left to the
app; either way the event says what was rolled, so a replay agrees. The opening
totals copied by hand are the table's draft (games/fleecing_olympus/drafts.py):
every screen shows the same, and sending them names the version its screen showed.
Every player rolls their own dice for the opening, and any player may send the
roll, so every phone fills the form too, in seat order, its own player's total highlighted.
"""
from __future__ import annotations

import flet as ft

from companion.core import drafts
from companion.games.fleecing_olympus import OPENING as OPENING_DRAFT, opening_totals, pending
from companion.ui.context import UI
from companion.ui.games.fleecing_olympus.parts import LOCAL, confirm_button, die_picker, local_setter, may, name, player_row, sender, t, turn_local
from companion.ui.live import Inputs, inputs
from companion.ui.draft import drawn, entered_by, put, shared
from companion.ui.widgets.controls import button, card, heading, note, stepper
from companion.ui.widgets.seat_rows import seat_row

ROLL = LOCAL + "roll"
ROLL_START = {"target": None, "d0": None, "d1": None}
TOTAL = 7


def split(total: int) -> list[int]:
    """Two dice adding up to `total`: the opening only compares sums, so a typed sum is enough."""
    high = min(6, total - 1)
    return [high, total - high]


@inputs
class Opening(Inputs):
    """Before the first turn: the opening rolls that decide who starts."""

    part = "fo-opening"
    state: dict
    who: str | None

    def build(self, ui: UI) -> ft.Control:
        state, who = self.state, self.who
        group = pending(state["opening"])
        parts: list[ft.Control] = [heading(t(ui, "ui_opening_title"), 20), note(t(ui, "ui_opening_help"))]
        decided = state["opening"]["decided"]
        if decided:
            parts.append(note(t(ui, "ui_opening_decided", players=", ".join(name(ui, p) for p in decided))))
        if state["opening"]["rounds"]:
            parts.append(note(t(ui, "ui_opening_again", players=", ".join(name(ui, p) for p in group))))
        if who == "":  # a spectator watches
            return card(*parts, ident="fo-opening")
        held = opening_totals(state)
        version = drafts.version(state, OPENING_DRAFT)
        seen = {drafts.FIELD: version}
        # Seat order on every device, the own row highlighted where it stands (widgets/seat_rows.py).
        rows = [seat_row(stepper(name(ui, p), held.get(p, TOTAL), _total_setter(ui, p, held.get(p, TOTAL)),
                                 f"fo-open-{p}", minimum=2, maximum=12), p == who, "fo-open")
                for p in sorted(group, key=state["players"].index)]
        entered = {"type": "opening_roll", "rounds": [{p: split(held.get(p, TOTAL)) for p in group}], **seen}
        parts += [
            drawn(ui, "fo-open-roll", version, button(t(ui, "ui_opening_roll"),
                                                      sender(ui, {"type": "opening_roll", **seen}), "fo-open-roll",
                                                      icon=ft.Icons.CASINO)),
            note(t(ui, "ui_opening_manual")),
            entered_by(ui, shared(ui, state, OPENING_DRAFT), "fo-open-by"),
            *[ft.Container(row, width=None if ui.is_phone else 420) for row in rows],
            drawn(ui, "fo-open-enter", version, button(t(ui, "ui_opening_enter"), sender(ui, entered), "fo-open-enter",
                                                       filled=False)),
        ]
        return card(*parts, ident="fo-opening")


def _total_setter(ui: UI, player: str, drawn: int):
    async def change(value: int) -> None:
        # A step from what the table holds now, not from what was drawn: two quick taps count twice.
        now = opening_totals(ui.snapshot()["state"]).get(player, drawn)
        await put(ui, OPENING_DRAFT, player, max(2, min(12, now + value - drawn)))
    return change


@inputs
class Tribute(Inputs):
    """The gems owed to a power's user, each paid by the player who owes it."""

    part = "fo-tribute"
    state: dict
    who: str | None

    def build(self, ui: UI) -> ft.Control:
        state, who = self.state, self.who
        turn = state["turn"]
        user = name(ui, turn["power"]["user"])
        parts: list[ft.Control] = [heading(t(ui, "ui_tribute_title", user=user), 20)]
        for player in turn["tribute_due"]:
            if not may(who, player):
                parts.append(note(t(ui, "ui_tribute_waiting", player=name(ui, player))))
                continue
            seat = {} if who else {"seat": player}
            refused = state["allowed"][f"tribute_gem.{player}"]  # a count only a phone (or a shown one) knows
            parts.append(ft.Row([
                ft.Text(name(ui, player), size=18, weight=ft.FontWeight.BOLD, width=140),
                button(t(ui, "ui_tribute_gem", user=user), sender(ui, {"type": "tribute", "pay": True, **seat}),
                       f"fo-tribute-{player}-gem", icon=ft.Icons.DIAMOND, disabled=refused is not None),
                button(t(ui, "ui_tribute_card"), sender(ui, {"type": "tribute", "pay": False, **seat}),
                       f"fo-tribute-{player}-card", filled=False),
            ], wrap=True, spacing=8, run_spacing=8))
        return card(*parts, ident="fo-tribute")


@inputs
class Roll(Inputs):
    """Step 3: the Active player's roll against their target, and the wager it sets."""

    part = "fo-roll"
    state: dict
    who: str | None

    def build(self, ui: UI) -> ft.Control:
        state, who = self.state, self.who
        turn = state["turn"]
        active = turn["active"]
        if not may(who, active):
            return card(note(t(ui, "ui_roll_wait", player=name(ui, active)), size=18), ident="fo-roll")
        data = turn_local(ui, ROLL, state, ROLL_START)
        others = [p for p in state["players"] if p != active]
        target = data["target"]
        base = {"type": "roll", "target": target}
        entered = data["d0"] is not None and data["d1"] is not None
        return card(
            heading(t(ui, "ui_roll_title"), 20),
            entered_by(ui, shared(ui, state, "roll"), "fo-roll-by"),
            note(t(ui, "ui_pick_target")),
            player_row(ui, others, target, local_setter(ui, data, "target"), "fo-roll-target"),
            confirm_button(ui, t(ui, "ui_roll_app"), base, ROLL, "fo-roll-app", icon=ft.Icons.CASINO,
                           disabled=target is None),
            note(t(ui, "ui_roll_manual")),
            die_picker(data["d0"], local_setter(ui, data, "d0"), "fo-roll-d0"),
            die_picker(data["d1"], local_setter(ui, data, "d1"), "fo-roll-d1"),
            confirm_button(ui, t(ui, "ui_roll_enter"), {**base, "dice": [data["d0"], data["d1"]]}, ROLL, "fo-roll-enter",
                           filled=False, disabled=target is None or not entered),
            ident="fo-roll",
        )
