"""A device's session that ends lets go of everything it held (issue 29).

The session is ended the way Flet ends it on the server: the connection drops
(`disconnect` with a reconnect window, here a short one), and once the window has
passed the session manager closes it (`close`, which Flet's eviction loop calls).
"""
from __future__ import annotations

import asyncio
import gc
import weakref
from datetime import datetime, timezone

from flet_web.fastapi.flet_app_manager import app_manager
from live_device import Device, FakeConnection

from companion.ui.context import ServerInfo

WINDOW = 0.05  # the reconnect window in these tests, in seconds


class SilentConnection(FakeConnection):
    """A device that went away before it answered the page's first call."""

    def send_message(self, message) -> None:
        self.frames.append((message.action, b""))


def _waiting(device: Device) -> bool:
    """The page holds only the line that says it is reconnecting: what Flet answers a device that
    comes back with, shown until its screen is drawn again (an empty page there is a blank phone)."""
    return [(c.identifier, c.content.value) for c in device.page.controls] == [("reconnecting", "Reconnecting…")]


async def _quiet(baseline: set) -> None:
    """Until every task the session started has finished (the condition, not a fixed sleep)."""
    while {t for t in asyncio.all_tasks() if not t.done()} - baseline - {asyncio.current_task()}:
        await asyncio.sleep(0.01)


async def _end(device: Device) -> None:
    """Drop, wait out the window, and let the session manager close it, as Flet does."""
    await app_manager.add_session(device.flet.id, device.flet)
    await app_manager.disconnect_session(device.flet.id, WINDOW)
    while datetime.now(timezone.utc) <= device.flet.expires_at:
        await asyncio.sleep(0.01)
    await app_manager.delete_session(device.flet.id)


def test_a_dropped_phone_leaves_no_task_part_or_listener_after_the_window(server: ServerInfo):
    async def go():
        baseline = set(asyncio.all_tasks())
        live = server.hub.create("scorepad", {"players": ["Ana", "Bia"]})
        key = live.claim(live.table.seats[0].token)[1]
        # In a task of its own, as Flet runs a session's `main` (the page it marks as current
        # stays in that task's context).
        phone = await asyncio.create_task(Device(server, f"/t/{live.table.id}?k={key}").open())
        await phone.settle()
        assert live.listener_count == 1 and phone.app.ui.parts.built
        # Flet marks the page current in the task that dispatches its events: one of their own.
        ending = asyncio.create_task(_end(phone))
        await ending
        await _quiet(baseline)
        del ending
        app = weakref.ref(phone.app)
        assert live.listener_count == 0 and server.hub.listener_count() == 0
        assert not phone.app.ui.parts.built and phone.app.ui.live is None and not phone.page.controls
        del phone
        for _ in range(3):  # the loop lets go of the finished tasks' wake-ups (and their contexts)
            await asyncio.sleep(0)
        gc.collect()
        assert app() is None  # nothing kept the ended session alive

    asyncio.run(go())


def test_a_call_waiting_on_a_device_that_went_away_ends_with_the_session(server: ServerInfo, monkeypatch):
    async def go():
        baseline = set(asyncio.all_tasks())
        live = server.hub.create("scorepad", {"players": ["Ana"]})
        device = Device(server, f"/t/{live.table.id}?k={live.table.spectator_token}")
        monkeypatch.setattr("live_device.FakeConnection", SilentConnection)
        starting = asyncio.create_task(device.open())  # waits on the browser's saved settings
        while not getattr(device, "conn", None) or not device.conn.frames:
            await asyncio.sleep(0.01)
        await _end(device)
        await _quiet(baseline)
        assert starting.done() and starting.exception() is None
        assert live.listener_count == 0 and device.app.closed and not device.page.controls

    asyncio.run(go())


def test_a_dropped_phone_lets_its_screen_go_in_the_window_and_is_drawn_again_when_back(server: ServerInfo):
    """What a phone asleep holds through the reconnect window is the allocator's high-water
    mark long after its session ends; so the screen goes at the drop, and comes back drawn whole."""
    async def go():
        live = server.hub.create("scorepad", {"players": ["Ana", "Bia"]})
        key = live.claim(live.table.seats[0].token)[1]
        phone = await asyncio.create_task(Device(server, f"/t/{live.table.id}?k={key}").open())
        await phone.settle()
        shown = set(phone.ids())
        screen = weakref.ref(phone.page.controls[0])
        assert "undo" in shown and live.listener_count == 1
        await asyncio.create_task(phone.flet.disconnect(3600))
        assert live.listener_count == 0 and _waiting(phone) and not phone.app.ui.parts.built
        gc.collect()
        assert screen() is None  # nothing of the drawn screen is held while the phone sleeps
        back = FakeConnection(asyncio.get_running_loop())
        back.session, phone.conn = phone.flet, back
        await asyncio.create_task(phone.flet.connect(back))
        await phone.settle()
        assert set(phone.ids()) == shown and live.listener_count == 1 and back.frames

    asyncio.run(go())


def test_a_socket_that_died_unseen_by_flet_still_starts_the_reconnect_window(server: ServerInfo):
    """Flet misses a tab whose socket died while it was writing (socket_watch.py says so instead):
    the session must still expire, or it is held for good with its screen."""
    async def go():
        live = server.hub.create("scorepad", {"players": ["Ana", "Bia"]})
        phone = await asyncio.create_task(
            Device(server, f"/t/{live.table.id}?k={live.table.spectator_token}").open())
        await phone.settle()
        assert phone.flet.expires_at is None and phone.page.controls
        phone.app.presence.gone()  # what the socket's watch calls when the socket ends
        await phone.settle()
        async with asyncio.timeout(30):  # a bound on the wait, so a session never told fails here
            while phone.flet.expires_at is None:
                await asyncio.sleep(0.01)
        assert phone.flet.connection is None and _waiting(phone) and live.listener_count == 0

    asyncio.run(go())
