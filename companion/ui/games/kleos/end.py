"""The end of the Contest: the Patron God banner, the final Glory, and any tie-break question.

Only the tie-break criteria the app cannot read from its own records are asked,
one at a time and only for the players still tied. Answers start from the
game's suggestions (taken from the day-5 Dusk sheet), so often a single tap
confirms them. The answers are a shared draft held by the table (games/kleos/drafts.py):
whichever device a player counts on, every screen shows the same answers and who gave
each, and settling sends exactly those, naming the version its screen showed.
"""
from __future__ import annotations

import flet as ft

from companion.core import drafts
from companion.games.kleos import LOCATION_GLORY, MAX_IN_PLAY, TIEBREAK, tiebreak_answers
from companion.games.kleos import CHAMPION, EPICS, MAX_EPICS, NOWHERE
from companion.ui import draft as shared
from companion.ui.context import UI
from companion.ui.games.kleos.parts import badge, dot, editable, god, who
from companion.ui.live import Inputs, inputs, show
from companion.ui.widgets.controls import button, card, heading, note, stepper, tagged


def end_panel(ui: UI, snap: dict) -> list[ft.Control]:
    """The banner, the pending question and the standings, each a part of its own slice of the state."""
    state = snap["state"]
    names = state["names"]
    parts = [show(ui, Banner(tuple(state["winners"]), names))] if state["winners"] else []
    ranking = state.get("ranking")
    if state["winners"] and ranking and ranking["decided_by"] != "glory":
        parts.append(show(ui, Decided(ranking, names)))
    pending = state["tiebreak"]
    if pending:
        held = tiebreak_answers(state)
        can_answer = editable(snap) and state["allowed"]["tiebreak.answer"] is None
        parts.append(show(ui, Question(pending, state["glory"][pending["players"][0]], names, held["values"],
                                       held["by"], drafts.version(state, TIEBREAK), can_answer)))
    # The Patron leads a Glory tie; the summary panel says which rule put them there.
    ranked = tuple(sorted(state["players"], key=lambda p: (-state["glory"][p], p not in state["winners"])))
    return [*parts, show(ui, Standings(ranked, state["glory"], names))]


@inputs
class Banner(Inputs):
    part = "kleos-winner"
    winners: tuple[str, ...]
    names: dict

    def build(self, ui: UI) -> ft.Control:
        winners, names = self.winners, self.names
        if len(winners) == 1:
            text = ui.t("kleos.ui_winner", player=who(ui, names, winners[0]))
        else:
            text = ui.t("kleos.ui_shared", players=" & ".join(who(ui, names, p) for p in winners))
        dots = ft.Row([dot(p, 28) for p in winners], spacing=6, tight=True)
        return tagged(ft.Container(ft.Row([
            ft.Icon(ft.Icons.EMOJI_EVENTS, size=56, color=ft.Colors.ON_PRIMARY_CONTAINER),
            ft.Text(text, size=30, weight=ft.FontWeight.BOLD, color=ft.Colors.ON_PRIMARY_CONTAINER, expand=True),
            dots,
        ], vertical_alignment=ft.CrossAxisAlignment.CENTER), bgcolor=ft.Colors.PRIMARY_CONTAINER,
            padding=20, border_radius=16), "kleos-winner", text)


@inputs
class Decided(Inputs):
    """After a tie on Glory: the tie-breaker that settled it and the tied players in the order it gave."""

    part = "kleos-tiebreak-result"
    ranking: dict
    names: dict

    def build(self, ui: UI) -> ft.Control:
        ranking, names = self.ranking, self.names
        order = ", ".join(f"{n}. {who(ui, names, p)}" for n, p in enumerate(ranking["order"], 1))
        why = (ui.t("kleos.end.decided_by", criterion=ui.t(f"kleos.end.criterion_{ranking['decided_by']}"))
               if ranking["decided_by"] else ui.t("kleos.end.still_level"))
        text = f"{why} {ui.t('kleos.end.order', players=order)}"
        return tagged(ft.Text(text, size=18), "kleos-tiebreak-result", text)


@inputs
class Standings(Inputs):
    part = "kleos-final"
    ranked: tuple[str, ...]
    glory: dict[str, int]
    names: dict

    def build(self, ui: UI) -> ft.Control:
        ranked, glory, names = self.ranked, self.glory, self.names
        rows = [ft.Row([ft.Container(badge(ui, names, p, 18), expand=True),
                        tagged(ft.Text(str(glory[p]), size=28, weight=ft.FontWeight.BOLD),
                               f"final-{p}", f"{god(ui, p)} {glory[p]}")])
                for p in ranked]
        return card(heading(ui.t("kleos.ui_final"), 20), *rows, ident="kleos-final")


@inputs
class Question(Inputs):
    part = "kleos-tiebreak"
    pending: dict
    glory: int
    names: dict
    values: dict
    by: dict
    seen: str
    can_answer: bool

    def build(self, ui: UI) -> ft.Control:
        pending, names, values, seen, can_answer = self.pending, self.names, self.values, self.seen, self.can_answer
        tied = " & ".join(god(ui, p) for p in pending["players"])
        parts: list[ft.Control] = [
            heading(ui.t("kleos.ui_tiebreak_title", players=tied, glory=self.glory), 20),
            tagged(ft.Text(ui.t(f"kleos.ask_{pending['criterion']}"), size=17), "kleos-tiebreak-question",
                   ui.t(f"kleos.ask_{pending['criterion']}")),
        ]
        if pending["suggested"]:
            parts.append(ft.Text(ui.t("kleos.ui_tiebreak_suggested"), size=14, italic=True))
        for player in pending["players"]:
            parts.append(_answer_row(ui, names, pending["criterion"], player, values, self.by.get(player), can_answer))

        async def send(e: object) -> None:
            await ui.send({"type": "tiebreak.answer", "criterion": pending["criterion"], "values": dict(values),
                           drafts.FIELD: seen})

        if can_answer:
            parts.append(shared.drawn(ui, "kleos-tiebreak-answer", seen, button(
                ui.t("kleos.ui_tiebreak_send"), send, "kleos-tiebreak-answer", icon=ft.Icons.GAVEL)))
        return card(*parts, ident="kleos-tiebreak")


def _answer_row(ui: UI, names: dict, criterion: str, player: str, values: dict, actor: str | None,
                can_answer: bool) -> ft.Control:
    async def put(value: object) -> None:
        await shared.put(ui, TIEBREAK, player, value)

    if criterion == CHAMPION:
        def choose(loc: str):
            async def handler(e: object = None) -> None:
                await put(loc)
            return handler

        places = [*LOCATION_GLORY, NOWHERE]
        chips = [tagged(ft.Chip(ft.Text(ui.t(f"kleos.location_{loc}"), size=16), selected=values[player] == loc,
                                on_click=choose(loc), height=48, disabled=not can_answer), f"tiebreak-{player}-{loc}")
                 for loc in places]
        return ft.Column([badge(ui, names, player), *_entered(ui, names, player, actor),
                          ft.Row(chips, wrap=True, spacing=6, run_spacing=6)], spacing=6, tight=True)
    top = MAX_EPICS if criterion == EPICS else MAX_IN_PLAY
    drawn = values[player]

    async def change(value: int) -> None:
        # A step from what the table holds now, not from what was drawn: two quick taps count twice.
        now = tiebreak_answers(ui.snapshot()["state"])["values"].get(player, drawn)
        await put(max(0, min(top, now + value - drawn)))

    shown = (stepper(who(ui, names, player), drawn, change, f"tiebreak-{player}", 0, top) if can_answer else
             tagged(ft.Text(f"{who(ui, names, player)}: {drawn}", size=18), f"tiebreak-{player}-value", str(drawn)))
    row = ft.Row([dot(player), ft.Container(shown, expand=True)])
    return ft.Column([row, *_entered(ui, names, player, actor)], spacing=2, tight=True)


def _entered(ui: UI, names: dict, player: str, actor: str | None) -> list[ft.Control]:
    """Who gave this answer, as every screen names them (nothing while it is the suggestion)."""
    if actor is None:
        return []
    text = ui.t("kleos.ui_tiebreak_entered_by", who=ui.t("ui.host") if actor == "host" else who(ui, names, actor))
    return [note(text, f"tiebreak-{player}-by", 13)]
