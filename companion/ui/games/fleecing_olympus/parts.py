"""Pieces every Fleecing Olympus panel shares: strings, names, who may act, drawn dice, pick rows.

The game refuses a wrong actor anyway; the panels only offer what this device
may do, so nobody is invited to tap into a refusal.
"""
from __future__ import annotations

import copy
from typing import Awaitable, Callable

import flet as ft

from companion.core import drafts
from companion.games.fleecing_olympus import SHARED_FORMS as SHARED
from companion.ui.context import UI
from companion.ui.draft import drawn, put
from companion.ui.widgets.controls import button, tagged

KEY = "fleecing_olympus."
LOCAL = "fleecing_olympus."
VERSIONS = LOCAL + "shown."  # the version of each shared form this device last drew
PICK = 48
# Which of a 3x3 grid holds a pip, per face: drawn shapes never depend on a font having the die glyphs.
PIPS = {1: {4}, 2: {0, 8}, 3: {0, 4, 8}, 4: {0, 2, 6, 8}, 5: {0, 2, 4, 6, 8}, 6: {0, 2, 3, 5, 6, 8}}


def t(ui: UI, key: str, **values: object) -> str:
    return ui.t(KEY + key, **values)


def name(ui: UI, player: str | None) -> str:
    seat = ui.seat(player) if player else None
    return seat["name"] if seat else str(player or "")


def deity(ui: UI, state: dict, player: str) -> str:
    return t(ui, "deity_" + state["deities"][player])


def who_acts(snap: dict) -> str | None:
    """None for the tablet (acts for anyone), the seat for a phone, "" for a spectator (nobody)."""
    if snap["role"] == "host":
        return None
    return snap["seat"] or ""


def may(who: str | None, player: str | None) -> bool:
    """Whether this device may act as `player`: the tablet for all, a phone for itself."""
    return who is None or (bool(who) and who == player)


def die_face(value: int | None, size: int = 72, ident: str | None = None, selected: bool = True,
             on_click=None) -> ft.Control:
    """A die drawn as pips (blank while unrolled); tappable when it is a choice in a picker."""
    pip = max(6, size // 7)
    cells = PIPS.get(value or 0, set())
    rows = [ft.Row([ft.Container(width=pip, height=pip, border_radius=pip / 2,
                                 bgcolor=ft.Colors.ON_SURFACE if i * 3 + j in cells else None)
                    for j in range(3)], alignment=ft.MainAxisAlignment.SPACE_BETWEEN, spacing=0)
            for i in range(3)]
    face = ft.Container(
        ft.Column(rows, alignment=ft.MainAxisAlignment.SPACE_BETWEEN, spacing=0),
        width=size, height=size, padding=size // 7, border_radius=size // 6,
        on_click=on_click, ink=on_click is not None,
        bgcolor=ft.Colors.SURFACE if selected else ft.Colors.SURFACE_CONTAINER_HIGHEST,
        border=ft.Border.all(3 if selected else 1, ft.Colors.PRIMARY if selected else ft.Colors.OUTLINE),
    )
    return tagged(face, ident, str(value) if value else "?") if ident else face


def die_picker(chosen: int | None, on_pick: Callable[[int], Awaitable[None]], ident: str) -> ft.Control:
    """Six faces in a row, to copy a physical die; the chosen one is outlined."""
    def make(value: int):
        async def handler(e) -> None:
            await on_pick(value)
        return handler

    return ft.Row([die_face(v, PICK, f"{ident}-{v}", selected=v == chosen, on_click=make(v)) for v in range(1, 7)],
                  spacing=4, wrap=True)


def choice_row(options: list[tuple[object, str]], chosen: object,
               on_pick: Callable[[object], Awaitable[None]], ident: str) -> ft.Control:
    """A row of buttons where the chosen one is filled; `ident` gets each option's value appended."""
    def make(value: object):
        async def handler(e) -> None:
            await on_pick(value)
        return handler

    return ft.Row([button(label, make(value), f"{ident}-{value}", filled=value == chosen, height=PICK)
                   for value, label in options], wrap=True, spacing=8, run_spacing=8)


def player_row(ui: UI, players: list[str], chosen: str | None,
               on_pick: Callable[[object], Awaitable[None]], ident: str) -> ft.Control:
    return choice_row([(p, name(ui, p)) for p in players], chosen, on_pick, ident)


class Form(dict):
    """A form drawn from the table's draft (companion/core/drafts.py): `draft` names it, `path` is
    where this dict sits in it, and `version` is what the screen showed (a confirm names it)."""

    def __init__(self, data: dict, draft: str, path: str = "", version: str = "") -> None:
        super().__init__(data)
        self.draft, self.path, self.version = draft, path, version


def _form(data: dict, draft: str, path: str, version: str) -> Form:
    inner = {k: _form(v, draft, f"{path}{k}.", version) if isinstance(v, dict) else v for k, v in data.items()}
    return Form(inner, draft, path, version)


def turn_local(ui: UI, key: str, state: dict, default: dict) -> dict:
    """Half-entered input for this turn only: a pick left over from an earlier turn may now be illegal.

    The forms of a turn that several devices fill (the power, the Target and dice) are the
    table's drafts (companion/games/fleecing_olympus/drafts.py): every device draws the same."""
    name = key.removeprefix(LOCAL)
    if name in SHARED:
        data = copy.deepcopy(default)
        for path, value in drafts.entries(state, name).items():
            *inner, last = path.split(".")
            spot = data
            for step in inner:
                spot = spot.setdefault(step, {})
            spot[last] = value
        version = drafts.version(state, name)
        ui.local.inputs[VERSIONS + name] = version  # what this screen shows: its confirm names it
        return _form(data, name, "", version)
    data = ui.local.inputs.get(key)
    if not data or data.get("turn") != state["turn_no"]:
        data = ui.local.inputs[key] = {**copy.deepcopy(default), "turn": state["turn_no"]}
    return data


def local_setter(ui: UI, store: dict, field: str) -> Callable[[object], Awaitable[None]]:
    """An on_pick that records a value in a ui.local dict and redraws this device only."""
    async def pick(value: object) -> None:
        if isinstance(store, Form):  # the table's draft: every device shows the new value
            await put(ui, store.draft, f"{store.path}{field}", value)
            return
        store[field] = value
        await ui.refresh()
    return pick


def sender(ui: UI, event: dict, clear: str | None = None):
    """A click handler sending `event`; on success it forgets the local input named `clear`.
    A shared form's confirm names the draft version drawn with it (read now, when the button is
    built, not at the tap: by then this session may have drawn a newer form the browser has not)."""
    name = (clear or "").removeprefix(LOCAL)
    version = ui.local.inputs.get(VERSIONS + name, "")

    async def handler(e) -> None:
        if name in SHARED:
            await ui.send({**event, drafts.FIELD: version})
            return
        if await ui.send(dict(event)) and clear:
            ui.local.inputs.pop(clear, None)
    return handler


def confirm_button(ui: UI, label: str, event: dict, clear: str, ident: str, **options: object) -> ft.Control:
    """The confirm of the shared form `clear` names (the power, the wager), standing in `drawn`
    (ui/draft.py): a tap its browser sent before drawing a newer form names the form it showed."""
    version = ui.local.inputs.get(VERSIONS + clear.removeprefix(LOCAL), "")
    return drawn(ui, ident, version, button(label, sender(ui, event, clear), ident, **options))
