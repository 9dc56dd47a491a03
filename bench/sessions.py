"""Phones that come and go are let go (issue 29): 500 sessions connect, render and drop.

No browser: each phone is a websocket client speaking Flet's protocol (as in
bench/fanout.py), opening a seat's or the spectator's link of one Kleos table,
waiting for its first screen, then dropping the connection without a close
frame (a phone that sleeps or leaves the Wi-Fi). The server runs with a short
reconnect window (COMPANION_SESSION_TIMEOUT); Flet looks for expired sessions
every 10 s. The bench reads the server's memory, tasks and live objects through
a bench-only route (bench/_probe_server.py): at the start (after a warm-up
round, so caches filled once do not count), with every phone dropped, and once
the window has passed.

Run from the repository root: python bench/sessions.py [--sessions 500] [--window 10] [--batch 25]
The worst case holds every phone at once (a window longer than the round: --window 90); phones on a
weekend come and go over time instead: --batch 20 --every 5 is a wave of 20 every 5 s.
Targets: after the window, memory within 10 MB of the start, no leftover tasks or sessions.
"""
from __future__ import annotations

import argparse
import asyncio
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
import msgpack
from websockets.asyncio.client import connect

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "e2e"))
sys.path.insert(0, str(Path(__file__).resolve().parent))
from _phone import INVOKE, PHONE, REGISTER, draws_page  # noqa: E402
from drive import _free_port  # noqa: E402

GODS = ["ares", "artemis", "athena", "hermes", "dionysus"]


async def phone(port: int, route: str, drop_at_call: bool = False) -> bool:
    """One phone: register, answer the page's calls, wait for its first screen (the page's
    first patch, with the table drawn: about 28 KB for a Kleos seat), then drop.
    `drop_at_call`: drop at the page's first call instead, leaving it waiting for an answer."""
    # No keep-alive pings: a server slowed by tracemalloc (--trace) answers them too late.
    ws = await connect(f"ws://127.0.0.1:{port}/ws", max_size=None, compression=None, open_timeout=60,
                       ping_interval=None)
    page = {"route": route, "width": PHONE[0], "height": PHONE[1], "web": True, "platform": "android"}
    await ws.send(b"\x00" + msgpack.packb([REGISTER, {"session_id": "", "page_name": "", "page": page}]))
    shown = False
    try:
        async with asyncio.timeout(60):
            async for data in ws:
                action = data[2] if data[:1] == b"\x00" else -1
                if action == INVOKE and drop_at_call:
                    shown = True
                    break
                if action == INVOKE:
                    body = msgpack.unpackb(data[1:], strict_map_key=False)[1]
                    await ws.send(b"\x00" + msgpack.packb([INVOKE, {"control_id": body["control_id"],
                                                                    "call_id": body["call_id"],
                                                                    "result": None, "error": None}]))
                elif draws_page(data):
                    shown = True
                    break
    except TimeoutError:
        pass
    ws.transport.abort()  # no close frame: the phone just went away
    return shown


async def probe(http: httpx.AsyncClient, types: int = 0) -> dict:
    return (await http.get("/bench/probe", params={"types": types})).json()


async def until_gone(http: httpx.AsyncClient, baseline: dict, limit: float) -> tuple[dict, float]:
    start = time.perf_counter()
    while True:
        now = await probe(http)
        if now["flet_sessions"] <= baseline["flet_sessions"] or time.perf_counter() - start > limit:
            return now, time.perf_counter() - start
        await asyncio.sleep(1)


async def round_of(port: int, routes: list[str], count: int, batch: int, drop_at_call: bool = False,
                   every: float = 0, http: httpx.AsyncClient | None = None) -> tuple[int, int]:
    """`count` phones, `batch` at a time; with `every`, a batch starts every that many seconds (phones
    that come and go over time) instead of as soon as the last one dropped. Answers how many were
    shown, and the most sessions the server held at once (read after each batch, with `http`)."""
    shown, held = 0, 0
    for i in range(0, count, batch):
        began = time.perf_counter()
        results = await asyncio.gather(*(phone(port, routes[(i + j) % len(routes)], drop_at_call)
                                         for j in range(min(batch, count - i))))
        shown += sum(results)
        if http is not None:
            held = max(held, (await probe(http))["flet_sessions"])
        if every:
            await asyncio.sleep(max(0.0, every - (time.perf_counter() - began)))
    return shown, held


async def print_trace(http: httpx.AsyncClient) -> None:
    """The allocation sites grown most since the start (tracemalloc in the server)."""
    trace = (await http.get("/bench/trace", timeout=900)).json()
    for site in trace["grown"]:
        print(f"    {site['kb']:+9.1f} KB {site['count']:+6d} blocks  " + " | ".join(
            part.strip() for part in site["where"]))
    print("  the same, by the innermost line of our own code that led to it:")
    for site in trace["ours"]:
        print(f"    {site['kb']:+9.1f} KB  {site['where']}")


def line(label: str, p: dict) -> str:
    return (f"  {label:<22} RSS {p['rss_mb']:7.1f} MB  tasks {p['tasks']:4d}  flet sessions {p['flet_sessions']:4d}  "
            f"pages {p['pages']:4d}  app sessions {p['app_sessions']:4d}  websockets {p['websockets']:4d}  "
            f"listeners {p['listeners']:4d}  fds {p['fds']:4d}  threads {p['threads']:3d}"
            + ("  pymalloc: {arenas} arenas of 1 MiB (peak {arenas_peak}), {used_mb} MB in use, "
               "{free_in_pools_mb} MB free inside them".format(**p["pymalloc"]) if p.get("pymalloc") else ""))


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sessions", type=int, default=500)
    parser.add_argument("--window", type=int, default=10, help="the reconnect window (s)")
    parser.add_argument("--batch", type=int, default=25)
    parser.add_argument("--every", type=float, default=0,
                        help="waves: a batch of phones every that many seconds (phones that come and go over a "
                             "weekend), instead of the worst case of every batch at once, one after another")
    parser.add_argument("--drop-at-call", action="store_true",
                        help="phones drop at the page's first call to them, before answering it")
    parser.add_argument("--rounds", type=int, default=2, help="rounds of --sessions phones, one after another")
    parser.add_argument("--types", type=int, default=0, help="also list the N object types that grew most")
    parser.add_argument("--server-env", action="append", default=[], metavar="NAME=VALUE",
                        help="run the server with this variable set, e.g. LD_PRELOAD=<a malloc> or "
                             "PYTHONMALLOC=malloc (to tell allocator high-water from a leak)")
    parser.add_argument("--trace", type=int, default=0,
                        help="run the server under tracemalloc with this many frames and list the sites that grew")
    args = parser.parse_args()
    port = _free_port()
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "COMPANION_SESSION_TIMEOUT": str(args.window),
               "COMPANION_SESSIONS_PER_ADDRESS": "100000",  # every phone here is 127.0.0.1
               **dict(pair.split("=", 1) for pair in args.server_env)}
        if args.trace:
            env["BENCH_TRACEMALLOC"] = str(args.trace)
        server = subprocess.Popen([sys.executable, str(Path(__file__).with_name("_probe_server.py")), tmp, str(port)],
                                  env=env, stdout=subprocess.DEVNULL, stderr=open(Path(tmp) / "server.log", "wb"))
        try:
            async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=60) as http:
                for _ in range(3000 if args.trace else 300):  # tracemalloc slows the start ten-fold
                    try:
                        await http.get("/api/health")
                        break
                    except httpx.TransportError:
                        await asyncio.sleep(0.1)
                made = (await http.post("/api/tables", json={"game": "kleos", "options": {"players": GODS}})).json()
                keys = []
                for seat in made["seats"].values():
                    keys.append((await http.post(f"/api/tables/{made['id']}/claim?k={seat['token']}")).json()["key"])
                routes = [f"/t/{made['id']}?k={k}" for k in [*keys, made["spectator_token"]]]
                wait = args.window + 25  # Flet's eviction looks every 10 s
                how = "drop at the first call, unanswered" if args.drop_at_call else "drop after the first screen"
                pace = f"a wave of {args.batch} every {args.every:g} s" if args.every else f"batches of {args.batch} at once"
                print(f"# {args.sessions} phone sessions ({how}), reconnect window {args.window} s, "
                      f"{pace}, {args.rounds} rounds; a shared, busy 2-core machine, load average "
                      f"{' '.join(f'{n:.2f}' for n in os.getloadavg())}"
                      + (f"; server env {' '.join(args.server_env)}" if args.server_env else ""))
                warm, _ = await round_of(port, routes, 2 * args.batch, args.batch)
                await until_gone(http, {"flet_sessions": 0}, wait)
                start = await probe(http)
                start_types = (await probe(http, 400))["types"] if args.types else {}
                print(line("start (after warm-up)", start) + f"   warm-up shown {warm}")
                if args.trace:
                    await http.get("/bench/trace", params={"mark": 1})
                last = start
                for turn in range(1, args.rounds + 1):
                    began = time.perf_counter()
                    shown, held = await round_of(port, routes, args.sessions, args.batch, args.drop_at_call,
                                                 args.every, http if args.every else None)
                    took = time.perf_counter() - began
                    dropped = await probe(http)
                    held = max(held, dropped["flet_sessions"])
                    print(line(f"round {turn}: all dropped", dropped) + f"   shown {shown}/{args.sessions} in {took:.1f} s; "
                                                                          f"at most {held} sessions held at once")
                    if args.trace:
                        print("  what the dropped sessions hold, by site:")
                        await print_trace(http)
                    after, waited = await until_gone(http, start, wait)
                    print(line(f"round {turn}: after window", after) + f"   ({waited:.0f} s after the last drop)")
                    print(f"  round {turn}: memory after - start: {after['rss_mb'] - start['rss_mb']:+.1f} MB "
                          f"(peak +{dropped['rss_mb'] - start['rss_mb']:.1f} MB); "
                          f"tasks after - start: {after['tasks'] - start['tasks']:+d}; "
                          f"sessions left: {after['flet_sessions'] - start['flet_sessions']:+d}; "
                          f"GC-tracked objects {after['objects'] - start['objects']:+d}; since the last round "
                          f"{after['rss_mb'] - last['rss_mb']:+.1f} MB "
                          f"({(after['rss_mb'] - last['rss_mb']) * 1024 / args.sessions:+.1f} KB a session)")
                    last = after
                    if args.trace:
                        print("  what is still held after the window, by site:")
                        await print_trace(http)
                if args.types:
                    before, later = (await probe(http, 400))["types"], start_types
                    grown = sorted(((before.get(k, 0) - later.get(k, 0), k) for k in before), reverse=True)[:args.types]
                    print("  object types grown since the start:", ", ".join(f"{k} +{n}" for n, k in grown if n > 0))
                trimmed = (await http.get("/bench/probe", params={"trim": 1})).json()
                print(line("after malloc_trim(0)", trimmed))
                print(f"# load average at the end {' '.join(f'{n:.2f}' for n in os.getloadavg())}")
        finally:
            server.terminate()
            try:
                server.wait(timeout=30)
            except subprocess.TimeoutExpired:  # a server slowed by tracemalloc may not stop in time
                server.kill()
                server.wait()


if __name__ == "__main__":
    asyncio.run(main())
