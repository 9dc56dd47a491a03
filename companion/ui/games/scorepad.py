"""Score pad panel: one big number per player, +/- buttons, a reason, a private note."""
from __future__ import annotations

import flet as ft

from companion.ui.context import UI
from companion.ui.games.players_form import names_form
from companion.ui.widgets.controls import button, card, heading, tagged

QUICK = (-1, 1, 5)


class ScorePadUI:
    def setup_form(self, ui: UI):
        controls, read = names_form(ui, "scorepad.names", default=2, minimum=1, maximum=12)
        return controls, lambda: {"players": read()}

    def board(self, ui: UI, snap: dict) -> ft.Control:
        state = snap["state"]
        names = {s.id: s.name for s in ui.live.table.seats}
        reason = ui.local.setdefault("scorepad.reason", "")

        def on_reason(e: ft.Event) -> None:
            ui.local["scorepad.reason"] = e.control.value

        def add(player: str, amount: int):
            async def handler(e) -> None:
                await ui.send({"type": "points.add", "player": player, "amount": amount,
                               "reason": ui.local.get("scorepad.reason", "")})
            return handler

        tiles = []
        for player in state["players"]:
            score = state["scores"][player]
            tiles.append(card(
                ft.Text(names.get(player, player), size=20, weight=ft.FontWeight.BOLD),
                tagged(ft.Text(str(score), size=56, weight=ft.FontWeight.BOLD), f"score-{player}",
                       f"{names.get(player, player)} {score}"),
                ft.Row([button(f"{a:+d}", add(player, a), f"add-{player}-{a}", filled=a > 0)
                        for a in QUICK], wrap=True),
                ident=f"player-{player}",
            ))
        parts: list[ft.Control] = [
            heading(ui.t("scorepad.title")),
            tagged(ft.TextField(value=reason, label=ui.t("scorepad.reason"), on_change=on_reason,
                                text_size=18), "reason"),
            ft.Row(tiles, wrap=True, spacing=12, run_spacing=12),
        ]
        if snap["role"] == "seat":
            parts.append(self._note(ui, snap))
        if snap["role"] == "host" and not state.get("ended"):
            async def end(e) -> None:
                await ui.send({"type": "game.end"})

            parts.append(button(ui.t("scorepad.end_game"), end, "end-game", icon=ft.Icons.FLAG, filled=False))
        return ft.Column(parts, spacing=12)

    def _note(self, ui: UI, snap: dict) -> ft.Control:
        seat = snap["seat"]
        key = "scorepad.note"
        if key not in ui.local:
            ui.local[key] = snap["state"]["notes"].get(seat, "")

        def on_note(e: ft.Event) -> None:
            ui.local[key] = e.control.value

        async def save(e) -> None:
            await ui.send({"type": "note.set", "player": seat, "text": ui.local[key]})

        return card(
            tagged(ft.TextField(value=ui.local[key], label=ui.t("scorepad.note"), on_change=on_note,
                                multiline=True, min_lines=2), "note"),
            button(ui.t("scorepad.save_note"), save, "save-note", icon=ft.Icons.LOCK),
        )


UI_ = ScorePadUI()
