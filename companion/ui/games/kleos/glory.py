"""Glory beyond the scoreboard's quick buttons: the Champion's kill, card effects, fixes; and the log.

Every button sends a glory.add with its reason, so the log (and the table's
history) says why each point moved and the hub's undo takes it back. The
amount for a card effect or a correction is chosen on this device first
(`ui.local`), and given to that god's row as an argument, so a stepper tap
rebuilds that row only and a Glory change elsewhere never resets it.
"""
from __future__ import annotations

import flet as ft

from companion.games.kleos import FREE_REASONS, MAX_STEP, STEPPED_REASONS
from companion.ui.context import UI
from companion.ui.games.kleos.parts import badge, boxed, editable, god, own_first, shade, why
from companion.ui.games.kleos.scores import QUICK
from companion.ui.live import Inputs, group, inputs, memo, show
from companion.ui.widgets.controls import button, card, heading, note, stepper, tagged
from companion.ui.widgets.folding import folded, shut, titled

AMOUNT = "kleos.glory.amount.{player}"
LOG_BLOCK = 4  # rows per block of the Glory log; two blocks are shown
LOG_OPEN = "kleos.glory_log.open"  # ui.local: this device's player opened the Glory log
MORE_OPEN = "kleos.glory_more.open"  # ui.local: this phone's player opened the More Glory bands
# The stepped reasons the scoreboard does not already offer (the Champion's +2).
MORE = tuple(reason for reason in STEPPED_REASONS if (reason,) not in QUICK.values())


def glory_panel(ui: UI, snap: dict) -> ft.Control | None:
    """One row per god (own god first on a phone); None for a spectator, who has nothing to press.
    A phone shows the rows once its player opens them (the scoreboard's quick buttons are on
    every tile): the five bands are about a third of a phone's controls, which the server
    holds for every phone of every table (widgets/folding.py). A memo: a Glory change moves
    nothing here (names, amounts, whether Glory is open), and the bands are then not walked."""
    state = snap["state"]
    if not editable(snap):
        return None
    players = tuple(own_first(state["players"], snap["seat"]))
    amounts = tuple(ui.local.inputs.setdefault(AMOUNT.format(player=p), 1) for p in players)
    return memo(ui, MoreGlory(why(ui, snap, "glory.add"), shut(ui, MORE_OPEN), players, state["names"], amounts))


@inputs
class MoreGlory(Inputs):
    part = "kleos-glory-more"
    closed: str | None
    folded_up: bool
    players: tuple[str, ...]
    names: dict
    amounts: tuple[int, ...]

    def build(self, ui: UI) -> ft.Control:
        if self.closed:
            return show(ui, ClosedCard(self.closed))
        if self.folded_up:  # a phone opens it when needed: five bands of buttons are most of its page
            return folded(ui, "kleos-glory-more", MORE_OPEN, ui.t("kleos.ui_more_glory"), "glory-more",
                          ft.Icons.ADD_CIRCLE_OUTLINE)
        rows = [show(ui, Band(p, self.names, amount)) for p, amount in zip(self.players, self.amounts)]
        return group(ui, "kleos-glory-more", ft.Column, [show(ui, Title()), *rows], spacing=12)


@inputs
class Title(Inputs):
    part = "kleos-glory-title"

    def build(self, ui: UI) -> ft.Control:
        return titled(ui, heading(ui.t("kleos.ui_more_glory"), 18), MORE_OPEN, "glory-more")


@inputs
class ClosedCard(Inputs):
    part = "kleos-glory-more"
    closed: str

    def build(self, ui: UI) -> ft.Control:
        return card(heading(ui.t("kleos.ui_more_glory"), 18), note(self.closed, "glory-closed", 16),
                    ident="glory-more")


def _send(ui: UI, player: str, reason: str, amount: int | None = None):
    async def handler(e: object) -> None:
        event = {"type": "glory.add", "player": player, "reason": reason}
        if amount is not None:
            event["amount"] = amount
        await ui.send(event)
    return handler


@inputs
class Band(Inputs):
    """A band per god: its name, the Champion's kill, then a signed amount and the reason it is for."""

    player: str
    names: dict
    amount: int

    @property
    def key(self) -> str:
        return f"kleos-glory-{self.player}"

    def build(self, ui: UI) -> ft.Control:
        player, names, amount = self.player, self.names, self.amount
        key = AMOUNT.format(player=player)

        async def change(value: int) -> None:
            ui.local.inputs[key] = value
            await ui.refresh()

        who = god(ui, player)  # each button says whose Glory it adds: "Ares: Champion +2"
        stepped = [button(words := f"{ui.t(f'kleos.ui_quick_{reason}')} +{STEPPED_REASONS[reason]}",
                          _send(ui, player, reason), f"glory-{player}-{reason}", filled=False, height=48,
                          said=f"{who}: {words}") for reason in MORE]
        free = [button(words := f"{ui.t(f'kleos.ui_free_{reason}')} {amount:+d}", _send(ui, player, reason, amount),
                       f"glory-{player}-{reason}", filled=False, height=48, disabled=amount == 0,
                       said=f"{who}: {words}") for reason in FREE_REASONS]
        count = stepper(ui.t("kleos.ui_other_amount"), amount, change, f"glory-{player}-amount", -MAX_STEP, MAX_STEP)
        head = ft.Row([ft.Container(badge(ui, names, player, 20), expand=True), *stepped],
                      vertical_alignment=ft.CrossAxisAlignment.CENTER)
        if ui.is_phone:
            body: ft.Control = ft.Column([count, ft.Row(free, wrap=True, spacing=6, run_spacing=6)], spacing=4,
                                         tight=True)
        else:
            body = ft.Row([ft.Container(count, expand=True), *free], spacing=6)
        return tagged(ft.Container(ft.Column([head, body], spacing=8, tight=True), padding=14, border_radius=16,
                                   border=ft.Border.all(3, shade(player)), bgcolor=ft.Colors.SURFACE_CONTAINER_LOW),
                      f"glory-{player}")  # the badge says whose it is: a label as well was read before it


def glory_log(ui: UI, state: dict) -> ft.Control:
    """The latest Glory changes with their reasons, newest first: rows keyed by their place in
    the log, in blocks of four, the newest two blocks shown (five to eight rows). A change
    rebuilds the newest block only; the oldest leaves whole, once every four changes.
    Every device shows it once opened there: on a phone, otherwise every Glory change would add
    a row to every phone, the costliest piece of the change; on the tablet, its every line is
    also a line of the history beside it, and the copy was half of what a Glory change cost
    the tablet (widgets/folding.py)."""
    if shut(ui, LOG_OPEN, everywhere=True):
        return folded(ui, "glory-log", LOG_OPEN, ui.t("kleos.ui_log_show"), "glory-log")
    log, start = state["glory_log"], state.get("glory_log_from", 0)  # the view carries the newest only
    end = start + len(log)
    newest = (end - 1) // LOG_BLOCK
    blocks = [show(ui, LogBlock(block, tuple(
        (index, log[index - start]) for index in reversed(range(max(block * LOG_BLOCK, start),
                                                                min(end, (block + 1) * LOG_BLOCK))))))
        for block in range(newest, max(newest - 2, -1), -1)]
    if not blocks:
        blocks.append(show(ui, Note("glory-log-empty", "kleos.ui_log_empty")))
    return boxed(ui, "glory-log", [show(ui, LogTitle()), *blocks,
                                   show(ui, Note("glory-log-undo", "kleos.ui_log_undo"))])


@inputs
class LogBlock(Inputs):
    """Four rows of the log under one part: a new row rebuilds its block only (`rows`: its (index, entry)
    pairs, newest first; `block` names the part)."""

    block: int
    rows: tuple[tuple[int, dict], ...]

    @property
    def key(self) -> str:
        return f"glory-log-block-{self.block}"

    def build(self, ui: UI) -> ft.Control:
        return ft.Column([show(ui, LogRow(index, entry)) for index, entry in self.rows], spacing=12)


@inputs
class LogRow(Inputs):
    index: int
    entry: dict

    @property
    def key(self) -> str:
        return f"glory-log-{self.index}"

    def build(self, ui: UI) -> ft.Control:
        entry = self.entry
        reason = ui.t(f"kleos.reason_{entry['reason']}")
        if entry["note"]:
            # Dusk writes the location's id as the note; a player's own note is shown as typed.
            detail = ui.t(f"kleos.location_{entry['note']}") if entry["reason"] == "control" else entry["note"]
            reason = f"{reason}: {detail}"
        text = ui.t("kleos.ui_log_line", day=entry["day"], player=god(ui, entry["player"]),
                    amount=f"{entry['amount']:+d}", reason=reason)
        # One text, the god's coloured dot its own, the line its one span (not a row of an icon and
        # a text, nor two spans): every device that shows the log builds and is sent a new row on
        # every Glory change, and Flet walks every field of each control, span and style in it.
        line = ft.TextSpan(text, ft.TextStyle(size=15, color=ft.Colors.ON_SURFACE))
        return tagged(ft.Text("●  ", size=12, color=shade(entry["player"]), spans=[line]), f"glory-log-{self.index}",
                      text)


@inputs
class LogTitle(Inputs):
    part = "glory-log-title"

    def build(self, ui: UI) -> ft.Control:
        return titled(ui, heading(ui.t("kleos.ui_log_title"), 18), LOG_OPEN, "glory-log", everywhere=True)


@inputs
class Note(Inputs):
    """A fixed line of the log's card: `text` is its string's key, `ident` its part's key."""

    ident: str
    text: str

    @property
    def key(self) -> str:
        return self.ident

    def build(self, ui: UI) -> ft.Control:
        return note(ui.t(self.text))
