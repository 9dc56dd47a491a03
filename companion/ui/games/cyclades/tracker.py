"""The public tracker: what lies in front of each screen, and a way to correct it from the table.

The map changes buildings and cards in ways the app cannot follow, so any
player's numbers can be opened for editing on the tablet (or a phone, for its
own player); the game turns full sets into metropolises by itself.
"""
from __future__ import annotations

import flet as ft

from companion.games.cyclades import BUILDINGS
from companion.games.cyclades import COUNTS
from companion.ui.context import UI
from companion.ui.games.cyclades.labels import STANDEES, player_name
from companion.ui.widgets.controls import button, card, heading, slug, stepper, tagged

EDIT, NEW_CREATURE = "cyclades.track.edit", "cyclades.track.creature"
# Phases in which the tracker accepts corrections (the game refuses the rest).
EDITABLE = ("setup", "placement", "round_init", "income", "offerings", "maintenance", "actions")


def tracker(ui: UI, state: dict, seat: str | None) -> ft.Control:
    editing = ui.local.get(EDIT)
    tiles = [_summary(ui, state, p, seat, editing == p) for p in state["players"]]
    parts: list[ft.Control] = [heading(ui.t("cyclades.ui_tracker_title"), 20),
                               ft.Row(tiles, wrap=True, spacing=8, run_spacing=8)]
    if editing in state["tracker"] and seat in (None, editing) and state["phase"] in EDITABLE:
        parts.append(_editor(ui, state, editing, seat))
    return card(*parts, ident="cyc-tracker")


def _summary(ui: UI, state: dict, pid: str, seat: str | None, open_: bool) -> ft.Control:
    r = state["tracker"][pid]
    name = player_name(ui, pid)
    cards = ui.t("cyclades.ui_cards", priestesses=r["priestesses"], philosophers=r["philosophers"])
    built = ", ".join(f"{ui.t(f'cyclades.track_{b}')} {r['buildings'][b]}" for b in BUILDINGS if r["buildings"][b])
    lines: list[ft.Control] = [
        ft.Row([ft.Text(name, size=18, weight=ft.FontWeight.BOLD, expand=True),
                ft.Icon(ft.Icons.LOCATION_CITY), tagged(ft.Text(str(r["metropolises"]), size=28,
                                                               weight=ft.FontWeight.BOLD),
                                                       f"cyc-metro-{slug(pid)}", f"{name} {r['metropolises']}")]),
        tagged(ft.Text(cards, size=14), f"cyc-cards-{slug(pid)}", cards),
        ft.Text(built or ui.t("cyclades.ui_no_buildings"), size=14),
    ]
    if r["creatures"]:
        lines.append(ft.Text(", ".join(r["creatures"]), size=14, italic=True))
    if r["eliminated"]:
        lines.append(ft.Text(ui.t("cyclades.ui_eliminated"), size=14, color=ft.Colors.ERROR))
    if seat in (None, pid) and state["phase"] in EDITABLE:
        lines.append(button(ui.t("cyclades.ui_close" if open_ else "cyclades.ui_edit"), _toggle(ui, pid),
                            f"cyc-edit-{slug(pid)}", icon=ft.Icons.EDIT, filled=False, height=48))
    return ft.Container(ft.Column(lines, spacing=4, tight=True), width=210, padding=12, border_radius=12,
                        border=ft.Border.all(2 if open_ else 1, ft.Colors.PRIMARY if open_ else ft.Colors.OUTLINE))


def _toggle(ui: UI, pid: str):
    async def handler(e) -> None:
        ui.local[EDIT] = None if ui.local.get(EDIT) == pid else pid
        await ui.refresh()
    return handler


def _editor(ui: UI, state: dict, pid: str, seat: str | None) -> ft.Control:
    r = state["tracker"][pid]
    rows: list[ft.Control] = [heading(ui.t("cyclades.ui_editing", player=player_name(ui, pid)), 18)]
    for item in COUNTS:
        rows.append(stepper(ui.t(f"cyclades.track_{item}").capitalize(), r[item], _adjust(ui, pid, item, r[item]),
                            f"cyc-track-{slug(pid)}-{item}"))
    for item in BUILDINGS:
        value = r["buildings"][item]
        rows.append(stepper(ui.t(f"cyclades.track_{item}").capitalize(), value, _adjust(ui, pid, item, value),
                            f"cyc-track-{slug(pid)}-{item}"))
    if state["phase"] not in ("setup", "placement"):
        rows += _creature_rows(ui, r, pid)
    if seat is None and state["phase"] == "actions" and not r["eliminated"]:
        async def out(e) -> None:
            await ui.send({"type": "player.eliminate", "player": pid})
        rows.append(button(ui.t("cyclades.ui_eliminate", player=player_name(ui, pid)), out,
                           f"cyc-eliminate-{slug(pid)}", filled=False, tone=ft.Colors.ERROR))
    return ft.Column(rows, spacing=6)


def _adjust(ui: UI, pid: str, item: str, value: int):
    async def handler(new: int) -> None:
        await ui.send({"type": "tracker.adjust", "player": pid, "item": item, "delta": new - value})
    return handler


def _creature_rows(ui: UI, record: dict, pid: str) -> list[ft.Control]:
    """Figures won or lost through the board (Echidna, Manticore...) rather than bought."""
    def change(name: str, delta: int):
        async def handler(e) -> None:
            await ui.send({"type": "tracker.creature", "player": pid, "creature": name, "delta": delta})
        return handler

    async def pick(e) -> None:
        ui.local[NEW_CREATURE] = e.control.value
        await ui.refresh()

    owned = [tagged(ft.Chip(ft.Text(c, size=16), on_delete=change(c, -1), height=48),
                    f"cyc-creature-{slug(pid)}-{i}", c) for i, c in enumerate(record["creatures"])]
    choice = ui.local.get(NEW_CREATURE) or STANDEES[0]
    return [
        ft.Text(ui.t("cyclades.ui_creatures_help"), size=14),
        ft.Row(owned, wrap=True, spacing=8),
        ft.Row([
            tagged(ft.Dropdown(value=choice, options=[ft.DropdownOption(key=s, text=s) for s in STANDEES],
                               on_select=pick, width=240), "cyc-creature-pick"),
            button(ui.t("cyclades.ui_add_creature"), change(choice, 1), f"cyc-creature-{slug(pid)}-add",
                   icon=ft.Icons.ADD, filled=False),
        ], wrap=True),
    ]
