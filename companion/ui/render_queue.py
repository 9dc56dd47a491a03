"""One queue of renders per event loop: the devices a change must redraw take turns.

Hub listeners fire on the writer's thread, inside the API call or tap that made the change; each
device's render is queued here, and the loop answers that call and serves taps between two
devices' renders instead of running every render at once.
"""
from __future__ import annotations

import asyncio
import logging
import threading
from typing import Awaitable, Callable

log = logging.getLogger(__name__)


class RenderQueue:
    """Renders waiting sessions one at a time on the event loop, yielding between them.

    Hub listeners fire on the writer's thread, inside the API call. Queuing the
    renders here (instead of one task per session, all ready at once) lets the
    event loop answer that API call, and serve taps, between two sessions' renders.
    """

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self.waiting: dict[int, Callable[[], Awaitable[None]]] = {}
        self.task: asyncio.Task | None = None
        self._arrived: list[tuple[int, Callable[[], Awaitable[None]]]] = []  # from any thread, see schedule
        self._lock = threading.Lock()

    def schedule(self, owner: object, render: Callable[[], Awaitable[None]]) -> None:
        """Thread-safe; a session already waiting is not queued twice. A change tells every
        device of its table in a row, from the writer's thread: the first of them wakes the
        loop and the rest join it (a wake is a write to the loop's pipe and a turn of the loop,
        once per change instead of once per device)."""
        with self._lock:
            self._arrived.append((id(owner), render))
            if len(self._arrived) > 1:
                return
        try:
            self.loop.call_soon_threadsafe(self._take)
        except RuntimeError:  # the loop closed: nobody will take them
            with self._lock:
                self._arrived.clear()
            raise

    def _take(self) -> None:
        with self._lock:
            arrived, self._arrived = self._arrived, []
        for owner, render in arrived:
            self.waiting.setdefault(owner, render)
        if self.task is None and self.waiting:
            self.task = self.loop.create_task(self._drain())

    async def _drain(self) -> None:
        try:
            # No head start for the API call that published the change: it words its answer
            # before it publishes (LiveTable.answering), and sends it in the first turn below.
            while self.waiting:
                await asyncio.sleep(0)  # let an API answer or a tap through first
                owner = next(iter(self.waiting))
                render = self.waiting.pop(owner)
                try:
                    await render()
                except Exception:  # noqa: BLE001 - one broken screen must not stop the others
                    log.exception("a live render failed")
        finally:
            self.task = None


_queues: dict[asyncio.AbstractEventLoop, RenderQueue] = {}


def render_queue(loop: asyncio.AbstractEventLoop) -> RenderQueue:
    queue = _queues.get(loop)
    if queue is None:
        queue = _queues[loop] = RenderQueue(loop)
    return queue
