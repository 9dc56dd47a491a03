"""What one change's new rows cost Flet, counted rather than timed (issue #26).

Every change adds a row to the history on every device that shows it (the tablet always), and a
Kleos Glory change one more to the Glory log. Flet walks every field of every dataclass in a
control it has not seen (`_configure_dataclass`: controls, spans, their styles), before it diffs
and encodes them, so a row's cost follows the controls and fields it is made of (bench/flet_floor.py
times it: 0.3-0.6 ms per device). This prints, per game, for one change seen on a tablet:
- each new row (a history row; a Kleos Glory log row): its controls and the fields Flet visits;
- the whole change: the controls and fields of every part the change rebuilt (each part's own
  control, down to the components of the parts it holds, which Flet does not walk again).
Deterministic: the same code gives the same figures on a busy machine.

In one process, without a browser: a real Flet session per device (tests/ui/live_device.py), the
change dispatched through the hub as bench/change_profile.py does.

Run from the repository root: python bench/row_cost.py [--game kleos]
"""
from __future__ import annotations

import argparse
import asyncio
import dataclasses
import re
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "tests"), str(ROOT / "tests" / "ui"), str(ROOT / "bench")]
import flet as ft  # noqa: E402
from change_profile import change, setup  # noqa: E402
from fanout import OPTIONS, PLAYERS  # noqa: E402
from live_device import TABLET, Device  # noqa: E402

from companion.core.access import Access  # noqa: E402
from companion.core.hub import Hub  # noqa: E402
from companion.games.registry import GAMES  # noqa: E402
from companion.ui.context import ServerInfo  # noqa: E402

ROW = re.compile(r"(history|glory-log)-\d+")  # the part keys of one row (not of a block or card)


def cost(value: object, top: bool = True) -> tuple[int, int]:
    """(controls, fields) Flet visits configuring `value` as a new control: every non-skipped field
    of every dataclass inside it, as its `_configure_dataclass` walks them. A component inside
    (another part) counts as itself: the part it shows was sent before."""
    if isinstance(value, (list, tuple)):
        found = [cost(v, False) for v in value]
        return sum(c for c, _ in found), sum(f for _, f in found)
    if isinstance(value, dict):
        return cost(list(value.values()), False)
    if not dataclasses.is_dataclass(value) or isinstance(value, type):
        return 0, 0
    fields = [f for f in dataclasses.fields(value) if not f.metadata.get("skip", False)]
    controls = 1 if isinstance(value, ft.BaseControl) else 0
    if isinstance(value, ft.Component) and not top:
        return controls, len(fields)
    inner = [cost(getattr(value, f.name), False) for f in fields]
    return controls + sum(c for c, _ in inner), len(fields) + sum(f for _, f in inner)


async def measure(game: str) -> dict[str, tuple[int, int]]:
    """The costs of one change's new rows and of everything it rebuilt, on a tablet."""
    server = ServerInfo(hub=Hub(Path(tempfile.mkdtemp()) / "data", GAMES), admin_token="a" * 32,
                        base_url="http://tablet.lan:8550")
    live = server.hub.create(game, {"players": PLAYERS[game], **OPTIONS.get(game, {})})
    setup(live, game)
    keys = {seat.id: Access("seat", seat.id) for seat in live.table.seats}
    tablet = await Device(server, f"/t/{live.table.id}?k={live.table.host_token}", TABLET).open()
    await tablet.settle()
    for n in range(6):  # past the first block boundary, as a table in play is
        change(live, game, n, keys)
        await tablet.settle()
    parts = tablet.app.ui.parts
    out = {}
    for key in parts.rebuilt:
        if ROW.fullmatch(key):
            out[key.rsplit("-", 1)[0] + " row"] = cost(parts.built[key].control)
    whole = [cost(parts.built[key].control) for key in parts.rebuilt]
    out["the whole change"] = (sum(c for c, _ in whole), sum(f for _, f in whole))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted(PLAYERS), help="one game (default: every game)")
    games = [parser.parse_args().game] if parser.parse_args().game else sorted(PLAYERS)
    print(f"{'game':18s} {'what':22s} {'controls':>8s} {'fields':>7s}   (one change, on a tablet)")
    for game in games:
        for what, (controls, fields) in asyncio.run(measure(game)).items():
            print(f"{game:18s} {what:22s} {controls:8d} {fields:7d}")


if __name__ == "__main__":
    main()
