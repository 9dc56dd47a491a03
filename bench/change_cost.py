"""A change costs the same at event 2,000 as at event 20 (issue 29).

Starts the real server (127.0.0.1 only), makes Kleos tables and brings them to
10, 20 and 2,000 events (Glory changes through the JSON API), then times 300 more
changes on each, round after round (fresh short tables each round): the server's CPU per change (user + system of its process over
the changes, read through psutil), the API's latency and the answer's size.

Run from the repository root: python bench/change_cost.py [--long 2000] [--changes 300] [--rounds 5]
Target: CPU and answer size at 2,000 events within 1.5x of 20 events.
"""
from __future__ import annotations

import argparse
import os
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


def measure(http: httpx.Client, server: Running, table_id: str, host: str, changes: int) -> tuple[float, list, list]:
    """The server's CPU per change (ms), and each change's answer size and API latency."""
    sizes, took = [], []
    before = server.ps.cpu_times()
    for n in range(changes):
        began = time.perf_counter()
        r = glory(http, table_id, host, n)
        took.append((time.perf_counter() - began) * 1000)
        sizes.append(len(r.content))
    after = server.ps.cpu_times()
    return (after.user + after.system - before.user - before.system) / changes * 1000, sizes, took


def load() -> str:
    return " ".join(f"{n:.2f}" for n in os.getloadavg())


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--long", type=int, default=2000)
    parser.add_argument("--changes", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=5,
                        help="rounds over the tables, interleaved so that each ratio's two figures share the "
                             "machine's load of the moment")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        server = Running(Path(tmp) / "data")
        try:
            server.wait_up()
            with httpx.Client(base_url=server.url, timeout=60) as http:
                long_table = table_at(http, args.long)  # kept across rounds: it only grows
                print(f"# Kleos, {args.changes} Glory changes per table per round, {args.rounds} rounds, through the "
                      f"JSON API; a shared, busy 2-core machine (load average {load()}); 127.0.0.1")
                ratios = []
                for turn in range(1, args.rounds + 1):
                    rows = {}  # short tables are made afresh each round, so they stay short
                    tables = {10: table_at(http, 10), 20: table_at(http, 20), args.long: long_table}
                    for events, (table_id, host) in tables.items():
                        seq = http.get(f"/api/tables/{table_id}", params={"k": host}).json()["seq"]
                        cpu, sizes, took = measure(http, server, table_id, host, args.changes)
                        rows[events] = (cpu, statistics.median(sizes))
                        r = glory(http, table_id, host, 0)
                        print(f"  round {turn}, from event {seq:5d}: server CPU {cpu:5.2f} ms per change; answer "
                              f"{sizes[0]} bytes (median {statistics.median(sizes):.0f}); API median "
                              f"{statistics.median(took):.1f} ms, p95 {p95(took):.1f} ms; glory_log entries in the "
                              f"answer {len(r.json()['state']['glory_log'])}")
                    short, long = rows[20], rows[args.long]
                    ratios.append((long[0] / short[0], long[1] / short[1]))
                    print(f"  round {turn}: {args.long} vs 20 events: CPU {ratios[-1][0]:.2f}x, answer size "
                          f"{ratios[-1][1]:.2f}x; load average {load()}")
                print(f"  answer's state keys: {', '.join(sorted(r.json()['state']))}")
                cpu = sorted(x[0] for x in ratios)
                print(f"# {args.long} vs 20 events over {args.rounds} rounds: CPU median {statistics.median(cpu):.2f}x "
                      f"(min {cpu[0]:.2f}x, max {cpu[-1]:.2f}x); answer size median "
                      f"{statistics.median(x[1] for x in ratios):.2f}x; load average at the end {load()}")
        finally:
            server.stop()


if __name__ == "__main__":
    main()
