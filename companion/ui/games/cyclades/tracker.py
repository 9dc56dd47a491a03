"""Correcting the public tracker from the table (the scoreboard above shows it).

The map changes buildings and cards in ways the app cannot follow, so a
player's numbers can be opened for editing where the view allows it (the
tablet for anyone, a phone for its own player); the game turns full sets into
metropolises by itself. Records are per faction, so in a 2-player game each of
a player's two colours opens on its own and its corrections name that faction.
"""
from __future__ import annotations

import flet as ft

from companion.games.cyclades import BUILDINGS
from companion.games.cyclades import COUNTS
from companion.ui.context import UI
from companion.ui.games.cyclades.labels import STANDEES, faction_name
from companion.ui.games.cyclades.slices import local, pick
from companion.ui.live import Inputs, inputs, show
from companion.ui.widgets.controls import button, card, heading, slug, stepper, tagged

TRACK = "cyclades.track."
EDIT, NEW_CREATURE = f"{TRACK}edit", f"{TRACK}creature"


def tracker_part(ui: UI, state: dict, seat: str | None) -> ft.Control:
    """The card as a live part: it follows one faction's record only while that record is open."""
    saved = local(ui, TRACK)
    editing = dict(saved).get(EDIT)
    record = state["tracker"].get(editing)
    creatures = tuple((f, tuple(state["tracker"][f]["creatures"])) for f in state["factions"])
    return show(ui, Tracker(pick(ui, state, "phase", "players", "factions", "allowed"), record, creatures, seat,
                            saved))


@inputs
class Tracker(Inputs):
    """One open/close button per faction this device may correct, the open one's editor (`record`),
    and the creatures in play (public, but too long for a scoreboard tile)."""

    part = "cyc-tracker"
    state: dict
    record: dict | None
    creatures_in_play: tuple
    seat: str | None
    saved: tuple

    def build(self, ui: UI) -> ft.Control:
        state, record = self.state, self.record
        stored = dict(self.saved)
        editing = stored.get(EDIT)
        may = [f for f, owner in state["factions"].items() if state["allowed"][f"tracker.{owner}"] is None]
        parts: list[ft.Control] = [heading(ui.t("cyclades.ui_tracker_title"), 20)]
        creatures = [f"{faction_name(ui, state, f)}: {', '.join(owned)}"
                     for f, owned in self.creatures_in_play if owned]
        if creatures:
            parts.append(tagged(ft.Text(" · ".join(creatures), size=15, italic=True), "cyc-creatures",
                                " · ".join(creatures)))
        if may:
            parts.append(ft.Row([button(f"{ui.t('cyclades.ui_close' if editing == f else 'cyclades.ui_edit')} "
                                        f"{faction_name(ui, state, f)}", _toggle(ui, f, editing), f"cyc-edit-{slug(f)}",
                                        icon=ft.Icons.EDIT, filled=False, height=48) for f in may],
                                wrap=True, spacing=8, run_spacing=8))
        if editing in may and record is not None:
            parts.append(_editor(ui, state, editing, record, self.seat, stored.get(NEW_CREATURE)))
        return card(*parts, ident="cyc-tracker")


def _toggle(ui: UI, fid: str, editing: str | None):
    async def handler(e) -> None:
        ui.local.inputs[EDIT] = None if editing == fid else fid
        await ui.refresh()
    return handler


def _editor(ui: UI, state: dict, fid: str, r: dict, seat: str | None, creature: str | None) -> ft.Control:
    pid = state["factions"][fid]
    rows: list[ft.Control] = [heading(ui.t("cyclades.ui_editing", player=faction_name(ui, state, fid)), 18)]
    for item in COUNTS:
        rows.append(stepper(ui.t(f"cyclades.track_{item}").capitalize(), r[item],
                            _adjust(ui, pid, fid, item, r[item]), f"cyc-track-{slug(fid)}-{item}"))
    for item in BUILDINGS:
        value = r["buildings"][item]
        rows.append(stepper(ui.t(f"cyclades.track_{item}").capitalize(), value, _adjust(ui, pid, fid, item, value),
                            f"cyc-track-{slug(fid)}-{item}"))
    if state["phase"] not in ("setup", "placement"):
        rows += _creature_rows(ui, r, pid, fid, creature)
    if seat is None and state["phase"] == "actions" and not r["eliminated"]:
        async def out(e) -> None:
            await ui.send({"type": "player.eliminate", "player": pid})
        rows.append(button(ui.t("cyclades.ui_eliminate", player=faction_name(ui, state, pid)), out,
                           f"cyc-eliminate-{slug(pid)}", filled=False, tone=ft.Colors.ERROR))
    return ft.Column(rows, spacing=6)


def _adjust(ui: UI, pid: str, fid: str, item: str, value: int):
    async def handler(new: int) -> None:
        await ui.send({"type": "tracker.adjust", "player": pid, "faction": fid, "item": item,
                       "delta": new - value})
    return handler


def _creature_rows(ui: UI, record: dict, pid: str, fid: str, chosen: str | None) -> list[ft.Control]:
    """Figures won or lost through the board (Echidna, Manticore...) rather than bought."""
    def change(name: str, delta: int):
        async def handler(e) -> None:
            await ui.send({"type": "tracker.creature", "player": pid, "faction": fid, "creature": name,
                           "delta": delta})
        return handler

    async def pick(e) -> None:
        ui.local.inputs[NEW_CREATURE] = e.control.value
        await ui.refresh()

    owned = [tagged(ft.Chip(ft.Text(c, size=16), on_delete=change(c, -1), height=48),
                    f"cyc-creature-{slug(fid)}-{i}", c) for i, c in enumerate(record["creatures"])]
    choice = chosen or STANDEES[0]
    return [
        ft.Text(ui.t("cyclades.ui_creatures_help"), size=14),
        ft.Row(owned, wrap=True, spacing=8),
        ft.Row([
            tagged(ft.Dropdown(value=choice, options=[ft.DropdownOption(key=s, text=s) for s in STANDEES],
                               on_select=pick, width=240), "cyc-creature-pick"),
            button(ui.t("cyclades.ui_add_creature"), change(choice, 1), f"cyc-creature-{slug(fid)}-add",
                   icon=ft.Icons.ADD, filled=False),
        ], wrap=True),
    ]
