"""A websocket that ends, or breaks the protocol, before it registered releases everything at once;
frames that break the rules never reach Flet. The inner app behaves as Flet 1.0.5's handler does: its
send loop ends only once a session exists, so without the guard it would wait forever."""
import asyncio

import msgpack

from companion.server.ws_guard import SocketLimits, WebSocketGuard

REGISTER = b"\x00" + msgpack.packb([1, {"session_id": None, "page_name": "", "page": {"route": "/", "web": True}}])
STYLE = b"\x00" + msgpack.packb([4, {"id": 42, "props": {"style": {"size": 333}}}])
VALUE = b"\x00" + msgpack.packb([4, {"id": 42, "props": {"value": "Ares"}}])
SCOPE = {"type": "websocket", "path": "/ws"}


class FletLike:
    """Accepts, then reads frames; a session exists once a registration arrived. Without one, its
    send loop never ends (what Flet's handler does), so it hangs until cancelled."""

    def __init__(self) -> None:
        self.seen: list[bytes] = []
        self.cancelled = False

    async def __call__(self, scope, receive, send):
        assert (await receive())["type"] == "websocket.connect"
        await send({"type": "websocket.accept"})
        session = False
        try:
            while True:
                message = await receive()
                if message["type"] == "websocket.disconnect":
                    break
                self.seen.append(message["bytes"])
                session = session or message["bytes"] == REGISTER
            if not session:
                await asyncio.Event().wait()  # the send loop nobody stops
        except asyncio.CancelledError:
            self.cancelled = True
            raise


async def run(frames: list, limits: SocketLimits = SocketLimits()) -> tuple[FletLike, list[dict]]:
    inner, sent = FletLike(), []
    incoming = [{"type": "websocket.connect"}, *frames]

    async def receive():
        if incoming:
            return incoming.pop(0)
        await asyncio.Event().wait()  # a client that says nothing more

    async def send(message):
        sent.append(message)

    await asyncio.wait_for(WebSocketGuard(inner, limits)(SCOPE, receive, send), 10)
    return inner, sent


def ws(data: bytes) -> dict:
    return {"type": "websocket.receive", "bytes": data}


def test_closing_before_registering_releases_the_handler_at_once():
    inner, _ = asyncio.run(run([{"type": "websocket.disconnect", "code": 1001}]))
    assert inner.cancelled


def test_a_malformed_first_frame_closes_and_releases():
    inner, sent = asyncio.run(run([ws(b"\x00\xc1junk")]))
    assert inner.cancelled and inner.seen == []
    assert sent[-1] == {"type": "websocket.close", "code": 1008}


def test_a_socket_that_never_registers_is_closed_after_the_deadline():
    inner, sent = asyncio.run(run([], SocketLimits(register_seconds=0.05)))
    assert inner.cancelled
    assert sent[-1] == {"type": "websocket.close", "code": 1008}


def test_after_registering_only_allowed_updates_reach_flet_and_a_disconnect_ends_it_normally():
    inner, _ = asyncio.run(run([ws(REGISTER), ws(STYLE), ws(VALUE), {"type": "websocket.disconnect", "code": 1000}]))
    assert inner.seen == [REGISTER, VALUE]
    assert not inner.cancelled


def test_a_flood_past_the_rate_closes_the_connection():
    inner, sent = asyncio.run(run([ws(REGISTER)] + [ws(VALUE)] * 50, SocketLimits(rate=1, burst=10)))
    assert len(inner.seen) == 10
    assert {"type": "websocket.close", "code": 1008} in sent


def test_other_requests_pass_untouched():
    async def app(scope, receive, send):
        calls.append(scope["path"])
    calls: list = []
    asyncio.run(WebSocketGuard(app)({"type": "http", "path": "/api/health"}, None, None))
    assert calls == ["/api/health"]
