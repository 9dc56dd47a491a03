"""The Kleos scoreboard: every god's Glory, its markers, and one-tap Glory for a kill, a recruit, a Slaughter.

It replaces the old Glory bands at the top of every device: the god whose turn
it is is outlined, the First Player, Olympus' Favor and the turn are markers,
and the day and step are the facts line, with the next button beside them so
the table's most pressed button is above the fold too. A phone lists its own
god first.
"""
from __future__ import annotations

from dataclasses import dataclass

import flet as ft

from companion.games.kleos import LAST_DAY, STEPPED_REASONS
from companion.i18n.numbers import count as counted
from companion.ui.context import UI
from companion.ui.games.kleos.day import next_button
from companion.ui.games.kleos.parts import editable, god, own_first, shade, why
from companion.ui.live import Inputs, group, inputs, show
from companion.ui.widgets.controls import FONT, tagged
from companion.ui.widgets.scoreboard import Score, others, scoreboard

# What a table scores most often, one tap each from the scoreboard (in this order): each is
# the reasons one change records, so a Slaughter (always a kill too) scores both at once.
QUICK: dict[str, tuple[str, ...]] = {"kill": ("kill",), "recruit": ("recruit",),
                                     "kill_slaughter": ("kill", "slaughter")}


def kleos_scoreboard(ui: UI, snap: dict) -> ft.Control:
    state = snap["state"]
    favor = state["favor"]["player"] if state["favor"] else None
    scores = []
    for player in own_first(state["players"], snap["seat"] if ui.is_phone else None):
        markers = [ui.t(key) for key, on in (("kleos.ui_mark_turn", player == state["turn"]),
                                            ("kleos.ui_mark_first", player == state["first_player"]),
                                            ("kleos.ui_mark_favor", player == favor)) if on]
        scores.append(Score(player, god(ui, player), str(state["glory"][player]), shade(player), tuple(markers),
                            active=player == state["turn"], detail=state["names"].get(player, "")))
    closed = why(ui, snap, "glory.add")
    if closed and state["phase"] == "setup" and snap["role"] == "seat":
        closed = _waiting(ui, state)
    facts = [ui.t("kleos.ui_day_label", day=state["day"], days=LAST_DAY), ui.t(f"kleos.phase_{state['phase']}")]
    if closed and editable(snap):
        facts.append(closed)
    can_next = editable(snap) and state["phase"] != "end"
    after, refused = (state["next"], state["allowed"]["phase.next"]) if can_next else (None, None)
    quick = Quick(closed) if editable(snap) else None
    if ui.is_phone:  # own tile first, then the buttons; the other gods' buttons one tap away
        own = scores[:1] if snap["seat"] in state["players"] else []
        top = [show(ui, Facts(tuple(facts), False, None, None)),
               scoreboard(ui, own or scores, (), quick)]
        if can_next:
            top.append(show(ui, NextRow(after, refused)))
        if own:
            top += others(ui, scores[1:], quick, "kleos-others")
        return group(ui, "kleos-top", ft.Column, top, spacing=8)
    # the tablet's next button beside the facts, so it is above the fold with five gods
    top = [show(ui, Facts(tuple(facts), can_next, after, refused)), scoreboard(ui, scores, (), quick)]
    return group(ui, "kleos-top", ft.Column, top, spacing=8)


def _waiting(ui: UI, state: dict) -> str:
    """What a phone waits for during setup, in words a phone's player can act on."""
    left = sum(1 for done in state["checklist"].values() if not done)
    if not left:
        return ui.t("kleos.ui_waiting_start")
    return ui.t("kleos.ui_waiting_setup", left=counted("kleos.count_items", left, ui.lang))


@inputs
class Facts(Inputs):
    """The day and step (and why Glory is closed), then the next button when asked for."""

    part = "kleos-facts"
    facts: tuple[str, ...]
    can_next: bool
    after: dict | None
    refused: str | None

    def build(self, ui: UI) -> ft.Control:
        said = " · ".join(self.facts)
        line = tagged(ft.Row([ft.Text(f, size=22, weight=ft.FontWeight.W_600) for f in self.facts], wrap=True,
                             spacing=24), "scoreboard-facts", said)
        if not self.can_next:
            return line
        return ft.Row([ft.Container(line, expand=True), next_button(ui, self.after, self.refused)], spacing=12,
                      vertical_alignment=ft.CrossAxisAlignment.CENTER)


@inputs
class NextRow(Inputs):
    """A phone's next button, on a line of its own under its tile."""

    part = "kleos-next-row"
    after: dict | None
    refused: str | None

    def build(self, ui: UI) -> ft.Control:
        return next_button(ui, self.after, self.refused)


@dataclass(frozen=True)
class Quick:
    """The tiles' quick buttons; a value (not a closure), so a tile is rebuilt only when its
    score or the reason Glory is closed changes. `closed` is that reason, or None."""

    closed: str | None

    def __call__(self, ui: UI, score: Score) -> list[ft.Control]:
        """Two lines of worded buttons with their Glory on them, each as wide as its words
        need (the scoreboard makes a line's buttons share the tile's width)."""
        single, double = [a for a in QUICK if len(QUICK[a]) == 1], [a for a in QUICK if len(QUICK[a]) > 1]
        return [ft.Column([ft.Row([self._button(ui, score, a) for a in single], spacing=4),
                           ft.Row([self._button(ui, score, a) for a in double], spacing=4)], spacing=4, tight=True)]

    def _button(self, ui: UI, score: Score, action: str) -> ft.Control:
        reason, *also = QUICK[action]

        async def add(e: object) -> None:
            await ui.send({"type": "glory.add", "player": score.seat, "reason": reason,
                           **({"also": also[0]} if also else {})})

        amount = sum(STEPPED_REASONS[r] for r in QUICK[action])
        word = f"{ui.t(f'kleos.ui_quick_{action}')} +{amount}"
        said = ui.t("kleos.ui_quick_said", name=score.name, action=ui.t(f"kleos.ui_quick_{action}"),
                    amount=f"+{amount}") + (f" ({self.closed})" if self.closed else "")
        if ui.is_phone:  # a phone's tile is as wide as the screen: its words fit with the button's own
            # padding, and are styled by the button, not by a Text of their own (a control and a
            # Padding less per button, on every phone)
            content: str | ft.Control = word
            style = ft.ButtonStyle(text_style=ft.TextStyle(size=16, weight=ft.FontWeight.W_600, font_family=FONT))
        else:  # a tablet's narrow tile: little padding (a word too long wraps, never cut)
            content = ft.Text(word, size=14, weight=ft.FontWeight.W_600, font_family=FONT,
                              text_align=ft.TextAlign.CENTER)
            style = ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=4))
        control = ft.OutlinedButton(content=content, on_click=add, height=48, disabled=self.closed is not None,
                                    style=style)
        wrapped = tagged(control, f"quick-{action}-{score.seat}", said)
        wrapped.expand = len(word) + 3  # its share of the line: what its words need
        return wrapped
