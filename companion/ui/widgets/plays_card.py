"""The start screen's finished plays: the latest few, and the way into the Stats page."""
from __future__ import annotations

import flet as ft

from companion.core.plays import Plays
from companion.ui.context import UI
from companion.i18n import t
from companion.ui.widgets.controls import button, card, heading, tagged

SHOWN = 5


def latest_plays(plays: Plays) -> tuple[dict, ...]:
    """The newest finished plays, newest first: read off the event loop (ui/kept.py)."""
    return tuple(plays.all()[-SHOWN:][::-1])


def _title(play: dict, lang: str) -> str:
    """The game's name in `lang` ("Placar"), else the title the play was saved with."""
    key = f"{play.get('game')}.title"
    said = t(key, lang)
    return play["title"] if said == key else said


def finished_plays(ui: UI, plays: tuple[dict, ...] | None) -> ft.Control:
    """`plays`: latest_plays() as kept; None while it is being read."""
    rows: list[ft.Control] = []
    if plays is None:
        said = ui.t("ui.loading_plays")
        rows.append(tagged(ft.Text(said, size=15, italic=True), "plays-loading", said))
    for play in plays or ():
        winners = " & ".join(p["name"] for p in play["players"] if p["winner"])
        text = f"{play['date'][:16]} · {_title(play, ui.lang)} · ★ {winners} · {play['duration_min']} min"
        rows.append(tagged(ft.Text(text, size=15), f"play-{play['table']}", text))
    if plays == ():
        rows.append(ft.Text(ui.t("summary.no_plays"), size=15))

    async def open_stats(e: object) -> None:
        await ui.page.push_route("/stats")

    return card(heading(ui.t("summary.plays")), *rows,
                button(ui.t("summary.stats"), open_stats, "open-stats", icon=ft.Icons.BAR_CHART, filled=False),
                ident="finished-plays")
