"""The start screen's finished plays: the latest few, and the way into the Stats page.

A play's line opens its table while the table is kept; a deleted table's play is still in the
stats, so its line shows what was kept of it (who played, scores, winner) and says the table
itself was deleted, rather than doing nothing."""
from __future__ import annotations

import asyncio

import flet as ft

from companion.core.plays import Plays
from companion.core.table_file import Damaged
from companion.i18n import catalogue
from companion.i18n.dates import when
from companion.ui.context import UI
from companion.ui.widgets.controls import TOUCH, button, card, heading, tagged

SHOWN = 5


def latest_plays(plays: Plays) -> tuple[dict, ...]:
    """The newest finished plays, newest first: read off the event loop (ui/kept.py)."""
    return tuple(plays.all()[-SHOWN:][::-1])


def finished_plays(ui: UI, plays: tuple[dict, ...] | None) -> ft.Control:
    """`plays`: latest_plays() as kept; None while it is being read."""
    rows: list[ft.Control] = []
    if plays is None:
        said = ui.t("ui.loading_plays")
        rows.append(tagged(ft.Text(said, size=15, italic=True), "plays-loading", said))
    rows += [_line(ui, play) for play in plays or ()]
    if plays == ():
        rows.append(ft.Text(ui.t("summary.no_plays"), size=15))

    async def open_stats(e: object) -> None:
        await ui.page.push_route("/stats")

    return card(heading(ui.t("summary.plays")), *rows,
                button(ui.t("summary.stats"), open_stats, "open-stats", icon=ft.Icons.BAR_CHART, filled=False),
                ident="finished-plays")


def _title(ui: UI, play: dict) -> str:
    """The game's name in the device's language ("Placar"); a play keeps its English title."""
    key = f"{play['game']}.title"
    return ui.t(key) if key in catalogue() else play["title"]


def _line(ui: UI, play: dict) -> ft.Control:
    winners = " & ".join(p["name"] for p in play["players"] if p["winner"])
    text = f"{when(play['date'], ui.lang)} · {_title(ui, play)} · ★ {winners} · {play['duration_min']} min"
    return tagged(ft.TextButton(content=ft.Text(text, size=15), on_click=_open(ui, play), height=TOUCH,
                                style=ft.ButtonStyle(alignment=ft.Alignment.CENTER_LEFT)),
                  f"play-{play['table']}", text)


def _open(ui: UI, play: dict):
    async def go(e: object) -> None:
        try:
            await asyncio.to_thread(ui.server.hub.get, play["table"])  # a file read: off the event loop
        except (KeyError, Damaged):
            ui.page.show_dialog(_kept(ui, play))
            return
        await ui.page.push_route(f"/t/{play['table']}")
    return go


def _kept(ui: UI, play: dict) -> ft.AlertDialog:
    """What the stats kept of a play whose table is gone."""
    async def close(e: object) -> None:
        ui.page.pop_dialog()

    ranked = sorted(play["players"], key=lambda p: (p.get("rank") or 99, p["name"]))
    lines = [f"{'★ ' if p['winner'] else ''}{p['name']}: {p['score']}" for p in ranked]
    said = ui.t("summary.play_deleted")
    return ft.AlertDialog(
        title=ft.Text(f"{_title(ui, play)} · {when(play['date'], ui.lang)}"),
        content=ft.Column([tagged(ft.Text(said, size=16), "play-deleted", said),
                           *(ft.Text(line, size=16) for line in lines)], tight=True, spacing=6),
        actions=[button(ui.t("ui.close"), close, "play-close", filled=False)],
    )
