"""Flet's websocket, wrapped at the ASGI level: a deadline to register, checked frames, a rate,
everything released at once when a connection ends before it registered, and its session
told when the socket ends (companion/server/socket_watch.py).

Flet 1.0.5's handler ends its send loop only once a session exists: a websocket
that closed before its first message, or sent a malformed one, kept two tasks and
about 90 KB forever (400 such connections left 805 tasks). Here the handler runs
as a task of ours; if the connection ends, or breaks a rule, before a registration
reached Flet, that task is cancelled, which ends its send loop too.

The size of one message (after decompression) is uvicorn's `ws_max_size`
(companion/server/serving.py): the websocket library refuses anything larger before
inflating it, so no message costs more than inflating and checking that much.
"""
from __future__ import annotations

import asyncio
import logging
import time
from dataclasses import dataclass
from typing import Any, Awaitable, Callable

from companion.server import device_frames, socket_watch
from companion.server.device_frames import Verdict

log = logging.getLogger(__name__)

Scope = dict[str, Any]
Message = dict[str, Any]
ASGIApp = Callable[[Scope, Callable[[], Awaitable[Message]], Callable[[Message], Awaitable[None]]], Awaitable[None]]
POLICY_VIOLATION = 1008


@dataclass(frozen=True)
class SocketLimits:
    """`register_seconds`: from opening the websocket to its registration; `rate` messages a second
    on average with bursts of `burst` (typing sends two a key, a tap one)."""

    register_seconds: float = 10.0
    rate: float = 60.0
    burst: int = 300


class WebSocketGuard:
    """ASGI middleware for Flet's websocket endpoint (`…/ws`); everything else passes untouched."""

    def __init__(self, app: ASGIApp, limits: SocketLimits = SocketLimits()) -> None:
        self.app = app
        self.limits = limits

    async def __call__(self, scope: Scope, receive: Callable[[], Awaitable[Message]],
                       send: Callable[[Message], Awaitable[None]]) -> None:
        if scope["type"] != "websocket" or not scope["path"].endswith("/ws"):
            await self.app(scope, receive, send)
            return
        await _Connection(self.app, self.limits, scope, receive, send).run()


class _Connection:
    """One websocket: hands Flet only checked frames and ends Flet's handler if it cannot end by itself."""

    def __init__(self, app: ASGIApp, limits: SocketLimits, scope: Scope,
                 receive: Callable[[], Awaitable[Message]], send: Callable[[Message], Awaitable[None]]) -> None:
        self.app, self.limits, self.scope = app, limits, scope
        self._receive, self._send = receive, send
        self.registered = False
        self.accepted = self.closed = False
        self._gone = asyncio.Event()  # the connection ended (or must end) before registering
        self._tokens = float(limits.burst)
        self._refilled = time.monotonic()

    async def run(self) -> None:
        watch, token = socket_watch.watching()  # the handler's task starts inside it
        try:
            await self._serve()
        finally:
            socket_watch.end(watch, token)

    async def _serve(self) -> None:
        handler = asyncio.create_task(self.app(self.scope, self.receive, self.send))
        gone = asyncio.create_task(self._gone.wait())
        try:
            await asyncio.wait({handler, gone}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            gone.cancel()
            if not handler.done():
                handler.cancel()  # unregistered: no session to close, nothing else would end it
                await asyncio.gather(handler, return_exceptions=True)
        if handler.done() and not handler.cancelled() and handler.exception() is not None:
            log.debug("websocket handler ended with %r", handler.exception())
        await self._close()

    async def send(self, message: Message) -> None:
        if message["type"] == "websocket.accept":
            self.accepted = True
        elif message["type"] == "websocket.close":
            self.closed = True
        await self._send(message)

    async def receive(self) -> Message:
        while True:
            message = await self._next()
            if message["type"] == "websocket.disconnect":
                self._end_if_unregistered()
                return message
            if message["type"] != "websocket.receive":
                return message
            verdict, action = device_frames.check(message.get("bytes"), self.registered)
            if not self._within_rate():
                verdict = Verdict.CLOSE
            if verdict is Verdict.PASS:
                self.registered = self.registered or action == device_frames.REGISTER
                return message
            if verdict is Verdict.DROP:
                log.info("websocket: dropped a message a screen never sends (action %s)", action)
                continue
            log.info("websocket: closing a connection that broke the protocol or the rate (action %s)", action)
            await self._close(POLICY_VIOLATION)
            self._end_if_unregistered()
            return {"type": "websocket.disconnect", "code": POLICY_VIOLATION}

    async def _next(self) -> Message:
        """The next ASGI message; before registration, only as long as registering may take."""
        if self.registered or not self.accepted:
            return await self._receive()
        try:
            return await asyncio.wait_for(self._receive(), self.limits.register_seconds)
        except asyncio.TimeoutError:
            await self._close(POLICY_VIOLATION)
            return {"type": "websocket.disconnect", "code": POLICY_VIOLATION}

    def _within_rate(self) -> bool:
        now = time.monotonic()
        self._tokens = min(self.limits.burst, self._tokens + (now - self._refilled) * self.limits.rate)
        self._refilled = now
        if self._tokens < 1:
            return False
        self._tokens -= 1
        return True

    def _end_if_unregistered(self) -> None:
        if not self.registered:
            self._gone.set()

    async def _close(self, code: int = 1000) -> None:
        if self.accepted and not self.closed:
            self.closed = True
            try:
                await self._send({"type": "websocket.close", "code": code})
            except Exception:  # noqa: BLE001 - the socket is already gone; nothing left to tell
                pass
