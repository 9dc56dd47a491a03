"""What each Lords of Hellas part is built from: the device's view cut to the keys a panel reads.

A part is rebuilt only when its arguments change (companion/ui/LIVE.md), so each
section gets a small snapshot of its own: the device's role and seat, the state
keys it reads, and what the view says this device may do. A spectator's view is
the tablet's (the hub gives both seat None), so its answers are all "only watching".
"""
from __future__ import annotations

import json

from companion.ui.context import UI

WATCHING = "lords_of_hellas.why_watching"


def may(snap: dict) -> dict[str, str | None]:
    """The view's answers for this device (see companion.games.lords_of_hellas.allowed)."""
    answers = snap["state"]["allowed"]
    return {k: WATCHING for k in answers} if snap["role"] == "spectator" else answers


def cut(snap: dict, keys: tuple[str, ...]) -> dict:
    """A snapshot holding only `keys` of the state, plus the device's answers under "allowed"."""
    state = snap["state"]
    return {"role": snap["role"], "seat": snap["seat"],
            "state": {**{k: state[k] for k in keys if k in state}, "allowed": may(snap)}}


def mine(ui: UI, prefix: str | None) -> str:
    """This device's values under `prefix` (None: a panel with none), as one comparable string (a
    part's memo input): panels edit their lists and dicts in place, so only a copy tells old from new."""
    if prefix is None:
        return ""
    return json.dumps({k: v for k, v in ui.local.items() if k.startswith(prefix)}, sort_keys=True, default=str)
