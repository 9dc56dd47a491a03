"""A table's screen: the game's panel plus undo/redo, history and (on the tablet) the Join card.

Tablet: board on the left, the side column on the right. Phone: one column,
identity on top, so a thumb reaches everything, and under it a pinned slot outside the scroll
(a game's `pinned(ui, snap)`: an open calculator's results, a roll another phone made). Each block is a live part
(ui/live.py): a change rebuilds only the blocks whose inputs moved.
"""
from __future__ import annotations

from typing import Awaitable, Callable

import flet as ft

from companion.ui.context import UI, WHOLE
from companion.ui.games import game_uis
from companion.ui.live import Inputs, group, inputs, memo, show
from companion.ui.ending import ask_summary, extras
from companion.ui.widgets.controls import switch, tagged
from companion.ui.widgets.history import history_card
from companion.ui.widgets.join_card import join_card
from companion.ui.widgets.news import news_line
from companion.ui.widgets.seat_label import seat_label
from companion.ui.widgets.summary import summary_panel
from companion.ui.widgets.told import told_banner, told_card
from companion.ui.private import doors, private_screen
from companion.ui.widgets.turn_clock import clock_strip


MAIN, SIDE, GAP = 3, 2, 16  # the tablet's two columns' shares of its width, and the gap between them


def table_screen(ui: UI) -> ft.Control:
    """Build from this device's snapshot, which the render read first (`ui.snapshot()`, the
    render's one read of the table; the app bar and the step shield read it too)."""
    snap = ui.snap
    ui.seen.show(snap["step"])
    if snap["finished"]:  # built off the event loop; the device is drawn again once it is
        ask_summary(ui, snap["seq"])
    snap.update(extras(ui))  # the summary's name matching (BG Stats link) and download ticket
    return table_view(ui, snap)


def table_view(ui: UI, snap: dict) -> ft.Control:
    """The table's screen from `snap` alone (kept as ui.snap for the pieces that read it): no hub,
    no table file, no clock but `ui.now`."""
    ui.snap = snap
    if ui.access.role == "host" and snap.get("private"):  # a seat's own screen, on this tablet only
        return private_screen(ui, game_uis()[snap["game"]].board, snap["private"])
    board = [game_uis()[snap["game"]].board(ui, snap)] if ui.glance > 1 else []
    identity = show(ui, Identity(ui.access.role, _seat_name(ui)))
    undo = [_actions(ui, snap)] if ui.access.role != "spectator" else []
    join = [join_card(ui)] if ui.access.role == "host" and ui.glance > 2 else []
    extras = [c for c in (clock_strip(ui), summary_panel(ui)) if c is not None]
    kept = [show(ui, ReadOnly(snap["read_only"]))] if snap.get("read_only") else []
    # the last step of a new screen's drawing (built only then: a part built and left out is swept)
    rest = [history_card(ui), show(ui, AwakeSwitch(ui.awake))] if ui.glance >= WHOLE else []
    if ui.is_phone:  # a thumb's reach: who I am, Undo, then my own score (boards put it first); no news
        # line: a phone's player is at the table, and a line coming and going would move the buttons
        column = [*kept, *told_banner(ui, snap), identity, *doors(ui, snap), *undo, *extras, *board,
                  *told_card(ui, snap), *rest]
        page = group(ui, "table-layout", ft.Column, column, spacing=12, scroll=ft.ScrollMode.AUTO, expand=True)
        return group(ui, "table-phone", ft.Column, [page, _pinned(ui, snap)], spacing=0, expand=True)
    # Undo and Redo head the side column, on the line of who this is and the news: a screen reader
    # reads that line first, where Undo at the top of the side column came after every tile and list
    # of the main one (item 74 to 122); and the main column below it is no longer for it.
    head = group(ui, "table-head", ft.Row, [_top_line(ui, identity), group(ui, "table-undo", ft.Column, undo,
                                                                            expand=SIDE)],
                 spacing=GAP, vertical_alignment=ft.CrossAxisAlignment.CENTER)
    columns = group(ui, "table-columns", ft.Row, [
        group(ui, "table-main", ft.Column, [*doors(ui, snap), *extras, *board], expand=MAIN,
              scroll=ft.ScrollMode.AUTO, spacing=12),
        group(ui, "table-side", ft.Column, [*join, *rest], expand=SIDE, scroll=ft.ScrollMode.AUTO,
              spacing=12),
    ], expand=True, vertical_alignment=ft.CrossAxisAlignment.START, spacing=GAP)
    return group(ui, "table-layout", ft.Column, [*kept, *told_banner(ui, snap), head, columns], spacing=8,
                 expand=True)


@inputs
class ReadOnly(Inputs):
    """A table whose file breaks in the middle (core/store.py): said first, in large type, because
    every button that would change it is off and the players must know why."""

    part = "read-only"
    text: str

    def build(self, ui: UI) -> ft.Control:
        colour = ft.Colors.ON_ERROR_CONTAINER
        row = ft.Row([ft.Icon(ft.Icons.LOCK, size=32, color=colour),
                      ft.Text(self.text, size=20, weight=ft.FontWeight.W_600, color=colour, expand=True)], spacing=12)
        return tagged(ft.Container(row, bgcolor=ft.Colors.ERROR_CONTAINER, padding=16, border_radius=12), "read-only")


def _pinned(ui: UI, snap: dict) -> ft.Control:
    """A phone's bar under its page's scroll, always in view: what the game pins there now (an open
    calculator's results, a roll another phone made), or an empty slot. Always there, so the page
    beside it keeps its place (and its scroll) when a bar comes or goes."""
    pins = getattr(game_uis()[snap["game"]], "pinned", None)
    bars = tuple(pins(ui, snap)) if pins else ()
    return group(ui, "pinned", ft.Column, list(bars), spacing=0, tight=True,
                 horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


def _top_line(ui: UI, identity: ft.Control) -> ft.Control:
    """Who this device is and, beside it, the news slot: one line of fixed height, so no
    empty band sits under "Tablet" while nothing is new."""
    return group(ui, "table-top", ft.Row, [identity, news_line(ui)], spacing=16, expand=MAIN,
                 vertical_alignment=ft.CrossAxisAlignment.CENTER)


def _actions(ui: UI, snap: dict) -> ft.Control:
    """Undo and Redo: a change usually renames the Undo button, which rebuilds its words and
    its accessible label, not the button. A memo: on a device whose buttons a change leaves as
    they were (every phone but the one that changed something, most changes), its seven parts
    are not walked."""
    return memo(ui, UndoBar(snap["undo"], snap["can_undo"], snap.get("undo_why"), snap["redo"], snap["can_redo"]))


@inputs
class UndoBar(Inputs):
    """The buttons' words are parts of their own, worked out here; the buttons, their labels and
    the row around them are a memo of their own given those parts, so a change that only renames
    Undo (most changes, on the tablet and on the device that made it) rebuilds the words and walks
    nothing else."""

    part = "undo-redo"
    undo: dict | None
    can_undo: bool
    undo_why: str | None
    redo: dict | None
    can_redo: bool

    def build(self, ui: UI) -> ft.Control:
        undo, redo = self.undo, self.redo
        why = self.undo_why if not self.can_undo else None
        undo_label = _control_label(ui, undo, "undo", why)
        short = ui.t("ui.undo_why_not") if why else None
        undo_words = show(ui, Words("undo", "" if short or not undo else undo["text"], short))
        redo_words = show(ui, Words("redo", redo["text"] if redo else ""))
        return memo(ui, UndoButtons(undo_words, redo_words, self.can_undo or short is not None,
                                    undo_label if short is not None else "", self.can_redo))


@inputs
class UndoButtons(Inputs):
    part = "undo-redo-buttons"
    undo_words: ft.Control
    redo_words: ft.Control
    can_undo: bool
    undo_said: str
    can_redo: bool

    def build(self, ui: UI) -> ft.Control:
        return group(ui, "undo-redo", ft.Row, [
            _control_button(ui, "undo", self.undo_words, ui.undo, ft.Icons.UNDO, self.can_undo, 3, self.undo_said),
            _control_button(ui, "redo", self.redo_words, ui.redo, ft.Icons.REDO, self.can_redo, 2, ""),
        ], vertical_alignment=ft.CrossAxisAlignment.START)


def _control_button(ui: UI, ident: str, words: ft.Control, act, icon: ft.IconData, enabled: bool, share: int,
                    said: str) -> ft.Control:
    """`words`: the button's words (a part). A phone's Undo that is off shows a few of them, and a
    tap on it shows the whole reason (the refusal, as a toast), which no button is wide enough to
    hold; its label (`said`) then holds the reason. Otherwise the button's words are what is read,
    and the label is left empty: a change renames Undo on the tablet and on the device that made
    it, and then only the words are rebuilt and sent, not the label around them too."""
    body = show(ui, Button(ident, act, icon, enabled, words))
    return show(ui, Labelled(ident, said, share, body))


NO_BREAK_SPACE = "\u00a0"  # an empty line Flutter still lays out


@inputs
class Words(Inputs):
    """The verb on its line ("Undo"), and under it the change it takes back, whole: it wraps as far
    as it needs and the button grows with it ("Redo: Diego…" said nothing of what a tap would do).
    One Text (a rename sends one control), read as "Undo: Ares +1 Glory (kill)". `short`: what a
    phone's Undo that is off says instead (muted); a tap on it shows why."""

    kind: str
    what: str
    short: str | None = None

    @property
    def key(self) -> str:
        return f"{self.kind}-words"

    def build(self, ui: UI) -> ft.Control:
        kind, what, short = self.kind, self.what, self.short
        verb = short or ui.t(f"ui.{kind}")
        said = ui.t(f"seats.{kind}_what", what=what) if what else verb
        # Two lines even with nothing to take back: the first change would otherwise grow the button and
        # move everything under it, and a finger tapping +1 again on the same spot met another control.
        return ft.Text(f"{verb}\n{what or NO_BREAK_SPACE}", size=15, semantics_label=said,
                       color=ft.Colors.ON_SURFACE_VARIANT if short else None)


@inputs
class Button(Inputs):
    """The button around its words (a part)."""

    ident: str
    act: Callable[..., Awaitable[None]]
    icon: ft.IconData
    enabled: bool
    words: ft.Control

    @property
    def key(self) -> str:
        return f"{self.ident}-button"

    def build(self, ui: UI) -> ft.Control:
        # The words' own padding makes a one-line button a finger's height (48 px) and lets more lines grow
        # it; less on the tablet, whose Undo with two lines of change stays within the news slot's height
        # beside it (widgets/news.py), so the board below never moves as Undo's words change.
        pad = 15 if ui.is_phone else 6
        return ft.OutlinedButton(content=ft.Row([ft.Icon(self.icon, size=20),
                                                 ft.Container(self.words, expand=True,
                                                              padding=ft.Padding.symmetric(vertical=pad))],
                                                spacing=8),
                                 on_click=self.act, disabled=not self.enabled, expand=True)


@inputs
class Labelled(Inputs):
    """The test id, and the reason a phone's Undo is off (else no label: "" in tagged()); it
    takes the button's share of the row itself, no box around it."""

    ident: str
    label: str
    share: int
    body: ft.Control

    @property
    def key(self) -> str:
        return self.ident

    def build(self, ui: UI) -> ft.Control:
        labelled = tagged(self.body, self.ident, self.label)
        labelled.expand = self.share
        return labelled


def _control_label(ui: UI, target: dict | None, kind: str, why: str | None = None) -> str:
    """"Undo: Ares +1 Glory (kill)": a button that takes something back says what; a phone's
    Undo that is off says why and who can ("Ask the tablet: …")."""
    if target:
        return ui.t(f"seats.{kind}_what", what=target["text"])
    return why or ui.t(f"ui.{kind}")


def _seat_name(ui: UI) -> str | None:
    if ui.access.role != "seat":
        return None
    seat = ui.seat(ui.access.seat)
    return seat_label(ui, seat["name"]) if seat else ui.access.seat


@inputs
class Identity(Inputs):
    """Who this device is at the table: a seat's name, a spectator, or the tablet."""

    part = "identity"
    role: str
    name: str | None

    def build(self, ui: UI) -> ft.Control:
        role = self.role
        text = ui.t("ui.you_are", name=self.name) if role == "seat" else ui.t("ui.watching") if role == "spectator" \
            else ui.t("ui.host")
        return tagged(ft.Text(text, size=16, weight=ft.FontWeight.W_600), "identity")


@inputs
class AwakeSwitch(Inputs):
    part = "keep-awake"
    awake: bool

    def build(self, ui: UI) -> ft.Control:
        async def toggle(e: ft.Event) -> None:
            await ui.set_awake(bool(e.control.value))

        return tagged(switch(self.awake, toggle, ui.t("ui.keep_awake")),
                      "keep-awake")
