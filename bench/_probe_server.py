"""The real server, plus one bench-only route that reports what the process holds.

Run by bench/sessions.py: python bench/_probe_server.py <data-dir> <port>. Bound to
127.0.0.1 only. `GET /bench/probe` collects garbage, then answers the resident memory,
the event loop's tasks, the hub's listeners and how many session, page and websocket
objects are still alive (counted by class name over gc's objects).
"""
from __future__ import annotations

import asyncio
import collections
import gc
import os
import sys
from pathlib import Path

import psutil
import uvicorn
from fastapi.routing import APIRoute

os.environ.setdefault("FLET_WEB_NO_CDN", "1")
from companion.server import build_app  # noqa: E402  (Flet reads its env at import)

KINDS = {("flet.messaging.session", "Session"): "flet_sessions", ("flet.controls.page", "Page"): "pages",
         ("companion.ui.app", "Session"): "app_sessions", ("starlette.websockets", "WebSocket"): "websockets",
         ("companion.ui.context", "UI"): "uis"}


def main() -> None:
    data_dir, port = Path(sys.argv[1]), int(sys.argv[2])
    app, info = build_app(data_dir, f"http://127.0.0.1:{port}")
    me = psutil.Process()

    async def probe(types: int = 0, trim: int = 0) -> dict:
        """`types`: also the that many most numerous object types (to find what is left behind)."""
        gc.collect()
        if trim:
            import ctypes
            ctypes.CDLL("libc.so.6").malloc_trim(0)
        counts: collections.Counter = collections.Counter()
        every: collections.Counter = collections.Counter()
        for obj in gc.get_objects():
            kind = KINDS.get((type(obj).__module__, type(obj).__name__))
            if kind:
                counts[kind] += 1
            if types:
                every[f"{type(obj).__module__}.{type(obj).__qualname__}"] += 1
        return {"types": dict(every.most_common(types)), "objects": len(gc.get_objects()),"rss_mb": round(me.memory_info().rss / 2**20, 1), "tasks": len(asyncio.all_tasks()),
                "listeners": info.hub.listener_count(), "fds": me.num_fds(),
                **{kind: counts[kind] for kind in KINDS.values()}}

    app.router.routes.insert(0, APIRoute("/bench/probe", probe, methods=["GET"]))
    uvicorn.run(app, host="127.0.0.1", port=port, log_level="warning", ws_ping_interval=20, ws_ping_timeout=20)


if __name__ == "__main__":
    main()
