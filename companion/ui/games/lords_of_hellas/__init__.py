"""Lords of Hellas panels: a winner banner, a status line, and five sections to switch between.

The board stays on the table; these panels only keep the counts, markers and
helpers. Which section a device shows is its own choice, kept in `ui.local`,
so a tablet on the Monuments and a phone in a battle do not pull each other.
"""
from __future__ import annotations

from typing import Callable

import flet as ft

from companion.ui.context import UI
from companion.ui.games.lords_of_hellas import battle, hunt, monuments, setup, turn, watch
from companion.ui.games.lords_of_hellas.parts import dot, name, t
from companion.ui.widgets.controls import button, note, tagged

SECTION = "lords_of_hellas.section"
# Section id -> (title key, panel); the turn helper first because it is used every turn.
SECTIONS: dict[str, tuple[str, Callable[[UI, dict], ft.Control]]] = {
    "turn": ("turn_title", turn.panel),
    "watch": ("watch_title", watch.panel),
    "monuments": ("monuments_title", monuments.panel),
    "battle": ("battle_title", battle.panel),
    "hunt": ("hunt_title", hunt.panel),
}


class LordsOfHellasUI:
    def setup_form(self, ui: UI):
        return setup.form(ui)

    def board(self, ui: UI, snap: dict) -> ft.Control:
        state = snap["state"]
        chosen = ui.local.setdefault(SECTION, "turn")
        parts: list[ft.Control] = []
        if state["winner"] is not None:
            parts.append(_winner_banner(ui, state))
        parts += [_status(ui, state), _section_bar(ui, chosen), SECTIONS[chosen][1](ui, snap)]
        return ft.Column(parts, spacing=12)


def _winner_banner(ui: UI, state: dict) -> ft.Control:
    winner = state["winner"]
    condition = t(ui, f"cond_{winner['condition']}")
    text = t(ui, "watch_winner", name=name(state, winner["player"]), condition=condition)
    return tagged(ft.Container(ft.Column([
        ft.Row([ft.Icon(ft.Icons.EMOJI_EVENTS, size=48, color=ft.Colors.ON_PRIMARY_CONTAINER),
                ft.Text(text, size=24 if ui.is_phone else 30, weight=ft.FontWeight.BOLD, color=ft.Colors.ON_PRIMARY_CONTAINER,
                        expand=True)], vertical_alignment=ft.CrossAxisAlignment.CENTER),
        ft.Text(t(ui, "winner_undo_hint"), size=16, color=ft.Colors.ON_PRIMARY_CONTAINER),
    ], spacing=8), bgcolor=ft.Colors.PRIMARY_CONTAINER, padding=20, border_radius=16,
        border=ft.Border.all(6, state["colours"].get(winner["player"]) or ft.Colors.PRIMARY)), "loh-winner", text)


def _status(ui: UI, state: dict) -> ft.Control:
    turn = state["turn"]
    playing = t(ui, "turn_current", name=name(state, turn["player"]))
    counts = f"{t(ui, 'turn_number', number=turn['number'])}, {t(ui, 'round_number', number=state['round'])}"
    return ft.Row([
        dot(state["colours"].get(turn["player"]), 28),
        tagged(ft.Text(playing, size=24, weight=ft.FontWeight.BOLD), "loh-current", playing),
        note(counts, "loh-counts", 16),
    ], wrap=True, spacing=12, vertical_alignment=ft.CrossAxisAlignment.CENTER)


def _section_bar(ui: UI, chosen: str) -> ft.Control:
    def pick(section: str):
        async def handler(e) -> None:
            ui.local[SECTION] = section
            await ui.refresh()
        return handler

    return ft.Row([button(t(ui, title), pick(section), f"loh-tab-{section}", filled=section == chosen, height=48)
                   for section, (title, _) in SECTIONS.items()], wrap=True, spacing=8, run_spacing=8)


UI_ = LordsOfHellasUI()
