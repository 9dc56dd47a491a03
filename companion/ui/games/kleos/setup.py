"""The Setup section: the box-to-table checklist, where the temples go, and a hand-dealt override.

The checklist ticks are table events, so whichever device ticks an item, every
screen sees it done. The temples can be re-placed only before the Contest
starts (the game refuses it later), so the editor is offered only then. Each
card is a part built from its slice of the state (and, for the temple editor,
this device's unsaved choice).
"""
from __future__ import annotations

import flet as ft

from companion.games.kleos import CHECKLIST
from companion.ui.context import UI
from companion.ui.games.kleos.parts import editable, god
from companion.ui.games.kleos.temples import temple_list, temple_picker
from companion.ui.live import Inputs, group, inputs, show
from companion.ui.widgets.controls import button, card, heading, note, tagged

EDIT = "kleos.setup.temples"


def setup_section(ui: UI, snap: dict) -> ft.Control:
    state = snap["state"]
    may = state["allowed"]
    before = editable(snap) and may["setup.temples"] is None
    chosen = ui.local.inputs.get(EDIT) if before else None
    movable = editable(snap) and may["first_player.set"] is None
    return group(ui, "kleos-setup", ft.Column, [
        show(ui, Checklist(state["checklist"], editable(snap) and may["setup.check"] is None)),
        show(ui, Temples(tuple(state["players"]), state["temples"], state["names"], before,
                         None if chosen is None else dict(chosen))),
        show(ui, FirstPlayer(tuple(state["players"]), state["first_player"], movable)),
    ], spacing=12)


@inputs
class FirstPlayer(Inputs):
    """A hand override for the token, for tables that passed it differently from the app."""

    part = "kleos-first"
    players: tuple[str, ...]
    first_player: str
    movable: bool

    def build(self, ui: UI) -> ft.Control:
        first_player, movable = self.first_player, self.movable

        def give(player: str):
            async def handler(e: object) -> None:
                await ui.send({"type": "first_player.set", "player": player})
            return handler

        buttons = [button(god(ui, p), give(p), f"kleos-first-{p}", icon=ft.Icons.FLAG, height=48,
                          filled=p == first_player, disabled=not movable or p == first_player)
                   for p in self.players]
        return card(heading(ui.t("kleos.ui_first_title"), 18),
                    note(ui.t("kleos.ui_first_hint" if movable else "kleos.ui_first_locked")),
                    ft.Row(buttons, wrap=True, spacing=6, run_spacing=6), ident="kleos-first")


@inputs
class Checklist(Inputs):
    part = "kleos-checklist"
    checklist: dict[str, bool]
    can_tick: bool

    def build(self, ui: UI) -> ft.Control:
        checklist, can_tick = self.checklist, self.can_tick

        def tick(item: str, done: bool):
            async def handler(e: object) -> None:
                await ui.send({"type": "setup.check", "item": item, "done": done})
            return handler

        rows = []
        for item in CHECKLIST:
            done = checklist[item]
            text = ui.t(f"kleos.check_{item}")
            rows.append(tagged(ft.ListTile(
                leading=ft.Icon(ft.Icons.CHECK_BOX if done else ft.Icons.CHECK_BOX_OUTLINE_BLANK, size=28),
                title=ft.Text(text, size=16, color=ft.Colors.ON_SURFACE_VARIANT if done else None),
                on_click=tick(item, not done) if can_tick else None, min_height=56,
            ), f"kleos-check-{item}", f"{text} ✓" if done else text))
        left = sum(not done for done in checklist.values())
        title = ui.t("kleos.ui_checklist_left", left=left) if left else ui.t("kleos.ui_checklist_done")
        return card(tagged(heading(title, 18), "kleos-checklist-title", title), *rows, ident="kleos-checklist")


@inputs
class Temples(Inputs):
    part = "kleos-temples"
    players: tuple[str, ...]
    temples: dict[str, str]
    names: dict[str, str]
    can_edit: bool
    chosen: dict[str, str] | None

    def build(self, ui: UI) -> ft.Control:
        players, temples, chosen = self.players, self.temples, self.chosen
        parts: list[ft.Control] = [heading(ui.t("kleos.ui_temples_title"), 18), temple_list(ui, temples, self.names)]
        if not self.can_edit:
            return card(*parts, ident="kleos-temples")

        async def open_editor(e: object) -> None:
            ui.local.inputs[EDIT] = dict(temples)
            await ui.refresh()

        async def close(e: object) -> None:
            ui.local.inputs.pop(EDIT, None)
            await ui.refresh()

        async def save(e: object) -> None:
            if await ui.send({"type": "setup.temples", "temples": dict(chosen or {})}):
                ui.local.inputs.pop(EDIT, None)
                await ui.refresh()

        async def change(after: dict[str, str]) -> None:
            ui.local.inputs[EDIT] = after
            await ui.refresh()

        if chosen is None:
            parts += [note(ui.t("kleos.ui_temples_hint")),
                      button(ui.t("kleos.ui_temples_edit"), open_editor, "kleos-temples-edit", icon=ft.Icons.EDIT,
                             filled=False)]
        else:
            parts += [*temple_picker(ui, list(players), chosen, change), ft.Row([
                button(ui.t("kleos.ui_temples_save"), save, "kleos-temples-save", icon=ft.Icons.SAVE),
                button(ui.t("ui.cancel"), close, "kleos-temples-cancel", filled=False),
            ], wrap=True)]
        return card(*parts, ident="kleos-temples")
