"""How long a full garbage collection stops the server, with and without start-up frozen.

A full (oldest-generation) collection runs on whichever thread allocates when it comes due, the
event loop included, and walks every object the collector tracks: while it runs, no device is
served. The server (companion/server/serving.py `settle_heap`) freezes what start-up built before it
answers anything, so later full collections walk only what tables and devices made since.

Each mode runs in a fresh process: the server's start-up in one process (`build_app`: the
imports, the rules index, the strings, the app), start-up frozen or not, then tables of Kleos
with their devices open in that process (bench/change_profile.py's tables: a tablet, a phone per
seat, spectators; real Flet sessions without sockets) and some Glory changes, as in a game under
way; then full collections are timed.

Run from the repository root: python bench/gc_pause.py [--tables 5] [--sessions 6] [--changes 30]
"""
from __future__ import annotations

import argparse
import asyncio
import gc
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ROUNDS = 7


async def game_under_way(tables: int, sessions: int, changes: int, frozen: bool) -> tuple[int, int, list[float]]:
    """(objects frozen, objects tracked, full-collection pauses in s)."""
    sys.path[:0] = [str(ROOT / "tests"), str(ROOT / "tests" / "ui"), str(ROOT / "bench")]
    from change_profile import open_table, plain_cpu

    from companion.server.app import build_app
    from companion.server.serving import settle_heap

    _, server = build_app(Path(tempfile.mkdtemp()) / "data", "http://tablet.lan:8550")
    if frozen:
        settle_heap()
    devices = []
    for _ in range(tables):
        live, keys, opened = await open_table(server, "kleos", sessions)
        devices += opened  # kept open, as in a game under way
        await plain_cpu(live, "kleos", keys, opened[0].settle, 0, changes, 0.0)
    pauses = []
    for _ in range(ROUNDS):
        started = time.perf_counter()
        gc.collect()
        pauses.append(time.perf_counter() - started)
    return gc.get_freeze_count(), len(gc.get_objects()), pauses


def one_mode(args: argparse.Namespace, frozen: bool) -> str:
    """The measure, in a fresh process: start-up's heap is the process's own."""
    command = [sys.executable, __file__, "--tables", str(args.tables), "--sessions", str(args.sessions),
               "--changes", str(args.changes), "--one", "frozen" if frozen else "plain"]
    return subprocess.run(command, capture_output=True, text=True, check=True, cwd=ROOT).stdout.strip()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=5)
    parser.add_argument("--sessions", type=int, default=6)
    parser.add_argument("--changes", type=int, default=30, help="Glory changes per table before the collections")
    parser.add_argument("--one", choices=("frozen", "plain"), help=argparse.SUPPRESS)  # a child process's mode
    args = parser.parse_args()
    if args.one:
        frozen, tracked, pauses = asyncio.run(game_under_way(args.tables, args.sessions, args.changes,
                                                             args.one == "frozen"))
        label = "start-up frozen" if args.one == "frozen" else "nothing frozen"
        print(f"{label:16s} full collection: median {1000 * statistics.median(pauses):6.1f} ms, "
              f"slowest {1000 * max(pauses):6.1f} ms ({ROUNDS} collections); "
              f"{tracked} objects walked, {frozen} frozen")
        return
    print(f"{args.tables} Kleos tables x {args.sessions} devices, {args.changes} changes each, then {ROUNDS} full "
          f"collections (python {sys.version.split()[0]})")
    for frozen in (False, True):
        print(one_mode(args, frozen), flush=True)


if __name__ == "__main__":
    main()
