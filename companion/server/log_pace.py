"""Logs that a stranger cannot fill: what unauthenticated or malformed requests cause is paced.

Every malformed request wrote a line (uvicorn's "Invalid HTTP request received.", a websocket
that broke the protocol, a request for an unknown host name): one client sent 300 KB of log a
second. Here each kind of such line (its format string) is written once per interval; the
ones held back are counted, so the log still shows that it happens and how often, in a line
per interval instead of a line each.

The count is written when its interval closes, on a timer on the event loop (the loggers paced
here log from the loop), or at shutdown: were it left for the next line of its kind, a burst
that is the last thing to happen would never be counted. When the next line comes first it
carries the count itself.
"""
from __future__ import annotations

import asyncio
import logging
import threading
import time
from dataclasses import dataclass
from typing import Callable

EVERY_SECONDS = 10.0
# Loggers whose lines a request with no key, a wrong one or a broken one can cause.
LOGGERS = ("uvicorn.error", "companion.server.known_hosts", "companion.server.ws_guard",
           "companion.server.connections")
# later(delay, close): run `close` in `delay` seconds; False when it cannot (then the next line
# of the kind, or the shutdown's flush, writes the count).
Later = Callable[[float, Callable[[], None]], bool]


def on_the_loop(delay: float, close: Callable[[], None]) -> bool:
    """A timer on the running event loop: no thread of its own, nothing runs while nothing is held."""
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        return False
    loop.call_later(delay, close)
    return True


@dataclass
class _Kind:
    written: float  # when its interval began (its last line was written)
    held: int = 0
    logger: str = ""  # the last held record's logger, level and arguments: the count line's own
    level: int = logging.WARNING
    args: tuple | dict = ()
    timed: bool = False  # a timer will close the interval


class Paced(logging.Filter):
    """Lets the first record of each kind through per `every` seconds and counts the others."""

    def __init__(self, every: float = EVERY_SECONDS, clock: Callable[[], float] = time.monotonic,
                 later: Later = on_the_loop) -> None:
        super().__init__()
        self.every, self.clock, self.later = every, clock, later
        self._kinds: dict[str, _Kind] = {}  # format string -> its interval
        self._lock = threading.Lock()

    def filter(self, record: logging.LogRecord) -> bool:
        if getattr(record, "paced_count", False):  # a count line written by close()
            return True
        kind, now = str(record.msg), self.clock()
        with self._lock:
            seen = self._kinds.get(kind)
            if seen is not None and now - seen.written < self.every:
                seen.held += 1
                seen.logger, seen.level, seen.args = record.name, record.levelno, record.args or ()
                if not seen.timed:
                    seen.timed = self.later(seen.written + self.every - now, lambda: self.close(kind))
                return False
            if len(self._kinds) > 256:  # format strings are few; this only bounds a surprise
                self._kinds.clear()
            self._kinds[kind] = _Kind(now)
        if seen is not None and seen.held:
            record.msg = f"{kind} (and {seen.held} more like it in the last {now - seen.written:.0f} s)"
        return True

    def close(self, kind: str) -> None:
        """End the interval of `kind`: a line counting what it held back, if anything; the next
        interval starts now, so a flood that goes on writes one count line per interval."""
        now = self.clock()
        with self._lock:
            seen = self._kinds.get(kind)
            if seen is None:
                return
            seen.timed = False
            if not seen.held:
                return
            held, since = seen.held, seen.written
            seen.held, seen.written = 0, now
        logger = logging.getLogger(seen.logger)
        line = logger.makeRecord(seen.logger, seen.level, __file__, 0,
                                 f"{kind} ({held} like it held back in the last {now - since:.0f} s)", seen.args, None)
        line.paced_count = True
        logger.handle(line)

    def flush(self) -> None:
        """At shutdown: every count still held is written."""
        with self._lock:
            kinds = list(self._kinds)
        for kind in kinds:
            self.close(kind)


def install(every: float = EVERY_SECONDS) -> Paced:
    """Pace the lines of LOGGERS (one filter, shared)."""
    paced = Paced(every)
    for name in LOGGERS:
        logging.getLogger(name).addFilter(paced)
    return paced
