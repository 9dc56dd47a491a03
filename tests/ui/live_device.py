"""A real Flet `Session` and our app's `Session` driven in-process, without a browser.

The fake connection msgpack-encodes every outgoing message exactly like the
websocket transport (encoding is what mounts controls and snapshots them for
the next diff), answers the page's method calls (storage, wake lock) as an empty
browser would, and keeps the frames so tests can read what went over the wire.
"""
from __future__ import annotations

import asyncio

import flet as ft
import msgpack
from flet.controls.base_control import BaseControl
from flet.controls.context import _context_page
from flet.messaging.connection import Connection
from flet.messaging.protocol import MessageAction, configure_encode_object_for_msgpack
from flet.messaging.session import Session as FletSession
from flet.pubsub.pubsub_hub import PubSubHub

from companion.ui.app import Session
from companion.ui.context import SETTLE_S, ServerInfo

ENCODE = configure_encode_object_for_msgpack(BaseControl)
PHONE, TABLET = (390, 844), (1280, 800)
# The shell's own parts that follow every change (news line, history, layout, Undo), not the game's.
SHELL = {"news", "history-card", "table-main", "table-side", "table-layout", "undo-redo", "undo", "redo",
         "undo-words", "undo-button", "redo-words", "redo-button"}


class FakeConnection(Connection):
    """`storage`: the browser's local storage, answering SharedPreferences' get and set (tabs of one
    browser share it); without it, every call is answered with nothing, as an empty browser would."""

    def __init__(self, loop: asyncio.AbstractEventLoop, storage: dict | None = None) -> None:
        super().__init__()
        self.loop = loop
        self.storage = storage
        self.pubsubhub = PubSubHub(loop=loop)
        self.frames: list[tuple[MessageAction, bytes]] = []
        self.session: FletSession | None = None

    def send_message(self, message) -> None:
        data = msgpack.packb([message.action, message.body], default=ENCODE)
        self.frames.append((message.action, data))
        if message.action == MessageAction.INVOKE_METHOD:
            body = message.body
            result = None
            if self.storage is not None and body.name == "get":
                result = self.storage.get(body.args["key"])
            elif self.storage is not None and body.name == "set":
                self.storage[body.args["key"]] = body.args["value"]
            self.loop.call_soon(self.session.handle_invoke_method_results, body.control_id, body.call_id,
                                result, None)

    def dispose(self) -> None:
        pass


class Device:
    """One browser tab on `route`: open it, tap by Semantics identifier, read the wire."""

    def __init__(self, server: ServerInfo, route: str, size: tuple[int, int] = PHONE,
                 storage: dict | None = None, address: str = "127.0.0.1") -> None:
        """`storage`: the browser's local storage, shared by the tabs of one browser; `address`: the
        client address its websocket came from."""
        self.server, self.route, self.size, self.storage, self.address = server, route, size, storage, address
        self.now = 0.0  # this device's monotonic clock: it moves only when a tap says so

    def clock(self) -> float:
        return self.now

    async def open(self) -> "Device":
        self.conn = FakeConnection(asyncio.get_running_loop(), self.storage)
        self.flet = FletSession(self.conn)
        self.conn.session = self.flet
        self.flet.apply_page_patch({"route": self.route, "width": self.size[0], "height": self.size[1],
                                    "web": True})
        msgpack.packb(self.flet.get_page_patch(), default=ENCODE)  # the register answer
        self.flet.page.client_ip = self.address  # as Flet's handler sets it for a new session
        _context_page.set(self.flet.page)  # as Flet does before it runs `main`
        self.app = Session(self.flet.page, self.server)
        self.app.ui.seen.clock = self.clock
        await self.app.start()
        return self

    @property
    def page(self) -> ft.Page:
        return self.flet.page

    def find(self, identifier: str) -> ft.Control:
        """The control a test id names (the content of its Semantics wrapper), as mounted now."""
        for control in list(self.flet.index.values()):
            if isinstance(control, ft.Semantics) and control.identifier == identifier:
                return control.content
        raise LookupError(identifier)

    def ids(self) -> dict[str, int]:
        """Every test id on screen and the Flet id of the control it names."""
        return {c.identifier: c.content._i for c in list(self.flet.index.values())
                if isinstance(c, ft.Semantics) and c.identifier and c.content is not None}

    async def tap(self, identifier: str, event: str = "click", data: object = None, looked: bool = True) -> None:
        """`looked`: a person taps after seeing the screen (the step on it is no longer fresh);
        False for the second tap of a double tap."""
        if looked:
            self.now += SETTLE_S + 1.0
        await self.flet.dispatch_event(self.find(identifier)._i, event, data)

    async def settle(self) -> None:
        """Until the render queue has drawn every change already published."""
        for _ in range(50):
            await asyncio.sleep(0)
        while any(q.waiting or q.task for q in _queues().values()):
            await asyncio.sleep(0.001)

    def mark(self) -> int:
        return len(self.conn.frames)

    def patches_since(self, mark: int) -> list[bytes]:
        return [data for action, data in self.conn.frames[mark:] if action == MessageAction.PATCH_CONTROL]


def _queues():
    from companion.ui import live
    return live._queues


async def phone_and_tablet(server: ServerInfo, live, seat: int) -> tuple[Device, Device]:
    """The phone of the `seat`-th seat (its invitation claimed) and the tablet, both drawn."""
    phone = await Device(server, f"/t/{live.table.id}?k={live.claim(live.table.seats[seat].token)[1]}").open()
    tablet = await Device(server, f"/t/{live.table.id}?k={live.table.host_token}", TABLET).open()
    await phone.settle()
    await tablet.settle()
    return phone, tablet


def label(device: Device, ident: str) -> str:
    """The accessible label of the Semantics wrapper a test id names, as mounted now."""
    return next(c.label for c in device.flet.index.values() if isinstance(c, ft.Semantics) and c.identifier == ident)


def game_parts(device: Device) -> set[str]:
    """The parts of the game's board the last render rebuilt: the shell's and the history's aside."""
    return {k for k in device.app.ui.parts.rebuilt if k not in SHELL and not k.startswith("history-")}
