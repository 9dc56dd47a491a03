"""What one change rebuilds on each kind of device: parts rebuilt, controls sent, bytes on the wire.

Deterministic where bench/fanout.py is noisy: in one process (tests/ui/live_device.py, whose
connection msgpack-encodes every message as the websocket transport does), a table of each game
is opened on a tablet, the changing player's phone, another player's phone and a spectator, and
brought to where bench/fanout.py's change is allowed (bench/change_profile.py's setup). After a
few warming changes, the same kind of change is made again and each device reports the parts its
render rebuilt (live.py's `Parts.rebuilt`, the shell's and the history's counted apart), the
controls those game parts were built of, and the bytes of the patches it was sent. A part that is rebuilt costs its build and Flet's diff of it on
every device of that kind, so this is what a change costs at fan-out, before any timing noise.

Run from the repository root: python bench/change_parts.py [--game fleecing_olympus] [--changes 2] [--list]
"""
from __future__ import annotations

import argparse
import asyncio
import dataclasses
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "tests"), str(ROOT / "tests" / "ui"), str(ROOT / "bench")]
from change_profile import HOST, change, setup  # noqa: E402
from fanout import OPTIONS, PLAYERS  # noqa: E402
from live_device import PHONE, SHELL, TABLET, Device  # noqa: E402

import flet as ft  # noqa: E402

from companion.core.access import Access  # noqa: E402
from companion.core.hub import Hub  # noqa: E402
from companion.games.registry import GAMES  # noqa: E402
from companion.ui.context import ServerInfo  # noqa: E402
from companion.ui.devices import Screens  # noqa: E402

GAME_ORDER = ["kleos", "scorepad", "cyclades", "lords_of_hellas", "fleecing_olympus"]


async def measure(game: str, changes: int) -> list[tuple[str, list[str], int]]:
    """(device kind, parts its render rebuilt for the last change, bytes sent for it), per kind."""
    server = ServerInfo(hub=Hub(Path(tempfile.mkdtemp()) / "data", GAMES), admin_token="a" * 32,
                        base_url="http://tablet.lan:8550", screens=Screens(per_seat=64, per_device=64))
    live = server.hub.create(game, {"players": PLAYERS[game], **OPTIONS.get(game, {})})
    setup(live, game)
    table = live.table
    n = 3 + changes  # the change measured is change(n): its player's phone, and the next seat's
    players = PLAYERS[game]
    mover = players[n % len(players)]
    other = players[(n + 1) % len(players)]
    keys = {s.id: Access("seat", s.id) for s in table.seats}
    seats = {s.id: s for s in table.seats}
    routes = [("tablet", f"/t/{table.id}?k={table.host_token}", TABLET),
              ("changer's phone", f"/t/{table.id}?k={live.claim(seats[mover].token)[1]}", PHONE),
              ("another phone", f"/t/{table.id}?k={live.claim(seats[other].token)[1]}", PHONE),
              ("spectator", f"/t/{table.id}?k={table.spectator_token}", PHONE)]
    devices = []
    for name, route, size in routes:
        storage = {f"companion.tablet.{table.id}": table.host_token} if name == "tablet" else None
        devices.append((name, await Device(server, route, size, storage=storage).open()))
    for _, device in devices:
        await device.settle()
    for i in range(3 + changes - 1):  # warm: every part built once, the toggles both ways
        change(live, game, i, keys)
        for _, device in devices:
            await device.settle()
    marks = [d.mark() for _, d in devices]
    change(live, game, n, keys)
    for _, device in devices:
        await device.settle()
    return [(name, list(d.app.ui.parts.rebuilt), built(d), sum(map(len, d.patches_since(m))))
            for (name, d), m in zip(devices, marks)]


def built(device: Device) -> int:
    """Controls the last render built anew in the board's parts: each is constructed, validated and
    diffed by Flet. A part standing inside a rebuilt one (a component) was not rebuilt with it."""
    parts = device.app.ui.parts
    keys = [k for k in parts.rebuilt if k not in SHELL and not k.startswith("history-")]
    return sum(_count(parts.built[k].control) for k in keys if k in parts.built)


def _count(control: ft.BaseControl) -> int:
    n = 1
    for f in dataclasses.fields(control):
        if f.name.startswith("_") or f.name in {"parent", "page"}:
            continue
        value = getattr(control, f.name, None)
        for item in value if isinstance(value, list) else [value]:
            if isinstance(item, ft.BaseControl) and not isinstance(item, ft.Component):
                n += _count(item)
    return n


def line(name: str, rebuilt: list[str], controls: int, sent: int, full: bool) -> str:
    game = [k for k in rebuilt if k not in SHELL and not k.startswith("history-")]
    rest = len(rebuilt) - len(game)
    text = f"  {name:16s} {len(game):3d} game parts, {controls:3d} controls (+{rest} shell/history parts)  {sent:6d} B"
    return text + (f"\n      {', '.join(game)}" if full else "")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted(PLAYERS), help="one game (default: all five)")
    parser.add_argument("--changes", type=int, default=2, help="warming changes before the one measured")
    parser.add_argument("--list", action="store_true", help="name every game part rebuilt")
    args = parser.parse_args()
    for game in [args.game] if args.game else GAME_ORDER:
        print(f"{game}: {'a phone shows or hides its gems' if game == 'fleecing_olympus' else 'one change'}")
        for name, rebuilt, controls, sent in asyncio.run(measure(game, args.changes)):
            print(line(name, rebuilt, controls, sent, args.list))


if __name__ == "__main__":
    main()
