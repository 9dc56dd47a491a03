"""Where the real server's CPU goes while one change fans out (issue #26), sampled, not traced.

bench/change_profile.py traces a render in one process under cProfile: exact call counts, but
no HTTP, no websockets, and cProfile's own cost on every call. This bench runs bench/fanout.py
(the real server, real sockets, the same table and change) under py-spy, a sampling profiler
that reads the server's stacks from outside (`pip install -e ".[bench]"`). Only samples taken
while a thread holds the GIL are kept (py-spy --gil: Python at work, not a thread waiting on a
socket or a disk). Start-up and devices opening are left out; what remains is split into the
steps of a change (our screens, Flet's diff, Flet's send, the websocket, the HTTP request, the
write), then the functions with the most samples of their own.

Run from the repository root: python bench/server_profile.py [--game kleos] [--sessions 10]
[--changes 300] [--rate 400] [--keep FILE] (--raw FILE reads a kept sample file again).
"""
from __future__ import annotations

import argparse
import collections
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
# Stacks of the server's start and of devices opening: not part of a change.
SETUP = ("warm_up", "_find_and_load", "build_app", "Session.open (companion", "Session.start (companion",
         "__on_session_created", "yaml/")
# The steps of a change: a sample counts for the first step (in this order) one of whose frames it holds.
STEPS = [
    ("Flet: the message's debug text (an f-string)", "_recursive_repr"),
    ("Flet: encoding and queueing a message", "FletApp.send_message"),
    ("our screens (board, parts)", "Session._describe"),
    ("Flet: a part's Component.update (diff)", "Component.update"),
    ("Flet: page updates", "Page.update"),
    ("the snapshot per device kind", "LiveTable.snapshot"),
    ("the rest of a device's render", "Session.render"),
    ("the write: the table's file", "store.py"),
    ("the write: the saved-tables index", "_index_change"),
    ("the write: the rest", "router.<locals>._write"),
    ("websocket frames out", "WebSocket.send"),
    ("HTTP request handling", "httptools"),
    ("websocket frames in", "websockets_sansio"),
]


def frames_of(line: str) -> tuple[list[str], int] | None:
    """The server's frames of one line of py-spy's raw output (bench process first, server second)."""
    stack, _, count = line.rstrip("\n").rpartition(" ")
    parts = stack.split(";")
    if sum(p.startswith("process ") for p in parts) < 2:
        return None  # the bench's own process
    return [p for p in parts if not p.startswith(("process ", "thread "))], int(count)


def split(raw: Path, top: int) -> str:
    steps: collections.Counter[str] = collections.Counter()
    own: collections.Counter[str] = collections.Counter()
    total = 0
    for line in raw.open():
        read = frames_of(line)
        if read is None or not read[0] or any(s in f for f in read[0] for s in SETUP):
            continue
        frames, count = read
        total += count
        joined = ";".join(frames)
        steps[next((name for name, needle in STEPS if needle in joined), "other")] += count
        own[re.sub(r":\d+\)$", ")", frames[-1])] += count
    if not total:
        return "no samples of the server during the changes"
    out = [f"{total} samples of the server at work (GIL held), start-up and devices opening left out"]
    out += [f"  {100 * n / total:5.1f} %  {name}" for name, n in steps.most_common()]
    out.append("functions with the most samples of their own:")
    out += [f"  {100 * n / total:5.1f} %  {name}" for name, n in own.most_common(top)]
    return "\n".join(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="kleos")
    parser.add_argument("--sessions", type=int, default=10)
    parser.add_argument("--changes", type=int, default=300)
    parser.add_argument("--rate", type=int, default=400, help="samples per second")
    parser.add_argument("--top", type=int, default=25)
    parser.add_argument("--keep", type=Path, help="keep py-spy's raw samples in this file")
    parser.add_argument("--raw", type=Path, help="split an earlier --keep file; run nothing")
    args = parser.parse_args()
    if args.raw:
        print(split(args.raw, args.top))
        return
    spy = shutil.which("py-spy", path=str(Path(sys.executable).parent)) or shutil.which("py-spy")
    if spy is None:
        sys.exit('py-spy is not installed: pip install -e ".[bench]"')
    with tempfile.TemporaryDirectory() as tmp:
        raw = args.keep or Path(tmp) / "samples.txt"
        run = subprocess.run([spy, "record", "--gil", "--subprocesses", "--rate", str(args.rate), "--format", "raw",
                              "--output", str(raw), "--", sys.executable, str(HERE / "fanout.py"),
                              "--game", args.game, "--sizes", str(args.sessions), "--changes", str(args.changes),
                              "--hall", "0x0", "--no-bare"], capture_output=True, text=True, check=True)
        print(*[line for line in run.stdout.splitlines() if line.startswith("app,")], sep="\n")
        print(f"{args.game}, {args.sessions} sessions, {args.changes} changes, under py-spy (its sampling "
              "costs CPU too: read the shares, not the ms)")
        print(split(raw, args.top))


if __name__ == "__main__":
    main()
