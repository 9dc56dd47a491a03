"""The server takes what start-up built out of the cyclic collector's sight before it answers
(companion/server/serving.py `settle_heap`; bench/gc_pause.py measures the pauses this shortens)."""
from __future__ import annotations

import gc
import weakref

import uvicorn

from companion.server import serving


class _Node:
    """A reference cycle: only the cyclic collector frees it."""

    def __init__(self) -> None:
        self.me = self


def test_serve_freezes_start_up_and_drops_its_garbage_first(monkeypatch):
    seen: dict[str, object] = {}

    def run(self) -> None:  # where uvicorn would start answering
        seen["frozen"] = gc.get_freeze_count()
        seen["tracked"] = any(o is kept for o in gc.get_objects())

    monkeypatch.setattr(uvicorn.Server, "run", run)
    kept = [[]]  # built at start-up and kept: frozen
    dead = weakref.ref(_Node())  # start-up's garbage: collected, not frozen for good
    try:
        serving.serve(object(), "127.0.0.1", 0)
        assert seen["frozen"] > 0
        assert seen["tracked"] is False
        assert dead() is None
    finally:
        gc.unfreeze()
