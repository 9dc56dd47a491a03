"""Olympus' Favor: one holder at most, handed over with one tap, optionally naming the Minion.

The game keeps a single holder, so giving the Favor to someone else is the
whole of taking it away from the previous holder; the panel just shows that.
The Minion's name is typed on this device (`local_text`), so a Glory change
from another device never touches the half-typed name.

A phone shows who holds the Favor, and the hand-over (hint, name field, a button per god)
once its player opens it: it is handed over a few times a game, and those controls were a
tenth of what the server holds for every phone of every table (widgets/folding.py).
"""
from __future__ import annotations

import flet as ft

from companion.games.kleos import MAX_TEXT
from companion.ui.context import UI
from companion.ui.games.kleos.day import favor_text
from companion.ui.games.kleos.parts import boxed, editable, god, own_first, why
from companion.ui.live import Inputs, inputs, memo, show
from companion.ui.widgets.local_text import local_text
from companion.ui.widgets.controls import button, card, heading, note, tagged
from companion.ui.widgets.folding import open_button, shut, titled

MINION = "kleos.favor.minion"
# Bumped after the Favor is given, so the name field is built afresh (empty) once.
CLEARED = "kleos.favor.cleared"
GIVE_OPEN = "kleos.favor.open"  # ui.local: this phone's player opened the hand-over


def favor_card(ui: UI, snap: dict) -> ft.Control:
    """A memo: a Glory change moves nothing here, and the card's parts are then not walked."""
    state = snap["state"]
    giving = editable(snap) and not why(ui, snap, "favor.give")
    return memo(ui, FavorCard(state["favor"], giving, giving and shut(ui, GIVE_OPEN),
                              tuple(own_first(state["players"], snap["seat"])),
                              why(ui, snap, "favor.clear") if giving else None, ui.local.inputs.get(CLEARED, 0)))


@inputs
class FavorCard(Inputs):
    """On a phone, without the title: who holds the Favor says "Olympus' Favor" already."""

    part = "kleos-favor"
    favor: dict | None
    giving: bool
    folded: bool
    players: tuple[str, ...]
    no_clear: str | None
    cleared: int

    def build(self, ui: UI) -> ft.Control:
        favor = self.favor
        if self.folded:  # one part: the holder and the button that opens the hand-over
            return show(ui, ShutCard(favor))
        children = [] if ui.is_phone else [show(ui, Title())]
        children.append(show(ui, State(favor)))
        if self.giving:
            children += [
                show(ui, Hint()),
                local_text(ui, MINION, "favor-minion", ui.t("kleos.ui_favor_minion_field"), text_size=16,
                           max_length=MAX_TEXT, data=self.cleared),
                show(ui, Buttons(self.players, favor["player"] if favor else None, self.no_clear)),
            ]
        return boxed(ui, "favor-card", children)


@inputs
class ShutCard(Inputs):
    part = "favor-card"
    favor: dict | None

    def build(self, ui: UI) -> ft.Control:
        return card(State(self.favor).build(ui),
                    open_button(ui, GIVE_OPEN, ui.t("kleos.ui_favor_give"), "favor-give", ft.Icons.BOLT),
                    ident="favor-card")


@inputs
class Title(Inputs):
    part = "favor-title"

    def build(self, ui: UI) -> ft.Control:
        return ft.Row([ft.Icon(ft.Icons.BOLT, size=26), heading(ui.t("kleos.ui_favor_title"), 18)], spacing=6)


@inputs
class State(Inputs):
    part = "favor-state"
    favor: dict | None

    def build(self, ui: UI) -> ft.Control:
        text = favor_text(ui, self.favor)
        return tagged(ft.Text(text, size=18, weight=ft.FontWeight.W_600), "favor-state", text)


@inputs
class Hint(Inputs):
    """The hint; on a phone with the Hide button beside it (test id `favor-give-close`)."""

    part = "favor-hint"

    def build(self, ui: UI) -> ft.Control:
        return titled(ui, note(ui.t("kleos.ui_favor_hint")), GIVE_OPEN, "favor-give")


@inputs
class Buttons(Inputs):
    part = "favor-buttons"
    players: tuple[str, ...]
    holder: str | None
    no_clear: str | None

    def build(self, ui: UI) -> ft.Control:
        def give(player: str):
            async def handler(e: object) -> None:
                if await ui.send({"type": "favor.give", "player": player,
                                  "minion": ui.local.inputs.get(MINION, "").strip()}):
                    ui.local.inputs.pop(MINION, None)
                    ui.local.inputs[CLEARED] = ui.local.inputs.get(CLEARED, 0) + 1
                    await ui.refresh()
            return handler

        async def clear(e: object) -> None:
            await ui.send({"type": "favor.clear"})

        gives = [button(god(ui, p), give(p), f"favor-{p}", icon=ft.Icons.BOLT, filled=p == self.holder, height=48)
                 for p in self.players]
        clear_button = button(ui.t("kleos.ui_favor_clear"), clear, "favor-clear", icon=ft.Icons.CLOSE,
                              filled=False, height=48, disabled=self.no_clear is not None)
        return ft.Row([*gives, clear_button], wrap=True, spacing=6, run_spacing=6)
