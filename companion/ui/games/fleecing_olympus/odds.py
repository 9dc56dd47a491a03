"""The odds helper: what a Destiny re-roll of one die, or both, would do to the favour and the wager.

The numbers come from the game's exact odds (public facts only), so every
screen may show them; the helper answers "is it worth playing that card?"
"""
from __future__ import annotations

from fractions import Fraction

import flet as ft

from companion.games.fleecing_olympus import turn_odds
from companion.games.fleecing_olympus import loser_and_winner
from companion.i18n import numbers
from companion.ui.context import UI
from companion.ui.games.fleecing_olympus.parts import name, t
from companion.ui.live import Inputs, inputs
from companion.ui.widgets.controls import card, heading, note, tagged

def percent(value: Fraction, lang: str) -> str:
    return numbers.percent(value, lang, 0)


def tenths(value: Fraction, lang: str) -> str:
    """One decimal, in the reader's language (companion/i18n/numbers.py)."""
    return numbers.number(value, lang, 1)


@inputs
class Odds(Inputs):
    """The favour and the wager after each possible re-roll, for the turn now on the table."""

    part = "fo-odds"
    state: dict

    def build(self, ui: UI) -> ft.Control:
        state = self.state
        turn = state["turn"]
        active, target = name(ui, turn["active"]), name(ui, turn["target"])
        _, payee = loser_and_winner(turn)
        rows: list[ft.Control] = [heading(t(ui, "ui_odds_title"), 18), note(t(ui, "ui_odds_help")),
                                  ft.Text(t(ui, "ui_odds_now", player=name(ui, payee), n=turn["wager"]), size=16)]
        for choice in turn_odds(turn):
            key = "".join(str(i) for i in choice.dice)
            label = t(ui, "ui_reroll_" + key)
            gain = choice.active_gain
            lean = t(ui, "ui_odds_lean", player=active if gain >= 0 else target, n=tenths(abs(gain), ui.lang))
            text = t(ui, "ui_odds_row", active=active, win=percent(choice.active, ui.lang), wager=tenths(choice.wager, ui.lang))
            rows.append(tagged(ft.Column([
                ft.Row([ft.Text(label, size=16, weight=ft.FontWeight.BOLD, expand=True),
                        ft.Text(percent(choice.flip, ui.lang), size=28, weight=ft.FontWeight.BOLD)],
                       vertical_alignment=ft.CrossAxisAlignment.CENTER),
                ft.Text(text, size=14),
                ft.Text(lean, size=14),
            ], spacing=2, tight=True), f"fo-odds-{key}",
                               f"{label}: {percent(choice.flip, ui.lang)}. {text} {lean}"))
        return card(*rows, ident="fo-odds")
