"""The new-table form: 2 to 4 players with names and colours, the ways to win and their numbers.

King of Kings gets a switch only with two players, since the game accepts it
off only then; thresholds start at the game's defaults and can be changed.
"""
from __future__ import annotations

from typing import Callable

import flet as ft

from companion.games.lords_of_hellas import MAX_SEATS, MIN_SEATS, PALETTE
from companion.games.lords_of_hellas import CONDITIONS, DEFAULT_THRESHOLDS
from companion.ui.context import UI
from companion.ui.games.lords_of_hellas.parts import t
from companion.ui.widgets.players_form import forget_name, name_field, player_ids, typed_names
from companion.ui.games.lords_of_hellas.specials import unsourced
from companion.ui.widgets.controls import button, heading, note, stepper, switch, tagged

FORM = "lords_of_hellas.setup"
# The game's four defaults first, then two more so a group can swap.
COLOURS = PALETTE  # one per seat the game takes (2 to 4), not six for four players


def form(ui: UI) -> tuple[list[ft.Control], Callable[[], dict]]:
    data = ui.local.inputs.setdefault(FORM, {
        "names": [""] * MIN_SEATS,
        "colours": list(COLOURS[:MIN_SEATS]),
        "king": True,
        "thresholds": dict(DEFAULT_THRESHOLDS),
    })
    controls = [heading(t(ui, "setup_title"), 20), ft.Text(t(ui, "setup_players"), size=16),
                unsourced(ui, "loh-unsourced-players")]
    controls += [_player_row(ui, data, i) for i in range(len(data["names"]))]
    controls += [_count_buttons(ui, data), *_conditions(ui, data), *_thresholds(ui, data)]
    return controls, lambda: options({**data, "names": typed_names(ui, FORM, len(data["names"]))})


def options(data: dict) -> dict:
    """The form as game options; ids come from the names so history and links read naturally."""
    names = [n.strip() for n in data["names"]]
    ids = player_ids(names)
    return {
        "players": ids,
        "names": dict(zip(ids, names)),
        "colours": dict(zip(ids, data["colours"])),
        "conditions": {"king_of_kings": data["king"] or len(ids) != 2},
        "thresholds": dict(data["thresholds"]),
    }


def _player_row(ui: UI, data: dict, i: int) -> ft.Control:
    def pick(colour: str):
        async def handler(e) -> None:
            data["colours"][i] = colour
            await ui.refresh()
        return handler

    # Icon buttons, not bare containers: Flutter's accessibility tree keeps buttons while a text
    # field above has the focus, and drops tappable containers (seen in Chromium).
    swatches = [tagged(ft.IconButton(
        ft.Icons.CHECK_CIRCLE if data["colours"][i] == colour else ft.Icons.CIRCLE, icon_color=colour,
        icon_size=40, width=52, height=52, on_click=pick(colour),
    ), f"loh-colour-{i}-{j}", f"{t(ui, 'setup_colour')} {j + 1}") for j, colour in enumerate(COLOURS)]
    field = name_field(ui, FORM, i, f"loh-name-{i}", f"{t(ui, 'setup_name')} {i + 1}", text_size=18, width=260)
    return ft.Row([field, ft.Row(swatches, spacing=6, wrap=True)], wrap=True, spacing=12,
                  vertical_alignment=ft.CrossAxisAlignment.CENTER)


def _count_buttons(ui: UI, data: dict) -> ft.Control:
    async def add(e) -> None:
        if len(data["names"]) < MAX_SEATS:
            data["names"].append("")
            data["colours"].append(next(c for c in COLOURS if c not in data["colours"]))
            await ui.refresh()

    async def remove(e) -> None:
        if len(data["names"]) > MIN_SEATS:
            data["names"].pop()
            forget_name(ui, FORM, len(data["names"]))
            data["colours"].pop()
            await ui.refresh()

    count = len(data["names"])
    return ft.Row([
        button(t(ui, "setup_add_player"), add, "loh-add-player", icon=ft.Icons.PERSON_ADD, filled=False,
               disabled=count >= MAX_SEATS),
        button(t(ui, "setup_remove_player"), remove, "loh-remove-player", icon=ft.Icons.PERSON_REMOVE,
               filled=False, disabled=count <= MIN_SEATS),
    ], wrap=True)


def _conditions(ui: UI, data: dict) -> list[ft.Control]:
    async def on_king(e) -> None:
        data["king"] = bool(e.control.value)

    two = len(data["names"]) == 2
    rows: list[ft.Control] = [ft.Text(t(ui, "setup_conditions"), size=16, weight=ft.FontWeight.W_600)]
    for condition in CONDITIONS:
        if condition == "king_of_kings":
            king = switch(data["king"] or not two, on_king, disabled=not two)
            label = t(ui, "cond_king_of_kings")
            rows += [ft.Row([tagged(king, "loh-king-switch", label), ft.Text(label, size=16)]),
                     note(t(ui, "setup_king_off_hint"))]
        else:
            rows.append(ft.Row([ft.Icon(ft.Icons.CHECK, size=20), ft.Text(t(ui, f"cond_{condition}"), size=16)]))
    return rows


def _thresholds(ui: UI, data: dict) -> list[ft.Control]:
    def change(condition: str):
        async def handler(value: int) -> None:
            data["thresholds"][condition] = value
            await ui.refresh()
        return handler

    rows: list[ft.Control] = [ft.Text(t(ui, "setup_thresholds"), size=16, weight=ft.FontWeight.W_600)]
    for condition, value in data["thresholds"].items():
        label = f"{t(ui, f'cond_{condition}')}: {t(ui, f'threshold_{condition}')}"
        rows.append(ft.Container(stepper(label, value, change(condition), f"loh-threshold-{condition}", minimum=1),
                                 width=None if ui.is_phone else 440))
    rows.append(note(t(ui, "setup_warlord_hint")))
    return rows
