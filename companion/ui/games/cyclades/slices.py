"""What each Cyclades part is built from: a slice of the state, and the device-local values it shows.

A part is rebuilt only when its arguments change (companion/ui/LIVE.md), so each
panel gets the state keys it reads and nothing more. Seat names ride along in
every slice, since panels print them; device-local values are copied frozen, so a
list edited in place can never equal its own earlier copy by accident.
"""
from __future__ import annotations

from typing import Any

from companion.ui.context import UI


def pick(ui: UI, state: dict, *keys: str) -> dict:
    return {"names": tuple((s["id"], s["name"]) for s in ui.snap["seats"]), **{k: state[k] for k in keys}}


def local(ui: UI, prefix: str) -> tuple:
    """This device's values under `prefix`, as a comparable tuple (the part's memo input)."""
    return tuple(sorted((k, _frozen(v)) for k, v in ui.local.inputs.items() if k.startswith(prefix)))


def _frozen(value: Any) -> Any:
    return tuple(_frozen(v) for v in value) if isinstance(value, (list, tuple)) else value
