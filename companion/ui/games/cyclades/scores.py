"""The Cyclades scoreboard: metropolises big, the public tracker as detail and markers, whose turn it is.

Only what lies in front of the screens reaches a tile; a phone's purse has its
own card right under its own tile. The quick buttons
add the card a player most often takes, a philosopher or a priestess, where
the view says this device may; elsewhere they look disabled and say why.
In a 2-player game each of a player's two factions keeps its own cards,
buildings and metropolises, so the tile shows them colour by colour and the
quick buttons name the faction they add to.
"""
from __future__ import annotations

from dataclasses import dataclass

import flet as ft

from companion.games.cyclades import BUILDINGS, next_bidder
from companion.ui.context import UI
from companion.ui.live import Inputs, inputs, memo
from companion.ui.widgets.controls import tagged
from companion.ui.widgets.scoreboard import Score

QUICK = ("philosophers", "priestesses")


@dataclass(frozen=True)
class TrackScore(Score):
    """A tile plus its quick buttons: ((item, faction, its label or "" alone, reason key or None), ...)."""

    quick: tuple[tuple[str, str, str, str | None], ...] = ()


def scores(ui: UI, state: dict, who: str | None) -> list[TrackScore]:
    """One tile per player, the viewer's own first on a phone.

    Every device works them out on every change, and a change moves one player's tracker: so
    each tile is a memo of the state it reads (its factions' records, its places in the turn
    order, whether its tracker is this device's to change, its seat), and an unchanged player's
    comes back as the very same TrackScore, which the scoreboard's memos then recognise by identity."""
    active = set(acting(state))
    seats = {s["id"]: s for s in ui.snap["seats"]}
    owned: dict[str, list[str]] = {}
    for fid, owner in state["factions"].items():
        owned.setdefault(owner, []).append(fid)
    turns: dict[str, list[int]] = {}
    for i, fid in enumerate(state["turn_order"]):
        turns.setdefault(state["factions"][fid], []).append(i + 1)
    tracker, allowed = state["tracker"], state["allowed"]
    rows = []
    for pid in state["players"]:
        seat = seats.get(pid)
        # the player's slice of the state as one dict, which the memo compares in one go
        mine = {"records": {f: tracker[f] for f in owned.get(pid, ())}, "turns": turns.get(pid, [])}
        rows.append(memo(ui, PlayerScore(pid, seat["name"] if seat else pid, seat["colour"] if seat else None, mine,
                                         allowed[f"tracker.{pid}"], pid in active)))
    return sorted(rows, key=lambda s: s.seat != who) if who else rows


def acting(state: dict) -> list[str]:
    """The players the table waits on now: the acting god's player, the next bidder's, or the
    players still to enter their income or settle their creatures."""
    phase = state["phase"]
    if phase == "actions":
        acts = state["actions"]
        return [state["factions"][acts["order"][acts["current"]][0]]] if acts["current"] < len(acts["order"]) else []
    if phase == "offerings":
        bidder = next_bidder(state)
        return [state["factions"][bidder]] if bidder else []
    if phase == "income":
        return [p for p in state["players"] if p not in state["income_done"]]
    if phase == "maintenance":
        return [p for p in state["players"] if p not in state["maintenance_done"]]
    return []


@inputs
class PlayerScore(Inputs):
    """The tile of one player from its slice of the state: its factions' records (in seat order,
    `records`) and its places in this round's turn order (`turns`)."""

    pid: str
    name: str
    colour: str | None
    mine: dict
    reason: str | None
    active: bool

    @property
    def key(self) -> str:
        return f"cyc-score-{self.pid}"

    def build(self, ui: UI) -> TrackScore:
        pid, name, mine, reason = self.pid, self.name, self.mine, self.reason
        fids, records = list(mine["records"]), list(mine["records"].values())
        duel = len(fids) > 1
        names = {f: _faction(name, pid, f) if duel else "" for f in fids}
        markers = [ui.t("cyclades.ui_mark_order", n=n) for n in mine["turns"]]
        cards = []
        for f, r in zip(fids, records):
            built = [f"{ui.t(f'cyclades.track_{b}')} {r['buildings'][b]}" for b in BUILDINGS if r["buildings"][b]]
            markers += [f"{names[f]}: {', '.join(built)}"] if duel and built else built
            cards.append(ui.t("cyclades.ui_tile_faction_cards", faction=names[f], priestesses=r["priestesses"],
                              philosophers=r["philosophers"]) if duel else
                         ui.t("cyclades.ui_tile_cards", n=r["metropolises"], priestesses=r["priestesses"],
                              philosophers=r["philosophers"]))
        if any(r["eliminated"] for r in records):
            markers.append(ui.t("cyclades.ui_eliminated"))
        # Another seat's tracker is not this phone's to change: no buttons at all rather than dead ones.
        quick = () if reason == "cyclades.why_not_yours" else tuple(
            (item, f, names[f], reason) for f in fids for item in QUICK)
        value = " | ".join(str(r["metropolises"]) for r in records)
        detail = " · ".join([ui.t("cyclades.ui_tile_metropolises_duel"), *cards]) if duel else cards[0]
        return TrackScore(pid, name, value, self.colour, tuple(markers), self.active, detail, quick)


def _faction(name: str, pid: str, fid: str) -> str:
    """A faction's name as labels.faction_name spells it, from its owner's (`pid`'s) seat name."""
    if fid == pid:
        return name
    return f"{name} {fid[len(pid) + 1:]}" if fid.startswith(f"{pid}-") else fid


def quick(ui: UI, score: Score) -> list[ft.Control]:
    """+1 philosopher, +1 priestess for that player, as the tracker's correction. In a 2-player game
    each faction gets a line of its own, its name then its pair, so even a narrow tablet tile keeps
    the labels on one line."""
    assert isinstance(score, TrackScore)
    names = list(dict.fromkeys((fid, name) for _, fid, name, _ in score.quick))
    if len(names) < 2:
        return [_quick_button(ui, score.seat, item, fid, reason, owner=score.name) for item, fid, _, reason in score.quick]
    return [ft.Column([ft.Row([ft.Text(name, size=14, weight=ft.FontWeight.W_600, width=52),
                               *[_quick_button(ui, score.seat, item, f, reason, name, expand=True)
                                 for item, f, _, reason in score.quick if f == fid]], spacing=4)
                       for fid, name in names], spacing=4)]


def _quick_button(ui: UI, pid: str, item: str, fid: str, reason: str | None, faction: str = "",
                  expand: bool = False, owner: str = "") -> ft.Control:
    async def add(e) -> None:
        await ui.send({"type": "tracker.adjust", "player": pid, "faction": fid, "item": item, "delta": 1})

    label = ui.t(f"cyclades.ui_quick_{item}")
    # Read with whose it is: the faction's name (shown above the pair, and holding the player's), else
    # the player's ("Red: Phil.").
    said = f"{label} {faction}" if faction else f"{owner}: {label}"
    why = ui.t(reason) if reason else None
    body = ft.OutlinedButton(label, icon=None if faction else ft.Icons.ADD, on_click=add,
                             disabled=reason is not None, height=48,
                             style=ft.ButtonStyle(text_style=ft.TextStyle(size=15),
                                                  padding=ft.Padding.symmetric(horizontal=4 if faction else 8)))
    out = tagged(body, f"quick-{item}-{fid}", f"{said}: {why}" if why else said)
    out.expand = expand
    return out
