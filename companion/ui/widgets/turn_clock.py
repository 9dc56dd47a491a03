"""The turn clock, small: each player's time on the scoreboard, and the tablet's start/pause button.

A phone shows it only while it is that phone's turn. While the clock runs, the
session describes its screen again every second; only this line has new inputs.
"""
from __future__ import annotations

import flet as ft

from companion.core.turnclock import PAUSE, RESUME, START, clock_text, running_seconds
from companion.ui.context import UI
from companion.ui.live import Inputs, inputs, show
from companion.ui.widgets.controls import button, tagged



def clock_strip(ui: UI) -> ft.Control | None:
    """The clock's line as a live part: while it runs, the session redraws once a second and
    only this part, whose text changed, is rebuilt and sent."""
    status = ui.snap["clock"]  # as of the change; the running turn goes on to this render's `now`
    host = ui.access.role == "host"
    ui.local.clock_ticking = bool(status and status["running"])
    if status is None:
        return show(ui, StartButton()) if host else None
    if ui.access.role == "seat" and status["running"] != ui.access.seat:
        return None
    action = None
    if host and (status["running"] or status["paused"]):  # nothing to pause between turns or after the end
        action = RESUME if status["paused"] else PAUSE
    return show(ui, Strip(_line(ui, status), action))


@inputs
class StartButton(Inputs):
    """The tablet's button that starts the turn clock, before it ever ran."""

    part = "clock-start"

    def build(self, ui: UI) -> ft.Control:
        return _press(ui, START, "summary.clock_start", ft.Icons.TIMER)


@inputs
class Strip(Inputs):
    """The clock's line (`line`, as of this render) and the tablet's pause or resume (`action`)."""

    part = "turn-clock-strip"
    line: str
    action: str | None

    def build(self, ui: UI) -> ft.Control:
        return _strip(ui, self.line, self.action)


def _strip(ui: UI, line: str, action: str | None) -> ft.Control:
    parts: list[ft.Control] = [ft.Icon(ft.Icons.TIMER, size=18), tagged(ft.Text(line, size=13, expand=True),
                                                                       "turn-clock", line)]
    if action == RESUME:
        parts.append(_press(ui, RESUME, "summary.clock_resume", ft.Icons.PLAY_ARROW))
    elif action == PAUSE:
        parts.append(_press(ui, PAUSE, "summary.clock_pause", ft.Icons.PAUSE))
    return ft.Row(parts, spacing=6, vertical_alignment=ft.CrossAxisAlignment.CENTER)


def _line(ui: UI, status: dict) -> str:
    names = {s["id"]: s["name"] for s in ui.snap["seats"]}
    seconds = running_seconds(status, ui.now)
    bits = [f"{'▶ ' if status['running'] == seat else ''}{names[seat]} {clock_text(seconds.get(seat, 0))}"
            for seat in names]
    return " · ".join(bits) + (f" ({ui.t('summary.clock_paused')})" if status["paused"] else "")


def _press(ui: UI, kind: str, label: str, icon: ft.IconData) -> ft.Control:
    async def send(e: object) -> None:
        await ui.send({"type": kind})

    return button(ui.t(label), send, f"clock-{kind.split('.')[1]}", icon=icon, filled=False, height=48)
