"""A change costs the same at event 2,000 as at event 20 (issue 29).

Starts the real server (127.0.0.1 only), makes Kleos tables and brings them to
10, 20 and 2,000 events (Glory changes through the JSON API), then times 300 more
changes on each: the server's CPU per change (user + system of its process over
the changes, read through psutil), the API's latency and the answer's size.

Run from the repository root: python bench/change_cost.py [--long 2000] [--changes 300]
Target: CPU and answer size at 2,000 events within 1.5x of 20 events.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))
from tables import Running, p95  # noqa: E402

GODS = ["ares", "artemis", "athena", "hermes", "dionysus"]


def table_at(http: httpx.Client, events: int) -> tuple[str, str]:
    made = http.post("/api/tables", json={"game": "kleos", "options": {"players": GODS}}).json()
    host = made["host_token"]
    step = http.get(f"/api/tables/{made['id']}", params={"k": host}).json()["step"]
    for _ in range(3):  # setup, deployment, daybreak: to the day's play, where Glory moves
        moved = http.post(f"/api/tables/{made['id']}/events", params={"k": host},
                          json={"type": "phase.next", "from_step": step})
        step = moved.raise_for_status().json()["step"]
    for n in range(events - 3):
        glory(http, made["id"], host, n)
    return made["id"], host


def glory(http: httpx.Client, table_id: str, host: str, n: int) -> httpx.Response:
    r = http.post(f"/api/tables/{table_id}/events", params={"k": host},
                  json={"type": "glory.add", "player": GODS[n % len(GODS)], "reason": "kill"})
    r.raise_for_status()
    return r


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--long", type=int, default=2000)
    parser.add_argument("--changes", type=int, default=300)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        server = Running(Path(tmp) / "data")
        try:
            server.wait_up()
            with httpx.Client(base_url=server.url, timeout=60) as http:
                tables = {n: table_at(http, n) for n in (10, 20, args.long)}
                print(f"# Kleos, {args.changes} Glory changes per table through the JSON API; "
                      "a shared, busy 2-core machine; 127.0.0.1")
                rows = {}
                for events, (table_id, host) in tables.items():
                    seq = http.get(f"/api/tables/{table_id}", params={"k": host}).json()["seq"]
                    sizes, took = [], []
                    before = server.ps.cpu_times()
                    for n in range(args.changes):
                        began = time.perf_counter()
                        r = glory(http, table_id, host, n)
                        took.append((time.perf_counter() - began) * 1000)
                        sizes.append(len(r.content))
                    after = server.ps.cpu_times()
                    cpu = (after.user + after.system - before.user - before.system) / args.changes * 1000
                    rows[events] = (cpu, statistics.median(sizes))
                    keys = sorted(r.json()["state"])
                    print(f"  at event {seq:5d}: server CPU {cpu:5.2f} ms per change; answer {sizes[0]} bytes "
                          f"(median {statistics.median(sizes):.0f}); API median {statistics.median(took):.1f} ms, "
                          f"p95 {p95(took):.1f} ms; glory_log entries in the answer "
                          f"{len(r.json()['state']['glory_log'])}")
                print(f"  answer's state keys: {', '.join(keys)}")
                short, long = rows[20], rows[args.long]
                print(f"  {args.long} vs 20 events: CPU {long[0] / short[0]:.2f}x, answer size {long[1] / short[1]:.2f}x")
        finally:
            server.stop()


if __name__ == "__main__":
    main()
