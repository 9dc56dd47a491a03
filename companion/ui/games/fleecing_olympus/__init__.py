"""Fleecing Olympus panels: the tablet is the table, each phone is its player's screen.

A phone puts its own gems first, then only the actions its player may take
right now; the tablet shows the whole turn and may act for anyone. Nothing
here reads a gem count the view did not send, so a hidden count cannot leak
into any page.
"""
from __future__ import annotations

import flet as ft

from companion.ui.context import UI
from companion.ui.games.fleecing_olympus.cards import card_form
from companion.ui.games.fleecing_olympus.odds import odds
from companion.ui.games.fleecing_olympus.parts import who_acts
from companion.ui.games.fleecing_olympus.played import closing, played
from companion.ui.games.fleecing_olympus.power import power
from companion.ui.games.fleecing_olympus.screen import deal, my_screen
from companion.ui.games.fleecing_olympus.setup import form
from companion.ui.games.fleecing_olympus.steps import opening, roll, tribute
from companion.ui.games.fleecing_olympus.strip import last_turn, strip
from companion.ui.games.fleecing_olympus.table import deities, result, status


class FleecingOlympusUI:
    def setup_form(self, ui: UI):
        return form(ui)

    def board(self, ui: UI, snap: dict) -> ft.Control:
        state = snap["state"]
        who = who_acts(snap)
        seat = who or None
        parts: list[ft.Control] = [my_screen(ui, state, seat)] if seat else []
        if state["phase"] == "over":
            parts.append(result(ui, state))
        elif state["phase"] != "opening":
            parts.append(strip(ui, state))
        parts.append(last_turn(ui, state, seat))
        parts += self._step(ui, state, who)
        if seat:
            parts.append(deal(ui, state, seat))
        parts += [status(ui, state, who is None), deities(ui, state)]
        return ft.Column([p for p in parts if p is not None], spacing=12,
                         horizontal_alignment=ft.CrossAxisAlignment.STRETCH)

    def _step(self, ui: UI, state: dict, who: str | None) -> list[ft.Control | None]:
        phase = state["phase"]
        if phase == "opening":
            return [opening(ui, state, who)]
        if phase == "power":
            return [power(ui, state, who)]
        if phase == "tribute":
            return [tribute(ui, state, who)]
        if phase == "roll":
            return [roll(ui, state, who)]
        if phase == "cards":
            entry = card_form(ui, state, who) if who != "" else None
            return [played(ui, state), closing(ui, state, who), entry, odds(ui, state)]
        return []


UI_ = FleecingOlympusUI()
