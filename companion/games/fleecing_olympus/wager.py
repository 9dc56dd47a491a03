"""Who the dice favour and how many gems ride on the turn.

The live wager is always rebuilt from the dice, the Even/Odd token and the
Legend/Fate cards still face up, never nudged in place, so a re-roll, a flipped
token or a resisted card can never leave a stale number on the table.
"""
from __future__ import annotations

from companion.core.model import RuleError
from companion.games.fleecing_olympus.rules import die, side

ACTIVE = "active"
TARGET = "target"
WAGER_KINDS = ("legend", "fate")


def initial_wager(d1: int, d2: int, token: str) -> tuple[str, int]:
    """('active', higher die) when the sum's parity matches the token, else ('target', lower die).

    Doubles need no special case: both dice are equal, so higher and lower agree.
    """
    d1, d2, token = die(d1), die(d2), side(token)
    parity = "even" if (d1 + d2) % 2 == 0 else "odd"
    if parity == token:
        return ACTIVE, max(d1, d2)
    return TARGET, min(d1, d2)


def counts(card: dict) -> bool:
    """A Legend or Fate card adds to the wager (and blocks the other kind) while face up."""
    return card["kind"] in WAGER_KINDS and not card.get("resist") and not card.get("resisted")


def modifier(turn: dict) -> int:
    return sum(card.get("wager", 0) for card in turn["cards"] if counts(card))


def refresh(turn: dict) -> None:
    """Recompute favour and amount after anything that touches dice, token or cards."""
    if turn.get("dice") is None:
        raise RuleError("fleecing_olympus.err.roll_dice_first")
    favour, base = initial_wager(*turn["dice"], turn["token"])
    turn["favour"] = favour
    turn["wager"] = max(0, base + modifier(turn))


def loser_and_winner(turn: dict) -> tuple[str, str]:
    """The player who pays and the one who is paid, as the dice stand now."""
    if turn["favour"] == ACTIVE:
        return turn["target"], turn["active"]
    return turn["active"], turn["target"]
