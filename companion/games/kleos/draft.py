"""The Dusk sheet as a draft held by the table, not by one device.

Each tap on any device's sheet is a `dusk.set` event that writes one god's count at
one location (last writer wins, so two devices setting the same cell end with the
one value every screen shows) and remembers who entered it. The confirm must send
exactly the sheet the table holds: one filled in on a device that had not seen the
latest entry is refused, so nobody's entry is dropped by another's confirm.
"""
from __future__ import annotations

from companion.core.model import RuleError
from companion.games.kleos.scoring import LOCATION_GLORY, read_entry
from companion.games.kleos.state import ACTION, DAYBREAK, DEPLOYMENT, DUSK, PLAY, require_phase, require_player

LIVE = (DEPLOYMENT, DAYBREAK, PLAY, ACTION, DUSK)

SHEET = "dusk_sheet"


def sheet(state: dict) -> dict:
    """Today's draft: {"day", "board": loc -> god -> [Minions, Champion], "by": loc -> god -> who}."""
    draft = state.get(SHEET)
    if not draft or draft["day"] != state["day"]:
        return {"day": state["day"], "board": {loc: {} for loc in LOCATION_GLORY}, "by": {loc: {} for loc in LOCATION_GLORY}}
    return draft


def dusk_set(state: dict, event: dict) -> dict:
    """Handler: one god's count at one location on today's sheet."""
    loc = event.get("location")
    if loc not in LOCATION_GLORY:
        raise RuleError("kleos.err.city_location_use_port", unknown=loc)
    player = require_player(state, event.get("player"))
    minions, champion = read_entry(player, [event.get("minions"), event.get("champion")])
    require_phase(state, *LIVE)
    draft = sheet(state)  # a sheet that breaks a rule across locations is shown with what is wrong, as before
    draft["board"][loc][player] = [minions, champion]
    draft["by"][loc][player] = event.get("by")
    state[SHEET] = draft
    return state


def filled(state: dict) -> dict:
    """The sheet as a confirm must send it: only the gods present at each location."""
    return {loc: {p: list(v) for p, v in presence.items() if v[0] > 0} for loc, presence in sheet(state)["board"].items()}


def check_confirm(state: dict, board: dict) -> None:
    """A confirm from a screen that had not seen the latest entry would drop it: refused."""
    if any(sheet(state)["by"].values()) and _same(board) != _same(filled(state)):
        raise RuleError("kleos.err.dusk_sheet_changed")


def _same(board: object) -> dict:
    """A board read for comparison: gods with no Minion and empty locations left out."""
    if not isinstance(board, dict):
        return {}
    out = {}
    for loc, presence in board.items():
        there = {p: [v[0], bool(v[1])] for p, v in presence.items()
                 if isinstance(v, (list, tuple)) and len(v) == 2 and v[0]} if isinstance(presence, dict) else {}
        if there:
            out[loc] = there
    return out
