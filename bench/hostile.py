"""What one broken or hostile device on the Wi-Fi can do to everyone else (issue #31), measured.

Runs the real server (`python -m companion`) on 127.0.0.1 with its open-file limit
at 1,024, a Kleos table with a tablet and four phones as "the others" (websocket
clients speaking Flet's protocol, bench/_phone.py), and then:

1. idle: 1,100 TCP connections that never send a byte; how many the server refused (503,
   saying why) or closed at once (too many waiting from one address), how long until /api/health answers and
   a new phone is drawn, and how many idle ones are still open after 8 s;
2. sessions: memory (RSS) and server CPU per Glory change with no extra sessions, then
   with 200 sessions opened on one seat by one browser (one device id), then by 200
   browsers (ids of their own); ratios against none; and what 200 page loads without
   any key cost;
3. query: a 1,000,000-character text sent as a field's value: how long until it is
   refused, and the others' update latency while it happens against without it;
4. floods: 50 messages of 15 MB that travel compressed as about 15 KB, and 400 websockets
   that close before registering or send a malformed first frame: server CPU, RSS and
   /api/health's latency.

Every loop is bounded. Run from the repository root: python bench/hostile.py [--per-address-off]
"""
from __future__ import annotations

import asyncio
import os
import resource
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import httpx
import psutil
from _phone import MANY_SESSIONS, TABLET, UPDATE_PROPS, Phone
from websockets.asyncio.client import connect

GODS = ["ares", "artemis", "athena", "hermes", "dionysus"]
OPEN_FILES = 1024
# `--per-address-off`: lift the bound on sessions per client address (every device here is 127.0.0.1),
# to see what the bounds per seat and per browser alone leave a crowd of sessions costing.
PER_ADDRESS = MANY_SESSIONS if "--per-address-off" in sys.argv else {}
QUIET = 0.15


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(data: Path, port: int) -> subprocess.Popen:
    """`companion` as a tablet runs it, with RLIMIT_NOFILE at 1,024 (the usual default)."""
    def limit() -> None:
        _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        resource.setrlimit(resource.RLIMIT_NOFILE, (OPEN_FILES, hard))
    proc = subprocess.Popen([sys.executable, "-m", "companion", "--host", "127.0.0.1", "--port", str(port),
                             "--data-dir", str(data), "--quiet"], stdout=subprocess.DEVNULL,
                            stderr=(data.parent / "server.log").open("ab"), preexec_fn=limit,
                            env={**os.environ, "COMPANION_SESSION_TIMEOUT": "30", **PER_ADDRESS})
    deadline = time.time() + 60
    while time.time() < deadline:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/health", timeout=1)
            return proc
        except OSError:
            time.sleep(0.2)
    proc.kill()
    raise RuntimeError("the server did not start")


def cpu(proc: psutil.Process) -> float:
    t = proc.cpu_times()
    return t.user + t.system


def rss_mib(proc: psutil.Process) -> float:
    return proc.memory_info().rss / 2**20


async def quiet(proc: psutil.Process, limit: float = 60) -> None:
    deadline = time.perf_counter() + limit
    while time.perf_counter() < deadline:
        before = cpu(proc)
        await asyncio.sleep(0.5)
        if cpu(proc) - before < 0.03:
            return


async def settle(phones: list[Phone], limit: float = 10) -> None:
    """Until no frame arrived for QUIET seconds."""
    deadline = time.perf_counter() + limit
    while time.perf_counter() < deadline:
        last = max((p.frames[-1][0] for p in phones if p.frames), default=0)
        if time.perf_counter() - last > QUIET:
            return
        await asyncio.sleep(0.05)


async def changes(http: httpx.AsyncClient, table: dict, phones: list[Phone], proc: psutil.Process,
                  count: int = 20) -> tuple[float, float]:
    """Server CPU (ms) per Glory change and the p95 latency (ms) to the slowest of `phones`."""
    url = f"/api/tables/{table['id']}/events?k={table['host_token']}"
    spent, slowest = 0.0, []
    for n in range(count):
        await settle(phones)
        for p in phones:
            p.mark = len(p.frames)
        before, start = cpu(proc), time.perf_counter()
        r = await http.post(url, json={"type": "glory.add", "player": GODS[n % 5], "reason": "kill"})
        r.raise_for_status()
        deadline = time.perf_counter() + 10
        while any(len(p.frames) <= p.mark for p in phones) and time.perf_counter() < deadline:
            await asyncio.sleep(0.005)
        await settle(phones)
        spent += cpu(proc) - before
        arrivals = [p.frames[-1][0] for p in phones if len(p.frames) > p.mark]
        slowest.append((max(arrivals) - start) * 1000 if arrivals else float("nan"))
    slowest.sort()
    return spent * 1000 / count, slowest[min(len(slowest) - 1, round(0.95 * (len(slowest) - 1)))]


async def health_ms(http: httpx.AsyncClient) -> float:
    start = time.perf_counter()
    (await http.get("/api/health")).raise_for_status()
    return (time.perf_counter() - start) * 1000


# -- 1. idle connections ------------------------------------------------------------------------

async def idle_flood(port: int, table: dict, key: str, count: int = 1100) -> None:
    loop = asyncio.get_running_loop()
    socks: list[socket.socket] = []
    for _ in range(count):
        s = socket.socket()
        s.setblocking(False)
        try:
            await asyncio.wait_for(loop.sock_connect(s, ("127.0.0.1", port)), 2)
        except (OSError, asyncio.TimeoutError):
            pass
        socks.append(s)
    opened = time.perf_counter()
    await asyncio.sleep(0.5)
    answers = [_peek(s) for s in socks]
    refused = sum(1 for a in answers if a and a.startswith(b"HTTP/1.1 503"))
    dropped = sum(1 for a in answers if a == b"")  # closed without a word: crowded out by newer ones
    health_at = phone_at = None
    async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=2) as http:
        while time.perf_counter() - opened < 30 and health_at is None:
            try:
                await health_ms(http)
                health_at = time.perf_counter() - opened
            except (httpx.HTTPError, OSError):
                await asyncio.sleep(0.2)
    phone = Phone(port, f"/t/{table['id']}?k={key}")
    try:
        await asyncio.wait_for(phone.open(), 30)
        if await phone.drawn(30):
            phone_at = time.perf_counter() - opened
    except (OSError, asyncio.TimeoutError):
        pass
    await asyncio.sleep(max(0.0, 8 - (time.perf_counter() - opened)))
    still = sum(1 for s in socks if _open(s))
    for s in socks:
        s.close()
    await phone.close()
    print(f"idle      {count} connections that never send a byte (server RLIMIT_NOFILE {OPEN_FILES}): "
          f"{refused} refused at once with 503, {dropped} closed at once without an answer (too many waiting "
          f"from one address), /api/health after {_s(health_at)}, a new phone drawn after "
          f"{_s(phone_at)}, {still} still open after 8 s", flush=True)


def _peek(s: socket.socket) -> bytes | None:
    """The start of the server's answer, b"" if it closed without one, None if it holds it open."""
    try:
        return s.recv(64, socket.MSG_PEEK)
    except BlockingIOError:
        return None
    except OSError:
        return b""


def _open(s: socket.socket) -> bool:
    """Still held by the server: nothing to read yet (a closed one reads its answer, then EOF)."""
    try:
        data = s.recv(65536)
        while data:
            data = s.recv(65536)
        return False
    except BlockingIOError:
        return True
    except OSError:
        return False


def _s(seconds: float | None) -> str:
    return "NEVER (30 s)" if seconds is None else f"{seconds:.1f} s"


# -- 2. sessions on one seat --------------------------------------------------------------------

async def crowd(port: int, proc, http, table, others, route: str, browsers: str, count: int = 200) -> None:
    base_rss = rss_mib(proc)
    shared: dict = {}
    crowd = []
    for n in range(count):
        crowd.append(await Phone(port, route, storage=shared if browsers == "one" else {}).open())
        if n % 20 == 19:
            await settle(crowd[-20:])
    await settle(crowd, 30)
    await quiet(proc)
    rss = rss_mib(proc)
    cpu_ms, p95 = await changes(http, table, others, proc)
    print(f"sessions  +{count} on one seat by {browsers} browser(s): rss {rss:6.1f} MiB (+{rss - base_rss:5.1f}, "
          f"{rss / base_rss:.2f}x the rss just before), cpu {cpu_ms:5.1f} ms/change, others' p95 {p95:6.1f} ms",
          flush=True)
    for p in crowd:
        await p.close()
    await quiet(proc)
    return rss, cpu_ms


async def keyless(port: int, proc, count: int = 200) -> None:
    """What a page load without any key costs the server while it stays open."""
    await quiet(proc)
    before = rss_mib(proc)
    pages = [await Phone(port, "/").open() for _ in range(count)]
    for p in pages:
        await p.drawn()
    await quiet(proc)
    grown = rss_mib(proc) - before
    print(f"keyless   {count} sessions without a key: rss +{grown:.1f} MiB, {grown * 1024 / count:.0f} KB each",
          flush=True)
    for p in pages:
        await p.close()


# -- 3. a huge rules query ------------------------------------------------------------------------

async def huge_query(port: int, proc, http, table, others, route: str) -> None:
    attacker = await Phone(port, route).open()
    await attacker.drawn()
    _, calm = await changes(http, table, others, proc, 10)
    text = "champion " * 111_112  # 1,000,008 characters
    start = time.perf_counter()

    async def refusal() -> float:
        await attacker.send([UPDATE_PROPS, {"id": 2, "props": {"value": text[:1_000_000]}}])
        await attacker.ws.wait_closed()
        return time.perf_counter() - start

    refused_task = asyncio.create_task(asyncio.wait_for(refusal(), 10))
    _, during = await changes(http, table, others, proc, 10)
    try:
        refused = f"refused after {await refused_task * 1000:.0f} ms (close code {attacker.ws.close_code})"
    except (asyncio.TimeoutError, Exception) as err:  # noqa: BLE001
        refused = f"NOT refused within 10 s ({type(err).__name__})"
    print(f"query     1,000,000 characters: {refused}; others' p95 {during:6.1f} ms while it happened, "
          f"{calm:6.1f} ms before (delay {during - calm:+.1f} ms)", flush=True)
    await attacker.close()


# -- 4. floods --------------------------------------------------------------------------------------

async def floods(port: int, proc, http) -> None:
    await quiet(proc)
    calm = statistics.median([await health_ms(http) for _ in range(10)])
    before, rss_before = cpu(proc), rss_mib(proc)
    sent = 0
    big = b"\x00" + b"a" * 15_000_000
    health = []
    for _ in range(50):
        try:
            async with connect(f"ws://127.0.0.1:{port}/ws", max_size=None, open_timeout=30) as ws:
                await ws.send(big)  # permessage-deflate: about 15 KB on the wire
                sent += 1
                await asyncio.wait_for(ws.wait_closed(), 10)
        except Exception:  # noqa: BLE001 - a refusal may come as an error on our side
            pass
        health.append(await health_ms(http))
    cpu_ms = (cpu(proc) - before) * 1000
    print(f"compressed 50 x 15 MB (deflated ~15 KB each): server cpu {cpu_ms:.0f} ms in all "
          f"({cpu_ms / 50:.1f} ms each), /api/health median {statistics.median(health):.1f} ms "
          f"(p95 {sorted(health)[47]:.1f}) against {calm:.1f} ms calm", flush=True)
    await quiet(proc)
    threads_before, rss_before = proc.num_threads(), rss_mib(proc)
    before = cpu(proc)
    for n in range(400):
        try:
            ws = await connect(f"ws://127.0.0.1:{port}/ws", open_timeout=30)
            if n % 2:
                await ws.send(b"\x00\xc1 not msgpack")
            await ws.close()
        except Exception:  # noqa: BLE001
            pass
    await quiet(proc)
    print(f"unregistered 400 websockets (half closed at once, half a malformed first frame): "
          f"rss {rss_before:.1f} -> {rss_mib(proc):.1f} MiB, threads {threads_before} -> {proc.num_threads()}, "
          f"cpu {(cpu(proc) - before) * 1000:.0f} ms, /api/health {await health_ms(http):.1f} ms", flush=True)


async def main() -> None:
    _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 8192), hard))  # the bench's own sockets
    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} (shared with other work)")
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp) / "data"
        port = free_port()
        server = start_server(data, port)
        try:
            proc = psutil.Process(server.pid)
            async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=60) as http:
                r = await http.post("/api/tables", json={"game": "kleos", "options": {"players": GODS}})
                table = r.json()
                keys = {}
                for god in GODS:
                    claim = await http.post(f"/api/tables/{table['id']}/claim",
                                            params={"k": table["seats"][god]["token"],
                                                    "device": f"bench-phone-{god}-0000"})
                    keys[god] = claim.json()["key"]
                url = f"/api/tables/{table['id']}"
                step = (await http.get(f"{url}?k={table['host_token']}")).json()["step"]
                for _ in range(3):  # setup, deployment, daybreak: to the day's play, where Glory moves
                    moved = await http.post(f"{url}/events?k={table['host_token']}",
                                            json={"type": "phase.next", "from_step": step})
                    step = moved.raise_for_status().json()["step"]
                others = [await Phone(port, f"/t/{table['id']}?k={table['host_token']}", TABLET).open()]
                others += [await Phone(port, f"/t/{table['id']}?k={keys[g]}").open() for g in GODS[1:]]
                for p in others:
                    await p.drawn()
                await quiet(proc)
                base_rss = rss_mib(proc)
                base_cpu, base_p95 = await changes(http, table, others, proc)
                print(f"none      tablet + 4 phones: rss {base_rss:6.1f} MiB, cpu {base_cpu:5.1f} ms/change, "
                      f"p95 {base_p95:6.1f} ms", flush=True)
                ares = f"/t/{table['id']}?k={keys['ares']}"
                await keyless(port, proc)
                for browsers in ("one", "200"):
                    rss, cpu_ms = await crowd(port, proc, http, table, others, ares, browsers)
                    print(f"          against none: rss {rss / base_rss:.2f}x (every earlier step's leftovers "
                          f"included), cpu per change {cpu_ms / base_cpu:.2f}x", flush=True)
                await huge_query(port, proc, http, table, others, ares)
                await floods(port, proc, http)
                for p in others:
                    await p.close()
            await idle_flood(port, table, keys["ares"])
        finally:
            server.kill()
            server.wait()


if __name__ == "__main__":
    asyncio.run(main())
