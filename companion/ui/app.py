"""One browser session: routing, saved device settings, and live re-rendering.

The screen is described again from the table's view on every change (data flows
one way), then reconciled against what this device shows (ui/live.py): parts
whose inputs did not change are reused, and only the changed controls are sent.
Hub listeners fire on writer threads, so they only queue a render on the event
loop, coalescing bursts into one render per session.
"""
from __future__ import annotations

import asyncio
import contextvars
import logging
import time
from typing import Awaitable, Callable
from urllib.parse import parse_qs, urlsplit

import flet as ft

from companion import keep_awake
from companion.server import socket_watch
from companion.core.tables import Refusal
from companion.ui.context import UI, WHOLE, ServerInfo
from companion.ui.device_calls import Prefs, within
from companion.ui.devices import CROWDED_ADDRESS, device_id
from companion.ui.locale import browser_lang, flutter_locale
from companion.ui.live import Holder, update_in_place, view
from companion.ui.render_queue import render_queue
from companion.ui.screens import STATS, TABLE, Screen, current, screen_at
from companion.ui.start import game_title
from companion.ui.widgets.controls import FONT, button, button_themes, icon_button, name_button, tagged
from companion.ui.widgets.step_shield import StepShield

log = logging.getLogger(__name__)

PREF_LANG, PREF_DARK, PREF_ADMIN, PREF_LAST = "companion.lang", "companion.dark", "companion.admin", "companion.last"
PREF_AWAKE = "companion.awake.{role}"
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
        self.ui.redraw_soon = self._changed
        self.ui.set_awake = self._save_awake
        self.shield = StepShield(self.ui)
        self.closed = False  # the session ended (its reconnect window passed): see _on_close
        self.prefs = Prefs(lambda: self.closed)
        self.wakelock = ft.Wakelock()
        self._awake: bool | None = None
        self.admin = False
        self._unsubscribe: Callable[[], None] | None = None
        self.rules_open = False
        self._bar_look: tuple = ()  # what the app bar was last built to show
        self._stale = False  # the page holds something the browser was not sent yet
        # The page's one component, showing this screen's root. It stands directly in the page,
        # so every page update (ours, Flet's own after an event, a service registering) walks
        # into it: it is sent only through page updates, never by its own update(), or the next
        # page walk would send again, from what it last saw, what that update() already sent
        # (a whole screen, in the browser a rebuilt field that loses its focus).
        self._screen = Holder()
        self._root = view(self._screen, "screen")
        self._body: ft.Control | None = None
        self._bar = ft.AppBar(center_title=False)
        self._home_button: ft.Semantics | None = None
        self._socket: socket_watch.Watch | None = None
        self._shown_as: str | None = None  # the screen's key: another screen starts from scratch
        self.routed: Screen | None = None  # the screen this device's address names (ui/screens.py)
        self._ticking = False
        self.key: str | None = None  # this device's key to the open table
        self.notice: str | None = None  # why this device shows no table (a string key)
        self._device: str | None = None  # this browser's id (ui/devices.py), read when first needed
        self._counted = False  # counts against its client address's bound while connected (ui/devices.py)
        self._keyless: str | None = None  # the address this page just took its key out of
        self._context: contextvars.Context | None = None  # this page's, for renders: see _render_pending

    async def start(self) -> None:
        page = self.page
        page.on_disconnect = self._on_disconnect  # first: the tab may close during the awaits below
        page.on_close = self._on_close
        self._watch_socket()
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
        page.on_connect = self._on_connect
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
        await self._check_admin(query.get("admin"))
        self._leave_table()
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
                await self.page.push_route(f"/t/{table_id}?k={key}")
                return
            await self._join(table_id, await self._tablet_key(table_id, query.get("k")))
        elif not self.admin and (last := await self.prefs.get(PREF_LAST)) and last != route:
            await self.page.push_route(last)
            return
        await self.render()
        tablet_key = self.ui.access is not None and self.ui.access.role == "host" and "k" in query
        if tablet_key or (self.admin and "admin" in query):
            self._keyless = url.path  # the tablet's keys live in its storage, not its address bar
            await self.page.push_route(url.path)

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
        self._listen()
        saved = await self.prefs.get(PREF_AWAKE.format(role=access.role))
        self.ui.awake = access.role == "host" if saved is None else bool(saved)
        if access.role != "host":
            await self.prefs.set(PREF_LAST, f"/t/{table_id}?k={token}")

    async def _counted_in(self, parts: list[str], token: str | None) -> bool:
        """Whether this session is within its client address's bound (ui/devices.py). The tablet's is
        never counted: it holds the admin key or the table's tablet key, which no stranger has."""
        screens = self.ui.server.screens
        self._counted = not (self.admin or await self._holds_tablet_key(parts, token))
        if not self._counted:
            screens.depart(self)
            return True
        return screens.arrive(self, self.page.client_ip or "")

    async def _holds_tablet_key(self, parts: list[str], token: str | None) -> bool:
        if len(parts) != 2 or parts[0] != "t":
            return False
        # The tablet's address shows no key once it holds one: only then is its storage asked.
        key = token or await self.prefs.get(PREF_TABLET.format(table=parts[1]))
        return await asyncio.to_thread(self.ui.server.tables.holds_tablet, parts[1], key)

    def _leave_table(self) -> None:
        if self._unsubscribe:
            self._unsubscribe()
        self._unsubscribe = None
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
        self._leave_table()
        self.notice = reason
        self.ui.parts.clear()
        self._changed()

    # -- liveness ------------------------------------------------------------
    def _changed(self) -> None:
        """Runs on a writer's thread (or a fade timer): only queue a render, never render here."""
        connection = self.page.session.connection
        if connection is None:
            self._on_disconnect(None)
            return
        try:
            render_queue(connection.loop).schedule(self, self._render_pending)
        except (RuntimeError, AttributeError):  # the connection went away meanwhile
            self._on_disconnect(None)

    def _listen(self) -> None:
        """Subscribe unless the tab already went away while this session was starting."""
        if self.ui.live and not self._unsubscribe and self._connected():
            self._unsubscribe = self.ui.live.subscribe(self._changed)

    def _connected(self) -> bool:
        return self.page.session.connection is not None

    async def _render_pending(self) -> None:
        """A change from elsewhere, drawn from the render queue: in this page's context (Flet's
        components patch through the page they find there), and never at a device that left.

        The context is the one `page.run_task` gives a task (Flet's way into a page's context),
        taken once and reused: a `run_task` per render crossed threads twice (a concurrent
        future, two wakes of the loop) for every device on every change."""
        if not self._connected() or self.rules_open:  # the rules panel shows nothing of the table
            if not self._connected():
                self._gone()
            return
        try:
            if self._context is None:
                self._context = await asyncio.wrap_future(self.page.run_task(_page_context))
            await asyncio.create_task(self.render(), context=self._context.copy())
        except Exception as err:
            if not _socket_closed(err) and self._connected():
                raise
            log.debug("a render was aimed at a device whose socket just closed: released")
            self._gone()

    def _gone(self) -> None:
        """The device left: stop listening, and let its screen's parts go. If Flet did not see it
        leave (its send failed: socket_watch.py), start the reconnect window ourselves, through
        Flet's own Session.disconnect, or Flet never closes the session and it is held for good."""
        self._on_disconnect(None)
        self.ui.parts.clear()
        if self.page.session.expires_at is None and not self.closed:
            self.page.run_task(self.page.session.disconnect, self.ui.server.session_timeout)

    async def _tick_clock(self) -> None:
        """Once a second while a running turn clock is on screen, describe the screen again:
        only the clock's part has new inputs, so only its line is sent. Ends by itself."""
        try:
            while self._connected() and not self.rules_open and self.ui.local.clock_ticking:
                await asyncio.sleep(1)
                await self.render()
        finally:
            self._ticking = False

    def _on_disconnect(self, e) -> None:
        """A closed or sleeping tab must not slow every broadcast: stop listening at once. Nor does
        it count against its address's bound until it is back, nor hold its screen through the
        reconnect window (about 200 KB a phone, which Python's allocator keeps after the session
        ends): a device that comes back is drawn afresh."""
        if self._unsubscribe:
            self._unsubscribe()
            self._unsubscribe = None
        self.ui.server.screens.depart(self)
        if e is not None:  # Flet's own disconnect, not a render finding the connection gone
            self._let_screen_go()
            self.page.update()  # nothing is sent (Flet drops it), but Flet's copy of the screen goes

    def _let_screen_go(self) -> None:
        """The screen's parts and controls go; the next render builds them from scratch, under a
        new root and app bar (a component Flet has unmounted is not mounted again). A device that
        may come back keeps one line saying it is reconnecting: Flet answers its return with the
        page as it stands, which the browser shows until that render arrives, and an empty page
        there is a blank phone (seen at 390x844 while the redraw was on its way)."""
        self.ui.parts.clear()
        self.page.controls.clear()
        if not self.closed:
            self.page.controls.append(tagged(ft.Text(self.ui.t("ui.reconnecting"), size=20), "reconnecting"))
        self.page.appbar = None
        self._screen = Holder()
        self._root = view(self._screen, "screen")
        self._body, self._shown_as = None, None
        self._bar, self._bar_look, self._home_button = ft.AppBar(center_title=False), (), None

    def _watch_socket(self) -> None:
        """Flet may never say that a tab whose socket died mid-write has left: the socket's own
        end says it (companion/server/socket_watch.py). Only the newest socket of this session counts."""
        watch = socket_watch.current()
        self._socket = watch
        if watch is not None:
            watch.on_end(lambda: self._gone() if self._socket is watch else None)

    async def _on_close(self, e) -> None:
        """Flet ended the session (closed, or dropped and not back within the reconnect window):
        let go of everything it held, so a phone that sleeps and wakes adds nothing for good.
        Calls still waiting on the device answer their default (device_calls)."""
        self.closed = True
        self._leave_table()
        self.ui.server.screens.depart(self)
        self._let_screen_go()

    async def _on_connect(self, e) -> None:
        self._watch_socket()
        if self._counted and not self.ui.server.screens.arrive(self, self.page.client_ip or ""):
            self._leave_table()  # its address filled up while it slept: back only as a refusal
            self.notice = CROWDED_ADDRESS
        self._listen()
        await self.render()

    async def _on_resize(self, e) -> None:
        await self.render()

    # -- rendering -----------------------------------------------------------
    async def render(self) -> None:
        """Describe the whole screen again; parts whose inputs are unchanged come back as the
        same controls, and Flet's diff against the shown tree sends only what changed."""
        if self.closed or not self._connected():
            return  # nothing to show it to: a device that comes back is drawn then (_on_connect)
        page, ui = self.page, self.ui
        ui.now = self.clock()
        theme = ft.ThemeMode.DARK if ui.dark else ft.ThemeMode.LIGHT
        if ui.access and ui.access.role == "seat" and ui.live.moved_seat(self.key):
            self._leave_table()  # the tablet gave this seat to another phone
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
        bar = self._appbar()
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
        await self._keep_awake(bool(ui.live) and ui.awake)

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

    async def _keep_awake(self, wanted: bool) -> None:
        """The tablet must not dim mid-game; a phone may, unless its player asks otherwise."""
        if wanted != self._awake:
            self._awake = wanted
            self.page.run_task(self._set_wakelock, wanted)  # never hold up a render on it

    async def _set_wakelock(self, wanted: bool) -> None:
        # Browsers grant a wake lock only on secure (https or localhost) pages; on plain http
        # the page's NoSleep script reads this preference and keeps the screen on instead.
        await self.prefs.set(keep_awake.PREF, wanted)
        try:
            await within(self.wakelock.enable() if wanted else self.wakelock.disable(), None, lambda: self.closed)
        except Exception as err:  # noqa: BLE001 - the client reports any platform refusal
            log.info("wake lock not available here: %s", err)

    def _appbar(self) -> ft.AppBar:
        """The page's one app bar, plain controls of our own: when its words or icons change, the
        title and the home button take their new words in place, and the actions are built again
        under the same keys, so Flet patches all of them where they are and they keep their ids.
        Not parts: a part's component under the page would be walked again by every page update
        (see self._root)."""
        ui, bar = self.ui, self._bar
        title = game_title(ui.snap["game"], ui.lang) if ui.live and ui.access else ui.t("ui.app_title")
        home = bool((ui.live or self.routed is STATS) and self.admin)
        # On a phone the full language name would squeeze the game's title out.
        language = ("PT" if ui.lang == "en" else "EN") if ui.is_phone else ui.t("ui.language")
        look = (title, home, language, ui.lang, ui.dark)
        if look == self._bar_look:
            return bar
        self._bar_look, self._stale = look, True
        if bar.title is None:
            # VISIBLE said outright: Flutter's app bar ends its title in "…" otherwise ("Fleecing Oly…").
            # The screen's heading (level 1): every screen has one, the game's name or the app's.
            bar.title = tagged(ft.Text(title, weight=ft.FontWeight.BOLD, overflow=ft.TextOverflow.VISIBLE), "title")
            bar.title.heading_level, bar.title.header = 1, True
            self._home_button = icon_button(ft.Icons.HOME, ui.t("ui.home"), self._home, "home")
        bar.title.content.value = title
        bar.title.content.size = 18 if ui.is_phone else 22  # a phone's title fits beside its three buttons
        name_button(self._home_button.content, ui.t("ui.home"))
        bar.leading = self._home_button if home else None
        bar.actions = [  # keyed: a new language or theme patches them where they are
            _keyed(icon_button(ft.Icons.MENU_BOOK, ui.t("ui.rules"), self._toggle_rules, "rules-open")),
            _keyed(button(language, self._toggle_lang, "lang", filled=False, height=48, said=ui.t("ui.language"))),
            _keyed(icon_button(ft.Icons.LIGHT_MODE if ui.dark else ft.Icons.DARK_MODE,
                               ui.t("ui.theme_light" if ui.dark else "ui.theme_dark"),
                               self._toggle_dark, "theme"))]
        return bar

    async def _toggle_rules(self, e=None) -> None:
        self.rules_open = not self.rules_open
        await self.render()

    async def _toggle_lang(self, e) -> None:
        self.ui.lang = "pt" if self.ui.lang == "en" else "en"
        self.page.locale_configuration = flutter_locale(self.ui.lang)
        await self.prefs.set(PREF_LANG, self.ui.lang)
        await self.render()

    async def _toggle_dark(self, e) -> None:
        self.ui.dark = not self.ui.dark
        await self.prefs.set(PREF_DARK, self.ui.dark)
        await self.render()

    async def _save_awake(self, value: bool) -> None:
        self.ui.awake = value
        await self.prefs.set(PREF_AWAKE.format(role=self.ui.access.role), value)
        await self.render()

    async def _home(self, e) -> None:
        await self.page.push_route("/")

    async def _take_back(self, e) -> None:
        await self.open(self.page.route)


async def _page_context() -> contextvars.Context:
    """Run through `page.run_task`: the context Flet gives a task of that page."""
    return contextvars.copy_context()


def _keyed(control: ft.Semantics) -> ft.Semantics:
    control.key = f"appbar-{control.identifier}"
    return control


def _socket_closed(err: BaseException) -> bool:
    """The render failed in the transport's send: its socket closed while the page was patched.
    Flet 1.0.5's web transport drops its send queue (sets it to None) when the socket ends, before
    the session hears of the disconnect, so the send fails putting the patch onto None; the
    exception says so itself (`name`, `obj`), whichever frame raised it."""
    return isinstance(err, AttributeError) and err.obj is None and err.name == "put_nowait"


def make_main(server: ServerInfo) -> Callable[[ft.Page], Awaitable[None]]:
    async def main(page: ft.Page) -> None:
        await Session(page, server).start()
    return main
