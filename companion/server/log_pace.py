"""Logs that a stranger cannot fill: what unauthenticated or malformed requests cause is paced.

Every malformed request wrote a line (uvicorn's "Invalid HTTP request received.", a websocket
that broke the protocol, a request for an unknown host name): one client sent 300 KB of log a
second. Here each kind of such line (its format string) is written once per interval; the
ones held back are counted, and the next one written says how many there were, so the log
still shows that it happens and how often, in a line per interval instead of a line each.
"""
from __future__ import annotations

import logging
import time
from typing import Callable

EVERY_SECONDS = 10.0
# Loggers whose lines a request with no key, a wrong one or a broken one can cause.
LOGGERS = ("uvicorn.error", "companion.server.known_hosts", "companion.server.ws_guard",
           "companion.server.connections")


class Paced(logging.Filter):
    """Lets the first record of each kind through per `every` seconds and counts the others."""

    def __init__(self, every: float = EVERY_SECONDS, clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__()
        self.every, self.clock = every, clock
        self._kinds: dict[str, list[float | int]] = {}  # format string -> [when written, held back since]

    def filter(self, record: logging.LogRecord) -> bool:
        kind, now = str(record.msg), self.clock()
        seen = self._kinds.get(kind)
        if seen is not None and now - seen[0] < self.every:
            seen[1] += 1
            return False
        held = int(seen[1]) if seen is not None else 0
        if len(self._kinds) > 256:  # format strings are few; this only bounds a surprise
            self._kinds.clear()
        self._kinds[kind] = [now, 0]
        if held:
            record.msg = f"{kind} (and {held} more like it in the last {now - float(seen[0]):.0f} s)"  # type: ignore[index]
        return True


def install(every: float = EVERY_SECONDS) -> Paced:
    """Pace the lines of LOGGERS (one filter, shared)."""
    paced = Paced(every)
    for name in LOGGERS:
        logging.getLogger(name).addFilter(paced)
    return paced
