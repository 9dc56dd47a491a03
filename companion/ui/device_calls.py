"""Calls to a device's browser (its saved settings, its wake lock) that never wait for ever.

Flet waits for a device's answer until its session closes, and a call made after
that, or to a device that never answers, waits for good: the task making it, and
the session it holds, are never let go. Each call here gives up after
ANSWER_SECONDS, answers at once once the session has ended, and then returns the
default, as a browser without that setting would.
"""
from __future__ import annotations

import asyncio
import logging
from typing import Any, Awaitable, Callable, TypeVar

import flet as ft

log = logging.getLogger(__name__)

ANSWER_SECONDS = 10.0
T = TypeVar("T")


async def within(call: Awaitable[T], default: T, ended: Callable[[], bool]) -> T:
    """`call`'s answer, or `default` if the session has ended, the device is silent or refuses."""
    if ended():
        if asyncio.iscoroutine(call):
            call.close()  # never started: nothing to wait for
        return default
    try:
        return await asyncio.wait_for(call, ANSWER_SECONDS)
    except (TimeoutError, RuntimeError) as err:  # Flet: no answer in time, "Session closed", a client error
        log.info("a device did not answer: %s", err or type(err).__name__)
        return default


class Prefs:
    """The device's saved settings (`ft.SharedPreferences`), read and written `within` bounds."""

    def __init__(self, ended: Callable[[], bool]) -> None:
        self._prefs = ft.SharedPreferences()
        self._ended = ended

    async def get(self, key: str) -> Any:
        return await within(self._prefs.get(key), None, self._ended)

    async def set(self, key: str, value: Any) -> bool:
        return await within(self._prefs.set(key, value), False, self._ended)
