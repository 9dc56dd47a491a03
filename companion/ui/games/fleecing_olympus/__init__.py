"""Fleecing Olympus panels: the tablet is the table, each phone is its player's screen.

Every panel is a live part built from the slice of the view it shows
(companion/ui/LIVE.md). The public scoreboard comes first; a phone puts its own
tile and its own gems first, then only the actions its player may take right
now, then the other players; the tablet shows the whole turn and may act for
anyone. Nothing here reads a gem count the view did not send, so a hidden count
cannot leak into any page.
"""
from __future__ import annotations

from typing import Callable

import flet as ft

from companion.games.fleecing_olympus import PLAYING, screens_down
from companion.ui.context import UI
from companion.ui.games.fleecing_olympus.cards import CARD, CARD_START, card_form
from companion.ui.games.fleecing_olympus.odds import odds
from companion.ui.games.fleecing_olympus.parts import who_acts
from companion.ui.games.fleecing_olympus.played import closing, played
from companion.ui.games.fleecing_olympus.power import power
from companion.ui.games.fleecing_olympus.scores import facts, quick, scores
from companion.ui.games.fleecing_olympus.screen import GIVE, GIVE_START, deal, my_reveal, my_screen
from companion.ui.games.fleecing_olympus.setup import form
from companion.ui.games.fleecing_olympus.slices import local, pick
from companion.ui.games.fleecing_olympus.steps import opening, roll, tribute
from companion.ui.games.fleecing_olympus.strip import last_turn, strip
from companion.ui.games.fleecing_olympus.table import deities, result, status
from companion.ui.live import group, part
from companion.ui.widgets.scoreboard import scoreboard



class FleecingOlympusUI:
    def setup_form(self, ui: UI):
        return form(ui)

    def board(self, ui: UI, snap: dict) -> ft.Control:
        state = snap["state"]
        who = who_acts(snap)
        seat = who or None
        tiles = scores(ui, state, who)
        own = [s for s in tiles if s.seat == who]
        parts: list[ft.Control | None] = [scoreboard(ui, own or tiles, facts(ui, state), quick=quick, key="fo-scores")]
        if seat:
            reveal = part(ui, "fo-my-reveal", my_reveal, seat in state["revealed"], screens_down(state))
            parts.append(part(ui, "fo-my-screen", my_screen, state["deities"][seat], state["gems"][seat], reveal))
        if state["phase"] == "over":
            parts.append(part(ui, "fo-result", result, pick(ui, state, "result")))
        elif state["phase"] != "opening":
            parts.append(part(ui, "fo-strip", strip, pick(ui, state, "phase", "turn", "judgment", "deities")))
        if state["last"]:
            parts.append(part(ui, "fo-last-turn", last_turn, pick(ui, state, "last"), seat))
        step = self._step(ui, state, who)
        if who != "" and state["phase"] in PLAYING and state["turn"]:  # one settling button all turn long
            step.insert(1, part(ui, "fo-closing", closing, pick(ui, state, "turn", "judgment", "phase",
                                                                allowed=("stop", "resolve")), who))
        parts += step
        if own:
            parts.append(scoreboard(ui, [s for s in tiles if s.seat != who], quick=quick, key="fo-others"))
        if seat and state["phase"] in PLAYING:
            parts.append(part(ui, "fo-deal", _form, deal, _mine(ui, state, seat), seat, local(ui, GIVE, GIVE_START)))
        parts += [part(ui, "fo-status", status, pick(ui, state, "bank", "deck_outs", "deck_outs_to_end", "tiebreak",
                                                     "reshuffle", "phase", allowed=("deck_out", "end")), who is None),
                  deities(ui, pick(ui, state, "players", "active", "judgment", "deities"))]
        return group(ui, "fo-board", ft.Column, [p for p in parts if p is not None], spacing=12,
                     horizontal_alignment=ft.CrossAxisAlignment.STRETCH)

    def _step(self, ui: UI, state: dict, who: str | None) -> list[ft.Control | None]:
        phase = state["phase"]
        if phase == "opening":
            return [part(ui, "fo-opening", _form, opening, pick(ui, state, "opening", "drafts"), who, None)]
        if phase == "power":
            return [part(ui, "fo-power", _form, power, pick(ui, state, "turn", "turn_no", "players", "deities", "gems",
                                                            "drafts"), who, None)]
        if phase == "tribute":
            return [part(ui, "fo-tribute", tribute, pick(ui, state, "turn", allowed=("tribute_gem.",)), who)]
        if phase == "roll":
            return [part(ui, "fo-roll", _form, roll, pick(ui, state, "turn", "turn_no", "players", "drafts"), who, None)]
        if phase == "cards":
            turn = pick(ui, state, "turn")
            entry = part(ui, "fo-card", _form, card_form, pick(ui, state, "turn", "turn_no", "players", "bank",
                                                          allowed=("card.", "kind.")),
                         who, local(ui, CARD, CARD_START, state)) if who != "" else None
            return [part(ui, "fo-played", played, turn), entry, part(ui, "fo-odds", odds, turn)]
        return []


def _mine(ui: UI, state: dict, seat: str) -> dict:
    """What the phone's deal card reads: the players and its own count, so another player showing
    theirs, or this one showing or hiding its own, leaves the card alone."""
    return {**pick(ui, state, "players"), "gems": {seat: state["gems"][seat]}}


def _form(ui: UI, build: Callable[[UI, dict, str | None], ft.Control], state: dict, who: str | None,
          _input: object) -> ft.Control:
    """A panel holding a half-entered form: `_input` (a copy of that form's device-local values) only
    tells the part when to redraw; the panel itself reads and edits the live values in `ui.local`."""
    return build(ui, state, who)


UI_ = FleecingOlympusUI()
