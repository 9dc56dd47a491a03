"""Who did what, newest first: undone entries stay listed, struck through."""
from __future__ import annotations

import time

import flet as ft

from companion.ui.context import UI
from companion.ui.live import part
from companion.ui.widgets.controls import heading, tagged

MAX_ROWS = 60  # bounded: the list is sent once, then each change adds a row and drops the last


def history_list(ui: UI) -> ft.Control:
    """Rows are parts keyed by their event's number, so a new entry is one insert on the
    wire and the rows already shown keep their controls."""
    rows = ui.live.history(ui.access, ui.lang, MAX_ROWS)
    if not rows:
        return ft.Column([heading(ui.t("ui.history"), 18), ft.Text(ui.t("ui.no_history"))])
    items = [part(ui, f"history-{row['seq']}", _row, row["seq"], row.get("at"), row["by"], row["text"],
                  row["undone"]) for row in rows]
    return ft.Column([heading(ui.t("ui.history"), 18), *items], spacing=4)


def _row(ui: UI, seq: int, at: float | None, by: str, text: str, undone: bool) -> ft.Control:
    style = ft.TextStyle(decoration=ft.TextDecoration.LINE_THROUGH) if undone else None
    when = time.strftime("%H:%M", time.localtime(at)) if at else ""
    return tagged(ft.Row([
        ft.Text(when, size=12, width=44, color=ft.Colors.ON_SURFACE_VARIANT),
        ft.Text(by, size=13, width=80, weight=ft.FontWeight.W_600, no_wrap=True),
        ft.Text(text, size=14, style=style, expand=True),
    ]), f"history-{seq}", text)
