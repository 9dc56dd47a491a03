"""Slow work for one device (a rules search, a summary) in a worker thread, waited on for a bounded time.

Handlers and renders run on the event loop every device shares: a search that
took seconds there froze every other screen for as long. A worker thread keeps
the loop free, and the bound keeps a device from waiting on (or stacking up)
work that went wrong; the length bounds on what a device types keep the work
itself short.
"""
from __future__ import annotations

import asyncio
from typing import Callable, TypeVar

from companion.core.model import RuleError

T = TypeVar("T")
WORK_SECONDS = 3.0


async def off_loop(work: Callable[..., T], *args: object, seconds: float = WORK_SECONDS) -> T:
    """`work(*args)` in a thread; RuleError("limits.too_slow") once it has run `seconds`."""
    try:
        return await asyncio.wait_for(asyncio.to_thread(work, *args), seconds)
    except asyncio.TimeoutError:
        raise RuleError("limits.too_slow") from None
