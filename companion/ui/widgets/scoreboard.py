"""The scoreboard: every player's public score and markers, readable from across the table.

The tablet lies on the table, so the numbers are large (56 px) and the active player's tile
is outlined. A number that changed glows for a moment on the tablet, so a kill scored from
a phone is noticed there. Each tile is a live part: a change rebuilds only the tiles whose
score, markers or glow moved.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Callable, Sequence

import flet as ft

from companion.ui.context import UI
from companion.ui.later import fade_at
from companion.ui.live import Inputs, group, inputs, memo, show
from companion.ui.widgets.colours import shade
from companion.ui.widgets.controls import button, tagged, unread

GLOW_SECONDS = 2.5
NUMBER_LINE = 68  # the 56 px number's line: the markers beside it never make it taller


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
function (or a value), so the buttons' part is reused while the tile is rebuilt. It is given
the tile's Score without its value, detail, markers and outline: the buttons stay as they
are while those move."""


def scoreboard(ui: UI, scores: Sequence[Score], facts: Sequence[str] = (),
               quick: QuickActions | None = None, key: str = "scoreboard") -> ft.Control:
    """The whole board: a line of table-wide facts (day, phase, wager…) above one tile per player.
    A screen that splits the tiles (a phone: its own tile on top, the others further down) calls
    it once per piece, each with its own `key`.

    Every device walks every scoreboard on every change, and a change moves one tile or none:
    so the board is a memo of its scores (a phone's other players' board, which most changes
    leave alone, costs one comparison), and each tile a memo of its whole score, inside which
    the number and the rest of the tile are memos again (a new number leaves the rest unwalked)."""
    glowing = _glowing(ui, scores)  # every render: it notes the values this device has shown
    return memo(ui, Board(key, tuple(scores), tuple(facts), quick, tuple(sorted(glowing.items()))))


def others(ui: UI, scores: Sequence[Score], quick: QuickActions | None, key: str) -> list[ft.Control]:
    """A phone's board of the other players, under its own tile: their scores always, their quick
    buttons one tap away (test ids `others-quick-open` / `-close`), never beside its own at the same
    size (a player means their own tile nearly always: one mis-tap credited a rival). The tablet,
    which serves everyone, shows every tile's buttons."""
    if quick is None or not ui.is_phone or not scores:
        return [scoreboard(ui, scores, quick=quick, key=key)] if scores else []
    opened = ui.local.others_open
    return [scoreboard(ui, scores, quick=quick if opened else None, key=key), show(ui, Fold(key, opened))]


@inputs
class Fold(Inputs):
    """The button under a phone's board of the other players that opens or shuts their quick buttons."""

    board: str  # the board's key
    opened: bool

    @property
    def key(self) -> str:
        return f"{self.board}-fold"

    def build(self, ui: UI) -> ft.Control:
        opened = self.opened

        async def flip(e: object) -> None:
            ui.local.others_open = not opened
            await ui.refresh()
        if opened:
            return button(ui.t("ui.others_quick_close"), flip, "others-quick-close", icon=ft.Icons.EXPAND_LESS,
                          filled=False)
        return button(ui.t("ui.others_quick_open"), flip, "others-quick-open", icon=ft.Icons.EXPAND_MORE, filled=False)


@inputs
class Board(Inputs):
    board: str  # the board's key
    scores: tuple[Score, ...]
    facts: tuple[str, ...]
    quick: QuickActions | None
    glowing: tuple[tuple[str, float], ...]

    @property
    def key(self) -> str:
        return self.board

    def build(self, ui: UI) -> ft.Control:
        key, scores, glows = self.board, self.scores, dict(self.glowing)
        detailed = any(s.detail for s in scores)
        tiles = [memo(ui, WholeTile(key, s, self.quick, glows.get(s.seat), detailed)) for s in scores]
        body = [show(ui, Facts(key, self.facts))] if self.facts else []
        body.append(group(ui, f"{key}-tiles", ft.Row, tiles, wrap=True, spacing=10, run_spacing=10,
                          vertical_alignment=ft.CrossAxisAlignment.START))  # tiles of a row share a top edge
        return group(ui, key, ft.Column, body, spacing=8)


@inputs
class WholeTile(Inputs):
    """One tile from its whole score: the number and the detail line, the pieces that move most
    (a Glory, a card more), then the rest of the tile without them, which they leave as it was
    (on a phone: on the tablet a new number makes the glow come on)."""

    board: str  # the board's key
    score: Score
    quick: QuickActions | None
    glow: float | None
    detailed: bool

    @property
    def key(self) -> str:
        return f"tile-all-{self.board}-{self.score.seat}"

    def build(self, ui: UI) -> ft.Control:
        s = self.score
        number = show(ui, Number(s.seat, s.name, s.value, _accent(s.colour)))
        # an unnamed seat beside named ones keeps an empty line: the tiles of a row stay level
        detail = show(ui, Detail(s.seat, s.detail)) if self.detailed else None
        return memo(ui, Tile(self.board, replace(s, value="", detail=""), self.quick, self.glow, number, detail))


@inputs
class Facts(Inputs):
    """The line of table-wide facts above the tiles (day, phase, wager…)."""

    board: str  # the board's key
    facts: tuple[str, ...]

    @property
    def key(self) -> str:
        return f"{self.board}-facts"

    def build(self, ui: UI) -> ft.Control:
        facts = self.facts
        return tagged(ft.Row([ft.Text(f, size=22, weight=ft.FontWeight.W_600) for f in facts],
                             wrap=True, spacing=24), "scoreboard-facts", " · ".join(facts))


@inputs
class Tile(Inputs):
    """A tile is a frame (outline, glow) around parts of its own: a new number rebuilds the
    number alone, which is patched where it stands, and a new detail line the same. Both are
    made outside (`number`, `detail`) and `score` comes without them, so a change of either does
    not even call this again (on a phone: on the tablet the glow comes on). The frame follows
    whose turn it is and the glow. The markers share the number's line, of fixed height: the
    buttons under them never move when a Turn or First chip passes to another tile. A tile
    whose inputs did not change is not walked at all (memo): a change touches one or two tiles
    of five.

    `glow` is the moment the glow goes out (None: no glow). A number that changes again while it
    glows glows longer: its frame stays as it is (nothing to send), and the fade booked by the
    first change, no longer the glow's, leaves it alone."""

    board: str  # the board's key
    score: Score
    quick: QuickActions | None
    glow: float | None
    number: ft.Control
    detail: ft.Control | None

    @property
    def key(self) -> str:
        return f"tile-{self.board}-{self.score.seat}"

    def build(self, ui: UI) -> ft.Control:
        score, glow = self.score, self.glow
        seat, markers = score.seat, score.markers
        line = [self.number]
        if markers:
            line.append(show(ui, Markers(seat, markers)))
        rows: list[ft.Control] = [show(ui, Line(seat, tuple(line)))]
        if self.detail is not None:
            rows.append(self.detail)
        if self.quick:
            rows.append(show(ui, Quick(self.quick, replace(score, markers=(), active=False))))
        frame = Frame(seat, score.name, _accent(score.colour), score.active, glow is not None, tuple(rows))
        if glow is not None:  # the frame alone goes out, as the next render will describe it
            fade_at(ui, glow + 0.05, frame.key, frame, replace(frame, glow=False),
                    still=lambda: ui.local.glowing.get(seat) == glow)
        return show(ui, frame)


def _accent(colour: str | None) -> str:
    return shade(colour) or ft.Colors.PRIMARY


@inputs
class Frame(Inputs):
    """A tile's outline and glow around its rows (parts of their own) and the player's name."""

    seat: str
    name: str
    accent: str
    active: bool
    glow: bool
    rows: tuple[ft.Control, ...]

    @property
    def key(self) -> str:
        return f"scoreboard-{self.seat}"

    def build(self, ui: UI) -> ft.Control:
        seat, name, accent, active, glow = self.seat, self.name, self.accent, self.active, self.glow
        tile = ft.Container(
            # The outline thickens for the active tile and the padding gives back what it takes, so
            # nothing inside moves when the turn passes.
            # The name is built with the frame, not as a part: it changes with nothing, and a part
            # more per tile is held for every device of every table (bench/device_census.py).
            ft.Column([_name(ui, name, accent), *self.rows], spacing=4, tight=True),
            width=228 if not ui.is_phone else None,
            padding=12 if active else 15,
            border_radius=14, border=ft.Border.all(4 if active else 1, accent if active else ft.Colors.OUTLINE_VARIANT),
            bgcolor=ft.Colors.with_opacity(0.28, ft.Colors.AMBER) if glow else None,
            animate=ft.Animation(400, ft.AnimationCurve.EASE_OUT),
            expand=ui.is_phone or None,
        )
        # The number says itself (its own label): the tile says whose it is and whether it is their turn
        # (its shown name is left unread: the label says it).
        state = ui.t("ui.tile_active" if active else "ui.tile_waiting")
        return tagged(tile, f"tile-{seat}", f"{name} {state}" + (f" {ui.t('ui.tile_changed')}" if glow else ""))


def _name(ui: UI, name: str, accent: str) -> ft.Control:
    return ft.Row([ft.Container(width=14, height=14, bgcolor=accent, border_radius=7),
                   unread(ft.Text(name, size=20, weight=ft.FontWeight.W_600, expand=True))], spacing=8)


@inputs
class Line(Inputs):
    """The number's line: the number, under the Semantics that names it for tests (`score-<seat>`),
    then the markers if any. The Semantics is built here, with the line, and not with the number:
    it stays as it is while the number changes, so a new score rebuilds (and Flet diffs) the
    number's one Text on every device, not a Semantics and a Text. It carries no label of its
    own: the Text's `semantics_label` is what is read (Flutter merges the two into one node,
    which reads "Ares 12"; a label here as well read "Ares 12 12")."""

    seat: str
    line: tuple[ft.Control, ...]

    @property
    def key(self) -> str:
        return f"tile-line-{self.seat}"

    def build(self, ui: UI) -> ft.Control:
        number, *rest = self.line
        return ft.Row([tagged(number, f"score-{self.seat}"), *rest], spacing=8, height=NUMBER_LINE,
                      vertical_alignment=ft.CrossAxisAlignment.CENTER)


@inputs
class Number(Inputs):
    """One Text, read as "Ares 12" (whose number it is, then the number) instead of its bare value."""

    seat: str
    name: str
    value: str
    accent: str

    @property
    def key(self) -> str:
        return f"tile-number-{self.seat}"

    def build(self, ui: UI) -> ft.Control:
        name, value = self.name, self.value
        said = f"{name}: {ui.t('ui.score_hidden')}" if value == "?" else f"{name} {value}"  # "?" is not read as a symbol
        return ft.Text(value, size=56, weight=ft.FontWeight.BOLD, color=self.accent, semantics_label=said)


@inputs
class Detail(Inputs):
    """The small line under the number."""

    seat: str
    detail: str

    @property
    def key(self) -> str:
        return f"tile-detail-{self.seat}"

    def build(self, ui: UI) -> ft.Control:
        return ft.Text(self.detail, size=14, color=ft.Colors.ON_SURFACE_VARIANT)


@inputs
class Markers(Inputs):
    """Beside the number, wrapping within its line's height (three short chips at most)."""

    seat: str
    markers: tuple[str, ...]

    @property
    def key(self) -> str:
        return f"tile-markers-{self.seat}"

    def build(self, ui: UI) -> ft.Control:
        chips = ft.Row([_marker(m) for m in self.markers], wrap=True, spacing=4, run_spacing=4,
                       alignment=ft.MainAxisAlignment.END)
        said = tagged(ft.Container(chips, alignment=ft.Alignment.CENTER_RIGHT), f"markers-{self.seat}",
                      ", ".join(self.markers))
        said.expand = True  # on the line's own child: the chips then wrap within what the number leaves
        return said


@inputs
class Quick(Inputs):
    """One line of equal buttons (or one block of lines): the tile's width is shared, nothing wraps."""

    quick: QuickActions
    score: Score

    @property
    def key(self) -> str:
        return f"tile-quick-{self.score.seat}"

    def build(self, ui: UI) -> ft.Control:
        buttons = self.quick(ui, self.score)
        for b in buttons:
            b.expand = True
        return ft.Row(buttons, spacing=6)


def _marker(text: str) -> ft.Control:
    return ft.Container(ft.Text(text, size=14, weight=ft.FontWeight.W_600),
                        padding=ft.Padding.symmetric(horizontal=6, vertical=1), border_radius=10,
                        bgcolor=ft.Colors.SECONDARY_CONTAINER)


def _glowing(ui: UI, scores: Sequence[Score]) -> dict[str, float]:
    """Seats whose number changed in the last few seconds on this device, with the moment
    each glow goes out (_tile books that fade). Only the tablet's layout glows, like its news
    line: a phone's player is at the table, and the glow going out would cost every phone a
    second redraw of every change."""
    if ui.is_phone:
        return {}
    seen, until = ui.local.scores_seen, ui.local.glowing
    now = ui.now
    for s in scores:
        if s.seat in seen and seen[s.seat] != s.value:
            until[s.seat] = now + GLOW_SECONDS
        seen[s.seat] = s.value
    return {seat: end for seat, end in until.items() if end > now}
