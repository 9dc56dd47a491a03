"""The Setup section: the box-to-table checklist, where the temples go, and a hand-dealt override.

The checklist ticks are table events, so whichever device ticks an item, every
screen sees it done. The temples can be re-placed only before the Contest
starts (the game refuses it later), so the editor is offered only then.
"""
from __future__ import annotations

import flet as ft

from companion.games.kleos import CHECKLIST
from companion.ui.context import UI
from companion.ui.games.kleos.parts import editable, god
from companion.ui.games.kleos.temples import temple_list, temple_picker
from companion.ui.widgets.controls import button, card, heading, note, tagged

EDIT = "kleos.setup.temples"


# The game lets the First Player token be moved by hand until the day's Play phase begins.
TOKEN_PHASES = ("setup", "deployment", "daybreak")


def setup_section(ui: UI, snap: dict) -> ft.Control:
    state = snap["state"]
    before = state["phase"] == "setup" and editable(snap)
    return ft.Column([_checklist(ui, state, before), _temples(ui, state, before), _first_player(ui, snap)],
                     spacing=12)


def _first_player(ui: UI, snap: dict) -> ft.Control:
    """A hand override for the token, for tables that passed it differently from the app."""
    state = snap["state"]
    movable = editable(snap) and state["phase"] in TOKEN_PHASES

    def give(player: str):
        async def handler(e: object) -> None:
            await ui.send({"type": "first_player.set", "player": player})
        return handler

    buttons = [button(god(ui, p), give(p), f"kleos-first-{p}", icon=ft.Icons.FLAG, height=48,
                      filled=p == state["first_player"], disabled=not movable or p == state["first_player"])
               for p in state["players"]]
    return card(heading(ui.t("kleos.ui_first_title"), 18),
                note(ui.t("kleos.ui_first_hint" if movable else "kleos.ui_first_locked")),
                ft.Row(buttons, wrap=True, spacing=6, run_spacing=6), ident="kleos-first")


def _checklist(ui: UI, state: dict, can_tick: bool) -> ft.Control:
    def tick(item: str, done: bool):
        async def handler(e: object) -> None:
            await ui.send({"type": "setup.check", "item": item, "done": done})
        return handler

    rows = []
    for item in CHECKLIST:
        done = state["checklist"][item]
        text = ui.t(f"kleos.check_{item}")
        rows.append(tagged(ft.ListTile(
            leading=ft.Icon(ft.Icons.CHECK_BOX if done else ft.Icons.CHECK_BOX_OUTLINE_BLANK, size=28),
            title=ft.Text(text, size=16, color=ft.Colors.ON_SURFACE_VARIANT if done else None),
            on_click=tick(item, not done) if can_tick else None, min_height=56,
        ), f"kleos-check-{item}", f"{text} ✓" if done else text))
    left = sum(not done for done in state["checklist"].values())
    title = ui.t("kleos.ui_checklist_left", left=left) if left else ui.t("kleos.ui_checklist_done")
    return card(tagged(heading(title, 18), "kleos-checklist-title", title), *rows, ident="kleos-checklist")


def _temples(ui: UI, state: dict, can_edit: bool) -> ft.Control:
    parts: list[ft.Control] = [heading(ui.t("kleos.ui_temples_title"), 18), temple_list(ui, state)]
    if not can_edit:
        return card(*parts, ident="kleos-temples")
    chosen: dict | None = ui.local.get(EDIT)

    async def open_editor(e: object) -> None:
        ui.local[EDIT] = dict(state["temples"])
        await ui.refresh()

    async def close(e: object) -> None:
        ui.local.pop(EDIT, None)
        await ui.refresh()

    async def save(e: object) -> None:
        if await ui.send({"type": "setup.temples", "temples": dict(chosen or {})}):
            ui.local.pop(EDIT, None)

    if chosen is None:
        parts += [note(ui.t("kleos.ui_temples_hint")),
                  button(ui.t("kleos.ui_temples_edit"), open_editor, "kleos-temples-edit", icon=ft.Icons.EDIT,
                         filled=False)]
    else:
        parts += [*temple_picker(ui, state["players"], chosen), ft.Row([
            button(ui.t("kleos.ui_temples_save"), save, "kleos-temples-save", icon=ft.Icons.SAVE),
            button(ui.t("ui.cancel"), close, "kleos-temples-cancel", filled=False),
        ], wrap=True)]
    return card(*parts, ident="kleos-temples")
