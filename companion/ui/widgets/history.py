"""Who did what, newest first: undone entries stay listed, struck through.

The tablet always shows it. A phone shows it when its player opens it (widgets/folding.py):
the phone's page stays short, and a phone nobody reads the history on is not sent a new row
on every change."""
from __future__ import annotations

import time

import flet as ft

from companion.ui.context import UI
from companion.ui.live import Inputs, group, inputs, show
from companion.ui.widgets.controls import card, heading, tagged
from companion.ui.widgets.folding import folded, shut, titled
from companion.ui.widgets.seat_label import said

BLOCK, BLOCKS = 10, 6  # rows are shown in blocks of ten lines, the newest six blocks: 51 to 60 rows
OPEN = "history.open"  # ui.local: this phone's player opened the history


def history_card(ui: UI) -> ft.Control:
    """Rows are parts keyed by their event's number, in blocks by their place in the history (`n`:
    form entries make no row, so blocks of event numbers could hold none): a new entry
    rebuilds the newest block only (one insert on the wire), and the oldest block leaves
    whole, once every ten changes, instead of losing a row on every change. The blocks stand
    in a group of their own inside the card, so a block that comes or goes rebuilds that
    Column, not the card's frame and title around it."""
    if shut(ui, OPEN):
        return folded(ui, "history-card", OPEN, ui.t("ui.history_show"), "history")
    rows = ui.snap["history"][:BLOCK * BLOCKS]
    if not rows:
        return show(ui, Card(None))
    game = ui.snap.get("game", "")
    blocks = [show(ui, Block(number, block, game)) for number, block in _blocks(rows)]
    return show(ui, Card(group(ui, "history-blocks", ft.Column, blocks, spacing=4, tight=True)))


def _blocks(rows: list[dict]) -> list[tuple[int, tuple[dict, ...]]]:
    """The newest BLOCKS blocks of `rows` (newest first), each as its number and its rows."""
    out: list[tuple[int, tuple[dict, ...]]] = []
    last = rows[0]["n"] // BLOCK - BLOCKS
    start, number = 0, rows[0]["n"] // BLOCK
    for i, row in enumerate(rows):
        block = row["n"] // BLOCK
        if block != number:
            out.append((number, tuple(rows[start:i])))
            if block <= last:
                return out
            start, number = i, block
    out.append((number, tuple(rows[start:])))
    return out


@inputs
class Block(Inputs):
    """Each row's part is given the hub's row itself (kept from change to change, so compared
    by identity) and worded when built: the nine rows already shown cost a comparison each."""

    number: int
    rows: tuple[dict, ...]
    game: str

    @property
    def key(self) -> str:
        return f"history-block-{self.number}"

    def build(self, ui: UI) -> ft.Control:
        return ft.Column([show(ui, Row(row, self.game)) for row in self.rows], spacing=4)


@inputs
class Card(Inputs):
    """The card around the blocks (None: no history yet)."""

    part = "history-card"
    blocks: ft.Control | None

    def build(self, ui: UI) -> ft.Control:
        title = titled(ui, heading(ui.t("ui.history"), 18), OPEN, "history")
        blocks = self.blocks
        body = ft.Column([title, blocks], spacing=4) if blocks is not None else ft.Column([title, ft.Text(ui.t("ui.no_history"))])
        return card(body, ident="history")


@inputs
class Row(Inputs):
    """One row of the history, by its event's number."""

    row: dict
    game: str

    @property
    def key(self) -> str:
        return f"history-{self.row['seq']}"

    def build(self, ui: UI) -> ft.Control:
        return _row(ui, self.row, self.game)


def _row(ui: UI, row: dict, game: str) -> ft.Control:
    """One Text: the time and who, quiet, then what happened as its one span (struck through when
    undone). Every change adds a row to every device that shows the history, and Flet walks every
    field of every control, span and style it has not seen: a Row of three Texts was twice the
    fields of this (bench/row_cost.py). The label is what happened, as screen readers and tests read it."""
    at, by, text = row.get("at"), said(game, row["by"], ui.lang), row["text"]
    when = time.strftime("%H:%M", time.localtime(at)) if at else ""
    what = ft.TextSpan(text, ft.TextStyle(size=14, weight=ft.FontWeight.NORMAL, color=ft.Colors.ON_SURFACE,
                                          decoration=ft.TextDecoration.LINE_THROUGH if row["undone"] else None))
    lead = f"{when}  {by}  " if when else f"{by}  "
    return tagged(ft.Text(lead, size=12, weight=ft.FontWeight.W_600, color=ft.Colors.ON_SURFACE_VARIANT, spans=[what]),
                  f"history-{row['seq']}", text)
