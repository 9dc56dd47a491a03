"""How long the event loop every device shares stalls while a large table opens (issue #43).

In one process, as the server runs it: a Score pad table of `--events` events is saved, then a
hub starts afresh on the folder (as after a restart), and a tablet's screen opens the table
through the real Flet session (tests/ui/live_device.py) (after the same screen of a 10-event table,
for what every screen costs); its file has a line per event, as play appends them, so the open
compacts it. Then a JSON API read opens a second such table, compacted before, the way the API
does (in the thread pool). Meanwhile a probe on the event loop asks
for a 1 ms sleep again and again: how late each wake-up comes is the loop's lag, which every
other table's devices wait through. Printed: each open's time, and the lag's worst and p99, in
wall time and in this process's CPU time spent while the loop waited. On a machine shared with
other busy processes the wall lag is mostly the wait for a core; the CPU lag is what this process
itself did meanwhile (what a machine of its own would show as lag).

Run from the repository root: python bench/open_lag.py [--events 40000]
"""
from __future__ import annotations

import argparse
import asyncio
import json
import sys
import tempfile
import time
from pathlib import Path

from starlette.concurrency import run_in_threadpool

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "tests"), str(ROOT / "tests" / "ui")]
from live_device import TABLET, Device  # noqa: E402

from companion.core.hub import Hub  # noqa: E402
from companion.server.app import warm_up  # noqa: E402
from companion.server.serving import favour_the_loop, settle_heap  # noqa: E402
from companion.games.registry import GAMES  # noqa: E402
from companion.ui.context import ServerInfo  # noqa: E402

TICK = 0.001


def big_table(hub: Hub, events: int, compacted: bool = False) -> tuple[str, str]:
    """A table whose file holds `events` events, one line each as play appends them (without an fsync
    each), so its next open compacts it; `compacted`: opened once already, so its file is as the store
    rewrote it. (Its id, its tablet key.)"""
    live = hub.create("scorepad", {"players": ["ana", "bia", "caio"]})
    at = time.time()
    with open(hub.store.path(live.table.id), "a", encoding="utf-8") as f:
        for n in range(1, events + 1):
            doc = {"type": "points.add", "player": ("ana", "bia", "caio")[n % 3], "amount": 1, "by": "host",
                   "at": at + n}
            f.write(json.dumps({"events": {str(n): doc}}, separators=(",", ":")) + "\n")
    if compacted:
        hub.store.open(live.table.id).close()
    return live.table.id, live.table.host_token


class Probe:
    """The event loop's lag: how late a 1 ms sleep wakes, sampled until stopped."""

    def __init__(self) -> None:
        self.lags: list[float] = []
        self.cpu: list[float] = []
        self._on = True

    async def run(self) -> None:
        while self._on:
            before, cpu = time.perf_counter(), time.process_time()
            await asyncio.sleep(TICK)
            self.lags.append((time.perf_counter() - before - TICK) * 1000)
            self.cpu.append((time.process_time() - cpu) * 1000)

    def stop(self) -> None:
        self._on = False

    def line(self, label: str, took: float) -> str:
        lags, cpu = sorted(self.lags) or [float("nan")], sorted(self.cpu) or [float("nan")]
        return (f"{label:36s} open {took * 1000:6.0f} ms  lag: worst {lags[-1]:6.1f} ms, p99 {_p99(lags):6.1f}"
                f"  | in CPU: worst {cpu[-1]:6.1f} ms, p99 {_p99(cpu):6.1f}  ({len(lags)} samples)")


def _p99(ordered: list[float]) -> float:
    return ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]


async def measured(label: str, work) -> None:
    probe = Probe()
    task = asyncio.create_task(probe.run())
    await asyncio.sleep(0.05)
    probe.lags.clear()
    start = time.perf_counter()
    await work()
    took = time.perf_counter() - start
    await asyncio.sleep(0.05)
    probe.stop()
    await task
    print(probe.line(label, took), flush=True)


async def run(events: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        warm_up()  # what the server loads before it answers (the strings, the rules, the screens' modules)
        settle_heap()  # and what it then takes out of the collector's sight, as `companion` does before serving
        favour_the_loop()  # and how soon a worker thread hands the interpreter back, as it does too
        writer = Hub(Path(tmp) / "data", GAMES)
        small = big_table(writer, 10)
        by_screen = big_table(writer, events)
        by_api = big_table(writer, events, compacted=True)
        writer.index.close()
        hub = Hub(Path(tmp) / "data", GAMES)  # a server started afresh: no table in memory
        hub.index.wait_checked(600)  # the index's own replay check of new files runs first, as at a start
        server = ServerInfo(hub=hub, admin_token="a" * 32, base_url="http://127.0.0.1:8550")
        print(f"opening a Score pad table of {events} events while the event loop is probed every {TICK * 1000:g} ms")

        browser: dict = {}  # one tablet's browser storage: it keeps the keys it was given

        def screen(table: tuple[str, str], count: int):
            async def opened() -> None:
                tablet = await Device(server, f"/t/{table[0]}?k={table[1]}", TABLET, storage=browser).open()
                await tablet.settle()
                assert tablet.app.ui.live is not None and tablet.app.ui.live.seq == count
            return opened

        async def api() -> None:
            live, access = await run_in_threadpool(hub.join, *by_api)
            assert access is not None and live.seq == events

        await run_in_threadpool(lambda: None)  # the thread pool's first use imports its backend, on the loop
        await measured("nothing opens (this machine's floor)", lambda: asyncio.sleep(3))
        await screen(small, 10)()  # the first screen of a process loads what any screen needs
        await measured("the same screen, a 10-event table", screen(small, 10))
        await measured("a tablet's screen opens it", screen(by_screen, events))
        await measured("a JSON API read opens one compacted", api)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=40_000)
    asyncio.run(run(parser.parse_args().events))


if __name__ == "__main__":
    main()
