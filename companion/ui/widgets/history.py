"""Who did what, newest first: undone entries stay listed, struck through.

The tablet always shows it. A phone shows it when its player opens it (widgets/folding.py):
the phone's page stays short, and a phone nobody reads the history on is not sent a new row
on every change."""
from __future__ import annotations

import time
from itertools import groupby

import flet as ft

from companion.ui.context import UI
from companion.ui.live import part
from companion.ui.widgets.controls import card, heading, tagged
from companion.ui.widgets.folding import folded, shut, titled
from companion.ui.widgets.seat_label import seat_label

BLOCK, BLOCKS = 10, 6  # rows are shown in blocks of ten events, the newest six blocks: 51 to 60 rows
OPEN = "history.open"  # ui.local: this phone's player opened the history


def history_card(ui: UI) -> ft.Control:
    """Rows are parts keyed by their event's number, in blocks by that number: a new entry
    rebuilds the newest block only (one insert on the wire), and the oldest block leaves
    whole, once every ten changes, instead of losing a row on every change. The card itself
    is rebuilt only when a block comes or goes."""
    if shut(ui, OPEN):
        return folded(ui, "history-card", OPEN, ui.t("ui.history_show"), "history")
    rows = ui.snap["history"][:BLOCK * BLOCKS]
    if not rows:
        return part(ui, "history-card", _card, ())
    newest = rows[0]["seq"] // BLOCK
    blocks = groupby((row for row in rows if row["seq"] // BLOCK > newest - BLOCKS), key=lambda row: row["seq"] // BLOCK)
    items = [part(ui, f"history-block-{block}", _block, tuple(block_rows)) for block, block_rows in blocks]
    return part(ui, "history-card", _card, tuple(items))


def _block(ui: UI, rows: tuple[dict, ...]) -> ft.Control:
    return ft.Column([part(ui, f"history-{row['seq']}", _row, row["seq"], row.get("at"), seat_label(ui, row["by"]), row["text"],
                           row["undone"]) for row in rows], spacing=4)


def _card(ui: UI, blocks: tuple[ft.Control, ...]) -> ft.Control:
    title = titled(ui, heading(ui.t("ui.history"), 18), OPEN, "history")
    body = ft.Column([title, *blocks], spacing=4) if blocks else ft.Column([title, ft.Text(ui.t("ui.no_history"))])
    return card(body, ident="history")


def _row(ui: UI, seq: int, at: float | None, by: str, text: str, undone: bool) -> ft.Control:
    """One Text: the time and who, quiet, then what happened as its one span (struck through when
    undone). Every change adds a row to every device that shows the history, and Flet walks every
    field of every control, span and style it has not seen: a Row of three Texts was twice the
    fields of this (bench/row_cost.py). The label is what happened, as screen readers and tests read it."""
    when = time.strftime("%H:%M", time.localtime(at)) if at else ""
    what = ft.TextSpan(text, ft.TextStyle(size=14, weight=ft.FontWeight.NORMAL, color=ft.Colors.ON_SURFACE,
                                          decoration=ft.TextDecoration.LINE_THROUGH if undone else None))
    lead = f"{when}  {by}  " if when else f"{by}  "
    return tagged(ft.Text(lead, size=12, weight=ft.FontWeight.W_600, color=ft.Colors.ON_SURFACE_VARIANT, spans=[what]),
                  f"history-{seq}", text)
