"""The rest of the table: bank, Judgment, the deities and their powers, the deck, and the final count.

No gem count is shown here: each seat's tile on the scoreboard is where a count
appears, when the view carries one (a player who chose to show, or the screens
coming down at the end), and "?" where it does not.
"""
from __future__ import annotations

import flet as ft

from companion.games.fleecing_olympus import power_key
from companion.games.fleecing_olympus import HERA_TOKEN_WORTH, PLAYING
from companion.games.fleecing_olympus import SIDES
from companion.ui.context import UI
from companion.ui.games.fleecing_olympus.parts import name, sender, t
from companion.ui.live import Inputs, inputs, memo, show
from companion.ui.widgets.controls import button, card, heading, note, tagged


@inputs
class Status(Inputs):
    """Bank and deck at a glance; only the tablet reports the deck running out or calls the end."""

    part = "fo-status"
    state: dict
    host: bool

    def build(self, ui: UI) -> ft.Control:
        state, host = self.state, self.host
        bank = tagged(ft.Column([note(t(ui, "ui_bank"), size=14),
                                 ft.Text(str(state["bank"]), size=40, weight=ft.FontWeight.BOLD)],
                                spacing=0, tight=True),
                      "fo-bank", f"{t(ui, 'ui_bank')} {state['bank']}")
        deck = t(ui, "ui_deck", n=state["deck_outs"], of=state["deck_outs_to_end"])
        parts: list[ft.Control] = [ft.Row([bank, tagged(ft.Text(deck, size=16), "fo-deck", deck)], wrap=True,
                                          spacing=32, vertical_alignment=ft.CrossAxisAlignment.CENTER)]
        if state["tiebreak"]:
            parts.append(tagged(ft.Text(t(ui, "ui_tiebreak", players=", ".join(name(ui, p) for p in state["tiebreak"])),
                                        size=18, weight=ft.FontWeight.BOLD), "fo-tiebreak"))
        if state.get("reshuffle"):
            text = ui.t(f"fleecing_olympus.reshuffle.{state['reshuffle']}")
            parts.append(tagged(ft.Row([ft.Icon(ft.Icons.SHUFFLE, size=28), ft.Text(text, size=18, expand=True)]),
                                "fo-reshuffle", text))
        if host and state["phase"] in PLAYING:
            allowed = state["allowed"]
            parts.append(ft.Row([
                button(t(ui, "ui_deck_out"), sender(ui, {"type": "deck_out"}), "fo-deck-out",
                       icon=ft.Icons.LAYERS_CLEAR, filled=False, disabled=allowed["deck_out"] is not None),
                button(t(ui, "ui_end"), sender(ui, {"type": "end"}), "fo-end", icon=ft.Icons.FLAG, filled=False,
                       disabled=allowed["end"] is not None),
            ], wrap=True, spacing=8, run_spacing=8))
            if state["deck_outs"] >= state["deck_outs_to_end"]:
                parts.append(note(t(ui, "ui_end_help")))
        return card(*parts, ident="fo-status")


def deities(ui: UI, state: dict) -> ft.Control:
    """One row per seat, clockwise: deity, both powers, and the tokens in front of them.

    The rows held each shown count too ("20 gems"), the number the seat's tile already shows
    large: a player showing or hiding theirs then rebuilt two parts on every other device
    instead of one. The rows change only when the Active player or Judgment moves, so the
    whole card is a memo: a render that moved neither does not walk its rows."""
    return memo(ui, Deities(state))


@inputs
class Deities(Inputs):
    part = "fo-deities-rows"
    state: dict

    def build(self, ui: UI) -> ft.Control:
        state = self.state
        rows = [show(ui, DeityRow(player, name(ui, player), state["deities"][player], player == state["active"],
                                  player == state["judgment"]))
                for player in state["players"]]
        return show(ui, DeitiesCard(tuple(rows)))


@inputs
class DeitiesCard(Inputs):
    """The frame around the deity rows, each a part of its own."""

    part = "fo-deities"
    rows: tuple[ft.Control, ...]

    def build(self, ui: UI) -> ft.Control:
        return card(heading(t(ui, "ui_deities_title"), 18), *self.rows, ident="fo-deities")


@inputs
class DeityRow(Inputs):
    """A seat's deity, both its powers, and whether it is Active or holds Judgment."""

    player: str
    called: str
    god: str
    active: bool
    judgment: bool

    @property
    def key(self) -> str:
        return f"fo-deity-row-{self.player}"

    def build(self, ui: UI) -> ft.Control:
        player, called, god, active, judgment = self.player, self.called, self.god, self.active, self.judgment
        marks = [t(ui, "ui_mark_active")] if active else []
        marks += [t(ui, "ui_mark_judgment")] if judgment else []
        head = [ft.Text(f"{called} ({t(ui, 'deity_' + god)})", size=18, weight=ft.FontWeight.BOLD, expand=True)]
        if marks:
            head.append(ft.Text(", ".join(marks), size=14, color=ft.Colors.PRIMARY))
        texts = [ft.Text(f"{t(ui, 'side_' + side)}: {ui.t(power_key(god, side))}", size=14) for side in SIDES]
        return tagged(ft.Column([ft.Row(head, vertical_alignment=ft.CrossAxisAlignment.CENTER), *texts],
                                spacing=2, tight=True), f"fo-deity-row-{player}")


@inputs
class Result(Inputs):
    """The final count: the winner, why, and every seat in order."""

    part = "fo-result"
    state: dict

    def build(self, ui: UI) -> ft.Control:
        state = self.state
        outcome = state["result"]
        scores = outcome["scores"]
        rows: list[ft.Control] = [
            heading(t(ui, "ui_winner", player=name(ui, outcome["winner"])), 26),
            note(t(ui, "ui_reason_" + outcome["reason"]), size=16),
        ]
        for place, player in enumerate(outcome["ranking"], start=1):
            text = t(ui, "ui_rank_row", place=place, player=name(ui, player), n=scores[player])
            if player == outcome["hera_bonus"]:
                text += " " + t(ui, "ui_hera_bonus", n=HERA_TOKEN_WORTH)
            rows.append(tagged(ft.Text(text, size=20, weight=ft.FontWeight.BOLD if place == 1 else None),
                               f"fo-rank-{place}", text))
        return card(*rows, ident="fo-result")
