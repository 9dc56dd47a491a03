"""What every screen of one browser session shares: the server, the language, the table it shows."""
from __future__ import annotations

import asyncio
import logging
import secrets
import time
from dataclasses import dataclass, field
from typing import Any, Awaitable, Callable, TypeVar

import flet as ft

from companion.core import pace, steps
from companion.core.access import Access
from companion.core.hub import Hub
from companion.core.livetable import LiveTable
from companion.core.model import RuleError, Table
from companion.core.tables import Refusal, Tables
from companion.i18n import t as translate
from companion.ui.device_state import DeviceState
from companion.ui.devices import Screens
from companion.ui.live import Parts

log = logging.getLogger(__name__)
T = TypeVar("T")
# How long a step must have been on a screen before a tap there counts as sent from it: a
# second tap of a double tap, or a tap on a second device, can reach the server after the
# new step was drawn but before any eye saw it, and must not take a second step.
SETTLE_S = 0.7
UNSEEN_MAX_S = 5.0
PRIVATE_SECONDS = 45.0  # a private screen on the tablet hides by itself this long after its last use  # a browser that never reports drawing a step (it reconnected) is trusted after this


@dataclass
class ServerInfo:
    hub: Hub
    admin_token: str
    base_url: str  # how phones on the LAN reach this server, e.g. http://192.168.1.20:8550
    addresses: tuple[str, ...] = ()  # every detected base URL, best first (the host may pick one)
    fixed: bool = False  # base_url came from `--url`: it beats the tablet's own address
    screens: Screens = field(default_factory=Screens)  # which sessions follow which seat (ui/devices.py)
    session_timeout: int = 15 * 60  # the reconnect window (s): server.SESSION_TIMEOUT_SECONDS
    tables: Tables = field(init=False)  # what a device's key may do: the same service as the API's

    def __post_init__(self) -> None:
        self.tables = Tables(self.hub, self.admin_token)

    def join_url(self, table_id: str, token: str, base: str | None = None) -> str:
        return f"{base or self.base_url}/t/{table_id}?k={token}"


@dataclass
class SeenStep:
    """The step token this device's screen shows, when the server drew it and the one before it.

    A new step counts as seen once the browser reports it drew it and `SETTLE_S` passed
    (widgets/step_shield.py), since a tap sent before then was aimed at the step before.
    `clock` is monotonic seconds (tests drive it): after `UNSEEN_MAX_S` without a report (a
    page that reconnected and drew the step afresh, without the animation) the step counts
    as seen, so a device is never stuck sending from a step long gone."""

    token: int | None = None
    since: float = 0.0
    before: int | None = None
    clock: Callable[[], float] = time.monotonic
    shown: bool = True  # whether the browser reported drawing `token`

    def show(self, token: int) -> None:
        if token != self.token:
            self.before, self.token, self.since, self.shown = self.token, token, self.clock(), False

    def drawn(self) -> None:
        """The browser drew the latest step `SETTLE_S` ago (widgets/step_shield.py)."""
        self.shown = True

    def sent_from(self) -> int | None:
        """The step a tap now was aimed at: the one shown before, until the browser drew the new one."""
        if self.before is not None and not self.shown and self.clock() - self.since < UNSEEN_MAX_S:
            return self.before
        return self.token


WHOLE = 4  # UI.glance of a screen drawn whole


@dataclass
class UI:
    """One device's session. `local` keeps what is typed or chosen on this device only,
    so a re-render triggered by another device never wipes half-entered input."""

    page: ft.Page
    server: ServerInfo
    lang: str = "en"
    dark: bool = False
    live: LiveTable | None = None
    access: Access | None = None
    local: DeviceState = field(default_factory=DeviceState)
    refresh: Callable[[], Awaitable[None]] | None = None
    redraw_soon: Callable[[], None] | None = None  # queue a render, as a change from another device does
    awake: bool = False  # keep this device's screen on while the table is open
    set_awake: Callable[[bool], Awaitable[None]] | None = None
    picked_base: str | None = None  # the address the host chose for this tablet's QR codes
    parts: Parts = field(default_factory=Parts)  # this device's built screen parts (ui/live.py)
    now: float = 0.0  # the wall clock, read once when this render began: what fades reads, never the clock
    seen: SeenStep = field(default_factory=SeenStep)  # the step its commands say they were sent from
    # The snapshot the screen being built reads (snapshot() sets it): a render reads the table
    # from here only, never from `live` or the hub, and reads no clock but `now`.
    snap: dict = field(default_factory=dict)
    # Taps that change a shared form from what the table holds take turns (ui/draft.py `edit`): two
    # quick taps on + are two steps, not the same step sent twice.
    editing: asyncio.Lock = field(default_factory=asyncio.Lock)
    # On the tablet: the private screen open now, of a seat played there (ui/private.py), and when
    # it hides by itself (monotonic seconds). Its commands are that seat's, signed by that seat.
    private: Access | None = None
    private_until: float = 0.0
    # A new screen is drawn in steps (app.render), a turn of the event loop every device shares
    # between them: Flet adds a new tree in one go, and a third of the tree is a third of that stall.
    # How many steps this drawing holds: 1, what a player reads first (who this is, Undo, the news,
    # the doors); 2, the game's board too; 3, the tablet's Join card; WHOLE, everything (the history,
    # the keep-awake switch). A table's first step with its board held the loop every device shares
    # for 60 ms and more (bench/open_lag.py).
    glance: int = WHOLE

    def t(self, key: str, **values: object) -> str:
        return translate(key, self.lang, **values)

    @property
    def is_phone(self) -> bool:
        """Narrow, or a phone turned sideways (short): one column, own score and Undo on top."""
        return (self.page.width or 1280) < 700 or (getattr(self.page, "height", None) or 800) < 500

    async def send(self, command: dict) -> bool:
        """Hand a command to the table's writer off the event loop; show a refusal plainly.

        Every command names the step this screen showed (core/steps.py): a Next from a
        screen the table has moved past is refused and the toast says what happened."""
        live, access = self.live, self.private or self.access
        if live is None or access is None:
            return self._left()
        if not self._within_share(live, access):
            return False
        if self.private is not None:  # a player busy on their private screen: it stays up a while longer
            self.private_until = max(self.private_until, time.monotonic() + PRIVATE_SECONDS)
        command = {**command, "client_id": secrets.token_urlsafe(12)}  # a retry of it is stored once
        sent_from = self.seen.sent_from()
        if sent_from is not None:
            command[steps.FIELD] = sent_from
        return await self.ask(self.server.tables.command, live, access, command) is not None

    async def undo(self, e: object = None) -> None:
        await self._control("undo")

    async def redo(self, e: object = None) -> None:
        await self._control("redo")

    def _left(self) -> bool:
        """A tap that reached this screen after it stopped following its table (its seat moved to
        another phone, or another screen of this browser took it) is said, not dropped in a log."""
        self.toast(self.t("ui.no_table"), error=True)
        return False

    async def _control(self, verb: str) -> None:
        live, access = self.live, self.access
        if live is None or access is None:
            self._left()
            return
        if not self._within_share(live, access):
            return
        await self.ask(self.server.tables.command, live, access, verb)

    async def ask(self, work: Callable[..., T], *args: object,
                  told: Callable[[Refusal], None] | None = None) -> T | None:
        """`work(*args)`, a call of the application service (core/tables.py), off the event loop:
        it may read or write a table's file. Its answer, or None once it refused: the one place a
        screen meets a Refusal. It is told to `told`, by default as a toast (`refused`); a session
        opening a link tells it on its no-access screen instead."""
        try:
            return await asyncio.to_thread(work, *args)
        except Refusal as refusal:
            (told or self.refused)(refusal)
            return None

    def refused(self, err: Refusal | RuleError) -> None:
        """Say why a command was not taken. A stale step (a double tap, or another device was
        quicker) protected the table: nothing failed, so it reads as news in the neutral bar,
        without "Not done"; a rule's refusal is an error that says "Not done"; any other (a
        spectator's tap, a full disk) says only itself, as an error."""
        refusal = err if isinstance(err, Refusal) else Refusal.of(err)
        if refusal.news:
            self.toast(refusal.text(self.lang))
        elif refusal.listed:
            self.toast(self.t("ui.refused", message=refusal.text(self.lang)), error=True)
        else:
            self.toast(refusal.text(self.lang), error=True)

    def _within_share(self, live: LiveTable, access: Access) -> bool:
        """A screen spends its device's share of changes as the API does (core/pace.py): past it,
        the tap is not sent and the player reads a plain "slow down", not an error."""
        share = self.server.hub.pace
        if share.take(pace.device(live.table.id, access.role, access.seat)):
            self.toast(self.t("limits.slow_down_screen", rate=f"{share.rate:g}"))
            return False
        return True

    def toast(self, message: str, error: bool = False) -> None:
        """A refusal sits on the error container with its paired "on" colour, which Material's
        tonal palettes keep at 4.5:1 or more in light and dark themes (white on pale pink and
        dark red on red, the snack bar's defaults over that background, were not)."""
        ink = ft.Colors.ON_ERROR_CONTAINER if error else None
        self.page.show_dialog(ft.SnackBar(
            ft.Semantics(content=ft.Text(message, size=16, color=ink), identifier="toast", label=message),
            bgcolor=ft.Colors.ERROR_CONTAINER if error else None,
            show_close_icon=True, close_icon_color=ink,
        ))

    def snapshot(self) -> dict:
        """This device's snapshot: its seat's view of the table (shared by every device of that
        kind, never modified) plus what only this device holds: `keys` (on the tablet, each seat's
        invitation, for its Join card). A copy: the caller may add to it."""
        assert self.live is not None and self.access is not None
        snap = self.live.snapshot(self.access, self.lang)
        self.snap = {**snap, "keys": _keys(self.live.table, self.access, bool(self.live.game.secrets.state))}
        if self.private is not None:
            try:  # still a seat played on this tablet (a phone may have claimed it since)
                self.private = self.live.tablet_seat(self.access, self.private.seat)
            except RuleError:
                self.private = None
        if self.private is not None:  # worked out on this device only, never in the public snapshot
            self.snap["private"] = {**self.live.snapshot(self.private, self.lang), "keys": {}}
        return self.snap

    def seat(self, seat_id: str | None) -> dict | None:
        """A seat of the shown table from the snapshot's roster: id, name, colour, claimed."""
        return next((s for s in self.snap.get("seats", ()) if s["id"] == seat_id), None)


def _keys(table: Table, access: Access, secrets: bool) -> dict:
    """The invitations the tablet's Join card shows, and (in a game with secrets) the seats played on
    the tablet whose private screen it may open; no other device's snapshot carries any key."""
    if access.role == "host":
        return {"spectators": table.spectator_token, "invitations": {s.id: s.token for s in table.seats},
                "private": [s.id for s in table.seats if s.tablet and not s.joined] if secrets else []}
    return {}
