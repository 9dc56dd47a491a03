"""Issue #43's probe of retry keys: how many commands a reused `client_id` swallows.

A command is swallowed when the hub answers it as done but saves nothing of it. Three probes,
each on a fresh Score pad: another seat sending its own change under an id a seat already used;
the same seat sending another amount under its id; the same seat's Undo under the id of its
last change. Run on any checkout: `python bench/retry_keys.py` prints the count (before #43: 3
of 3; after: 0, the first stored as its own change, the other two refused).
"""
from __future__ import annotations

import tempfile
from pathlib import Path

from companion.core.access import Access
from companion.core.hub import Hub
from companion.core.model import RuleError
from companion.games.registry import GAMES

ANA, BIA = Access("seat", "ana"), Access("seat", "bia")


def probe(hub: Hub, first: tuple[dict, Access], second: tuple[dict, Access]) -> str:
    live = hub.create("scorepad", {"players": ["Ana", "Bia"]})
    live.dispatch(*first)
    before = len(live.events())
    try:
        live.dispatch(*second)
    except RuleError as err:
        return f"refused ({err.key})"
    return "stored" if len(live.events()) > before else "SWALLOWED"


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        hub = Hub(Path(folder), GAMES)
        add = {"type": "points.add", "amount": 3, "client_id": "r-1"}
        found = {
            "another seat, same id": probe(hub, ({**add, "player": "ana"}, ANA), ({**add, "player": "bia"}, BIA)),
            "same seat, other amount": probe(hub, ({**add, "player": "ana"}, ANA),
                                             ({**add, "player": "ana", "amount": 4}, ANA)),
            "same seat, undo under it": probe(hub, ({**add, "player": "ana"}, ANA),
                                              ({"type": "undo", "client_id": "r-1"}, ANA)),
        }
        for case, outcome in found.items():
            print(f"{case:28} {outcome}")
        swallowed = sum(outcome == "SWALLOWED" for outcome in found.values())
        print(f"swallowed: {swallowed} of {len(found)}")


if __name__ == "__main__":
    main()
