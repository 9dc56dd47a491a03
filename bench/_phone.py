"""One browser tab, as the benches play it: a websocket client speaking Flet's protocol.

It registers with the real server as Flet's web client does (msgpack frames,
REGISTER_CLIENT with a route such as `/t/<id>?k=<token>`), answers the page's
method calls as a browser would (storage reads and writes, the wake lock), and
notes when each frame arrives and how large it is, so a bench can time a change
from its API call to the last frame it caused on every device.
"""
from __future__ import annotations

import asyncio
import time

import msgpack
from websockets.asyncio.client import ClientConnection, connect

REGISTER, PATCH, UPDATE_PROPS, INVOKE = 1, 2, 4, 5
PAGE_ID = 1  # Flet's id of the page control, the same in every session
TABLET, PHONE = (1280, 800), (390, 844)
# Sessions of one client address the server keeps whole (companion/ui/devices.py): every bench device
# comes from 127.0.0.1, so a bench that plays a hall of devices lifts the bound a real table never
# reaches, and the spectator bound, since 30 sessions on a five-seat table are mostly spectators.
MANY_SESSIONS = {"COMPANION_SESSIONS_PER_ADDRESS": "100000", "COMPANION_SPECTATORS_PER_TABLE": "100000"}


def draws_page(data: bytes) -> bool:
    """Whether a frame from the server puts a screen in the page's view: the screen drawn. Flet's
    first patches (about 60 bytes) only add its services, and our first page patch may carry only
    the page's settings and overlay; the table arrives in the patch that fills the view's controls."""
    if data[:1] != b"\x00" or data[2:3] != bytes([PATCH]):
        return False
    body = msgpack.unpackb(data[1:], strict_map_key=False)[1]
    if body.get("id") != PAGE_ID:
        return False
    paths, *ops = body["patch"]  # [node, {field: [node, {...}]}], then [op, node, field or index, ...]
    view = _child(_child(paths, "views"), 0)
    if view is None:
        return False
    inside = _child(view, "controls")
    return any(op[1] == view[0] and op[2] == "controls" or inside is not None and op[1] == inside[0]
               for op in ops)


def _child(path: list | None, name: str | int) -> list | None:
    return path[1].get(name) if path is not None and len(path) > 1 else None


class Phone:
    """`storage`: its browser's local storage (tabs of one browser share it); None answers every
    call with nothing, as an empty browser would. `name` goes in its User-Agent."""

    def __init__(self, port: int, route: str, size: tuple[int, int] = PHONE, storage: dict | None = None,
                 name: str = "bench") -> None:
        self.port, self.route, self.size, self.storage, self.name = port, route, size, storage, name
        self.frames: list[tuple[float, int, int]] = []  # (arrival, bytes, action)
        self.mark = 0
        self.drawn_at: float | None = None  # when the page's own patch (its first screen) arrived
        self.ws: ClientConnection | None = None
        self._task: asyncio.Task | None = None

    async def open(self) -> "Phone":
        self.ws = await connect(f"ws://127.0.0.1:{self.port}/ws", max_size=None, compression=None,
                                user_agent_header=f"companion-bench {self.name}", open_timeout=60)
        page = {"route": self.route, "width": self.size[0], "height": self.size[1], "web": True, "platform": "linux"}
        await self.send([REGISTER, {"session_id": None, "page_name": "", "page": page}])
        self._task = asyncio.create_task(self._receive())
        return self

    async def send(self, message: list) -> None:
        await self.ws.send(b"\x00" + msgpack.packb(message))

    async def _receive(self) -> None:
        try:
            async for data in self.ws:
                action = data[2] if data[:1] == b"\x00" else -1  # [0x00][0x92][action]...
                self.frames.append((time.perf_counter(), len(data), action))
                if draws_page(data) and self.drawn_at is None:
                    self.drawn_at = self.frames[-1][0]
                if action == INVOKE:
                    await self._answer(msgpack.unpackb(data[1:], strict_map_key=False)[1])
        except Exception:  # noqa: BLE001 - the benches report missing updates, not socket noise
            pass

    async def _answer(self, call: dict) -> None:
        result = None
        if self.storage is not None and call["name"] == "get":
            result = self.storage.get(call["args"]["key"])
        elif self.storage is not None and call["name"] == "set":
            self.storage[call["args"]["key"]] = call["args"]["value"]
        await self.send([INVOKE, {"control_id": call["control_id"], "call_id": call["call_id"],
                                  "result": result, "error": None}])

    async def drawn(self, limit: float = 30) -> bool:
        """Whether its first screen (the page's own patch, not Flet's services) arrived within `limit` seconds."""
        deadline = time.perf_counter() + limit
        while time.perf_counter() < deadline:
            if self.drawn_at is not None:
                return True
            await asyncio.sleep(0.02)
        return False

    def start_change(self) -> None:
        self.mark = len(self.frames)

    def patched(self) -> bool:
        return any(f[2] == PATCH for f in self.frames[self.mark:])

    def last_arrival(self) -> float:
        return self.frames[-1][0] if len(self.frames) > self.mark else float("nan")

    def received(self) -> int:
        return sum(f[1] for f in self.frames[self.mark:])

    async def close(self) -> None:
        if self.ws:
            await self.ws.close()
        if self._task:
            await asyncio.wait([self._task], timeout=5)
