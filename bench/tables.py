"""A tablet that keeps every play for years (issue 29): 10,000 saved tables.

Makes N tables (Score pads of two to four players, a few events each, one in
three finished) through the hub itself, in memory (/dev/shm), and copies the
folder to disk; then starts the real server on it (127.0.0.1 only) and reads:
the time from launch to the first answer of /api/health, the server's open files,
/api/health latency, the time for a tablet to get the start screen's first page
over Flet's protocol (a websocket client, as in bench/fanout.py), and events
on tables picked at random (their status and latency). Then it starts again with
the saved-tables index deleted, to time its rebuild from the files.

Run from the repository root: python bench/tables.py [--tables 10000]
Targets: start < 5 s, open files < 100, /api/health p95 < 20 ms, first page < 1 s,
every event 200.
"""
from __future__ import annotations

import argparse
import asyncio
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
import msgpack
import psutil
from websockets.asyncio.client import connect

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "e2e"))
from drive import _free_port  # noqa: E402

from companion.core.hub import Hub  # noqa: E402
from companion.core.index import FILE  # noqa: E402
from companion.games.registry import GAMES  # noqa: E402

REGISTER, PATCH, INVOKE = 1, 2, 5
NAMES = ["Ana", "Bia", "Caio", "Dora", "Eva", "Fay", "Gil", "Hugo", "Iris", "Joao", "Lia", "Mel"]


def make_tables(data: Path, count: int) -> dict[str, tuple[str, str, bool]]:
    """`count` tables made by the hub; returns table id -> (host token, first seat, finished)."""
    hub = Hub(data, GAMES)
    rng = random.Random(29)
    tokens = {}
    for n in range(count):
        players = rng.sample(NAMES, rng.randint(2, 4))
        live = hub.create("scorepad", {"players": players})
        host = hub.join(live.table.id, live.table.host_token)[1]
        for _ in range(rng.randint(1, 4)):
            live.dispatch({"type": "points.add", "player": live.table.seats[rng.randrange(len(players))].id,
                           "amount": rng.randint(1, 9)}, host)
        if n % 3 == 0:
            live.dispatch({"type": "game.end", "from_step": live.step}, host)
        tokens[live.table.id] = (live.table.host_token, live.table.seats[0].id, n % 3 == 0)
        if n % 1000 == 999:
            print(f"  made {n + 1} tables", flush=True)
    hub.index.close()
    return tokens


def p95(samples: list[float]) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


class Running:
    def __init__(self, data: Path) -> None:
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.started = time.perf_counter()
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "companion", "--host", "127.0.0.1", "--port", str(self.port),
             "--data-dir", str(data), "--quiet"], stdout=subprocess.DEVNULL, stderr=open(data.parent / "server.log", "ab"))
        self.ps = psutil.Process(self.proc.pid)

    def wait_up(self) -> float:
        while True:
            try:
                httpx.get(f"{self.url}/api/health", timeout=1).raise_for_status()
                return time.perf_counter() - self.started
            except httpx.HTTPError:
                if time.perf_counter() - self.started > 120:
                    raise RuntimeError("the server did not start")
                time.sleep(0.02)

    def stop(self) -> None:
        self.proc.terminate()
        self.proc.wait(timeout=30)


async def first_page(port: int, admin: str) -> float:
    """A tablet opens the start screen: seconds until the saved tables' first page arrives."""
    began = time.perf_counter()
    async with connect(f"ws://127.0.0.1:{port}/ws", max_size=None, compression=None, open_timeout=60) as ws:
        page = {"route": f"/?admin={admin}", "width": 1280, "height": 800, "web": True, "platform": "linux"}
        await ws.send(b"\x00" + msgpack.packb([REGISTER, {"session_id": "", "page_name": "", "page": page}]))
        async with asyncio.timeout(60):
            async for data in ws:
                action = data[2] if data[:1] == b"\x00" else -1
                if action == INVOKE:
                    body = msgpack.unpackb(data[1:], strict_map_key=False)[1]
                    await ws.send(b"\x00" + msgpack.packb([INVOKE, {"control_id": body["control_id"],
                                                                    "call_id": body["call_id"],
                                                                    "result": None, "error": None}]))
                elif b"tables-shown" in data:  # the paging line: the first page is there
                    return time.perf_counter() - began
    raise RuntimeError("no start screen")


def measure(server: Running, admin: str, tokens: dict[str, tuple[str, str, bool]], label: str) -> None:
    up = server.wait_up()
    cpu = server.ps.cpu_times()
    fds_up = server.ps.num_fds()
    with httpx.Client(base_url=server.url, timeout=30) as http:
        health = []
        for _ in range(200):
            began = time.perf_counter()
            answer = http.get("/api/health")
            health.append((time.perf_counter() - began) * 1000)
        counts = answer.json()
        page = [asyncio.run(first_page(server.port, admin)) for _ in range(3)]
        picked = random.Random(label).sample(sorted(tokens), min(200, len(tokens)))
        statuses, took = [], []
        for table_id in picked:
            began = time.perf_counter()
            token, seat, finished = tokens[table_id]
            if finished:  # a finished pad takes no points: the tablet takes its end back
                r = http.post(f"/api/tables/{table_id}/undo", params={"k": token})
            else:
                r = http.post(f"/api/tables/{table_id}/events", params={"k": token},
                              json={"type": "points.add", "player": seat, "amount": 1})
            took.append((time.perf_counter() - began) * 1000)
            statuses.append(r.status_code)
        fds_after = server.ps.num_fds()
    ok = statuses.count(200)
    print(f"{label}: start {up:.2f} s (server CPU {cpu.user + cpu.system:.2f} s); tables {counts['tables']} (damaged {counts['damaged']}); "
          f"open files {fds_up} at start, {fds_after} after {len(picked)} tables were changed; "
          f"/api/health median {statistics.median(health):.1f} ms, p95 {p95(health):.1f} ms; "
          f"start screen first page {min(page):.2f}-{max(page):.2f} s (3 tablets); "
          f"events {ok}/{len(statuses)} answered 200, median {statistics.median(took):.1f} ms, "
          f"p95 {p95(took):.1f} ms; server RSS {server.ps.memory_info().rss / 2**20:.0f} MB", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tables", type=int, default=10_000)
    args = parser.parse_args()
    shm = Path("/dev/shm") if os.access("/dev/shm", os.W_OK) else None
    with tempfile.TemporaryDirectory(dir=shm) as quick, tempfile.TemporaryDirectory() as tmp:
        began = time.perf_counter()
        tokens = make_tables(Path(quick) / "data", args.tables)
        data = Path(tmp) / "data"
        shutil.copytree(Path(quick) / "data", data)
        print(f"# {args.tables} saved tables made in {time.perf_counter() - began:.0f} s; the data folder on disk; "
              f"a shared, busy 2-core machine; everything on 127.0.0.1", flush=True)
        empty = Running(Path(tmp) / "empty")
        try:
            up = empty.wait_up()
            cpu = empty.ps.cpu_times()
            print(f"empty data folder (baseline, same run): start {up:.2f} s (server CPU {cpu.user + cpu.system:.2f} s); "
                  f"open files {empty.ps.num_fds()}", flush=True)
        finally:
            empty.stop()
        admin = ""
        server = Running(data)
        try:
            admin = admin or server.wait_up() and (data / "admin.txt").read_text().strip()
            measure(server, admin, tokens, "with its index")
        finally:
            server.stop()
        for path in data.glob(f"{FILE}*"):
            path.unlink()
        server = Running(data)
        try:
            measure(server, admin, tokens, "index deleted (rebuilt at start)")
        finally:
            server.stop()


if __name__ == "__main__":
    main()
