"""On a phone: who learnt this player's secret through the rules (a Griffin, a short payment), and how much.

The snapshot carries these notices for the victim's seat only (the hub words them in
the phone's language), so the card is built from that alone. It sits below the board:
a notice arriving mid-game must not push a button away from a finger.
"""
from __future__ import annotations

import flet as ft

from companion.ui.context import UI
from companion.ui.live import part
from companion.ui.widgets.controls import card, heading, tagged


def told_card(ui: UI, snap: dict) -> list[ft.Control]:
    notices = tuple((n["seq"], n["text"]) for n in snap.get("told") or ())
    return [part(ui, "told", _told, notices)] if notices else []


def _told(ui: UI, notices: tuple[tuple[int, str], ...]) -> ft.Control:
    rows = [tagged(ft.Text(text, size=16), f"told-{seq}", text) for seq, text in notices]
    return card(heading(ui.t("seats.told_title"), 18), *rows, ident="told")
