"""A short line on the tablet saying what just changed and who did it, when the change came
from another device: otherwise a new number appears with no sign of where it came from.

Its slot keeps its height whether or not there is news, so nothing on the tablet moves
under a finger when a line comes or goes."""
from __future__ import annotations

import flet as ft

from companion.ui.context import UI
from companion.ui.later import fade_at
from companion.ui.live import Inputs, inputs, show
from companion.ui.widgets.controls import tagged
from companion.ui.widgets.seat_label import seat_label

SHOW_SECONDS = 4.0
# Three lines: a long line (a tied opening roll, a roll's faces) wraps, never cut; and as tall as the
# Undo bar beside it with a change of two lines, so a longer Undo does not push the board down.
SLOT_HEIGHT = 76


def news_line(ui: UI) -> ft.Control:
    """The line (part `news`: its box and words) stands in a slot built once (`news-slot`, the
    Semantics that names it for tests), so a new line rebuilds and sends a Container and a Text,
    not a Semantics as well: the tablet shows a new line on nearly every change."""
    rows = ui.snap["history"][:1]
    fresh = [r for r in rows if r.get("actor") != ui.access.actor and r.get("at")
             and ui.now - r["at"] < SHOW_SECONDS]
    if not fresh:
        line = show(ui, News(None, ""))
    else:
        row = fresh[0]
        key = "ui.news_seat" if ui.seat(row.get("actor")) else "ui.news_host"
        shown = News(row["seq"], ui.t(key, what=row["text"], who=seat_label(ui, row["by"])))
        fade_at(ui, row["at"] + SHOW_SECONDS + 0.05, shown.key, shown, News(None, ""))  # the line alone goes out
        line = show(ui, shown)
    return show(ui, Slot(line))


@inputs
class Slot(Inputs):
    """No label of its own: the Text's is read (Flutter merges the two into one node), and announced
    as it changes, so a player who cannot see the tablet hears what the table just did. It takes
    the rest of its line itself: a slot without a width of its own let its words run on in one
    line past the edge ("…Gabi roll ag"), where they now wrap."""

    part = "news-slot"
    line: ft.Control

    def build(self, ui: UI) -> ft.Control:
        slot = tagged(self.line, "news", live=True)
        slot.expand = True
        return slot


@inputs
class News(Inputs):
    """Read as its words, or a dash while there is no news: a label that went empty would never
    be read again (Flutter's web semantics, LIVE_PERFORMANCE.md)."""

    part = "news"
    seq: int | None
    text: str

    def build(self, ui: UI) -> ft.Control:
        text = self.text
        words = ft.Text(text, size=17, weight=ft.FontWeight.W_600, semantics_label=text or "—")
        return ft.Container(words, height=SLOT_HEIGHT, alignment=ft.Alignment.CENTER_LEFT,
                            padding=ft.Padding.symmetric(horizontal=14), border_radius=12,
                            bgcolor=ft.Colors.TERTIARY_CONTAINER if text else None, expand=True)
