"""A device's presence on its socket: when it comes, sleeps, comes back or leaves for good, and
what it holds meanwhile (its table's listener, its screen, its wake lock).

Apart from routing and drawing because these arrive from elsewhere, at any time: Flet's own
events, a socket's end (companion/server/socket_watch.py), a table writer's thread. Each only
lets go of things, or queues a render: the session draws.
"""
from __future__ import annotations

import asyncio
import contextvars
import logging
from typing import TYPE_CHECKING

import flet as ft

from companion import keep_awake
from companion.server import socket_watch
from companion.ui.devices import CROWDED_ADDRESS
from companion.ui.device_calls import within
from companion.ui.render_queue import render_queue
from companion.ui.widgets.controls import tagged

if TYPE_CHECKING:  # app.py imports this module
    from companion.ui.app import Session

log = logging.getLogger(__name__)


class Presence:
    """One session's device as its socket sees it."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.wakelock = ft.Wakelock()
        self._awake: bool | None = None
        self._socket: socket_watch.Watch | None = None
        self._context: contextvars.Context | None = None  # the page's, for renders: see render_pending

    def changed(self) -> None:
        """Runs on a writer's thread (or a fade timer): only queue a render, never render here."""
        connection = self.session.page.session.connection
        if connection is None:
            self.on_disconnect(None)
            return
        try:
            render_queue(connection.loop).schedule(self.session, self.render_pending)
        except (RuntimeError, AttributeError):  # the connection went away meanwhile
            self.on_disconnect(None)

    async def render_pending(self) -> None:
        """A change from elsewhere, drawn from the render queue: in this page's context (Flet's
        components patch through the page they find there), and never at a device that left.

        The context is the one `page.run_task` gives a task (Flet's way into a page's context),
        taken once and reused: a `run_task` per render crossed threads twice (a concurrent
        future, two wakes of the loop) for every device on every change."""
        session = self.session
        if not session.connected() or session.rules_open:  # the rules panel shows nothing of the table
            if not session.connected():
                self.gone()
            return
        try:
            if self._context is None:
                self._context = await asyncio.wrap_future(session.page.run_task(_page_context))
            await asyncio.create_task(session.render(), context=self._context.copy())
        except Exception as err:
            if not _socket_closed(err) and session.connected():
                raise
            log.debug("a render was aimed at a device whose socket just closed: released")
            self.gone()

    def gone(self) -> None:
        """The device left: stop listening, and let its screen's parts go. If Flet did not see it
        leave (its send failed: socket_watch.py), start the reconnect window ourselves, through
        Flet's own Session.disconnect, or Flet never closes the session and it is held for good."""
        session = self.session
        self.on_disconnect(None)
        session.ui.parts.clear()
        if session.page.session.expires_at is None and not session.closed:
            session.page.run_task(session.page.session.disconnect, session.ui.server.session_timeout)

    def on_disconnect(self, e) -> None:
        """A closed or sleeping tab must not slow every broadcast: stop listening at once. Nor does
        it count against its address's bound until it is back, nor hold its screen through the
        reconnect window (about 200 KB a phone, which Python's allocator keeps after the session
        ends): a device that comes back is drawn afresh."""
        session = self.session
        session.unlisten()
        session.ui.server.screens.depart(session)
        if e is not None:  # Flet's own disconnect, not a render finding the connection gone
            self.let_screen_go()
            session.page.update()  # nothing is sent (Flet drops it), but Flet's copy of the screen goes

    def let_screen_go(self) -> None:
        """The screen's parts and controls go; the next render builds them from scratch, under a
        new root and app bar (a component Flet has unmounted is not mounted again). A device that
        may come back keeps one line saying it is reconnecting: Flet answers its return with the
        page as it stands, which the browser shows until that render arrives, and an empty page
        there is a blank phone (seen at 390x844 while the redraw was on its way)."""
        session, page = self.session, self.session.page
        session.ui.parts.clear()
        page.controls.clear()
        if not session.closed:
            page.controls.append(tagged(ft.Text(session.ui.t("ui.reconnecting"), size=20), "reconnecting"))
        page.appbar = None
        session.forget_screen()

    def watch_socket(self) -> None:
        """Flet may never say that a tab whose socket died mid-write has left: the socket's own
        end says it (companion/server/socket_watch.py). Only the newest socket of this session counts."""
        watch = socket_watch.current()
        self._socket = watch
        if watch is not None:
            watch.on_end(lambda: self.gone() if self._socket is watch else None)

    async def on_close(self, e) -> None:
        """Flet ended the session (closed, or dropped and not back within the reconnect window):
        let go of everything it held, so a phone that sleeps and wakes adds nothing for good.
        Calls still waiting on the device answer their default (device_calls)."""
        session = self.session
        session.closed = True
        session.leave_table()
        session.ui.server.screens.depart(session)
        self.let_screen_go()

    async def on_connect(self, e) -> None:
        session = self.session
        self.watch_socket()
        if session.counted and not session.ui.server.screens.arrive(session, session.page.client_ip or ""):
            session.leave_table()  # its address filled up while it slept: back only as a refusal
            session.notice = CROWDED_ADDRESS
        elif session.redirecting is not None:  # reloaded before it took the address it was sent to
            await session.open(session.page.route)
            return
        session.listen()
        await session.render()

    async def keep_awake(self, wanted: bool) -> None:
        """The tablet must not dim mid-game; a phone may, unless its player asks otherwise."""
        if wanted != self._awake:
            self._awake = wanted
            self.session.page.run_task(self._set_wakelock, wanted)  # never hold up a render on it

    async def _set_wakelock(self, wanted: bool) -> None:
        # Browsers grant a wake lock only on secure (https or localhost) pages; on plain http
        # the page's NoSleep script reads this preference and keeps the screen on instead.
        session = self.session
        await session.prefs.set(keep_awake.PREF, wanted)
        try:
            await within(self.wakelock.enable() if wanted else self.wakelock.disable(), None, lambda: session.closed)
        except Exception as err:  # noqa: BLE001 - the client reports any platform refusal
            log.info("wake lock not available here: %s", err)


async def _page_context() -> contextvars.Context:
    """Run through `page.run_task`: the context Flet gives a task of that page."""
    return contextvars.copy_context()


def _socket_closed(err: BaseException) -> bool:
    """The render failed in the transport's send: its socket closed while the page was patched.
    Flet 1.0.5's web transport drops its send queue (sets it to None) when the socket ends, before
    the session hears of the disconnect, so the send fails putting the patch onto None; the
    exception says so itself (`name`, `obj`), whichever frame raised it."""
    return isinstance(err, AttributeError) and err.obj is None and err.name == "put_nowait"
