"""The Lords of Hellas forms several devices fill for one decision, held by the table (companion/core/drafts.py).

A battle is a back-and-forth of a minute between two players, often each on their
own phone while the tablet watches: the attacker enters its Army and cards, the
defender its own, and whoever resolves it must count both. Each side is one entry,
so two phones filling their own side never overwrite each other.

A hunt is copied from the Monster tray on the table (`hunt`: its `slots`) and fought
attack by attack (`wounds`: the spaces this attack wounds, `chosen`), often read out by
one player while another taps; and how many Artifacts or Priests a Regular Action uses,
with the Monument the Priests go to (`counts`), is agreed aloud before the tap. Each of
these is checked as it is entered, so no screen draws a tray it cannot read. The Monster's
name is typed text and stays on the typing device (sharing each keystroke would move
another device's cursor); it travels with the start.

An entry is no move: it makes no line of history and Undo never takes it back; the
history reads the confirmed result ("Battle: Red (5) against Blue (3)"), once.
"""
from __future__ import annotations

from typing import Any

from companion.core.drafts import Draft
from companion.core.model import RuleError
from companion.games.lords_of_hellas.battle import SIDES, army_strength
from companion.games.lords_of_hellas.guards import ensure_player, whole_number
from companion.games.lords_of_hellas.hunt import MAX_SLOTS, REWARDS
from companion.games.lords_of_hellas.monuments import MONUMENTS
from companion.games.lords_of_hellas.refusal import refuse

BATTLE, HUNT, WOUNDS, COUNTS = "battle", "hunt", "wounds", "counts"
COUNT_MAX = 99


def _turn(state: dict) -> object:
    return (state.get("turn") or {}).get("number")


def _attack(state: dict) -> object:
    """An attack's choice belongs to one attack of one hunt."""
    hunt = state.get("hunt") or {}
    return [_turn(state), hunt.get("monster"), hunt.get("attacks")]


def _unknown(name: str, path: str) -> RuleError:
    return RuleError("drafts.unknown_entry", draft=name, path=path[:40])


def _side(state: dict, path: str, value: Any) -> Any:
    """A side every screen can count: the battle panel sums it on each device as it is drawn."""
    if path not in SIDES:
        raise _unknown(BATTLE, path)
    army_strength(value)
    ensure_player(state, value.get("player"))
    return value


def _tray(state: dict, path: str, value: Any) -> Any:
    if path != "slots":
        raise _unknown(HUNT, path)
    if not isinstance(value, list) or not 1 <= len(value) <= MAX_SLOTS or any(s not in REWARDS for s in value):
        raise refuse("lords_of_hellas.err_bad_tray", maximum=MAX_SLOTS)
    return value


def _wounds(state: dict, path: str, value: Any) -> Any:
    if path != "chosen":
        raise _unknown(WOUNDS, path)
    if (not isinstance(value, list) or len(set(value)) != len(value)
            or any(isinstance(v, bool) or not isinstance(v, int) or not 0 <= v < MAX_SLOTS for v in value)):
        raise refuse("lords_of_hellas.err_bad_wounds")
    return sorted(value)


def _counts(state: dict, path: str, value: Any) -> Any:
    if path == "monument":
        if value not in MONUMENTS:
            raise refuse("lords_of_hellas.err_unknown_monument", monument=str(value)[:40])
        return value
    if path not in ("artifacts", "priests"):
        raise _unknown(COUNTS, path)
    return whole_number(value, 1, COUNT_MAX)


# The moves that confirm each are named by the moves (lords_of_hellas/moves.py).
FORMS = (Draft(BATTLE, round=_turn, entry=_side), Draft(HUNT, round=_turn, entry=_tray),
         Draft(WOUNDS, round=_attack, entry=_wounds), Draft(COUNTS, round=_turn, entry=_counts))
