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


def cut(snap: dict, keys: tuple[str, ...], turn: tuple[str, ...] | None = None,
        answers: tuple[str, ...] | None = None) -> dict:
    """A snapshot holding only `keys` of the state, plus the device's answers under "allowed".

    `turn`: only these fields of the turn (None: all of it); `answers`: only the answers of these
    kinds ("build" for every "build.<monument>"; None: all of them). A section that shows neither
    whose Regular Actions are done nor the Special Actions' answers is not rebuilt when they move."""
    state = snap["state"]
    out = {k: state[k] for k in keys if k in state}
    if turn is not None and "turn" in out:
        out["turn"] = {k: out["turn"][k] for k in turn}
    allowed = may(snap)
    if answers is not None:
        allowed = {k: v for k, v in allowed.items() if k.partition(".")[0] in answers}
    return {"role": snap["role"], "seat": snap["seat"], "state": {**out, "allowed": allowed}}


def mine(ui: UI, prefix: str | None) -> str:
    """This device's values under `prefix` (None: a panel with none), as one comparable string (a
    part's memo input): panels edit their lists and dicts in place, so only a copy tells old from new."""
    if prefix is None:
        return ""
    return json.dumps({k: v for k, v in ui.local.inputs.items() if k.startswith(prefix)}, sort_keys=True, default=str)
