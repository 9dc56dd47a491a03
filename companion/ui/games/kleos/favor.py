"""Olympus' Favor: one holder at most, handed over with one tap, optionally naming the Minion.

The game keeps a single holder, so giving the Favor to someone else is the
whole of taking it away from the previous holder; the panel just shows that.
"""
from __future__ import annotations

import flet as ft

from companion.games.kleos import MAX_TEXT
from companion.ui.context import UI
from companion.ui.games.kleos.day import favor_text
from companion.ui.games.kleos.parts import LIVE, editable, god, own_first
from companion.ui.widgets.controls import button, card, heading, note, tagged

MINION = "kleos.favor.minion"


def favor_card(ui: UI, snap: dict) -> ft.Control:
    state = snap["state"]
    holder = state["favor"]["player"] if state["favor"] else None
    parts: list[ft.Control] = [
        ft.Row([ft.Icon(ft.Icons.BOLT, size=26), heading(ui.t("kleos.ui_favor_title"), 18)], spacing=6),
        tagged(ft.Text(favor_text(ui, state), size=18, weight=ft.FontWeight.W_600), "favor-state",
               favor_text(ui, state)),
    ]
    if not (editable(snap) and state["phase"] in LIVE):
        return card(*parts, ident="favor-card")

    def on_minion(e: ft.Event) -> None:
        ui.local[MINION] = e.control.value

    def give(player: str):
        async def handler(e: object) -> None:
            if await ui.send({"type": "favor.give", "player": player, "minion": ui.local.get(MINION, "").strip()}):
                ui.local.pop(MINION, None)
        return handler

    async def clear(e: object) -> None:
        await ui.send({"type": "favor.clear"})

    gives = [button(god(ui, p), give(p), f"favor-{p}", icon=ft.Icons.BOLT, filled=p == holder, height=48)
             for p in own_first(state["players"], snap["seat"])]
    parts += [
        note(ui.t("kleos.ui_favor_hint")),
        tagged(ft.TextField(value=ui.local.get(MINION, ""), label=ui.t("kleos.ui_favor_minion_field"),
                            on_change=on_minion, text_size=16, max_length=MAX_TEXT), "favor-minion"),
        ft.Row([*gives, button(ui.t("kleos.ui_favor_clear"), clear, "favor-clear", icon=ft.Icons.CLOSE,
                               filled=False, height=48, disabled=holder is None)],
               wrap=True, spacing=6, run_spacing=6),
    ]
    return card(*parts, ident="favor-card")
