"""The turn clock, small: each player's time on the scoreboard, and the tablet's start/pause button.

A phone shows it only while it is that phone's turn. While the clock runs, the
session redraws just this one line every second (`tick`), not the screen.
"""
from __future__ import annotations

import flet as ft

from companion.core.turnclock import PAUSE, RESUME, START, clock_text
from companion.ui.context import UI
from companion.ui.widgets.controls import button, tagged

TICKING = "clock.ticking_text"


def clock_strip(ui: UI) -> ft.Control | None:
    status = ui.live.clock()
    ui.local[TICKING] = None
    host = ui.access.role == "host"
    if status is None:
        return _press(ui, START, "summary.clock_start", ft.Icons.TIMER) if host else None
    if ui.access.role == "seat" and status["running"] != ui.access.seat:
        return None
    line = ft.Text(_line(ui, status), size=13, expand=True)
    if status["running"]:
        ui.local[TICKING] = line
    parts: list[ft.Control] = [ft.Icon(ft.Icons.TIMER, size=18), tagged(line, "turn-clock")]
    if host and (status["running"] or status["paused"]):  # nothing to pause between turns or after the end
        parts.append(_press(ui, RESUME if status["paused"] else PAUSE,
                            "summary.clock_resume" if status["paused"] else "summary.clock_pause",
                            ft.Icons.PLAY_ARROW if status["paused"] else ft.Icons.PAUSE))
    return ft.Row(parts, spacing=6, vertical_alignment=ft.CrossAxisAlignment.CENTER)


def tick(ui: UI) -> bool:
    """Redraw the running clock's line; False once there is no running clock on this screen."""
    line = ui.local.get(TICKING)
    status = ui.live.clock() if ui.live is not None and line is not None else None
    if status is None or not status["running"]:
        return False
    line.value = _line(ui, status)
    try:
        line.update()
    except RuntimeError:  # replaced by a redraw a moment ago; the next tick finds the new line
        pass
    return True


def _line(ui: UI, status: dict) -> str:
    names = {s.id: s.name for s in ui.live.table.seats}
    bits = [f"{'▶ ' if status['running'] == seat else ''}{names[seat]} {clock_text(status['seconds'].get(seat, 0))}"
            for seat in names]
    return " · ".join(bits) + (f" ({ui.t('summary.clock_paused')})" if status["paused"] else "")


def _press(ui: UI, kind: str, label: str, icon: ft.IconData) -> ft.Control:
    async def send(e: object) -> None:
        await ui.send({"type": kind})

    return button(ui.t(label), send, f"clock-{kind.split('.')[1]}", icon=icon, filled=False, height=44)
