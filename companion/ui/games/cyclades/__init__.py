"""Cyclades panels: the tablet runs the round, each phone is its player's screen.

The board is assembled per phase from the modules beside this one. A phone
gets its purse first (the one secret it holds), then only the controls of its
own player; the tablet gets every player's controls but never a purse, because
the game's view never sends it one.
"""
from __future__ import annotations

from typing import Callable

import flet as ft

from companion.ui.context import UI
from companion.ui.games.cyclades import rounds
from companion.ui.games.cyclades.battle import battle_card
from companion.ui.games.cyclades.offerings import offerings
from companion.ui.games.cyclades.purse import income_elsewhere, purse, spending
from companion.ui.games.cyclades.setup import checklist, start_card
from companion.ui.games.cyclades.tracker import tracker
from companion.ui.widgets.players_form import names_form

# Phases in which gold can arrive from outside the income phase (the game refuses it elsewhere).
GAIN_PHASES = ("placement", "round_init", "income", "offerings", "maintenance", "actions")


class CycladesUI:
    def setup_form(self, ui: UI) -> tuple[list[ft.Control], Callable[[], dict]]:
        controls, read = names_form(ui, "cyclades.names", default=3, minimum=2, maximum=5)
        hint = ft.Text(ui.t("cyclades.ui_form_help"), size=14, italic=True)
        return [hint, *controls], lambda: {"players": read()}

    def board(self, ui: UI, snap: dict) -> ft.Control:
        state = snap["state"]
        host = snap["role"] == "host"
        # Whose controls this device shows: None for the tablet (everyone's), a player id for a
        # phone, and "" for a spectator (nobody's), so one test `who in (None, pid)` serves all.
        who = None if host else snap["seat"] or ""
        parts: list[ft.Control] = [rounds.header(ui, state, host)]
        if who and state["phase"] != "over":
            parts.append(purse(ui, state, who))
        parts += self._phase(ui, state, who)
        parts.append(tracker(ui, state, who))
        if who and state["phase"] in GAIN_PHASES:
            parts.append(income_elsewhere(ui, state, who))
        parts.append(battle_card(ui))
        return ft.Column(parts, spacing=12, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)

    def _phase(self, ui: UI, state: dict, who: str | None) -> list[ft.Control]:
        phase = state["phase"]
        if phase in ("setup", "placement"):
            if who is not None:
                return []
            return [start_card(ui, state), checklist(ui, state)] if phase == "setup" else [checklist(ui, state)]
        if phase == "round_init":
            return [rounds.reminders(ui, state)]
        if phase == "income":
            return [rounds.income(ui, state, who)] if who != "" else []
        if phase == "offerings":
            return [offerings(ui, state, who)]
        if phase == "maintenance":
            return [rounds.maintenance(ui, state, who)]
        if phase == "actions":
            own = spending(ui, state, who) if who else None
            return [rounds.actions(ui, state, who), *([own] if own else [])]
        return [rounds.result(ui, state)]


UI_ = CycladesUI()
