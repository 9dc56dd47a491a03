"""The new-table form: 3 to 6 names in seat order, and a deity for each, chosen or dealt.

Gems, the empty bank and the opening roll need no form: the game lays them
out, and the opening roll is the table's first step.
"""
from __future__ import annotations

from typing import Callable

import flet as ft

from companion.games.fleecing_olympus import DEITIES
from companion.games.fleecing_olympus import MAX_PLAYERS, MIN_PLAYERS
from companion.ui.context import UI
from companion.ui.games.fleecing_olympus.parts import LOCAL, t
from companion.ui.widgets.players_form import forget_name, name_field, player_ids, typed_names
from companion.ui.widgets.controls import button, heading, note, tagged

FORM = LOCAL + "setup"
RANDOM = "random"


def form(ui: UI) -> tuple[list[ft.Control], Callable[[], dict]]:
    data = ui.local.inputs.setdefault(FORM, {"names": [""] * MIN_PLAYERS, "deities": [RANDOM] * MIN_PLAYERS})
    controls: list[ft.Control] = [heading(t(ui, "ui_setup_title"), 20), note(t(ui, "ui_setup_help"))]
    controls += [_player_row(ui, data, i) for i in range(len(data["names"]))]
    controls.append(_count_buttons(ui, data))
    return controls, lambda: options({**data, "names": typed_names(ui, FORM, len(data["names"]))})


def options(data: dict) -> dict:
    """The form as game options; ids come from the names so links and history read naturally."""
    names = [n.strip() for n in data["names"]]
    ids = player_ids(names)
    return {
        "players": ids,
        "names": dict(zip(ids, names)),
        "deities": [None if d == RANDOM else d for d in data["deities"]],
    }


def _player_row(ui: UI, data: dict, i: int) -> ft.Control:
    async def on_deity(e) -> None:
        data["deities"][i] = e.control.value or RANDOM

    field = name_field(ui, FORM, i, f"fo-name-{i}", ui.t("ui.player_name", n=i + 1), text_size=18, width=260)
    choices = [ft.DropdownOption(key=RANDOM, text=t(ui, "ui_deity_random"))]
    choices += [ft.DropdownOption(key=d, text=t(ui, "deity_" + d)) for d in DEITIES]
    pick = tagged(ft.Dropdown(value=data["deities"][i], options=choices, on_select=on_deity,
                              label=t(ui, "ui_deity"), width=220), f"fo-deity-{i}")
    return ft.Row([field, pick], wrap=True, spacing=12, vertical_alignment=ft.CrossAxisAlignment.CENTER)


def _count_buttons(ui: UI, data: dict) -> ft.Control:
    async def add(e) -> None:
        if len(data["names"]) < MAX_PLAYERS:
            data["names"].append("")
            data["deities"].append(RANDOM)
            await ui.refresh()

    async def remove(e) -> None:
        if len(data["names"]) > MIN_PLAYERS:
            data["names"].pop()
            data["deities"].pop()
            forget_name(ui, FORM, len(data["names"]))
            await ui.refresh()

    count = len(data["names"])
    return ft.Row([
        button(ui.t("ui.add_player"), add, "fo-add-player", icon=ft.Icons.PERSON_ADD, filled=False,
               disabled=count >= MAX_PLAYERS),
        button(ui.t("ui.remove_player"), remove, "fo-remove-player", icon=ft.Icons.PERSON_REMOVE, filled=False,
               disabled=count <= MIN_PLAYERS),
    ], wrap=True)
