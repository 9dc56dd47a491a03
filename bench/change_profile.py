"""Where the server's time goes when one change fans out to a table's devices (issue #26).

In one process, without a browser or sockets: a real Flet session per device, driven through
tests/ui/live_device.py (whose connection msgpack-encodes every message as the websocket
transport does), on a table of the given game (a tablet, a phone per seat, spectators for the
rest). Each change is dispatched through the hub as the JSON API does, and every device's
render is drawn from the render queue, all under cProfile. The report splits the time into
the steps of a change: the per-device snapshot, our screens (board functions and parts), Flet's
reconcile (`Session.patch_control`, the object diff), and message encoding; then the top
functions by their own time.

Before the profile, the same changes are made without it, twice: back to back, then each after
an idle pause (--pause), as bench/fanout.py's changes come (after the devices went quiet). The
two differ by far more than the profiler's share: what runs first after a pause finds the CPU's
caches cold (bench/flet_floor.py shows it on bare Flet's own change).

Run from the repository root: python bench/change_profile.py [--game kleos] [--devices 10] [--changes 30]
[--pause 0.2]
"""
from __future__ import annotations

import argparse
import asyncio
import cProfile
import pstats
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "tests"), str(ROOT / "tests" / "ui"), str(ROOT / "bench")]
from fanout import OPTIONS, PLAYERS  # noqa: E402
from live_device import PHONE, TABLET, Device  # noqa: E402

from companion.core.access import Access  # noqa: E402
from companion.core.hub import Hub  # noqa: E402
from companion.games.registry import GAMES  # noqa: E402
from companion.ui.context import ServerInfo  # noqa: E402
from companion.ui.devices import Screens  # noqa: E402

HOST = Access("host")
# The steps of one change, each named by the functions whose cumulative time is that step.
STEPS = [
    ("snapshot (read model, per device kind)", [("companion/core/readmodel.py", "snapshot")]),
    ("our screens (board, parts)", [("companion/ui/app.py", "_describe")]),
    ("Flet reconcile: parts' Component.update", [("flet/components/component.py", "update")]),
    ("Flet reconcile: page walks", [("flet/controls/page.py", "update")]),
    ("  of which Session.patch_control", [("flet/messaging/session.py", "patch_control")]),
    ("  of which the object diff", [("flet/controls/object_patch.py", "from_diff")]),
    ("message encoding (msgpack)", [("live_device.py", "send_message")]),
    ("whole render, per device", [("companion/ui/app.py", "render")]),
]


def setup(live, game: str) -> None:
    """To where the bench's change is allowed (bench/fanout.py does the same through the API)."""
    players = PLAYERS[game]
    step = lambda body: live.dispatch({**body, "from_step": live.step}, HOST)  # noqa: E731
    if game == "kleos":
        for _ in range(3):
            step({"type": "phase.next"})
    if game == "cyclades":
        step({"type": "start", "order": players, "gods": ["athena", "ares", "zeus", "hera"]})
        step({"type": "phase.next"})
    if game == "fleecing_olympus":
        rolls = {p: [1, 2] for p in players} | {"ana": [6, 6], "bia": [5, 6]}
        for body in ({"type": "opening_roll", "rounds": [rolls]}, {"type": "power", "side": "even"},
                     {"type": "roll", "target": "bia", "dice": [6, 4]}):
            step(body)


def change(live, game: str, n: int, keys: dict[str, Access]) -> None:
    who = PLAYERS[game][n % len(PLAYERS[game])]
    body = {"kleos": {"type": "glory.add", "player": who, "reason": "kill"},
            "cyclades": {"type": "tracker.adjust", "player": who, "item": "philosophers", "delta": 1},
            "lords_of_hellas": {"type": "tracker.set", "player": who, "field": "lands", "value": n + 1},
            # shows or hides again, as bench/fanout.py does: a fixed `open` per seat soon changes nothing
            "fleecing_olympus": {"type": "reveal", "open": who not in live.state.get("revealed", ())},
            }.get(game, {"type": "points.add", "player": who, "amount": 1})
    live.dispatch({**body, "from_step": live.step}, keys[who])


async def plain_cpu(live, game: str, keys: dict[str, Access], settle, first: int, changes: int,
                    pause: float) -> float:
    """Process CPU per change over changes number `first` onwards, each after `pause` seconds idle."""
    spent = 0.0
    for n in range(first, first + changes):
        if pause:
            await asyncio.sleep(pause)
        started = time.process_time()
        change(live, game, n, keys)
        await settle()
        spent += time.process_time() - started
    return spent / changes


async def open_table(server: ServerInfo, game: str, count: int) -> tuple[object, dict[str, Access], list[Device]]:
    """A table of `game` at the bench's change (`setup`), with `count` devices open on it: a tablet,
    a phone per seat, spectators for the rest. Returns the live table, every seat's key (a seat's
    change, watched or not) and the devices."""
    live = server.hub.create(game, {"players": PLAYERS[game], **OPTIONS.get(game, {})})
    setup(live, game)
    table = live.table
    keys = {seat.id: Access("seat", seat.id) for seat in table.seats}
    devices = []
    for i in range(count):
        if i == 0:
            route, size = f"/t/{table.id}?k={table.host_token}", TABLET
        elif i <= len(table.seats):
            seat = table.seats[i - 1]
            route, size = f"/t/{table.id}?k={live.claim(seat.token)[1]}", PHONE
        else:
            route, size = f"/t/{table.id}?k={table.spectator_token}", PHONE
        storage = {f"companion.tablet.{table.id}": table.host_token} if i == 0 else None
        devices.append(await Device(server, route, size, storage=storage).open())
    for device in devices:
        await device.settle()
    return live, keys, devices


async def run(game: str, count: int, changes: int, pause: float) -> tuple[cProfile.Profile, float, int, tuple]:
    server = ServerInfo(hub=Hub(Path(tempfile.mkdtemp()) / "data", GAMES), admin_token="a" * 32,
                        base_url="http://tablet.lan:8550", screens=Screens(per_seat=64, per_device=64))
    live, keys, devices = await open_table(server, game, count)
    settle = devices[0].settle
    await plain_cpu(live, game, keys, settle, 0, 3, 0.0)  # warm: every part built once
    plain = (await plain_cpu(live, game, keys, settle, 3, changes, 0.0),
             await plain_cpu(live, game, keys, settle, 3 + changes, changes, pause))
    marks = [d.mark() for d in devices]
    profile = cProfile.Profile()
    profile.enable()
    cpu = await plain_cpu(live, game, keys, settle, 3 + 2 * changes, changes, 0.0)
    profile.disable()
    sent = sum(len(p) for d, m in zip(devices, marks) for p in d.patches_since(m))
    return profile, cpu, sent // (changes * count), plain


def report(profile: cProfile.Profile, changes: int) -> None:
    stats = pstats.Stats(profile)
    total = stats.total_tt
    print(f"profiled {1000 * total / changes:.1f} ms/change (cProfile's wall clock: slower than the bench, and on a "
          f"busy machine it counts waits for the CPU); shares of it:")
    for name, wanted in STEPS:
        cum = sum(ct for (file, _, func), (_, _, _, ct, _) in stats.stats.items()
                  if any(file.endswith(f) and func == fn for f, fn in wanted))
        print(f"  {name:44s} {1000 * cum / changes:7.2f} ms/change  {100 * cum / total:5.1f} %")
    print("top functions by own time:")
    rows = sorted(stats.stats.items(), key=lambda kv: -kv[1][2])[:18]
    for (file, line, func), (cc, nc, tt, ct, _) in rows:
        short = "/".join(Path(file).parts[-2:])
        print(f"  {1000 * tt / changes:7.2f} ms  {nc / changes:8.0f} calls  {short}:{line} {func}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="kleos", choices=sorted(PLAYERS))
    parser.add_argument("--devices", type=int, default=10)
    parser.add_argument("--changes", type=int, default=30)
    parser.add_argument("--pause", type=float, default=0.2, help="seconds idle before each change")
    args = parser.parse_args()
    profile, cpu, per_session, (warm, cold) = asyncio.run(run(args.game, args.devices, args.changes, args.pause))
    print(f"{args.game}, {args.devices} devices, {args.changes} changes: process CPU {1000 * cpu:.1f} ms/change "
          f"(under cProfile), {per_session} B/session/change")
    print(f"without the profiler: {1000 * warm:.2f} ms/change back to back, {1000 * cold:.2f} ms/change "
          f"each after {args.pause} s idle")
    report(profile, args.changes)


if __name__ == "__main__":
    main()
