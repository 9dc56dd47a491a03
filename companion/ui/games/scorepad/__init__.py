"""Score pad panel: one big number per player, +/- buttons, a reason, a private note.

Written as live parts (companion/ui/LIVE.md): a score change rebuilds that player's
card only; the reason and the note are built once, so their typed text stays.
"""
from __future__ import annotations

import flet as ft

from companion.ui.context import UI
from companion.ui.widgets.players_form import names_form
from companion.ui.live import group, local_text, part
from companion.ui.widgets.controls import button, card, heading, tagged

QUICK = (-1, 1, 5)
REASON, NOTE = "scorepad.reason", "scorepad.note"


class ScorePadUI:
    def setup_form(self, ui: UI):
        controls, read = names_form(ui, "scorepad.names", default=2, minimum=1, maximum=12)
        return controls, lambda: {"players": read()}

    def board(self, ui: UI, snap: dict) -> ft.Control:
        state = snap["state"]
        names = {s.id: s.name for s in ui.live.table.seats}
        tiles = [part(ui, f"scorepad-player-{p}", _tile, p, names.get(p, p), state["scores"][p])
                 for p in state["players"]]
        parts: list[ft.Control] = [
            part(ui, "scorepad-title", _title),
            local_text(ui, REASON, "reason", ui.t("scorepad.reason"), text_size=18),
            group(ui, "scorepad-tiles", ft.Row, tiles, wrap=True, spacing=12, run_spacing=12),
        ]
        if snap["role"] == "seat":
            if NOTE not in ui.local:  # the saved note, once: from then on the field owns the text
                ui.local[NOTE] = state["notes"].get(snap["seat"], "")
            parts.append(part(ui, "scorepad-note", _note, snap["seat"]))
        return group(ui, "scorepad-board", ft.Column, parts, spacing=12)


def _title(ui: UI) -> ft.Control:
    return heading(ui.t("scorepad.title"))


def _tile(ui: UI, player: str, name: str, score: int) -> ft.Control:
    def add(amount: int):
        async def handler(e) -> None:  # reads the reason when tapped, not when built
            await ui.send({"type": "points.add", "player": player, "amount": amount,
                           "reason": ui.local.get(REASON, "")})
        return handler

    return card(
        ft.Text(name, size=20, weight=ft.FontWeight.BOLD),
        tagged(ft.Text(str(score), size=56, weight=ft.FontWeight.BOLD), f"score-{player}", f"{name} {score}"),
        ft.Row([button(f"{a:+d}", add(a), f"add-{player}-{a}", filled=a > 0) for a in QUICK], wrap=True),
        ident=f"player-{player}",
    )


def _note(ui: UI, seat: str) -> ft.Control:
    async def save(e) -> None:
        await ui.send({"type": "note.set", "player": seat, "text": ui.local[NOTE]})

    return card(
        local_text(ui, NOTE, "note", ui.t("scorepad.note"), multiline=True, min_lines=2),
        button(ui.t("scorepad.save_note"), save, "save-note", icon=ft.Icons.LOCK),
    )


UI_ = ScorePadUI()
