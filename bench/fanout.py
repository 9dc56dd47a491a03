"""How one change fans out to every device of a table (issue #13), at the protocol level.

No browser: each "device" is a websocket client that registers with the real
server through Flet's own protocol (msgpack frames, REGISTER_CLIENT with the
route `/t/<id>?k=<token>`, answering the page's method calls as a browser
would) and records when each frame arrives. A Glory change is sent through the
JSON API; for every session the bench takes the time from the API call to the
last frame of the update that change caused, and the bytes of those frames.

Runs, in one go: N = 1, 10, 30 sessions on one Kleos table (a tablet, five
phones on seats, the rest spectators), a hall of 50 tables × 6 sessions (a
change on one table at a time; on a server of its own, so its RSS is its own),
and a bare Flet app doing the same fan-out (three Text counters, pubsub, one
value updated) for N = 1, 10, 30 and the hall: the issue's yardstick. A second bare line ("+ a row")
also adds a row to a log on every session per change, as a Kleos Glory change does on
every device that shows its Glory log: the gap between the two is Flet's own cost for a
new row, which our app pays on the tablet (and on a phone whose player opened the log).
Server CPU per change (user + system of the server process over the changes)
and RSS (after the changes) are read from /proc through psutil. `--sizes 0` prices the change
itself, with no device watching (its latency columns then read nan).

Run from the repository root: python bench/fanout.py [--changes 30] [--sizes 1,10,30]
[--hall 50x6] [--no-bare] [--game kleos|scorepad|cyclades|lords_of_hellas|fleecing_olympus]
"""
from __future__ import annotations

import argparse
import asyncio
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import httpx
import psutil

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "e2e"))
from _phone import MANY_SESSIONS, PHONE, TABLET, Phone  # noqa: E402
from drive import Server, _free_port  # noqa: E402

GODS = ["ares", "artemis", "athena", "hermes", "dionysus"]
PLAYERS = {"kleos": GODS, "scorepad": ["ana", "bia", "caio", "dora", "eva"],
           "cyclades": ["ana", "bia", "caio", "dora", "eva"], "lords_of_hellas": ["ana", "bia", "caio", "dora"],
           "fleecing_olympus": ["ana", "bia", "caio", "dora", "eva", "fay"]}
# Lords of Hellas ends at the first win: targets out of reach, so every change is a Land more.
# Fleecing Olympus deities whose Even side asks nothing, so the bench reaches the card step in one event each.
DEITIES = {"ana": "athena", "bia": "hades", "caio": "poseidon", "dora": "aphrodite", "eva": "hermes", "fay": "zeus"}
OPTIONS = {"lords_of_hellas": {"thresholds": {"warlord": 999, "favoured": 999, "slayer": 999}},
           "fleecing_olympus": {"deities": DEITIES}}
QUIET = 0.15  # an update is over when its sessions get nothing more for this long (s)


def p95(samples: list[float]) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


class Result:
    def __init__(self, label: str) -> None:
        self.label = label
        self.latency: list[float] = []  # ms, every session of every change
        self.slowest: list[float] = []  # ms, the last session of each change
        self.api: list[float] = []  # ms, the API answer
        self.bytes: list[int] = []  # per session per change
        self.cpu_ms = 0.0
        self.rss_mib = 0.0
        self.missed = 0
        self.leaked = 0  # bytes that reached sessions of other tables meanwhile

    def line(self) -> str:
        lat = self.latency or [float("nan")]
        return (f"{self.label:24s} median {statistics.median(lat):7.1f} ms  p95 {p95(lat):7.1f} ms  "
                f"slowest p95 {p95(self.slowest or [float('nan')]):7.1f} ms  "
                f"api p95 {p95(self.api or [float('nan')]):6.1f} ms  "
                f"{statistics.mean(self.bytes or [0]):8.0f} B/session  cpu {self.cpu_ms:6.1f} ms/change  "
                f"rss {self.rss_mib:6.1f} MiB" + (f"  MISSED {self.missed}" if self.missed else "")
                + (f"  other tables got {self.leaked} B (fades of earlier changes)" if self.leaked else ""))


async def open_all(devices: list[Phone], batch: int = 10) -> None:
    for i in range(0, len(devices), batch):
        await asyncio.gather(*(d.open() for d in devices[i:i + batch]))
    await settle(devices)


async def settle(devices: list[Phone], quiet: float = 0.5, limit: float = 120) -> None:
    """Until every device has its first screen and nothing has arrived for `quiet` seconds."""
    deadline = time.perf_counter() + limit
    while time.perf_counter() < deadline:
        now = time.perf_counter()
        if all(d.drawn_at is not None and now - d.frames[-1][0] > quiet for d in devices):
            return
        await asyncio.sleep(0.05)


async def one_change(post, watched: list[Phone], others: list[Phone], result: Result) -> None:
    for d in watched + others:
        d.start_change()
    start = time.perf_counter()
    await post()
    result.api.append((time.perf_counter() - start) * 1000)
    deadline = start + 15
    while not all(d.patched() for d in watched) and time.perf_counter() < deadline:
        await asyncio.sleep(0.002)
    while time.perf_counter() < deadline:  # the update is over once everyone has been quiet
        now = time.perf_counter()
        if all(now - d.frames[-1][0] > QUIET for d in watched if d.frames):
            break
        await asyncio.sleep(0.01)
    for d in watched:
        if not d.patched():
            result.missed += 1
            continue
        result.latency.append((d.last_arrival() - start) * 1000)
        result.bytes.append(d.received())
    done = [d.last_arrival() for d in watched if d.patched()]
    if done:
        result.slowest.append((max(done) - start) * 1000)
    result.leaked += sum(d.received() for d in others)


async def idle(proc: psutil.Process, limit: float = 120) -> None:
    """Until the server stops working on its own (it compresses the web client after start)."""
    deadline = time.perf_counter() + limit
    while time.perf_counter() < deadline:
        before = cpu_seconds(proc)
        await asyncio.sleep(1)
        if cpu_seconds(proc) - before < 0.05:
            return


def cpu_seconds(proc: psutil.Process) -> float:
    times = proc.cpu_times()
    return times.user + times.system


# -- the app -------------------------------------------------------------------------------------

class Table:
    def __init__(self, server: Server, http: httpx.AsyncClient, game: str) -> None:
        self.server, self.http, self.game = server, http, game
        self.players = PLAYERS[game]

    async def create(self) -> None:
        made = (await self.http.post("/api/tables", json={"game": self.game,
                                                           "options": {"players": self.players,
                                                                       **OPTIONS.get(self.game, {})}})).json()
        self.id, self.host, self.seats = made["id"], made["host_token"], made["seats"]
        self.spectator = made["spectator_token"]
        for seat in self.seats.values():  # each phone claims its seat's invitation, then uses its key
            claimed = await self.http.post(f"/api/tables/{self.id}/claim?k={seat['token']}")
            claimed.raise_for_status()
            seat["token"] = claimed.json()["key"]
        self.step = (await self.http.get(f"/api/tables/{self.id}?k={self.host}")).json()["step"]
        if self.game == "kleos":
            for _ in range(3):  # setup, deployment, daybreak: to the day's play, where Glory moves
                await self.event(self.host, {"type": "phase.next"})
        if self.game == "cyclades":  # to round 1's income, where the tracker takes corrections
            await self.event(self.host, {"type": "start", "order": self.players,
                                         "gods": ["athena", "ares", "zeus", "hera"]})
            await self.event(self.host, {"type": "phase.next"})
        if self.game == "fleecing_olympus":  # to the card step of turn 1, wager and scoreboard live
            rolls = {p: [1, 2] for p in self.players} | {"ana": [6, 6], "bia": [5, 6]}
            for body in ({"type": "opening_roll", "rounds": [rolls]}, {"type": "power", "side": "even"},
                         {"type": "roll", "target": "bia", "dice": [6, 4]}):
                await self.event(self.host, body)
        self.n = 0
        self.shown: set[str] = set()

    async def event(self, token: str, body: dict) -> None:
        """Each command names the step the table is at (core/steps.py), as a screen does; every
        answer says the step after it, so no extra read is needed."""
        answer = await self.http.post(f"/api/tables/{self.id}/events?k={token}",
                                      json={"from_step": self.step, **body})
        answer.raise_for_status()
        self.step = answer.json()["step"]

    def devices(self, count: int, port: int) -> list[Phone]:
        out = []
        for i in range(count):
            if i == 0:
                token, size = self.host, TABLET
            elif i <= len(self.players):
                token, size = self.seats[self.players[i - 1]]["token"], PHONE
            else:
                token, size = self.spectator, PHONE
            out.append(Phone(port, f"/t/{self.id}?k={token}", size, name=f"{self.id}-{i}"))
        return out

    async def glory(self) -> None:
        """A phone scores: a kill for the next god in turn (on a Score pad: one point)."""
        self.n += 1
        who = self.players[self.n % len(self.players)]
        if self.game == "fleecing_olympus":  # a phone shows (or hides again) its gems: every tile board moves
            self.shown ^= {who}
            await self.event(self.seats[who]["token"], {"type": "reveal", "open": who in self.shown})
            return
        body = {"kleos": {"type": "glory.add", "player": who, "reason": "kill"},
                "cyclades": {"type": "tracker.adjust", "player": who, "item": "philosophers", "delta": 1},
                "lords_of_hellas": {"type": "tracker.set", "player": who, "field": "lands", "value": self.n},
                }.get(self.game, {"type": "points.add", "player": who, "amount": 1})
        await self.event(self.seats[who]["token"], body)


async def app_run(server: Server, proc: psutil.Process, sizes: list[int], changes: int, game: str) -> list[Result]:
    results = []
    async with httpx.AsyncClient(base_url=server.url, timeout=60) as http:
        for n in sizes:
            table = Table(server, http, game)
            await table.create()
            devices = table.devices(n, server.port)
            await open_all(devices)
            result = await measure(f"app, {n} session(s)", devices, [], table.glory, proc, changes)
            print(result.line(), flush=True)
            results.append(result)
            for d in devices:
                await d.close()
    return results


async def hall_run(server: Server, proc: psutil.Process, hall: tuple[int, int], changes: int, game: str) -> Result:
    """On a server of its own: sessions closed by the runs before stay in memory for their
    reconnect window (30 s here), and the hall's RSS is the hall's alone."""
    async with httpx.AsyncClient(base_url=server.url, timeout=60) as http:
        tables, devices = [], []
        for _ in range(hall[0]):
            table = Table(server, http, game)
            await table.create()
            tables.append((table, table.devices(hall[1], server.port)))
        for _, ds in tables:
            devices += ds
        await open_all(devices)
        result = Result(f"app, hall {hall[0]}x{hall[1]}")
        await idle(proc)
        before = cpu_seconds(proc)
        for i in range(changes * 2):
            table, watched = tables[i % len(tables)]
            others = [d for _, ds in tables if ds is not watched for d in ds]
            await one_change(table.glory, watched, others, result)
        result.cpu_ms = (cpu_seconds(proc) - before) * 1000 / (changes * 2)
        result.rss_mib = proc.memory_info().rss / 2**20
        print(result.line(), flush=True)
        for d in devices:
            await d.close()
    return result


async def measure(label: str, devices: list[Phone], others: list[Phone], post, proc: psutil.Process,
                  changes: int) -> Result:
    result = Result(label)
    await idle(proc)
    await one_change(post, devices, others, Result("warm-up"))
    before = cpu_seconds(proc)
    for _ in range(changes):
        await one_change(post, devices, others, result)
    result.cpu_ms = (cpu_seconds(proc) - before) * 1000 / changes
    result.rss_mib = proc.memory_info().rss / 2**20
    return result


# -- the bare Flet app ---------------------------------------------------------------------------

async def bare_hall(port: int, http: httpx.AsyncClient, proc: psutil.Process, hall: tuple[int, int],
                    changes: int) -> Result:
    """The hall on the bare app: hall[0] tables of hall[1] sessions, a change on one table at a
    time reaching its sessions only (a pubsub topic per table): the yardstick for the hall's
    latency and RSS (the bare server's own, after the changes)."""
    tables = [[Phone(port, f"/h/{t}", PHONE, name=f"bare-hall-{t}-{i}") for i in range(hall[1])]
              for t in range(hall[0])]
    devices = [d for ds in tables for d in ds]
    await open_all(devices)
    result = Result(f"bare Flet, hall {hall[0]}x{hall[1]}")
    await idle(proc)
    before = cpu_seconds(proc)
    for i in range(changes * 2):
        t = i % len(tables)

        async def bump(t: int = t) -> None:
            (await http.post("/bump", params={"table": str(t)})).raise_for_status()

        await one_change(bump, tables[t], [d for ds in tables if ds is not tables[t] for d in ds], result)
    result.cpu_ms = (cpu_seconds(proc) - before) * 1000 / (changes * 2)
    result.rss_mib = proc.memory_info().rss / 2**20
    for d in devices:
        await d.close()
    return result


async def bare_run(sizes: list[int], changes: int, tmp: Path, hall: tuple[int, int] = (0, 0)) -> list[Result]:
    port = _free_port()
    log = (tmp / "bare.log").open("ab")
    proc = subprocess.Popen([sys.executable, str(Path(__file__).with_name("_bare_flet.py")), str(port)],
                            stdout=subprocess.DEVNULL, stderr=log)
    try:
        deadline = time.time() + 30
        while True:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/health", timeout=1)
                break
            except OSError:
                if time.time() > deadline:
                    raise RuntimeError("the bare Flet app did not start")
                time.sleep(0.1)
        results = []
        async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=60) as http:
            if hall[0]:  # first, so its RSS holds no closed sessions of the lines before
                results.append(await bare_hall(port, http, psutil.Process(proc.pid), hall, changes))
                print(results[-1].line(), flush=True)
                await asyncio.sleep(0.5)
            for n in sizes:
                for label, params in ((f"bare Flet, {n} session(s)", {}), (f"bare + a row, {n} sess.", {"row": "1"})):
                    async def bump(params: dict = params) -> None:
                        (await http.post("/bump", params=params)).raise_for_status()

                    devices = [Phone(port, "/", PHONE, name=f"bare-{n}-{i}") for i in range(n)]
                    await open_all(devices)
                    results.append(await measure(label, devices, [], bump,
                                                 psutil.Process(proc.pid), changes))
                    print(results[-1].line(), flush=True)
                    for d in devices:
                        await d.close()
                    await asyncio.sleep(0.5)
        return results
    finally:
        proc.kill()
        proc.wait()


async def with_server(data: Path, run) -> None:
    server = Server(data, env={"COMPANION_SESSION_TIMEOUT": "30", **MANY_SESSIONS})
    server.start()
    try:
        proc = psutil.Process(server.proc.pid)
        print(f"{'server start':24s} rss {proc.memory_info().rss / 2**20:6.1f} MiB", flush=True)
        await run(server, proc)
    except Exception:
        print("the server's log ends with:\n" + server.log.read_text()[-3000:], flush=True)
        raise
    finally:
        server.stop()


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--changes", type=int, default=30)
    parser.add_argument("--sizes", default="1,10,30")
    parser.add_argument("--hall", default="50x6", help="TABLESxSESSIONS, or 0x0 to skip")
    parser.add_argument("--no-bare", action="store_true")
    parser.add_argument("--game", default="kleos", choices=sorted(PLAYERS),
                        help="kleos: a Glory change; scorepad: one point; cyclades: a philosopher; "
                             "lords_of_hellas: a Land; fleecing_olympus: a phone shows or hides its gems")
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",") if s]
    hall = tuple(int(s) for s in args.hall.split("x"))
    with tempfile.TemporaryDirectory() as tmp:
        print(f"fan-out of one {args.game} change, {args.changes} changes per line "
              f"(hall: {2 * args.changes}); bytes are websocket payloads, before compression")
        if sizes:
            await with_server(Path(tmp) / "data", lambda server, proc: app_run(server, proc, sizes, args.changes,
                                                                              args.game))
        if hall[0]:
            await with_server(Path(tmp) / "hall", lambda server, proc: hall_run(server, proc, hall, args.changes,
                                                                               args.game))
        if not args.no_bare:
            await bare_run(sizes, args.changes, Path(tmp), hall)


if __name__ == "__main__":
    asyncio.run(main())
