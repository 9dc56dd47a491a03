"""What each Fleecing Olympus part is built from: a slice of the view, and the device-local input it shows.

A part is rebuilt only when its arguments change (companion/ui/LIVE.md), so each
panel gets the view keys it reads and nothing more. Seat names ride along in
every slice, since panels print them. Half-entered forms live in `ui.local` as
dicts edited in place, so the memo gets a deep copy: an edited dict can never
equal its own earlier self by accident.
"""
from __future__ import annotations

import copy

from companion.ui.context import UI
from companion.ui.games.fleecing_olympus.parts import turn_local


def pick(ui: UI, state: dict, *keys: str, allowed: tuple[str, ...] = ()) -> dict:
    """`allowed` names the prefixes of the answers (companion.games.fleecing_olympus.allowed) the panel
    reads, so a change to another action's answer does not redraw it."""
    out = {"names": tuple((s["id"], s["name"]) for s in ui.snap["seats"]), **{k: state.get(k) for k in keys}}
    if allowed:
        out["allowed"] = {k: v for k, v in state["allowed"].items() if k.startswith(allowed)}
    return out


def apart(state: dict, who: str | None) -> tuple[dict, dict]:
    """The view less its gem counts and who has shown theirs, and the few counts the panels other than
    the tiles read: the phone's own (its deal card), and in the power step the Active player's
    (Hermes' payment). A player showing or hiding theirs changes neither on any other device."""
    gems = state["gems"]
    turn = state["turn"]
    readers = (who, turn["active"]) if turn and state["phase"] == "power" else (who,)
    return ({k: v for k, v in state.items() if k not in COUNTS}, {p: gems[p] for p in readers if p in gems})


COUNTS = ("gems", "revealed")


def local(ui: UI, key: str, start: dict, state: dict | None = None) -> dict:
    """A copy of this device's form under `key`, set up first as the panel would (for this turn only
    when `state` is given), so the panel's first build does not count as a change on the next render.
    While the form holds what it held at the last render, that render's copy comes back (the very
    object: the part's arguments compare by identity first), and nothing is copied."""
    if state is not None:
        data = turn_local(ui, key, state, start)
    elif (data := ui.local.inputs.get(key)) is None:
        data = ui.local.inputs[key] = copy.deepcopy(start)
    kept = ui.local.inputs.get(COPY + key)
    if kept is None or kept != data:
        kept = ui.local.inputs[COPY + key] = copy.deepcopy(data)
    return kept


COPY = "fleecing_olympus.copy."  # the last copy local() gave of each form, by the form's key
