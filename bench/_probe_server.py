"""The real server, plus one bench-only route that reports what the process holds.

Run by bench/sessions.py: python bench/_probe_server.py <data-dir> <port>. Bound to
127.0.0.1 only. `GET /bench/probe` collects garbage, then answers the resident memory,
the event loop's tasks, the hub's listeners and how many session, page and websocket
objects are still alive (counted by class name over gc's objects), and what Python's
small-object allocator holds (arenas, bytes in use, free bytes inside held arenas). With BENCH_TRACEMALLOC=<frames>
set, tracemalloc runs from the start and `GET /bench/trace` answers the allocation sites that
grew most since the last `GET /bench/trace?mark=1` (to find where memory goes, not just how much).
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
from companion.server.app import build_app  # noqa: E402  (Flet reads its env at import)

KINDS = {("flet.messaging.session", "Session"): "flet_sessions", ("flet.controls.page", "Page"): "pages",
         ("companion.ui.app", "Session"): "app_sessions", ("starlette.websockets", "WebSocket"): "websockets",
         ("companion.ui.context", "UI"): "uis"}


PYMALLOC = {"# arenas allocated current": "arenas", "# arenas highwater mark": "arenas_peak",
            "# bytes in allocated blocks": "used_mb", "# bytes in available blocks": "free_in_pools_mb"}


def pymalloc() -> dict:
    """Python's small-object allocator, from sys._debugmallocstats (written to fd 2 by C): its
    1 MiB arenas (an arena goes back to the system only once every block in it is free), the
    bytes in live blocks and the free blocks inside arenas still held. Empty under PYTHONMALLOC=malloc."""
    import tempfile
    with tempfile.TemporaryFile() as out:
        sys.stderr.flush()
        saved = os.dup(2)
        os.dup2(out.fileno(), 2)
        try:
            sys._debugmallocstats()
        finally:
            os.dup2(saved, 2)
            os.close(saved)
        out.seek(0)
        text = out.read().decode("utf-8", "replace")
    found = {}
    for row in text.splitlines():
        name, _, value = row.partition("=")
        if name.strip() in PYMALLOC:
            number = int(value.strip().replace(",", ""))
            found[PYMALLOC[name.strip()]] = round(number / 2**20, 1) if "bytes" in name else number
    return found


FRAMES = int(os.environ.get("BENCH_TRACEMALLOC", "0"))
if FRAMES:
    import tracemalloc
    tracemalloc.start(FRAMES)


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
                "listeners": info.hub.listener_count(), "fds": me.num_fds(), "threads": me.num_threads(),
                "pymalloc": pymalloc(),
                **{kind: counts[kind] for kind in KINDS.values()}}

    marked: list = []

    async def trace(mark: int = 0, top: int = 15) -> dict:
        """`mark`: take the baseline; otherwise the `top` sites grown since it, largest first."""
        gc.collect()
        now = tracemalloc.take_snapshot().filter_traces([tracemalloc.Filter(False, tracemalloc.__file__)])
        if mark or not marked:
            marked[:] = [now]
            return {"marked": True}
        grown = now.compare_to(marked[0], "traceback")
        ours: collections.Counter = collections.Counter()  # by the innermost line of our own code
        for stat in grown:
            frames = [f for f in stat.traceback if "/companion/" in f.filename and "/bench/" not in f.filename]
            where = f"{frames[0].filename.split('/companion/')[-1]}:{frames[0].lineno}" if frames else "(none of ours)"
            ours[where] += stat.size_diff
        return {"grown": [{"kb": round(stat.size_diff / 1024, 1), "count": stat.count_diff,
                           "where": stat.traceback.format()[-2 * FRAMES:]} for stat in grown[:top]],
                "ours": [{"kb": round(size / 1024, 1), "where": where} for where, size in ours.most_common(top)]}

    app.router.routes.insert(0, APIRoute("/bench/probe", probe, methods=["GET"]))
    if FRAMES:
        app.router.routes.insert(0, APIRoute("/bench/trace", trace, methods=["GET"]))
    uvicorn.run(app, host="127.0.0.1", port=port, log_level="warning", ws_ping_interval=20, ws_ping_timeout=20)


if __name__ == "__main__":
    main()
