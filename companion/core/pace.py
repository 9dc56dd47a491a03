"""A fair share per device: at most so many changes a second from one key, short bursts allowed.

One seat's key sent 50 changes a second for a minute and every one was saved: the table
grew by 3,000 events and every other phone's updates came five times slower. A token
bucket per device key (or per client address, for a request that carries no key) bounds
that: `burst` changes at once, then `rate` a second sustained. A player's taps never come
near it; a script or a stuck button does, and is told how long to wait.
"""
from __future__ import annotations

import threading
import time
from typing import Callable, Hashable

RATE = 20.0  # changes a second, sustained, from one key
BURST = 40  # changes at once after a pause: a fast player's run of taps, or a retry of a few


class Pace:
    """Token buckets, one per device; safe from any thread. `clock` is monotonic seconds (tests move it)."""

    def __init__(self, rate: float = RATE, burst: int = BURST, clock: Callable[[], float] = time.monotonic,
                 kept: int = 4096) -> None:
        """`kept`: buckets held at once; past it, the full ones (their device idle) are let go."""
        self.rate, self.burst, self.clock, self.kept = rate, burst, clock, kept
        self._lock = threading.Lock()
        self._buckets: dict[Hashable, tuple[float, float]] = {}  # who -> (tokens, when counted)

    def take(self, who: Hashable) -> float:
        """Spend one change for `who`: 0.0 when it may go ahead, else the seconds until it may."""
        now = self.clock()
        with self._lock:
            tokens, then = self._buckets.get(who, (float(self.burst), now))
            tokens = min(float(self.burst), tokens + (now - then) * self.rate)
            if tokens < 1.0:
                self._buckets[who] = (tokens, now)
                return (1.0 - tokens) / self.rate
            self._buckets[who] = (tokens - 1.0, now)
            if len(self._buckets) > self.kept:
                self._let_go(now)
            return 0.0

    def _let_go(self, now: float) -> None:
        """Buckets that have filled up again hold nothing a new one would not: drop them."""
        full = [who for who, (tokens, then) in self._buckets.items()
                if tokens + (now - then) * self.rate >= self.burst]
        for who in full:
            del self._buckets[who]


def device(table_id: str, role: str, seat: str | None) -> tuple:
    """The bucket of one device key: the tablet's, a spectator's or one seat's key of one table."""
    return ("key", table_id, role, seat)


def address(host: str | None) -> tuple:
    """The bucket of a request that carries no device key (creating a table)."""
    return ("address", host or "")
