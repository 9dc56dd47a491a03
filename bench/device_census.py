"""What each kind of device holds on the server: its controls, counted by type (issue #26).

The server keeps every control a session shows (Flet's index of the session, each control
with its fields and the snapshot it diffs against), for every phone of every table: so the
hall's RSS follows the number of controls per device (companion/ui/LIVE.md rule 13). This
opens, in one process and without a browser (tests/ui/live_device.py), a table of the given
game at the bench's point of play (bench/change_profile.py's `setup`), every seat joined,
with a tablet, the first and the last seat's phones and a spectator, and prints for each kind of device how many controls its
session holds and which types they are, the largest first. A change or two is played first,
so the Glory log and the like hold rows as during a game.

Run from the repository root: python bench/device_census.py [--game kleos] [--top 12] [--changes 3]
"""
from __future__ import annotations

import argparse
import asyncio
import collections
import dataclasses
import gc
import sys
import tempfile
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "tests"), str(ROOT / "tests" / "ui"), str(ROOT / "bench")]
from change_profile import change, setup  # noqa: E402
from fanout import OPTIONS, PLAYERS  # noqa: E402
from live_device import PHONE, TABLET, Device  # noqa: E402

from companion.ui.live import shown  # noqa: E402

import flet as ft  # noqa: E402

from companion.core.access import Access  # noqa: E402
from companion.core.hub import Hub  # noqa: E402
from companion.games.registry import GAMES  # noqa: E402
from companion.ui.context import ServerInfo  # noqa: E402
from companion.ui.devices import Screens  # noqa: E402


def census(device: Device) -> collections.Counter:
    """The controls this device's session holds (Flet's index of it), by type."""
    return collections.Counter(type(c).__name__ for c in list(device.flet.index.values()))


def by_part(device: Device) -> collections.Counter:
    """The same controls, by the innermost part (its key) that holds each: which piece of the
    screen to cut. Controls outside every part count under "(shell)"."""
    counts: collections.Counter = collections.Counter()

    def walk(control: object, owner: str) -> None:
        if isinstance(control, ft.Component):
            owner = str(control.key) if control.key is not None else owner
        counts[owner] += 1
        for child in children(control):
            walk(child, owner)

    walk(device.page, "(shell)")
    return counts


def children(control: object) -> list[ft.BaseControl]:
    """The controls directly inside `control`, a component's body included."""
    out = []
    if isinstance(control, ft.Component):
        body = shown(control)
        return [body] if body is not None and body is not control else []
    for f in dataclasses.fields(control):
        if f.name in {"parent", "page"}:
            continue
        value = getattr(control, f.name, None)
        for item in value if isinstance(value, list) else [value]:
            if isinstance(item, ft.BaseControl):
                out.append(item)
    return out


def held() -> int:
    """Bytes Python holds now, less what only the test driver keeps (every frame it was sent,
    and the browser's tree rebuilt from them): a server keeps neither."""
    driver = (tracemalloc.Filter(False, "*live_device.py"), tracemalloc.Filter(False, "*msgpack*"))
    return sum(s.size for s in tracemalloc.take_snapshot().filter_traces(driver).statistics("filename"))


async def devices(game: str, changes: int) -> tuple[list[tuple[str, Device]], dict[str, int]]:
    """A tablet, the first seat's phone, the last seat's phone and a spectator, drawn after
    `changes` changes; and the bytes one more device of each kind then costs (tracemalloc:
    what Python allocates for it and keeps, once the first of its kind paid what is shared)."""
    server = ServerInfo(hub=Hub(Path(tempfile.mkdtemp()) / "data", GAMES), admin_token="a" * 32,
                        base_url="http://tablet.lan:8550", screens=Screens(per_seat=64, per_device=64))
    live = server.hub.create(game, {"players": PLAYERS[game], **OPTIONS.get(game, {})})
    setup(live, game)
    table = live.table
    keys = {seat.id: Access("seat", seat.id) for seat in table.seats}
    claimed = [live.claim(seat.token)[1] for seat in table.seats]  # every seat joined, as in the bench's hall
    routes = [("tablet", f"/t/{table.id}?k={table.host_token}", TABLET),
              (f"phone {table.seats[0].id}", f"/t/{table.id}?k={claimed[0]}", PHONE),
              (f"phone {table.seats[-1].id}", f"/t/{table.id}?k={claimed[-1]}", PHONE),
              ("spectator", f"/t/{table.id}?k={table.spectator_token}", PHONE)]
    opened = []
    for name, route, size in routes:
        storage = {f"companion.tablet.{table.id}": table.host_token} if name == "tablet" else None
        opened.append((name, await Device(server, route, size, storage=storage).open()))
    for n in range(changes):
        change(live, game, n, keys)
    for _, device in opened:
        await device.settle()
    costs = {}
    tracemalloc.start()
    for name, route, size in routes:
        if name.startswith("phone"):  # a seat's second phone: its key again, as a second tab would
            route = next(d.route for n, d in opened if n == name)
        storage = {f"companion.tablet.{table.id}": table.host_token} if name == "tablet" else None
        gc.collect()
        before = held()
        twin = await Device(server, route, size, storage=storage).open()
        await twin.settle()
        gc.collect()
        costs[name] = held() - before
        opened.append((f"{name} (twin)", twin))
    tracemalloc.stop()
    return opened[:len(routes)], costs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="kleos", choices=sorted(PLAYERS))
    parser.add_argument("--top", type=int, default=12, help="types listed per device")
    parser.add_argument("--changes", type=int, default=3)
    parser.add_argument("--parts", action="store_true", help="also by part: the parts holding most controls")
    args = parser.parse_args()
    opened, costs = asyncio.run(devices(args.game, args.changes))
    for name, device in opened:
        counts = census(device)
        print(f"{args.game} {name:16s} {sum(counts.values()):5d} controls  {costs[name] / 1024:7.0f} KiB held")
        for kind, n in counts.most_common(args.top):
            print(f"    {n:5d}  {kind}")
        if args.parts:
            print("  by part (controls held directly, nested parts apart):")
            for key, n in by_part(device).most_common(args.top):
                print(f"    {n:5d}  {key}")


if __name__ == "__main__":
    main()
