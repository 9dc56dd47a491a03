"""The new-table form: gods tapped in seat order, optional names, optional hand-dealt temples.

Tapping order is seat order because that is how the table is sat: the first
god tapped is whoever the group starts from, the rest follow clockwise. The
game checks the options again, so the form only helps and never decides.
"""
from __future__ import annotations

from typing import Callable

import flet as ft

from companion.games.kleos import GODS
from companion.ui.context import UI
from companion.ui.games.kleos.parts import dot, god
from companion.ui.games.kleos.temples import temple_picker
from companion.ui.widgets.controls import note, switch, tagged
from companion.ui.widgets.players_form import name_field, typed_name

FORM = "kleos.form"


def form(ui: UI) -> tuple[list[ft.Control], Callable[[], dict]]:
    data = ui.local.inputs.setdefault(FORM, {"players": [], "manual": False, "temples": {}})  # names: players_form.name_field
    players: list[str] = data["players"]
    controls: list[ft.Control] = [
        ft.Text(ui.t("kleos.ui_form_gods"), size=16),
        ft.Row([_god_chip(ui, data, g) for g in GODS], wrap=True, spacing=8, run_spacing=8),
        note(_order_text(ui, players), "kleos-form-order", 16),
    ]
    controls += [_name_field(ui, g) for g in players]
    if len(players) >= 2:
        controls.append(_manual_switch(ui, data))
        if data["manual"]:
            controls += temple_picker(ui, players, data["temples"], _temples_setter(ui, data))
        else:
            controls.append(note(ui.t("kleos.ui_form_dealt")))
    return controls, lambda: options({**data, "names": {g: typed_name(ui, FORM, g) for g in players}})


def _temples_setter(ui: UI, data: dict):
    async def change(temples: dict[str, str]) -> None:
        data["temples"] = temples
        await ui.refresh()
    return change


def options(data: dict) -> dict:
    """The form as game options; temples only when the group says it placed them itself."""
    out: dict = {"players": list(data["players"]),
                 "names": {g: n.strip() for g, n in data["names"].items() if g in data["players"] and n.strip()}}
    if data["manual"]:
        out["temples"] = {g: h for g, h in data["temples"].items() if g in data["players"]}
    return out


def _order_text(ui: UI, players: list[str]) -> str:
    if not players:
        return ui.t("kleos.ui_form_none")
    return ui.t("kleos.ui_form_order", order=", ".join(f"{i + 1}. {god(ui, g)}" for i, g in enumerate(players)))


def _god_chip(ui: UI, data: dict, player: str) -> ft.Control:
    players: list[str] = data["players"]

    async def toggle(e: object) -> None:
        if player in players:
            players.remove(player)
        else:
            players.append(player)
        data["temples"].clear()  # the hexes in use depend on the player count
        await ui.refresh()

    place = f"{players.index(player) + 1}. " if player in players else ""
    label = ft.Row([dot(player, 16), ft.Text(f"{place}{god(ui, player)}", size=16)], spacing=6, tight=True)
    return tagged(ft.Chip(label, selected=player in players, on_click=toggle, height=48),
                  f"kleos-god-{player}", f"{place}{god(ui, player)}")


def _name_field(ui: UI, player: str) -> ft.Control:
    return name_field(ui, FORM, player, f"kleos-name-{player}", ui.t("kleos.ui_form_name", god=god(ui, player)),
                      text_size=18, width=None if ui.is_phone else 360,
                      prefix_icon=ft.Icons.PERSON)


def _manual_switch(ui: UI, data: dict) -> ft.Control:
    async def flip(e: ft.Event) -> None:
        data["manual"] = bool(e.control.value)
        await ui.refresh()

    return tagged(switch(data["manual"], flip, ui.t("kleos.ui_form_manual")),
                  "kleos-form-manual")
