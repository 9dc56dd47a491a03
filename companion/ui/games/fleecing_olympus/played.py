"""The cards already on the table this turn, and the two ways the card play ends: STOP or everyone passing.

Resisted cards stay listed but struck through, as the real ones lie face
down: the wager shown beside them has already dropped their change.
"""
from __future__ import annotations

import flet as ft

from companion.ui.context import UI
from companion.ui.games.fleecing_olympus.parts import may, name, sender, t
from companion.ui.live import Inputs, inputs
from companion.ui.widgets.controls import button, card, heading, note, says_why, tagged


@inputs
class Played(Inputs):
    """The cards played this turn, each with what it did."""

    part = "fo-played"
    state: dict

    def build(self, ui: UI) -> ft.Control:
        state = self.state
        cards = state["turn"]["cards"]
        rows: list[ft.Control] = [heading(t(ui, "ui_played_title", n=len(cards)), 18)]
        if not cards:
            rows.append(note(t(ui, "ui_played_none")))
        for i, record in enumerate(cards):
            text = " ".join([t(ui, "ui_played_row", player=name(ui, record["seat"]),
                               kind=t(ui, "kind_" + record["kind"])), *_effects(ui, record)])
            off = bool(record.get("resisted") or record.get("cancelled"))
            if off:
                text += " " + t(ui, "ui_played_off")
            rows.append(tagged(ft.Text(text, size=16, italic=off, color=ft.Colors.ON_SURFACE_VARIANT if off else None,
                                       style=ft.TextStyle(decoration=ft.TextDecoration.LINE_THROUGH) if off else None),
                               f"fo-played-{i}", text))
        return card(*rows, ident="fo-played")


def _effects(ui: UI, record: dict) -> list[str]:
    """Each tracked effect in the same words the history uses, so both read alike."""
    out = [t(ui, "h_cost_player", to=name(ui, record["cost_to"])) if record["cost_to"] else t(ui, "h_cost_bank")
           ] if record["cost"] else []
    if record.get("cancel"):
        out.append(t(ui, "h_eff_cancel"))
    if record.get("resist"):
        out.append(t(ui, "h_eff_resist", kind=t(ui, "kind_" + record["resist"])))
    if record.get("wager"):
        out.append(t(ui, "h_eff_wager", delta=f"{record['wager']:+d}"))
    if record.get("flip"):
        out.append(t(ui, "h_eff_flip"))
    if "reroll" in record:
        out.append(t(ui, "h_eff_reroll", values=", ".join(str(v) for v in record["values"])))
    if "target" in record:
        out.append(t(ui, "h_eff_target", target=name(ui, record["target"])))
    if "judgment" in record:
        out.append(t(ui, "h_eff_judgment", to=name(ui, record["judgment"])))
    if "took" in record:
        out.append(t(ui, "h_eff_take", n=record["took"]))
    if "share" in record:
        out.append(t(ui, "h_eff_share", shares=", ".join(f"{name(ui, p)} {n}" for p, n in record["share"].items())))
    return out


@inputs
class Closing(Inputs):
    """STOP for the Judgment holder (once a card is down, in the card play), and the settling button.

    The settling button is on every device through the whole turn, greyed (with why) where it
    cannot be used now: kept as the same control from one turn to the next, a tap aimed at it by a
    phone that had not yet drawn the next turn still reaches the server, which answers "Already
    moved on" (a button taken off the page drops such a tap without a word). It comes first in its
    row, so STOP coming and going beside it does not make a new one of it."""

    part = "fo-closing"
    state: dict
    who: str | None

    def build(self, ui: UI) -> ft.Control:
        state, who = self.state, self.who
        turn = state["turn"]
        refused = state["allowed"]["resolve"]
        settle = says_why(button(t(ui, "ui_resolve"), sender(ui, {"type": "resolve"}), "fo-resolve",
                                 icon=ft.Icons.GAVEL, disabled=refused is not None), t(ui, "ui_resolve"),
                          ui.t(refused) if refused else None)
        buttons: list[ft.Control] = [settle]
        if state["phase"] == "cards" and may(who, state["judgment"]):
            label = t(ui, "ui_stop", player=name(ui, state["judgment"]))
            buttons.append(button(label, sender(ui, {"type": "stop"}), "fo-stop", icon=ft.Icons.BACK_HAND,
                                  tone=ft.Colors.ERROR, disabled=state["allowed"]["stop"] is not None))
        whose = t(ui, "ui_closing_whose", player=name(ui, turn["active"]))
        ours = may(who, turn["active"])
        help_text = t(ui, "ui_closing_help") if ours or state["phase"] == "cards" else whose
        rows: list[ft.Control] = [note(help_text), ft.Row(buttons, wrap=True, spacing=12, run_spacing=8)]
        # A greyed button says why in words (a tooltip never shows on a touch screen), under it, so
        # the button stays where it was when the words come or go.
        why = None if refused is None else t(ui, "ui_resolve_later") if ours else None if help_text == whose else whose
        if why:
            rows.append(note(why, "fo-resolve-why"))
        return card(*rows, ident="fo-closing")
