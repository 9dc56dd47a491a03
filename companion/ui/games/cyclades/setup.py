"""Before round 1: the god tiles as the table laid them out, the random pawn order, the checklist.

The players shuffle the real tiles, so the tablet records which ones came up
face up (top to bottom); if nobody taps any, the app shuffles for them and the
table copies its layout. The pawn order is always drawn by the app.
"""
from __future__ import annotations

import flet as ft

from companion.games.cyclades import TILES, face_up_count
from companion.ui.context import UI
from companion.ui.games.cyclades.labels import GOD_COLOURS, god_name, step_text
from companion.ui.live import Inputs, inputs
from companion.ui.widgets.controls import button, card, heading, tagged

LAYOUT = "cyclades.layout"


@inputs
class StartCard(Inputs):
    """The god tiles as the table laid them out (this device's picks, `saved`) and the start button."""

    part = "cyc-start-card"
    players: int
    saved: tuple

    def build(self, ui: UI) -> ft.Control:
        players, saved = self.players, self.saved
        need = face_up_count(players)
        chosen: tuple[str, ...] = dict(saved).get(LAYOUT, ())

        def toggle(god: str):
            async def handler(e) -> None:
                if god in chosen:
                    ui.local.inputs[LAYOUT] = [g for g in chosen if g != god]
                elif len(chosen) < need:
                    ui.local.inputs[LAYOUT] = [*chosen, god]
                await ui.refresh()
            return handler

        async def start(e) -> None:
            event = {"type": "start", **({"gods": list(chosen)} if chosen else {})}
            if await ui.send(event):
                ui.local.inputs.pop(LAYOUT, None)

        chips = []
        for god in TILES:
            place = f"{chosen.index(god) + 1}. " if god in chosen else ""
            chips.append(tagged(ft.Chip(ft.Text(f"{place}{god_name(ui, god)}", size=16), selected=god in chosen,
                                        selected_color=GOD_COLOURS[god], on_click=toggle(god), height=48),
                                f"cyc-layout-{god}"))
        ready = not chosen or len(chosen) == need
        hint = "ui_layout_random" if not chosen else "ui_layout_ready" if ready else "ui_layout_more"
        return card(
            heading(ui.t("cyclades.ui_start_title"), 20),
            ft.Text(ui.t("cyclades.ui_layout_help", count=need), size=16),
            ft.Row(chips, wrap=True, spacing=8, run_spacing=8),
            tagged(ft.Text(ui.t(f"cyclades.{hint}", count=need - len(chosen)), size=16, italic=True),
                   "cyc-layout-hint"),
            button(ui.t("cyclades.ui_start"), start, "cyc-start", icon=ft.Icons.CASINO, disabled=not ready),
            ident="cyc-start-card",
        )


@inputs
class Checklist(Inputs):
    """The setup steps, each ticked from here."""

    part = "cyc-checklist"
    state: dict

    def build(self, ui: UI) -> ft.Control:
        state = self.state
        rows = []
        for line in state["checklist"]:
            rows.append(tagged(ft.ListTile(
                leading=ft.Icon(ft.Icons.CHECK_BOX if line["done"] else ft.Icons.CHECK_BOX_OUTLINE_BLANK),
                title=ft.Text(step_text(ui, state, line), size=16,
                              color=ft.Colors.ON_SURFACE_VARIANT if line["done"] else None),
                on_click=_tick(ui, line["id"], not line["done"]), min_height=56,
            ), f"cyc-step-{line['id']}", step_text(ui, state, line)))
        left = sum(not line["done"] for line in state["checklist"])
        return card(heading(ui.t("cyclades.ui_checklist", left=left), 18), *rows, ident="cyc-checklist")


def _tick(ui: UI, step: str, done: bool):
    async def handler(e) -> None:
        await ui.send({"type": "checklist.tick", "step": step, "done": done})
    return handler
