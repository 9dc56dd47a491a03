"""The Lords of Hellas scoreboard: the victory watch at a glance, whose turn it is.

The big number is each player's nearest win (the counted condition with the
largest share of its target, shown as "value/target", its name the first
marker); the detail line gives the other counts, so each count is on the tile once
and a Land for the leader of Lands changes one figure on every screen, not two;
markers flag one-away players and a King of Kings countdown on a Monument the player holds. The quick buttons add a Land or a defeated
Monster, the counts the table changes most, where the view says this device may.
"""
from __future__ import annotations

from dataclasses import dataclass

import flet as ft

from companion.games.lords_of_hellas import COUNTED, MONUMENTS
from companion.ui.context import UI
from companion.ui.games.lords_of_hellas.parts import t
from companion.ui.live import Inputs, inputs, memo
from companion.ui.widgets.controls import tagged
from companion.ui.widgets.scoreboard import Score

QUICK = ("lands", "monsters")


@dataclass(frozen=True)
class WatchScore(Score):
    """A tile plus its quick buttons' answers: ((field, reason key or None), ...)."""

    quick: tuple[tuple[str, str | None], ...] = ()


def scores(ui: UI, state: dict, allowed: dict, who: str | None) -> list[WatchScore]:
    """One tile per player, the viewer's own first on a phone.

    Each tile is worked out only when its own inputs changed on this device (`memo`): a Land for
    one player words one tile again, not four (bench/change_profile.py)."""
    held: dict[str, list[tuple[str, int]]] = {p: [] for p in state["players"]}
    for m in MONUMENTS:  # a King of Kings countdown on a Monument the player holds
        monument = state["monuments"][m]
        if monument["countdown"] is not None and monument["controller"] in held:
            held[monument["controller"]].append((m, monument["countdown"]))
    current = state["turn"]["player"] if state["winner"] is None else None
    names, colours, progress = state["names"], state["colours"], state["progress"]
    rows = [memo(ui, PlayerScore(p, names[p], colours.get(p), progress[p], tuple(held[p]), allowed[f"tracker.{p}"],
                                 p == current)) for p in state["players"]]
    return sorted(rows, key=lambda s: s.seat != who) if who else rows


def facts(ui: UI, state: dict) -> tuple[str, ...]:
    """The turn and round line, worded again only when one of them moved."""
    return memo(ui, Facts(state["turn"]["number"], state["round"]))


@inputs
class Facts(Inputs):
    part = "loh-facts"
    number: int
    round: int

    def build(self, ui: UI) -> tuple[str, ...]:
        return t(ui, "turn_number", number=self.number), t(ui, "round_number", number=self.round)


@inputs
class PlayerScore(Inputs):
    player: str
    name: str
    colour: str | None
    progress: dict
    held: tuple[tuple[str, int], ...]
    reason: str | None
    active: bool

    @property
    def key(self) -> str:
        return f"loh-score-{self.player}"

    def build(self, ui: UI) -> WatchScore:
        progress = self.progress
        nearest = max(progress, key=lambda c: progress[c]["value"] / progress[c]["target"])
        best = progress[nearest]
        # Never empty, so a tile keeps its shape (and its buttons their ids) as markers come and go.
        markers = [t(ui, f"ui_short_{nearest}")]
        if any(g["value"] == g["target"] - 1 for g in progress.values()):
            markers.append(t(ui, "ui_mark_one_away"))
        for m, turns in self.held:
            markers.append(t(ui, "ui_mark_countdown", monument=t(ui, f"monument_{m}"), turns=turns))
        detail = " · ".join(t(ui, f"ui_count_{COUNTED[c]}", value=f"{g['value']}/{g['target']}")
                             for c, g in progress.items() if c != nearest)
        return WatchScore(self.player, self.name, f"{best['value']}/{best['target']}", self.colour,
                          tuple(markers), self.active, detail, tuple((f, self.reason) for f in QUICK))


def quick(ui: UI, score: Score) -> list[ft.Control]:
    """+1 Land, +1 Monster for that player: the tracker's next value, read when tapped."""
    assert isinstance(score, WatchScore)
    return [_quick_button(ui, score.seat, field, reason, score.name) for field, reason in score.quick]


def _quick_button(ui: UI, player: str, field: str, reason: str | None, name: str) -> ft.Control:
    """Read with whose it is ("Red: +1 Glory"): the tile's other buttons say the same words."""
    async def add(e) -> None:
        value = ui.snapshot()["state"]["tracks"][player][field] + 1
        await ui.send({"type": "tracker.set", "player": player, "field": field, "value": value})

    label = t(ui, f"ui_quick_{field}")
    why = ui.t(reason) if reason else None
    body = ft.OutlinedButton(label, on_click=add, disabled=reason is not None, height=48,
                             style=ft.ButtonStyle(text_style=ft.TextStyle(size=15),
                                                               padding=ft.Padding.symmetric(horizontal=8)))
    return tagged(body, f"quick-{field}-{player}", f"{name}: {label}" + (f": {why}" if why else ""))
