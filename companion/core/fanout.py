"""Who watches a live table, and when they are told of a change.

A subscriber is told only that something changed, after the change is in the log and
outside the table's lock, so a slow screen holds up no writer. A broken screen must not
stop the others. The JSON API may hold the telling back until its answer is worded
(`answering`), so the screens' renders never compete with that answer for the interpreter.
"""
from __future__ import annotations

import logging
import threading
from contextlib import contextmanager
from typing import Callable, Iterator

log = logging.getLogger(__name__)

Listener = Callable[[], None]


class Fanout:
    """One table's listeners. `publish` is the table's own telling of a change (it calls `tell`),
    run once on leaving the outermost `answering` when a change was held back inside it."""

    def __init__(self, lock: threading.RLock, publish: Callable[[], None]) -> None:
        self._lock = lock
        self._publish = publish
        self._listeners: dict[int, Listener] = {}
        self._next = 0
        self._held = threading.local()

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Call `listener` after every change; returns the function that stops it."""
        with self._lock:
            key = self._next
            self._next += 1
            self._listeners[key] = listener

        def unsubscribe() -> None:
            with self._lock:
                self._listeners.pop(key, None)

        return unsubscribe

    @property
    def count(self) -> int:
        with self._lock:
            return len(self._listeners)

    @contextmanager
    def answering(self) -> Iterator[None]:
        """Changes made inside (on this thread) are published on leaving, not at once."""
        depth = getattr(self._held, "depth", 0)
        self._held.depth = depth + 1
        try:
            yield
        finally:
            self._held.depth = depth
            if depth == 0 and getattr(self._held, "pending", False):
                self._held.pending = False
                self._publish()

    def holding(self) -> bool:
        """Whether this thread is inside `answering`: the change is then told on leaving it."""
        if getattr(self._held, "depth", 0):
            self._held.pending = True
            return True
        return False

    def tell(self, table_id: str) -> None:
        """Every listener, each on its own: one that fails is logged and the rest are still told."""
        with self._lock:
            listeners = list(self._listeners.values())
        for listener in listeners:
            try:
                listener()
            except Exception:  # one broken screen must not stop the others
                log.exception("table %s: a listener failed", table_id)
