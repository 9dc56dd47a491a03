"""Kleos panels: the scoreboard on top, the Contest's clock, then one section at a time
(Glory, Dusk, Chart, Odds, Dice, Setup).

Which section a device shows is its own choice (ui.local.inputs), so a phone on the
odds calculator never pulls the tablet away from the Glory panel. The choice
follows the game only when the phase changes: Setup opens on the checklist,
Dusk opens on its sheet, and leaving them returns to Glory. Every piece is a
live part (companion/ui/LIVE.md): a Glory change rebuilds that god's tile, the
log and the chart, and nothing of the Dusk sheet or the calculators.
"""
from __future__ import annotations

from typing import Callable

import flet as ft

from companion.ui.context import UI
from companion.ui.games.kleos.chart import glory_chart
from companion.ui.games.kleos.day import header, reminders
from companion.ui.games.kleos.dusk import dusk_sheet
from companion.ui.games.kleos.end import end_panel
from companion.ui.games.kleos.favor import favor_card
from companion.ui.games.kleos.form import form
from companion.ui.games.kleos.glory import glory_log, glory_panel
from companion.ui.games.kleos.scores import kleos_scoreboard
from companion.ui.games.kleos.setup import setup_section
from companion.ui.live import Inputs, group, inputs, show
from companion.ui.widgets.controls import button
from companion.ui.games.kleos.dice import dice_tray, roll_banner
from companion.ui.games.kleos.odds import odds_bar, odds_panel

SECTION = "kleos.section"
SEEN_PHASE = "kleos.seen_phase"
# The section a phase brings forward when the table reaches it.
PHASE_SECTION = {"setup": "setup", "dusk": "dusk"}


def _glory(ui: UI, snap: dict) -> ft.Control:
    more = glory_panel(ui, snap)
    return group(ui, "kleos-glory", ft.Column,
                 [favor_card(ui, snap), *([more] if more else []), glory_log(ui, snap["state"])], spacing=12)


SECTIONS: dict[str, tuple[str, ft.IconData, Callable[[UI, dict], ft.Control]]] = {
    "board": ("ui_tab_board", ft.Icons.STARS, _glory),
    "dusk": ("ui_tab_dusk", ft.Icons.NIGHTS_STAY, dusk_sheet),
    "chart": ("ui_tab_chart", ft.Icons.SHOW_CHART, lambda ui, snap: glory_chart(ui, snap["state"])),
    "odds": ("ui_tab_odds", ft.Icons.PERCENT, lambda ui, snap: odds_panel(ui)),
    "dice": ("ui_tab_dice", ft.Icons.CASINO, lambda ui, snap: dice_tray(ui, snap["state"].get("roll"))),
    "setup": ("ui_tab_setup", ft.Icons.CHECKLIST, setup_section),
}


def follow_phase(local: dict, phase: str) -> str:
    """The section to show now: moved along only when the phase changed since this device last looked."""
    section = local.setdefault(SECTION, PHASE_SECTION.get(phase, "board"))
    seen = local.get(SEEN_PHASE)
    if seen is not None and seen != phase:
        if phase in PHASE_SECTION:
            section = PHASE_SECTION[phase]
        elif section == PHASE_SECTION.get(seen):
            section = "board"
    local[SEEN_PHASE], local[SECTION] = phase, section
    return section


class KleosUI:
    def setup_form(self, ui: UI):
        return form(ui)

    def board(self, ui: UI, snap: dict) -> ft.Control:
        state = snap["state"]
        chosen = follow_phase(ui.local.inputs, state["phase"])
        parts: list[ft.Control] = [kleos_scoreboard(ui, snap)]
        if state["phase"] == "end":
            parts += end_panel(ui, snap)
        parts.append(header(ui, snap))
        chores = reminders(ui, state)
        if chores is not None:
            parts.append(chores)
        parts += [show(ui, SectionBar(chosen)), SECTIONS[chosen][2](ui, snap)]
        return group(ui, "kleos-board", ft.Column, parts, spacing=12)

    def pinned(self, ui: UI, snap: dict) -> list[ft.Control]:
        """A phone's bars under its page (table.py): a roll another device just made, and the odds
        calculator's results while it is open."""
        if not ui.is_phone:
            return []
        return [roll_banner(ui, snap), *([odds_bar(ui)] if ui.local.inputs.get(SECTION) == "odds" else [])]


@inputs
class SectionBar(Inputs):
    part = "kleos-tabs"
    chosen: str

    def build(self, ui: UI) -> ft.Control:
        def pick(section: str):
            async def handler(e: object) -> None:
                ui.local.inputs[SECTION] = section
                await ui.refresh()
            return handler

        return ft.Row([button(ui.t(f"kleos.{title}"), pick(section), f"kleos-tab-{section}", icon=icon,
                              filled=section == self.chosen, height=48)
                       for section, (title, icon, _) in SECTIONS.items()], wrap=True, spacing=6, run_spacing=6)


UI_ = KleosUI()
