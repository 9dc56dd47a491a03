"""Rolling Kleos dice with a random source the caller owns.

A roll at a table is public: a device asks for one (`dice.roll`), the hub's
random source draws the faces in `Kleos.prepare`, and the event carries them,
so every device shows the same faces with who rolled, the history lists it,
and a replay gives the same faces; nothing in this module keeps state.
"""
from __future__ import annotations

import random

from companion.core.model import RuleError

BLANK = "blank"
SUCCESS = "success"
GODLY = "godly"
# One entry per physical face, so a uniform pick over the tuple matches the die.
FACES: tuple[str, ...] = (BLANK, BLANK, BLANK, SUCCESS, SUCCESS, GODLY)


def pool(stat: int, modifier: int = 0) -> int:
    """Dice to roll for a stat plus a bonus or penalty.

    A large Tactics penalty can push the total below zero; the table then
    simply rolls nothing rather than owing dice.
    """
    return max(0, stat + modifier)


def roll(dice: int, godly: bool, rng: random.Random) -> list[str]:
    """The faces shown by `dice` Kleos dice.

    The faces do not depend on `godly` (it is the same physical die); the flag is
    taken so the call mirrors the player's instruction and is checked for sense
    before any randomness is spent. A count below zero rolls nothing, as `pool`.
    """
    if not isinstance(godly, bool):
        raise RuleError("kleos.err.say_whether_dice_godly")
    return [FACES[rng.randrange(len(FACES))] for _ in range(max(0, dice))]


def count_successes(faces: list[str], godly: bool) -> int:
    """Successes on the shown faces; the Godly face only pays off for Godly dice."""
    unknown = sorted({f for f in faces if f not in FACES})
    if unknown:
        raise RuleError("kleos.err.kleos_die_face_called", names=', '.join(map(repr, unknown)))
    scoring = {SUCCESS, GODLY} if godly else {SUCCESS}
    return sum(1 for f in faces if f in scoring)


MAX_DICE = 30  # more than the box holds: the app rolls what the table would re-roll by hand


def roll_dice(state: dict, event: dict) -> dict:
    """Keep the table's latest roll (faces drawn by the hub, see `Kleos.prepare`)."""
    dice, godly, faces = event.get("dice"), event.get("godly"), event.get("faces")
    if isinstance(dice, bool) or not isinstance(dice, int) or not 0 <= dice <= MAX_DICE:
        raise RuleError("kleos.err.dice_count", most=MAX_DICE)
    if not isinstance(godly, bool):
        raise RuleError("kleos.err.say_whether_dice_godly")
    if not isinstance(faces, list) or len(faces) != dice:
        raise RuleError("kleos.err.dice_faces_missing")
    state["roll"] = {"by": event.get("by"), "dice": dice, "godly": godly, "faces": list(faces),
                     "successes": count_successes(faces, godly), "at": event.get("at")}
    return state
