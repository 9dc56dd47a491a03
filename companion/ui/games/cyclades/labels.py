"""How the Cyclades panels name things: seats by the names players typed, gods in the device's language.

State keys are player and faction ids; people read names. A 2-player faction
id is its owner's id plus a suffix, so it reads as the owner's name and a number.
"""
from __future__ import annotations

import flet as ft

from companion.games.cyclades import APOLLO
from companion.ui.context import UI

# The colours printed on the god tiles, so a glance matches the physical board.
GOD_COLOURS = {
    "athena": ft.Colors.BLUE_GREY_100,
    "zeus": ft.Colors.PURPLE_300,
    "poseidon": ft.Colors.BLUE_400,
    "ares": ft.Colors.RED_400,
    "hera": ft.Colors.GREEN_400,
    APOLLO: ft.Colors.AMBER_400,
}
# Creatures that leave a figure on the board (and so need a priestess to keep); proper names, untranslated.
STANDEES = ("Calydonian Boar", "Cerberus", "Charybdis and Scylla", "Chiron", "Geryon", "Hydra", "Kraken",
            "Medusa", "Minotaur", "Nereid", "Polyphemus", "Typhon")


def player_name(ui: UI, pid: str) -> str:
    seat = ui.seat(pid)
    return seat["name"] if seat else pid


def faction_name(ui: UI, state: dict, fid: str) -> str:
    owner = state["factions"].get(fid, fid)
    if fid == owner:
        return player_name(ui, owner)
    if fid.startswith(f"{owner}-"):
        return f"{player_name(ui, owner)} {fid[len(owner) + 1:]}"
    return fid


def god_name(ui: UI, god: str) -> str:
    return ui.t(f"cyclades.god_{god}")


def own_factions(state: dict, seat: str | None) -> list[str]:
    return [f for f in state["turn_order"] or state["factions"] if state["factions"][f] == seat]




def step_text(ui: UI, state: dict, line: dict) -> str:
    """A checklist or reminder line; its stored values are ids, so they are swapped for names here."""
    values = dict(line["values"])
    for name in ("removed", "revealed"):
        if name in values:
            values[name] = god_name(ui, values[name])
    if "faction" in values:
        values["faction"] = faction_name(ui, state, values["faction"])
    if "order" in values:
        values["order"] = ", ".join(faction_name(ui, state, f) for f in state["turn_order"])
    return ui.t(f"cyclades.{line['text']}", **values)
