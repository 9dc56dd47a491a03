"""The Fleecing Olympus forms of a turn that several devices fill, held by the table (companion/core/drafts.py).

The Active player's power (which neighbour, which side, whom it hits) and the wager's
Target and dice are chosen at the table, often on the Active player's phone while the
tablet is held up for all to see: both now show, and confirm, the one form. Nothing
in them is secret (gems change hands in the open). A card stays on the device of the
player playing it, since several players may be filling in cards at once.

The opening roll's hand-entered totals are a draft too (one entry per player rolling
this round; a tie's re-roll starts empty): whoever copies the real dice, every screen
shows the same totals, and "use these totals" sends exactly those.

An entry is no move: it makes no line of history and Undo never takes it back; the
history reads the confirmed result (the power used, the wager rolled), once.
"""
from __future__ import annotations

from typing import Any

from companion.core import drafts
from companion.core.drafts import Draft
from companion.core.model import RuleError
from companion.games.fleecing_olympus.opening import pending
from companion.games.fleecing_olympus.rules import name, require_phase

POWER, ROLL, OPENING = "power", "roll", "opening"
LOWEST, HIGHEST = 2, 12  # what two dice can add up to


def _turn(state: dict) -> object:
    return state.get("turn_no")


def _opening_round(state: dict) -> object:
    """Which round of the opening roll the totals belong to: a tie's re-roll starts empty."""
    return len(state["opening"]["rounds"]) if state.get("phase") == "opening" else None


def _total(state: dict, player: str, value: Any) -> int:
    """One player's total, checked as it is entered, so no screen draws one the roll cannot take."""
    require_phase(state, "opening")
    group = pending(state["opening"])
    if player not in group:
        raise RuleError("fleecing_olympus.err.roll_for_each", names=", ".join(name(p) for p in group))
    if isinstance(value, bool) or not isinstance(value, int) or not LOWEST <= value <= HIGHEST:
        raise RuleError("fleecing_olympus.err.opening_total", low=LOWEST, high=HIGHEST)
    return value


# The moves that confirm each are named by the moves (fleecing_olympus/moves.py).
FORMS = (Draft(POWER, round=_turn), Draft(ROLL, round=_turn), Draft(OPENING, round=_opening_round, entry=_total))


def opening_totals(state: dict) -> dict:
    """The totals entered for this round of the opening roll: {player: total}."""
    return drafts.entries(state, OPENING)


def check_opening(state: dict, event: dict) -> None:
    """Dice entered by hand must add up to the totals the table holds (the version alone does not
    say what the request's own dice are). Checked when a roll is sent, never on replay."""
    held = opening_totals(state)
    rounds = event.get("rounds")
    if not held or rounds is None:
        return  # the app rolls: the totals typed so far are set aside, as the screen said
    first = rounds[0] if isinstance(rounds, list) and rounds and isinstance(rounds[0], dict) else {}
    for player, total in held.items():
        pair = first.get(player)
        if not (isinstance(pair, list) and all(isinstance(d, int) for d in pair) and sum(pair) == total):
            raise RuleError("fleecing_olympus.err.opening_totals_changed")
SHARED_FORMS = frozenset(d.name for d in FORMS)
