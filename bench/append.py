"""How long one saved event takes as a table's log grows (issue #15).

Dispatches 2,000 Score pad events through the hub (validation, reducer, the
durable append with fsync) on a table in a temporary folder, and prints the
p50/p95 of the first 200 and the last 200. Targets: p95 under 5 ms at 2,000
events, and the last 200's p95 within 1.5x of the first 200's.
Run: python bench/append.py [--events 2000] [--dir /path/on/the/disk/to/measure]
"""
from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from pathlib import Path

from companion.core.access import Access
from companion.core.hub import Hub
from companion.games.registry import GAMES


def p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20)[-1]


def run(events: int, folder: Path) -> tuple[list[float], list[float]]:
    """Per append: the whole dispatch, and the part spent waiting for the disk (fdatasync) in ms."""
    live = Hub(folder, GAMES).create("scorepad", {"players": ["Ana", "Bia"]})
    host = Access("host")
    took: list[float] = []
    synced: list[float] = []
    real_sync = os.fdatasync

    def timed_sync(fd: int) -> None:
        started = time.perf_counter()
        real_sync(fd)
        synced.append((time.perf_counter() - started) * 1000)

    os.fdatasync = timed_sync
    for i in range(events):
        command = {"type": "points.add", "player": "ana" if i % 2 else "bia", "amount": 1 + i % 7,
                   "reason": "round bonus", "client_id": f"bench-{i}"}
        started = time.perf_counter()
        live.dispatch(command, host)
        took.append((time.perf_counter() - started) * 1000)
    os.fdatasync = real_sync
    return took, synced


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=2000)
    parser.add_argument("--dir", type=Path, default=None, help="where to write (default: a temporary folder)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(dir=args.dir) as tmp:
        took, synced = run(args.events, Path(tmp))
    own = [t - s for t, s in zip(took, synced[-len(took):])]
    first, last = took[:200], took[-200:]
    ratio = p95(last) / p95(first)
    print(f"appends: {args.events}")
    for name, part in (("first 200", slice(0, 200)), ("last 200", slice(-200, None))):
        print(f"{name:9}: p50 {statistics.median(took[part]):.2f} ms  p95 {p95(took[part]):.2f} ms   "
              f"(without the wait for the disk: p50 {statistics.median(own[part]):.2f} ms  "
              f"p95 {p95(own[part]):.2f} ms)")
    print(f"last/first p95: {ratio:.2f}x (target <= 1.5x); last p95 target < 5 ms: "
          f"{'met' if p95(last) < 5 and ratio <= 1.5 else 'NOT met'}")


if __name__ == "__main__":
    main()
