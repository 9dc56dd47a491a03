"""The Fleecing Olympus forms of a turn that several devices fill, held by the table (companion/core/drafts.py).

The Active player's power (which neighbour, which side, whom it hits) and the wager's
Target and dice are chosen at the table, often on the Active player's phone while the
tablet is held up for all to see: both now show, and confirm, the one form. Nothing
in them is secret (gems change hands in the open). A card stays on the device of the
player playing it, since several players may be filling in cards at once.
"""
from __future__ import annotations

from companion.core.drafts import Draft

POWER, ROLL = "power", "roll"


def _turn(state: dict) -> object:
    return state.get("turn_no")


DRAFTS = {d.name: d for d in (Draft(POWER, frozenset({"power"}), _turn), Draft(ROLL, frozenset({"roll"}), _turn))}
SHARED_FORMS = frozenset(DRAFTS)
