"""The victory watch: each player's counts from the board, and how close each is to a win.

Counts are typed in from the physical board (the app has no map); each change
is an event, so the game can announce a winner the moment a threshold is met.
"""
from __future__ import annotations

import flet as ft

from companion.games.lords_of_hellas import MONUMENTS, TOP_LEVEL
from companion.games.lords_of_hellas import COUNTED
from companion.ui.context import UI
from companion.ui.games.lords_of_hellas.parts import can_write, name, player_label, t
from companion.ui.games.lords_of_hellas.specials import unsourced
from companion.ui.widgets.controls import card, heading, note, stepper, tagged

# Kept beside the victory counts because the turn helper checks them.
RESOURCES = ("priests", "artifacts", "charged")


def panel(ui: UI, snap: dict) -> ft.Control:
    state = snap["state"]
    width = None if ui.is_phone else 360
    cards = [_player_card(ui, snap, player, width) for player in state["players"]]
    return ft.Column([
        heading(t(ui, "watch_title")),
        ft.Row(cards, wrap=True, spacing=12, run_spacing=12, vertical_alignment=ft.CrossAxisAlignment.START),
        _king_of_kings(ui, state),
    ], spacing=12)


def _player_card(ui: UI, snap: dict, player: str, width: int | None) -> ft.Control:
    state = snap["state"]
    track = state["tracks"][player]
    rows: list[ft.Control] = [player_label(state, player, 22)]
    for condition, goal in state["progress"][player].items():
        rows.append(_condition(ui, snap, player, condition, goal))
    rows.append(ft.Divider(height=8))
    for field in RESOURCES:
        maximum = track["artifacts"] if field == "charged" else None
        rows.append(_count(ui, snap, player, field, track[field], maximum))
    return ft.Container(card(*rows, ident=f"loh-watch-{player}"), width=width)


def _condition(ui: UI, snap: dict, player: str, condition: str, goal: dict) -> ft.Control:
    value, target = goal["value"], goal["target"]
    title = t(ui, f"cond_{condition}")
    progress = t(ui, "watch_progress", value=value, target=target)
    parts: list[ft.Control] = [
        ft.Row([ft.Text(title, size=17, weight=ft.FontWeight.W_600, expand=True),
                tagged(ft.Text(progress, size=17), f"loh-progress-{player}-{condition}", f"{title} {progress}")]),
        note(t(ui, f"cond_{condition}_goal", target=target), size=14),
        *([unsourced(ui, f"loh-unsourced-warlord-{player}")] if condition == "warlord" else []),
        ft.ProgressBar(value=min(1.0, value / target), bar_height=8, border_radius=4),
        _count(ui, snap, player, COUNTED[condition], value, None),
    ]
    if value == target - 1:
        parts.append(tagged(ft.Text(t(ui, "watch_one_away", condition=title), size=15,
                                       color=ft.Colors.ERROR, weight=ft.FontWeight.BOLD),
                               f"loh-one-away-{player}-{condition}"))
    return ft.Column(parts, spacing=4)


def _count(ui: UI, snap: dict, player: str, field: str, value: int, maximum: int | None) -> ft.Control:
    label = t(ui, f"field_{field}")
    ident = f"loh-{field}-{player}"
    if not can_write(snap):
        return ft.Row([ft.Text(label, size=16, expand=True),
                       tagged(ft.Text(str(value), size=24, weight=ft.FontWeight.BOLD), f"{ident}-value",
                              f"{label} {value}")])

    async def change(new: int) -> None:
        await ui.send({"type": "tracker.set", "player": player, "field": field, "value": new})

    return stepper(label, value, change, ident, minimum=0, maximum=maximum)


def _king_of_kings(ui: UI, state: dict) -> ft.Control:
    title = t(ui, "cond_king_of_kings")
    if not state["conditions"]["king_of_kings"]:
        return card(ft.Text(title, size=18, weight=ft.FontWeight.BOLD), note(t(ui, "watch_king_off")),
                    ident="loh-watch-king")
    rows: list[ft.Control] = [ft.Text(title, size=18, weight=ft.FontWeight.BOLD),
                              note(t(ui, "cond_king_of_kings_goal"))]
    for monument_id in MONUMENTS:
        monument = state["monuments"][monument_id]
        if monument["level"] < TOP_LEVEL:
            continue
        holder = name(state, monument["controller"]) or t(ui, "monument_nobody")
        status = (t(ui, "monument_countdown", turns=monument["countdown"]) if monument["countdown"] is not None
                  else t(ui, "monument_countdown_over"))
        line = f"{t(ui, f'monument_{monument_id}')}: {status}. {t(ui, 'monument_controller')}: {holder}"
        rows.append(tagged(ft.Text(line, size=17, weight=ft.FontWeight.W_600), f"loh-king-{monument_id}", line))
    return card(*rows, ident="loh-watch-king")
