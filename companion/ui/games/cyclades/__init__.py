"""Cyclades panels: the tablet runs the round, each phone is its player's screen.

The board is assembled per phase from the modules beside this one, each panel
a live part built from the slice of the state it shows (companion/ui/LIVE.md).
The public scoreboard comes first; a phone puts its own tile first, then its
purse (the one secret it holds), then only the controls of its own player; the
tablet gets every player's controls but never a purse, because the game's view
never sends it one.
"""
from __future__ import annotations

from typing import Callable

import flet as ft

from companion.ui.context import UI
from companion.ui.games.cyclades import rounds
from companion.ui.games.cyclades.battle import KEY as ODDS, BattleCard, odds, odds_bar
from companion.ui.games.cyclades.offerings import BID, Offerings
from companion.ui.games.cyclades.purse import GAINS, TURN, IncomeElsewhere, Purse, Spending
from companion.ui.games.cyclades.scores import acting, quick, scores
from companion.ui.games.cyclades.setup import LAYOUT, Checklist, StartCard
from companion.ui.games.cyclades.slices import local, pick
from companion.ui.games.cyclades.tracker import tracker_part
from companion.ui.draft import shared
from companion.ui.live import group, show
from companion.ui.widgets.players_form import names_form
from companion.ui.widgets.scoreboard import scoreboard

# Phases in which gold can arrive from outside the income phase (the game refuses it elsewhere).
GAIN_PHASES = ("placement", "round_init", "income", "offerings", "maintenance", "actions")


class CycladesUI:
    def setup_form(self, ui: UI) -> tuple[list[ft.Control], Callable[[], dict]]:
        controls, read = names_form(ui, "cyclades.names", default=3, minimum=2, maximum=5)
        hint = ft.Text(ui.t("cyclades.ui_form_help"), size=14, italic=True)
        return [hint, *controls], lambda: {"players": read()}

    def board(self, ui: UI, snap: dict) -> ft.Control:
        state = snap["state"]
        host = snap["role"] == "host"
        # Whose controls this device shows: None for the tablet (everyone's), a player id for a
        # phone, and "" for a spectator (nobody's), so one test `who in (None, pid)` serves all.
        who = None if host else snap["seat"] or ""
        tiles = scores(ui, state, who)
        own = [s for s in tiles if s.seat == who]
        # A phone: its own tile, its purse and its own moves first; the other players below them.
        parts: list[ft.Control] = [scoreboard(ui, own or tiles, quick=quick)]
        if who and state["phase"] != "over":
            owing = ("players", "factions", "offerings", "tracker") if state["phase"] == "offerings" else ()
            parts.append(show(ui, Purse(pick(ui, state, "phase", "gold", *owing), who)))
        parts.append(show(ui, rounds.Header(pick(ui, state, "phase", "round", "turn_order", "factions", "gods",
                                                 "actions"), host, shared(ui, state, rounds.REVEAL))))
        parts += self._phase(ui, state, who)
        if own:
            parts.append(scoreboard(ui, [s for s in tiles if s.seat != who], quick=quick, key="cyc-others"))
        parts.append(tracker_part(ui, state, who))
        if who and state["phase"] in GAIN_PHASES:
            parts.append(show(ui, IncomeElsewhere(who, local(ui, GAINS))))
        gold = state["gold"].get(who) if who else None
        parts.append(show(ui, BattleCard(local(ui, ODDS), gold, odds(ui, gold))))
        return group(ui, "cyc-board", ft.Column, parts, spacing=12,
                     horizontal_alignment=ft.CrossAxisAlignment.STRETCH)

    def pinned(self, ui: UI, snap: dict) -> list[ft.Control]:
        """A phone's bar under its page (table.py): the battle's odds while the card is open."""
        if not ui.is_phone or not ui.local.inputs.get(ODDS + "open"):
            return []
        gold = snap["state"]["gold"].get(snap["seat"]) if snap["seat"] else None
        return [odds_bar(ui, gold, odds(ui, gold))]

    def _phase(self, ui: UI, state: dict, who: str | None) -> list[ft.Control]:
        phase = state["phase"]
        listed = ("checklist", "factions", "turn_order")
        if phase in ("setup", "placement"):
            if who is not None:
                return []
            steps = show(ui, Checklist(pick(ui, state, *listed)))
            if phase == "placement":
                return [steps]
            return [show(ui, StartCard(len(state["players"]), local(ui, LAYOUT))), steps]
        if phase == "round_init":
            return [show(ui, rounds.Reminders(pick(ui, state, "reminders", "factions", "turn_order")))]
        if phase == "income":
            if who == "":
                return []
            shown = [who] if who else state["players"]  # a phone follows its own income only
            done = {"players": shown, "income_done": [p for p in state["income_done"] if p in shown]}
            return [show(ui, rounds.Income({**pick(ui, {}), **done}, who, local(ui, rounds.INCOME)))]
        if phase == "offerings":
            return [show(ui, Offerings(pick(ui, state, "offerings", "factions", "turn_order", "gods", "gold", "tracker",
                                            "players"), who, shared(ui, state, BID)))]
        if phase == "maintenance":
            keep = tuple(shared(ui, state, rounds.KEEP, p) for p in state["players"])
            return [show(ui, rounds.Maintenance(pick(ui, state, "players", "factions", "maintenance_done", "tracker"),
                                                who, keep))]
        if phase == "actions":
            turns = show(ui, rounds.Actions(pick(ui, state, "actions", "factions"), who))
            if who not in acting(state):
                return [turns]
            own = show(ui, Spending(pick(ui, state, "phase", "actions", "factions", "gold", "tracker", "temples_used",
                                         "players", "allowed"), who, local(ui, TURN)))
            return [turns, own]
        return [show(ui, rounds.Result(pick(ui, state, "result", "players", "gold")))]


UI_ = CycladesUI()
