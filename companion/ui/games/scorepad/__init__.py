"""Score pad panel: one big number per player, +/- buttons, a reason, a private note.

Written as live parts (companion/ui/LIVE.md): a score change rebuilds that player's
card only; the reason and the note are built once, so their typed text stays.
"""
from __future__ import annotations

import flet as ft

from companion.core.schema import NOTE_MAX, REASON_MAX
from companion.ui.context import UI
from companion.ui.widgets.players_form import names_form
from companion.ui.live import Inputs, group, inputs, show
from companion.ui.widgets.local_text import local_text
from companion.ui.widgets.controls import button, card, heading
from companion.ui.widgets.scoreboard import Score, others, scoreboard

QUICK = (-1, 1, 5)
REASON, NOTE = "scorepad.reason", "scorepad.note"


class ScorePadUI:
    def setup_form(self, ui: UI):
        controls, read = names_form(ui, "scorepad.names", default=2, minimum=1, maximum=12)
        return controls, lambda: {"players": read()}

    def board(self, ui: UI, snap: dict) -> ft.Control:
        state = snap["state"]
        seats = {s["id"]: s for s in snap["seats"]}
        scores = [Score(p, seats[p]["name"] if p in seats else p, str(state["scores"][p]),
                        seats[p]["colour"] if p in seats else None, active=p == snap.get("seat"))
                  for p in state["players"]]
        own = [s for s in scores if s.active] if ui.is_phone else []
        # A phone: its own player's tile first, the others' buttons one tap away (widgets/scoreboard.py).
        boards = [scoreboard(ui, own, quick=_quick), *others(ui, [s for s in scores if not s.active], _quick,
                                                              "scorepad-others")] if own else \
            [scoreboard(ui, scores, quick=_quick)]
        parts: list[ft.Control] = [
            show(ui, Title()),
            local_text(ui, REASON, "reason", ui.t("scorepad.reason"), text_size=18, max_length=REASON_MAX),
            *boards,
        ]
        if snap["role"] == "seat":
            if NOTE not in ui.local.inputs:  # the saved note, once: from then on the field owns the text
                ui.local.inputs[NOTE] = state["notes"].get(snap["seat"], "")
            parts.append(show(ui, Note(snap["seat"])))
        if snap["role"] == "host" and not state.get("ended"):
            parts.append(show(ui, End()))
        return group(ui, "scorepad-board", ft.Column, parts, spacing=12)


@inputs
class Title(Inputs):
    part = "scorepad-title"

    def build(self, ui: UI) -> ft.Control:
        return heading(ui.t("scorepad.title"))


def _quick(ui: UI, score: Score) -> list[ft.Control]:
    player = score.seat

    def add(amount: int):
        async def handler(e) -> None:  # reads the reason when tapped, not when built
            await ui.send({"type": "points.add", "player": player, "amount": amount,
                           "reason": ui.local.inputs.get(REASON, "")})
        return handler

    return [button(f"{a:+d}", add(a), f"add-{player}-{a}", filled=a > 0, height=48, compact=True,
                   said=ui.t("scorepad.quick_said", player=score.name, amount=f"{a:+d}")) for a in QUICK]


@inputs
class End(Inputs):
    """The tablet's End game button, while the game runs."""

    part = "scorepad-end"

    def build(self, ui: UI) -> ft.Control:
        async def end(e) -> None:
            await ui.send({"type": "game.end"})

        return button(ui.t("scorepad.end_game"), end, "end-game", icon=ft.Icons.FLAG, filled=False)


@inputs
class Note(Inputs):
    """A phone's private note for its seat: the text is the field's own (ui.local.inputs)."""

    part = "scorepad-note"
    seat: str

    def build(self, ui: UI) -> ft.Control:
        seat = self.seat

        async def save(e) -> None:
            await ui.send({"type": "note.set", "player": seat, "text": ui.local.inputs[NOTE]})

        return card(
            local_text(ui, NOTE, "note", ui.t("scorepad.note"), multiline=True, min_lines=2, max_length=NOTE_MAX),
            button(ui.t("scorepad.save_note"), save, "save-note", icon=ft.Icons.LOCK),
        )


UI_ = ScorePadUI()
