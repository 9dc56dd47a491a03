"""One seat floods the table with changes: how many are saved, and what the other devices feel (issue #43).

The real server, no browser: a Score pad of five seats, the tablet and three phones (seats that
neither flood nor score) watching through Flet's websocket protocol (bench/_phone.py). One seat
(`ana`) sends `--rate` changes a second through the JSON API for `--seconds`, each without waiting
for the one before (as a script or a stuck button would); meanwhile another seat (`bia`) scores
`--changes` times, and each watching device's update is timed from bia's API call to the first
frame that carries bia's new score. The same bia changes without the flood give the baseline.

Printed: ana's saved changes a second (answers 200) and her refusals (429), and the watchers'
update p95 with and without the flood. Ana's changes alternate +1 and -1 so her own score never
reads like bia's (which starts at 10).

Run from the repository root: python bench/flood.py [--rate 50] [--seconds 20] [--changes 20]
"""
from __future__ import annotations

import argparse
import asyncio
import http.client
import json
import multiprocessing
import statistics
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path

import httpx

sys.path[:0] = [str(Path(__file__).resolve().parent), str(Path(__file__).resolve().parent.parent / "tests" / "e2e")]
import msgpack  # noqa: E402
from _phone import INVOKE, MANY_SESSIONS, PHONE, TABLET, Phone, draws_page  # noqa: E402
from drive import Server  # noqa: E402
from fanout import p95  # noqa: E402

BURST = 40  # the changes one key may send at once (companion/core/pace.py)
PLAYERS = ["ana", "bia", "caio", "dora", "eva"]
WATCHERS = ["caio", "dora", "eva"]  # the seats whose phones watch, besides the tablet


def needle(score: int) -> bytes:
    """`score` as a screen's text, msgpack-encoded (a fixstr)."""
    text = str(score).encode()
    return bytes([0xA0 | len(text)]) + text


class Watching(Phone):
    """A phone that keeps each frame's bytes too, to find the one that shows a change."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.raw: list[tuple[float, bytes]] = []

    async def _receive(self) -> None:
        try:
            async for data in self.ws:
                self.raw.append((time.perf_counter(), data))
                self.frames.append((self.raw[-1][0], len(data), data[2] if data[:1] == b"\x00" else -1))
                if self.drawn_at is None and draws_page(data):
                    self.drawn_at = self.raw[-1][0]
                if data[:1] == b"\x00" and data[2] == INVOKE:  # a page method call: answer as an empty browser
                    call = msgpack.unpackb(data[1:], strict_map_key=False)[1]
                    await self.send([INVOKE, {"control_id": call["control_id"], "call_id": call["call_id"],
                                         "result": None, "error": None}])
        except Exception:  # noqa: BLE001 - missing updates are reported, not socket noise
            pass


async def scores(http: httpx.AsyncClient, table: dict, keys: dict, watchers: list[Watching], changes: int,
                 gap: float, start_score: int) -> tuple[list[float], int]:
    """bia scores `changes` times, `gap` seconds apart: each watcher's update latency (ms), and misses."""
    latencies, missed, score = [], 0, start_score
    for n in range(changes):
        marks = [len(w.raw) for w in watchers]
        amount = 10 if n == 0 and start_score == 0 else 1
        began = time.perf_counter()
        answer = await http.post(f"/api/tables/{table['id']}/events?k={keys['bia']}",
                                 json={"type": "points.add", "player": "bia", "amount": amount})
        answer.raise_for_status()
        score += amount
        deadline = began + 10
        seen: list[float | None] = [None] * len(watchers)
        wanted = needle(score)
        while time.perf_counter() < deadline and None in seen:
            for i, w in enumerate(watchers):  # each frame looked at once
                while seen[i] is None and marks[i] < len(w.raw):
                    at, frame = w.raw[marks[i]]
                    marks[i] += 1
                    if wanted in frame:
                        seen[i] = at
            await asyncio.sleep(0.005)
        latencies += [(s - began) * 1000 for s in seen if s is not None]
        missed += seen.count(None)
        await asyncio.sleep(gap)
    return latencies, missed


def flood(url: str, table_id: str, key: str, rate: float, seconds: float, out: multiprocessing.Queue) -> None:
    """`rate` changes a second from one key for `seconds`, each sent on time whatever became of the one
    before: in a process of its own (so the watchers' clocks are not its), over a few kept-alive
    connections, one thread each."""
    threads, start = 8, time.perf_counter() + 0.2
    answers: Counter = Counter()
    lock = threading.Lock()
    host, port = url.removeprefix("http://").split(":")

    def sender(first: int) -> None:
        conn = http.client.HTTPConnection(host, int(port), timeout=30)
        for n in range(first, int(rate * seconds), threads):
            time.sleep(max(0.0, start + n / rate - time.perf_counter()))
            body = json.dumps({"type": "points.add", "player": "ana", "amount": 1 if n % 2 == 0 else -1})
            try:
                conn.request("POST", f"/api/tables/{table_id}/events?k={key}", body,
                             {"Content-Type": "application/json"})
                reply = conn.getresponse()
                reply.read()
                status = reply.status
            except OSError:
                conn.close()
                conn = http.client.HTTPConnection(host, int(port), timeout=30)
                status = 0
            with lock:
                answers[status] += 1

    workers = [threading.Thread(target=sender, args=(i,)) for i in range(threads)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    out.put((dict(answers), time.perf_counter() - start))


async def run(args: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        server = Server(Path(tmp) / "data", env=MANY_SESSIONS)
        server.start()
        try:
            limits = httpx.Limits(max_connections=200, max_keepalive_connections=200)
            async with httpx.AsyncClient(base_url=server.url, timeout=60, limits=limits) as http:
                table = (await http.post("/api/tables", json={"game": "scorepad", "options": {"players": PLAYERS}})).json()
                keys = {s: (await http.post(f"/api/tables/{table['id']}/claim?k={v['token']}")).json()["key"]
                        for s, v in table["seats"].items()}
                watchers = [Watching(server.port, f"/t/{table['id']}?k={table['host_token']}", TABLET, name="tablet")]
                watchers += [Watching(server.port, f"/t/{table['id']}?k={keys[s]}", PHONE, name=s) for s in WATCHERS]
                for w in watchers:
                    await w.open()
                for w in watchers:
                    await w.drawn(60)
                await asyncio.sleep(1.0)
                base, base_missed = await scores(http, table, keys, watchers, args.changes, 0.5, 0)
                before = (await http.get(f"/api/tables/{table['id']}?k={table['host_token']}")).json()["seq"]
                gap = max(0.0, args.seconds / args.changes - 0.2)
                answered: multiprocessing.Queue = multiprocessing.Queue()
                flooding = multiprocessing.Process(target=flood, args=(server.url, table["id"], keys["ana"], args.rate,
                                                                       args.seconds, answered))
                flooding.start()
                await asyncio.sleep(1.0)  # past the burst the bucket allows, into the sustained flood
                under, under_missed = await scores(http, table, keys, watchers, args.changes, gap,
                                                   10 + args.changes - 1)
                answers, took = await asyncio.to_thread(answered.get)
                answers = Counter(answers)
                flooding.join()
                after = (await http.get(f"/api/tables/{table['id']}?k={table['host_token']}")).json()["seq"]
                for w in watchers:
                    await w.close()
        finally:
            server.stop()
    saved_by_ana = after - before - args.changes
    print(f"flood: {args.rate:g} changes/s from one seat key for {args.seconds:g} s; {args.changes} changes by "
          f"another seat, watched by the tablet and {len(WATCHERS)} phones")
    print(f"  ana sent {sum(answers.values())}: answers {dict(sorted(answers.items()))}; saved {saved_by_ana} "
          f"in {took:.1f} s = {saved_by_ana / took:.1f} saved changes/s "
          f"({max(0, saved_by_ana - BURST) / took:.1f}/s past a first burst of {BURST})")
    print(f"  other seats' update  baseline p95 {p95(base):7.1f} ms (median {statistics.median(base):6.1f}, "
          f"missed {base_missed})")
    print(f"                       flooded  p95 {p95(under):7.1f} ms (median {statistics.median(under):6.1f}, "
          f"missed {under_missed})  = {p95(under) / p95(base):.2f}x baseline")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rate", type=float, default=50)
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--changes", type=int, default=20)
    asyncio.run(run(parser.parse_args()))


if __name__ == "__main__":
    main()
