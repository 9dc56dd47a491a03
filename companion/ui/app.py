"""One browser session: routing (opening an address, claiming a seat, joining a table) and
live re-rendering.

The screen is described again from the table's view on every change (data flows
one way), then reconciled against what this device shows (ui/live.py): parts
whose inputs did not change are reused, and only the changed controls are sent.
The app bar and the settings it saves are ui/appbar.py's; the device coming, going
and its queued renders (hub listeners fire on writer threads) are ui/presence.py's.
"""
from __future__ import annotations

import asyncio
import time
from typing import Awaitable, Callable
from urllib.parse import parse_qs, urlsplit

import flet as ft

from companion.core.tables import Refusal
from companion.ui.appbar import PREF_AWAKE, PREF_DARK, PREF_LANG, AppBar
from companion.ui.context import UI, WHOLE, ServerInfo
from companion.ui.device_calls import Prefs, within
from companion.ui.devices import CROWDED_ADDRESS, device_id
from companion.ui.locale import browser_lang, flutter_locale
from companion.ui.live import Holder, update_in_place, view
from companion.ui.presence import Presence
from companion.ui.screens import TABLE, Screen, current, screen_at
from companion.ui.widgets.controls import FONT, button_themes
from companion.ui.widgets.step_shield import StepShield

PREF_ADMIN, PREF_LAST = "companion.admin", "companion.last"
PREF_TABLET = "companion.tablet.{table}"  # the tablet's key to a table, kept off the address bar


# A wait that gives the event loop a whole turn: after `sleep(0)` a task resumes before any socket
# or timer of another device is served (its wake-up goes in the queue ahead of theirs).
LOOP_TURN = 0.001


class Session:
    clock: Callable[[], float] = staticmethod(time.time)  # read once per render (ui.now); tests move it

    def __init__(self, page: ft.Page, server: ServerInfo) -> None:
        self.page = page
        self.ui = UI(page=page, server=server)
        self.ui.refresh = self.render
        self.shield = StepShield(self.ui)
        self.closed = False  # the session ended (its reconnect window passed): see Presence.on_close
        self.prefs = Prefs(lambda: self.closed)
        self.presence = Presence(self)
        self.ui.redraw_soon = self.presence.changed
        self.admin = False
        self._unsubscribe: Callable[[], None] | None = None
        self.rules_open = False
        self._stale = False  # the page holds something the browser was not sent yet
        self.forget_screen()
        self.ui.set_awake = self.appbar.save_awake
        self.routed: Screen | None = None  # the screen this device's address names (ui/screens.py)
        self._ticking = False
        self.key: str | None = None  # this device's key to the open table
        self.notice: str | None = None  # why this device shows no table (a string key)
        self._device: str | None = None  # this browser's id (ui/devices.py), read when first needed
        self.counted = False  # counts against its client address's bound while connected (ui/devices.py)
        self._keyless: str | None = None  # the address this page just took its key out of
        self.redirecting: str | None = None  # the address the device was sent to and has not yet opened

    def forget_screen(self) -> None:
        """Nothing shown is kept: the next render builds the screen and the app bar from scratch."""
        # The page's one component, showing this screen's root. It stands directly in the page,
        # so every page update (ours, Flet's own after an event, a service registering) walks
        # into it: it is sent only through page updates, never by its own update(), or the next
        # page walk would send again, from what it last saw, what that update() already sent
        # (a whole screen, in the browser a rebuilt field that loses its focus).
        self._screen = Holder()
        self._root = view(self._screen, "screen")
        self._body: ft.Control | None = None
        self._shown_as: str | None = None  # the screen's key: another screen starts from scratch
        self.appbar = AppBar(self)

    async def start(self) -> None:
        page = self.page
        page.on_disconnect = self.presence.on_disconnect  # first: the tab may close during the awaits below
        page.on_close = self.presence.on_close
        self.presence.watch_socket()
        page.title = "Companion"
        page.padding = 12
        # Bundled, because offline Flutter cannot fetch fallback fonts: with it, accents,
        # Greek, arrows and symbols never render as empty boxes.
        page.fonts = {FONT: "fonts/DejaVuSans.ttf"}
        page.theme = ft.Theme(color_scheme_seed=ft.Colors.INDIGO, font_family=FONT, **button_themes())
        page.dark_theme = ft.Theme(color_scheme_seed=ft.Colors.INDIGO, font_family=FONT, **button_themes())
        self.ui.lang = (await self.prefs.get(PREF_LANG)) or await browser_lang(page)
        page.locale_configuration = flutter_locale(self.ui.lang)
        self.ui.dark = bool(await self.prefs.get(PREF_DARK))
        page.on_route_change = self._on_route
        page.on_connect = self.presence.on_connect
        page.on_resize = self._on_resize
        await self.open(page.route)

    # -- routing -------------------------------------------------------------
    async def _on_route(self, e: ft.RouteChangeEvent) -> None:
        # The browser answers our own push of the key-less address with a route change. Opening
        # it again would leave the table and join it anew: a tap in that gap (seconds on a busy
        # tablet) reached a screen with no table and was lost. The screen already shows it.
        echo, self._keyless = self._keyless, None
        if e.route != echo:
            await self.open(e.route)

    async def open(self, route: str) -> None:
        url = urlsplit(route or "/")
        query = {k: v[-1] for k, v in parse_qs(url.query).items()}
        parts = [p for p in url.path.split("/") if p]
        routed = screen_at(url.path)
        self.redirecting = None
        await self._check_admin(query.get("admin"))
        self.leave_table()
        self.routed = routed.screen
        self.notice = None
        if not await self._counted_in(parts, query.get("k")):
            self.notice = CROWDED_ADDRESS  # before any claim: a refused screen spends no invitation
            await self.render()
            return
        if routed.screen is TABLE:
            table_id = routed.params["table"]
            if (key := await self._claim(table_id, query.get("k"))) is not None:
                # The address (and so a reload) keeps the key, not the invitation it just spent.
                await self._redirect(f"/t/{table_id}?k={key}")
                return
            await self._join(table_id, await self._tablet_key(table_id, query.get("k")))
        elif not self.admin and (last := await self.prefs.get(PREF_LAST)) and last != route:
            await self._redirect(last)
            return
        await self.render()
        tablet_key = self.ui.access is not None and self.ui.access.role == "host" and "k" in query
        if tablet_key or (self.admin and "admin" in query):
            self._keyless = url.path  # the tablet's keys live in its storage, not its address bar
            await self.page.push_route(url.path)

    async def _redirect(self, route: str) -> None:
        """Send the device to `route`, which its answer (a route change) opens. A device reloaded
        before it answered never sends that change and comes back on the same session, still on
        the old address: Presence.on_connect opens that address again, or it stays on a blank
        landing for good."""
        self.redirecting = route
        await within(self.page.push_route(route), None, lambda: self.closed)

    async def _check_admin(self, token: str | None) -> None:
        tables = self.ui.server.tables
        if token and tables.is_admin(token):
            await self.prefs.set(PREF_ADMIN, token)
        saved = token or await self.prefs.get(PREF_ADMIN)
        self.admin = tables.is_admin(saved)

    def _shut(self, refusal: Refusal) -> None:
        """What the no-access screen says of a refusal met while opening a link: a damaged file
        says what is wrong (instead of a blank screen); a spent or moved seat, a spent tablet link
        or a write the disk refused say so, the first reason met; a key that opens nothing of the
        table says only that (the screen's own words)."""
        if refusal.key == "validation.damaged_table":
            self.ui.local.damaged = refusal
        elif refusal.status != 404 and self.notice is None:
            self.notice = refusal.key

    async def _claim(self, table_id: str, token: str | None) -> str | None:
        """Opening a seat's invitation: the first device gets the seat's key and keeps it;
        a spent invitation or a moved seat leaves only a plain-words notice."""
        tables = self.ui.server.tables
        if not await asyncio.to_thread(tables.invites, table_id, token):
            return None  # a key, or nothing of this table: _join says what is wrong
        claimed = await self.ui.ask(tables.claim, table_id, token, await self._device_id(), told=self._shut)
        if claimed is None:
            return None
        _seat, key = claimed
        await self.prefs.set(PREF_LAST, f"/t/{table_id}?k={key}")
        return key

    async def _tablet_key(self, table_id: str, token: str | None) -> str | None:
        """The key this device opens `table_id` with (Tables.tablet_key), kept in its own storage
        when it is the tablet's, so its address shows none."""
        pref = PREF_TABLET.format(table=table_id)
        stored = await self.prefs.get(pref)
        chosen = await self.ui.ask(self.ui.server.tables.tablet_key, table_id, token, stored, self.admin,
                                   told=self._shut)
        if chosen is None:
            return None
        key, keep = chosen
        if keep:
            await self.prefs.set(pref, key)
        return key

    async def _join(self, table_id: str, token: str | None) -> None:
        opened = await self.ui.ask(self.ui.server.tables.open, table_id, token, told=self._shut)
        if opened is None:
            return
        live, access = opened
        self.ui.live, self.ui.access, self.key = live, access, token
        self.ui.server.screens.enter(self, await self._device_id(), table_id, access.role, access.seat)
        self.listen()
        saved = await self.prefs.get(PREF_AWAKE.format(role=access.role))
        self.ui.awake = access.role == "host" if saved is None else bool(saved)
        if access.role != "host":
            await self.prefs.set(PREF_LAST, f"/t/{table_id}?k={token}")

    async def _counted_in(self, parts: list[str], token: str | None) -> bool:
        """Whether this session is within its client address's bound (ui/devices.py). The tablet's is
        never counted: it holds the admin key or the table's tablet key, which no stranger has."""
        screens = self.ui.server.screens
        self.counted = not (self.admin or await self._holds_tablet_key(parts, token))
        if not self.counted:
            screens.depart(self)
            return True
        return screens.arrive(self, self.page.client_ip or "")

    async def _holds_tablet_key(self, parts: list[str], token: str | None) -> bool:
        if len(parts) != 2 or parts[0] != "t":
            return False
        # The tablet's address shows no key once it holds one: only then is its storage asked.
        key = token or await self.prefs.get(PREF_TABLET.format(table=parts[1]))
        return await asyncio.to_thread(self.ui.server.tables.holds_tablet, parts[1], key)

    def leave_table(self) -> None:
        self.unlisten()
        self.ui.server.screens.leave(self)
        self.ui.live = self.ui.access = self.key = None
        self.ui.local.clear()

    async def _device_id(self) -> str:
        if self._device is None:
            self._device = await device_id(self.prefs)
        return self._device

    def retire(self, reason: str) -> None:
        """Another screen of this browser took the seat, or too many follow it: stop following the
        table, keep only a notice (and a way back), and free the rest."""
        self.leave_table()
        self.notice = reason
        self.ui.parts.clear()
        self.presence.changed()

    # -- liveness ------------------------------------------------------------
    def listen(self) -> None:
        """Subscribe unless the tab already went away while this session was starting."""
        if self.ui.live and not self._unsubscribe and self.connected():
            self._unsubscribe = self.ui.live.subscribe(self.presence.changed)

    def unlisten(self) -> None:
        if self._unsubscribe:
            self._unsubscribe()
        self._unsubscribe = None

    def connected(self) -> bool:
        return self.page.session.connection is not None

    async def _tick_clock(self) -> None:
        """Once a second while a running turn clock is on screen, describe the screen again:
        only the clock's part has new inputs, so only its line is sent. Ends by itself."""
        try:
            while self.connected() and not self.rules_open and self.ui.local.clock_ticking:
                await asyncio.sleep(1)
                await self.render()
        finally:
            self._ticking = False

    async def _on_resize(self, e) -> None:
        await self.render()

    # -- rendering -----------------------------------------------------------
    async def render(self) -> None:
        """Describe the whole screen again; parts whose inputs are unchanged come back as the
        same controls, and Flet's diff against the shown tree sends only what changed."""
        if self.closed or not self.connected():
            return  # nothing to show it to: a device that comes back is drawn then (Presence.on_connect)
        page, ui = self.page, self.ui
        ui.now = self.clock()
        theme = ft.ThemeMode.DARK if ui.dark else ft.ThemeMode.LIGHT
        if ui.access and ui.access.role == "seat" and ui.live.moved_seat(self.key):
            self.leave_table()  # the tablet gave this seat to another phone
            self.notice = "seats.seat_moved"
        if ui.live and ui.access:
            # The render's one read of the table: the screen, the app bar's title, the step the
            # shield says and the rules panel's game all read it from here (ui.snap).
            snap = ui.snapshot()
            self.shield.mount()
            if ui.seen.token not in (None, snap["step"]):
                self.shield.raise_now()  # the browser reports when it has drawn the new step
        screen = self._screen_key()
        if screen != self._shown_as:  # another screen: nothing of the old one may be reused
            ui.glance = 1
            self._shown_as = screen  # (another look rebuilds every part anyway: it is in their memo)
            ui.parts.clear()
        body = self._describe()
        update_in_place(ui.parts)
        bar, bar_changed = self.appbar.build()
        self._stale = self._stale or bar_changed
        if self._screen.control is None or self._screen.control.key != screen or body is not self._body:
            # Another screen, or a body that is no part of this one: the screen's component
            # shows it, and Flet reconciles it with what was shown by structure and keys.
            self._body = body
            self._screen.control = ft.SafeArea(body, expand=True, key=screen)
            self._stale = True
        if self._stale or not self._root_shown() or page.appbar is not bar or page.theme_mode != theme:
            # One page walk sends the new screen, app bar and theme together (see self._root).
            self._stale = False
            page.theme_mode, page.appbar = theme, bar
            if not self._root_shown():
                page.controls = [self._root]
            page.update()
        if ui.glance < WHOLE:  # the next step of a new screen, once every other device has had its turn
            await asyncio.sleep(LOOP_TURN)  # (a render meanwhile may have taken a step of its own)
            ui.glance = min(WHOLE, ui.glance + 1)
            await self.render()
            return
        if ui.local.clock_ticking and not self._ticking:
            self._ticking = True
            page.run_task(self._tick_clock)
        await self.presence.keep_awake(bool(ui.live) and ui.awake)

    def _root_shown(self) -> bool:
        return len(self.page.controls) == 1 and self.page.controls[0] is self._root

    def _describe(self) -> ft.Control:
        """The screen's body from this device's state."""
        ui = self.ui
        ui.parts.begin((ui.lang, ui.dark, ui.is_phone))
        try:
            return current(self).describe(self)
        finally:
            ui.parts.end()

    def _screen_key(self) -> str:
        """Same key, same screen: its controls are reconciled and keep their ids."""
        return current(self).key(self)

    async def _take_back(self, e) -> None:
        await self.open(self.page.route)


def make_main(server: ServerInfo) -> Callable[[ft.Page], Awaitable[None]]:
    async def main(page: ft.Page) -> None:
        await Session(page, server).start()
    return main
