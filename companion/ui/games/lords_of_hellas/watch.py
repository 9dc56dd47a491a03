"""The victory watch: each player's counts from the board, and how close each is to a win.

Counts are typed in from the physical board (the app has no map); each change
is an event, so the game can announce a winner the moment a threshold is met.

Every win condition of every player is a part of its own (companion/ui/LIVE.md): a Land rebuilds
that player's Warlord row on a device showing this section, not the four cards (some 330 controls
a change, built and diffed on each such device: bench/change_parts.py).
"""
from __future__ import annotations

import flet as ft

from companion.games.lords_of_hellas import MONUMENTS, TOP_LEVEL
from companion.games.lords_of_hellas import COUNTED
from companion.ui.context import UI
from companion.ui.games.lords_of_hellas.parts import can_write, named, t
from companion.ui.games.lords_of_hellas.specials import unsourced
from companion.ui.live import Inputs, group, inputs, show
from companion.ui.widgets.controls import card, heading, note, stepper, tagged

# Kept beside the victory counts because the turn helper checks them.
RESOURCES = ("priests", "artifacts", "charged")


def panel(ui: UI, snap: dict) -> ft.Control:
    state = snap["state"]
    writable = can_write(snap)
    cards = [_player_card(ui, state, player, writable) for player in state["players"]]
    king = show(ui, KingOfKings(state["conditions"]["king_of_kings"], state["monuments"], state["names"]))
    return group(ui, "loh-section-watch", ft.Column, [
        show(ui, Title()),
        group(ui, "loh-watch-cards", ft.Row, cards, wrap=True, spacing=12, run_spacing=12,
              vertical_alignment=ft.CrossAxisAlignment.START),
        king,
    ], spacing=12)


@inputs
class Title(Inputs):
    """The section's heading."""

    part = "loh-watch-title"

    def build(self, ui: UI) -> ft.Control:
        return heading(t(ui, "watch_title"))


def _player_card(ui: UI, state: dict, player: str, writable: bool) -> ft.Control:
    """The card around a player's win conditions, each a part: a Land rebuilds the Warlord row alone.
    The resources the turn helper checks, which move seldom, are built with the card (a part is held
    per device: bench/device_census.py)."""
    track = state["tracks"][player]
    rows = [show(ui, Condition(player, condition, goal, writable))
            for condition, goal in state["progress"][player].items()]
    resources = tuple((field, track[field], track["artifacts"] if field == "charged" else None)
                      for field in RESOURCES)
    return show(ui, Card(player, state["names"].get(player, player), state["colours"].get(player), tuple(rows),
                         resources, writable))


@inputs
class Card(Inputs):
    """The frame: the player's name, their conditions, a divider, then the resources."""

    player: str
    shown_name: str
    colour: str | None
    rows: tuple
    resources: tuple
    writable: bool

    @property
    def key(self) -> str:
        return f"loh-watch-card-{self.player}"

    def build(self, ui: UI) -> ft.Control:
        player = self.player
        counts = [_count(ui, player, field, value, maximum, self.writable) for field, value, maximum in self.resources]
        body = [named(self.shown_name, self.colour, 22), *self.rows, ft.Divider(height=8), *counts]
        return ft.Container(card(*body, ident=f"loh-watch-{player}"), width=None if ui.is_phone else 360)


@inputs
class Condition(Inputs):
    """One win condition of one player: how far along, and its count to correct."""

    player: str
    condition: str
    goal: dict
    writable: bool

    @property
    def key(self) -> str:
        return f"loh-watch-{self.player}-{self.condition}"

    def build(self, ui: UI) -> ft.Control:
        player, condition, goal, writable = self.player, self.condition, self.goal, self.writable
        value, target = goal["value"], goal["target"]
        title = t(ui, f"cond_{condition}")
        progress = t(ui, "watch_progress", value=value, target=target)
        parts: list[ft.Control] = [
            ft.Row([ft.Text(title, size=17, weight=ft.FontWeight.W_600, expand=True),
                    tagged(ft.Text(progress, size=17), f"loh-progress-{player}-{condition}", f"{title} {progress}")]),
            note(t(ui, f"cond_{condition}_goal", target=target), size=14),
            *([unsourced(ui, f"loh-unsourced-warlord-{player}")] if condition == "warlord" else []),
            ft.ProgressBar(value=min(1.0, value / target), bar_height=8, border_radius=4),
            _count(ui, player, COUNTED[condition], value, None, writable),
        ]
        if value == target - 1:
            parts.append(tagged(ft.Text(t(ui, "watch_one_away", condition=title), size=15,
                                           color=ft.Colors.ERROR, weight=ft.FontWeight.BOLD),
                                   f"loh-one-away-{player}-{condition}"))
        return ft.Column(parts, spacing=4)


def _count(ui: UI, player: str, field: str, value: int, maximum: int | None, writable: bool) -> ft.Control:
    label = t(ui, f"field_{field}")
    ident = f"loh-{field}-{player}"
    if not writable:
        return ft.Row([ft.Text(label, size=16, expand=True),
                       tagged(ft.Text(str(value), size=24, weight=ft.FontWeight.BOLD), f"{ident}-value",
                              f"{label} {value}")])

    async def change(new: int) -> None:
        await ui.send({"type": "tracker.set", "player": player, "field": field, "value": new})

    return stepper(label, value, change, ident, minimum=0, maximum=maximum)


@inputs
class KingOfKings(Inputs):
    """King of Kings: who holds each top-level Monument, and how long before it counts (when the table plays it)."""

    part = "loh-watch-king"
    on: bool
    monuments: dict
    names: dict

    def build(self, ui: UI) -> ft.Control:
        on, monuments, names = self.on, self.monuments, self.names
        title = t(ui, "cond_king_of_kings")
        if not on:
            return card(ft.Text(title, size=18, weight=ft.FontWeight.BOLD), note(t(ui, "watch_king_off")),
                        ident="loh-watch-king")
        rows: list[ft.Control] = [ft.Text(title, size=18, weight=ft.FontWeight.BOLD),
                                  note(t(ui, "cond_king_of_kings_goal"))]
        for monument_id in MONUMENTS:
            monument = monuments[monument_id]
            if monument["level"] < TOP_LEVEL:
                continue
            holder = names.get(monument["controller"], monument["controller"]) or t(ui, "monument_nobody")
            status = (t(ui, "monument_countdown", turns=monument["countdown"]) if monument["countdown"] is not None
                      else t(ui, "monument_countdown_over"))
            line = f"{t(ui, f'monument_{monument_id}')}: {status}. {t(ui, 'monument_controller')}: {holder}"
            rows.append(tagged(ft.Text(line, size=17, weight=ft.FontWeight.W_600), f"loh-king-{monument_id}", line))
        return card(*rows, ident="loh-watch-king")
