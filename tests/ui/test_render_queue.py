"""The render queue (ui/render_queue.py): a change told to every device of a table from the
writer's thread wakes the event loop once, and each device is drawn once."""
from __future__ import annotations

import asyncio
import threading

from companion.ui.render_queue import RenderQueue


class CountingLoop:
    """The running loop, counting the wakes asked of it from other threads."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self.wakes = 0

    def call_soon_threadsafe(self, *args: object) -> asyncio.Handle:
        self.wakes += 1
        return self.loop.call_soon_threadsafe(*args)

    def create_task(self, coro: object) -> asyncio.Task:
        return self.loop.create_task(coro)


def _counted_queue() -> tuple[CountingLoop, RenderQueue]:
    loop = CountingLoop(asyncio.get_running_loop())
    return loop, RenderQueue(loop)  # type: ignore[arg-type]


async def _drawn(queue: RenderQueue) -> None:
    for _ in range(100):
        await asyncio.sleep(0)
        if queue.task is None and not queue.waiting:
            return


def test_a_burst_from_the_writers_thread_wakes_the_loop_once_and_draws_each_device_once() -> None:
    asyncio.run(_burst())


async def _burst() -> None:
    loop, queue = _counted_queue()
    drawn: list[int] = []
    devices = [object() for _ in range(10)]

    def render_of(n: int):
        async def render() -> None:
            drawn.append(n)
        return render

    def writer() -> None:  # a change tells every device, then a second change tells them again
        for _ in range(2):
            for n, device in enumerate(devices):
                queue.schedule(device, render_of(n))

    thread = threading.Thread(target=writer)
    thread.start()
    thread.join()  # the loop is held meanwhile, as it is while a busy writer tells every device
    await _drawn(queue)
    assert loop.wakes == 1
    assert drawn == list(range(10))


def test_a_device_told_while_the_others_are_drawn_is_drawn_again() -> None:
    asyncio.run(_told_again())


async def _told_again() -> None:
    loop, queue = _counted_queue()
    drawn: list[str] = []
    tablet, phone = object(), object()

    async def tablet_render() -> None:
        drawn.append("tablet")
        if drawn.count("tablet") == 1:  # another change arrives while the first is being drawn
            threading.Thread(target=queue.schedule, args=(tablet, tablet_render)).start()

    async def phone_render() -> None:
        drawn.append("phone")

    queue.schedule(tablet, tablet_render)
    queue.schedule(phone, phone_render)
    for _ in range(200):
        await asyncio.sleep(0.001)
        if drawn.count("tablet") == 2 and queue.task is None:
            break
    assert sorted(drawn) == ["phone", "tablet", "tablet"]
    assert loop.wakes == 2
