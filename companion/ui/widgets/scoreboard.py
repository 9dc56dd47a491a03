"""The scoreboard: every player's public score and markers, readable from across the table.

The tablet lies on the table, so the numbers are large (56 px) and the active player's tile
is outlined. A number that changed glows for a moment on every device, so a kill scored from
a phone is noticed on the tablet. Each tile is a live part: a change rebuilds only the tiles
whose score, markers or glow moved.
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Callable, Sequence

import flet as ft

from companion.ui.context import UI
from companion.ui.later import refresh_after
from companion.ui.live import group, part
from companion.ui.widgets.controls import tagged

GLOW_SECONDS = 2.5
SEEN, GLOWING = "scoreboard.seen", "scoreboard.glowing"


@dataclass(frozen=True)
class Score:
    """One player's tile. `value` is shown large; `markers` are short, already translated
    labels (first player, Favor, …); `detail` is one small line under the number."""

    seat: str
    name: str
    value: str
    colour: str | None = None
    markers: tuple[str, ...] = ()
    active: bool = False
    detail: str = ""


QuickActions = Callable[[UI, Score], list[ft.Control]]
"""Builds a tile's quick buttons (e.g. Kleos: Glory for a kill). Must be a module-level
function, so the tile's part is reused while its score is unchanged."""


def scoreboard(ui: UI, scores: Sequence[Score], facts: Sequence[str] = (),
               quick: QuickActions | None = None, key: str = "scoreboard") -> ft.Control:
    """The whole board: a line of table-wide facts (day, phase, wager…) above one tile per player.
    A screen that splits the tiles (a phone: its own tile on top, the others further down) calls
    it once per piece, each with its own `key`."""
    glowing = _glowing(ui, scores)
    tiles = [part(ui, f"scoreboard-{s.seat}", _tile, s, quick, s.seat in glowing) for s in scores]
    body = [part(ui, f"{key}-facts", _facts, tuple(facts))] if facts else []
    body.append(group(ui, f"{key}-tiles", ft.Row, tiles, wrap=True, spacing=10, run_spacing=10))
    return group(ui, key, ft.Column, body, spacing=8)


def _facts(ui: UI, facts: tuple[str, ...]) -> ft.Control:
    return tagged(ft.Row([ft.Text(f, size=22, weight=ft.FontWeight.W_600) for f in facts],
                         wrap=True, spacing=24), "scoreboard-facts", " · ".join(facts))


def _tile(ui: UI, score: Score, quick: QuickActions | None, glow: bool) -> ft.Control:
    accent = score.colour or ft.Colors.PRIMARY
    number = tagged(ft.Text(score.value, size=56, weight=ft.FontWeight.BOLD, color=accent),
                    f"score-{score.seat}", f"{score.name} {score.value}")
    rows: list[ft.Control] = [
        ft.Row([ft.Container(width=14, height=14, bgcolor=accent, border_radius=7),
                ft.Text(score.name, size=20, weight=ft.FontWeight.W_600, no_wrap=True, expand=True)],
               spacing=8),
        number,
    ]
    if score.detail:
        rows.append(ft.Text(score.detail, size=14, color=ft.Colors.ON_SURFACE_VARIANT))
    if score.markers:
        rows.append(tagged(ft.Row([_marker(m) for m in score.markers], wrap=True, spacing=6, run_spacing=6),
                           f"markers-{score.seat}", ", ".join(score.markers)))
    if quick:  # one line of equal buttons: the tile's width is shared, nothing wraps
        buttons = quick(ui, score)
        for b in buttons:
            b.expand = True
        rows.append(ft.Row(buttons, spacing=6))
    tile = ft.Container(
        ft.Column(rows, spacing=4, tight=True), width=228 if not ui.is_phone else None, padding=12,
        border_radius=14, border=ft.Border.all(4 if score.active else 1, accent if score.active else ft.Colors.OUTLINE_VARIANT),
        bgcolor=ft.Colors.with_opacity(0.28, ft.Colors.AMBER) if glow else None,
        animate=ft.Animation(400, ft.AnimationCurve.EASE_OUT),
        expand=ui.is_phone or None,
    )
    state = "active" if score.active else "waiting"
    return tagged(tile, f"tile-{score.seat}", f"{score.name} {score.value} {state}{' changed' if glow else ''}")


def _marker(text: str) -> ft.Control:
    return ft.Container(ft.Text(text, size=14, weight=ft.FontWeight.W_600),
                        padding=ft.Padding.symmetric(horizontal=8, vertical=2), border_radius=10,
                        bgcolor=ft.Colors.SECONDARY_CONTAINER)


def _glowing(ui: UI, scores: Sequence[Score]) -> set[str]:
    """Seats whose number changed in the last few seconds on this device; schedules the
    render that turns the glow off."""
    seen: dict[str, str] = ui.local.setdefault(SEEN, {})
    until: dict[str, float] = ui.local.setdefault(GLOWING, {})
    now = time.monotonic()
    for s in scores:
        if s.seat in seen and seen[s.seat] != s.value:
            until[s.seat] = now + GLOW_SECONDS
            refresh_after(ui, GLOW_SECONDS + 0.05)
        seen[s.seat] = s.value
    return {seat for seat, end in until.items() if end > now}
