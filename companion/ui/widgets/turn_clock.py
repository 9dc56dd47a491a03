"""The turn clock, small: each player's time on the scoreboard, and the tablet's start/pause button.

A phone shows it only while it is that phone's turn. The figures are as of
the last change on the table (every change redraws); nothing ticks between.
"""
from __future__ import annotations

import flet as ft

from companion.core.turnclock import PAUSE, RESUME, START, clock_text
from companion.ui.context import UI
from companion.ui.widgets.controls import button, tagged


def clock_strip(ui: UI) -> ft.Control | None:
    status = ui.live.clock()
    host = ui.access.role == "host"
    if status is None:
        return _press(ui, START, "summary.clock_start", ft.Icons.TIMER) if host else None
    if ui.access.role == "seat" and status["running"] != ui.access.seat:
        return None
    names = {s.id: s.name for s in ui.live.table.seats}
    bits = [f"{'▶ ' if status['running'] == seat else ''}{names[seat]} {clock_text(status['seconds'].get(seat, 0))}"
            for seat in names]
    text = " · ".join(bits) + (f" ({ui.t('summary.clock_paused')})" if status["paused"] else "")
    parts: list[ft.Control] = [ft.Icon(ft.Icons.TIMER, size=18),
                               tagged(ft.Text(text, size=13, expand=True), "turn-clock", text)]
    if host:
        parts.append(_press(ui, RESUME if status["paused"] else PAUSE,
                            "summary.clock_resume" if status["paused"] else "summary.clock_pause",
                            ft.Icons.PLAY_ARROW if status["paused"] else ft.Icons.PAUSE))
    return ft.Row(parts, spacing=6, vertical_alignment=ft.CrossAxisAlignment.CENTER)


def _press(ui: UI, kind: str, label: str, icon: ft.IconData) -> ft.Control:
    async def send(e: object) -> None:
        await ui.send({"type": kind})

    return button(ui.t(label), send, f"clock-{kind.split('.')[1]}", icon=icon, filled=False, height=44)
