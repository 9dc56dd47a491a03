"""Slow work for one device (a rules search, battle odds, an export) in a worker thread, waited on for a bounded time.

Handlers and renders run on the event loop every device shares: a search that
took seconds there froze every other screen for as long. A worker thread keeps
the loop free, and the bound keeps a device from waiting on (or stacking up)
work that went wrong; the length bounds on what a device types keep the work
itself short. The workers are few and this work's own: the table's writes run
on the loop's default threads, so a device asking for slow answers one after
another waits behind its own questions, never in front of anyone's Glory.
"""
from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from typing import Callable, TypeVar

from companion.core.model import RuleError

T = TypeVar("T")
WORK_SECONDS = 3.0
WORKERS = ThreadPoolExecutor(max_workers=2, thread_name_prefix="slow-work")


async def off_loop(work: Callable[..., T], *args: object, seconds: float = WORK_SECONDS) -> T:
    """`work(*args)` in a worker; RuleError("limits.too_slow") once it has waited `seconds` (work
    still queued then never starts; work already running finishes in its thread, unread)."""
    global _waiting
    future = asyncio.get_running_loop().run_in_executor(WORKERS, work, *args)
    _waiting += 1
    try:
        return await asyncio.wait_for(future, seconds)
    except asyncio.TimeoutError:
        raise RuleError("limits.too_slow") from None
    finally:
        _waiting -= 1


_waiting = 0  # devices waiting on slow work now: only the event loop's thread counts it


def waiting() -> int:
    """How many waits on slow work are under way: a test waits until a screen has its answers."""
    return _waiting
