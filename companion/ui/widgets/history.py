"""Who did what, newest first: undone entries stay listed, struck through."""
from __future__ import annotations

import time

import flet as ft

from companion.ui.context import UI
from companion.ui.widgets.controls import heading, tagged

MAX_ROWS = 60


def history_list(ui: UI) -> ft.Control:
    """Rebuilt only when the log or the language changes; otherwise the same control is
    reused, so Flet sends nothing for it on re-renders caused by device-local input."""
    key = ("history", ui.live.seq, ui.lang)
    cached = ui.local.get("history")
    if cached is None or cached[0] != key:
        ui.local["history"] = (key, _build(ui))
    return ui.local["history"][1]


def _build(ui: UI) -> ft.Control:
    rows = ui.live.history(ui.access, ui.lang)[:MAX_ROWS]
    if not rows:
        return ft.Column([heading(ui.t("ui.history"), 18), ft.Text(ui.t("ui.no_history"))])
    items = []
    for row in rows:
        style = ft.TextStyle(decoration=ft.TextDecoration.LINE_THROUGH) if row["undone"] else None
        when = time.strftime("%H:%M", time.localtime(row["at"])) if row.get("at") else ""
        items.append(tagged(ft.Row([
            ft.Text(when, size=12, width=44, color=ft.Colors.ON_SURFACE_VARIANT),
            ft.Text(row["by"], size=13, width=80, weight=ft.FontWeight.W_600, no_wrap=True),
            ft.Text(row["text"], size=14, style=style, expand=True),
        ]), f"history-{row['seq']}", row["text"]))
    return ft.Column([heading(ui.t("ui.history"), 18), *items], spacing=4)
