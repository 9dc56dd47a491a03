"""Fleecing Olympus panels: the tablet is the table, each phone is its player's screen.

Every panel is a live part built from the slice of the view it shows
(companion/ui/LIVE.md). The public scoreboard comes first; a phone puts its own
tile and its own gems first, then only the actions its player may take right
now, then the other players; the tablet shows the whole turn and may act for
anyone. Nothing here reads a gem count the view did not send, so a hidden count
cannot leak into any page.

The counts move most (a player showing or hiding theirs, a gift) and are read by
the tiles' numbers alone, so all the rest is one memo over the view less its
counts (`_public`): such a change works out the six numbers on another device
and walks no panel.
"""
from __future__ import annotations

import flet as ft

from companion.games.fleecing_olympus import PLAYING, screens_down
from companion.ui.context import UI
from companion.ui.games.fleecing_olympus.cards import CARD, CARD_START, CardForm
from companion.ui.games.fleecing_olympus.odds import Odds
from companion.ui.games.fleecing_olympus.parts import who_acts
from companion.ui.games.fleecing_olympus.played import Closing, Played
from companion.ui.games.fleecing_olympus.power import Power
from companion.ui.games.fleecing_olympus.scores import GemScore, counted, facts, quick, scores
from companion.ui.games.fleecing_olympus.screen import GIVE, GIVE_START, Deal, MyReveal, MyScreen
from companion.ui.games.fleecing_olympus.setup import form
from companion.ui.games.fleecing_olympus.slices import apart, local, pick
from companion.ui.games.fleecing_olympus.steps import Opening, Roll, Tribute
from companion.ui.games.fleecing_olympus.strip import LastTurn, Strip
from companion.ui.games.fleecing_olympus.table import Result, Status, deities
from companion.ui.live import Inputs, group, inputs, memo, show
from companion.ui.widgets.scoreboard import scoreboard



class FleecingOlympusUI:
    def setup_form(self, ui: UI):
        return form(ui)

    def board(self, ui: UI, snap: dict) -> ft.Control:
        state = snap["state"]
        who = who_acts(snap)
        seat = who or None
        public, counts = apart(state, who)
        card = local(ui, CARD, CARD_START, state) if state["phase"] == "cards" and who != "" else None
        give = local(ui, GIVE, GIVE_START) if seat and state["phase"] in PLAYING else None
        # Everything but the gem counts, worked out again only when something besides a count moved.
        bases, told, middle, tail = memo(ui, Public(public, counts, snap["seats"], who, card, give))
        tiles = counted(ui, bases, state["gems"])
        own = [s for s in tiles if s.seat == who]
        # A phone's own tile and the facts above it: another player's number leaves them unwalked.
        parts: list[ft.Control] = [memo(ui, OwnTile(tuple(own), told)) if own else
                                   scoreboard(ui, tiles, told, quick=quick, key="fo-scores")]
        if seat:
            reveal = show(ui, MyReveal(seat in state["revealed"], screens_down(state)))
            parts.append(show(ui, MyScreen(state["deities"][seat], state["gems"][seat], reveal)))
        parts += middle
        if own:
            parts.append(scoreboard(ui, [s for s in tiles if s.seat != who], quick=quick, key="fo-others"))
        parts += tail
        return group(ui, "fo-board", ft.Column, parts, spacing=12, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


@inputs
class Public(Inputs):
    """What the board shows besides the gem counts: the tiles without their numbers, the facts line,
    the panels between the scoreboard and the other players' tiles, and those after them.

    A memo (companion/ui/LIVE.md): `state` is the view less its counts and who has shown theirs
    (slices.apart), `counts` the few counts the panels read (the deal card, Hermes' payment), `seats`
    the roster the slices name players from, `card` and `give` the device's half-entered forms. A
    player showing or hiding their gems (or a gift between two hidden counts) changes none of them,
    so the render walks none of the panels: only the tiles' numbers are worked out."""

    part = "fo-public"
    state: dict
    counts: dict
    seats: list
    who: str | None
    card: dict | None
    give: dict | None

    def build(self, ui: UI) -> tuple:
        state, who = {**self.state, "gems": self.counts}, self.who
        seat = who or None
        middle: list[ft.Control] = []
        if state["phase"] == "over":
            middle.append(show(ui, Result(pick(ui, state, "result"))))
        elif state["phase"] != "opening":
            middle.append(show(ui, Strip(pick(ui, state, "phase", "turn", "judgment", "deities"))))
        if state["last"]:
            middle.append(show(ui, LastTurn(pick(ui, state, "last"), seat)))
        step = _step(ui, state, who, self.card)
        if who != "" and state["phase"] in PLAYING and state["turn"]:  # one settling button all turn long
            step.insert(1, show(ui, Closing(pick(ui, state, "turn", "judgment", "phase", allowed=("stop", "resolve")),
                                            who)))
        middle += [p for p in step if p is not None]
        tail: list[ft.Control] = []
        if seat and state["phase"] in PLAYING:
            tail.append(show(ui, Deal(_mine(ui, state, seat), seat, self.give)))
        tail += [show(ui, Status(pick(ui, state, "bank", "deck_outs", "deck_outs_to_end", "tiebreak", "reshuffle",
                                      "phase", allowed=("deck_out", "end")), who is None)),
                 deities(ui, pick(ui, state, "players", "active", "judgment", "deities"))]
        return scores(ui, state, who), facts(ui, state), middle, tail


def _step(ui: UI, state: dict, who: str | None, card: dict | None) -> list[ft.Control | None]:
    phase = state["phase"]
    if phase == "opening":
        return [show(ui, Opening(pick(ui, state, "opening", "drafts", "players"), who))]
    if phase == "power":
        return [show(ui, Power(pick(ui, state, "turn", "turn_no", "players", "deities", "gems", "drafts"), who))]
    if phase == "tribute":
        return [show(ui, Tribute(pick(ui, state, "turn", allowed=("tribute_gem.",)), who))]
    if phase == "roll":
        return [show(ui, Roll(pick(ui, state, "turn", "turn_no", "players", "drafts"), who))]
    if phase == "cards":
        turn = pick(ui, state, "turn")
        entry = show(ui, CardForm(pick(ui, state, "turn", "turn_no", "players", "bank", allowed=("card.", "kind.")),
                                  who, card)) if who != "" else None
        return [show(ui, Played(turn)), entry, show(ui, Odds(turn))]
    return []


@inputs
class OwnTile(Inputs):
    """The scoreboard at the top: on a phone its own tile (no glow there), under the facts line."""

    part = "fo-own"
    tiles: tuple[GemScore, ...]
    told: tuple[str, ...]

    def build(self, ui: UI) -> ft.Control:
        return scoreboard(ui, list(self.tiles), self.told, quick=quick, key="fo-scores")


def _mine(ui: UI, state: dict, seat: str) -> dict:
    """What the phone's deal card reads: the players and its own count, so another player showing
    theirs, or this one showing or hiding its own, leaves the card alone."""
    return {**pick(ui, state, "players"), "gems": {seat: state["gems"][seat]}}


UI_ = FleecingOlympusUI()
