"""Exact odds for a Destiny re-roll: does it swing the favour, and what is then at stake.

Only public things go in (dice, token, the face-up Legend/Fate total), never
a gem count, so the numbers can be shown on every screen. Amounts are the
wager as declared; a loser who is short pays less, which nobody else can know.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from itertools import product

from companion.core.model import RuleError
from companion.games.fleecing_olympus.wager import ACTIVE, initial_wager, modifier

REROLLS: tuple[tuple[int, ...], ...] = ((0,), (1,), (0, 1))


@dataclass(frozen=True)
class RerollOdds:
    """Chances after re-rolling `dice` (indices), each over the equally likely new faces."""

    dice: tuple[int, ...]
    flip: Fraction  # the favour ends up with the other player
    active: Fraction  # the dice end up favouring the Active player
    wager: Fraction  # expected declared wager
    active_gain: Fraction  # expected gems to the Active player (negative: to the Target)


def _live(d1: int, d2: int, token: str, extra: int) -> tuple[str, int]:
    favour, base = initial_wager(d1, d2, token)
    return favour, max(0, base + extra)


def reroll_odds(dice: list[int], token: str, which: tuple[int, ...], extra: int = 0) -> RerollOdds:
    """Exact odds when the dice at `which` are re-rolled; `extra` is the Legend/Fate total."""
    if tuple(which) not in REROLLS:
        raise RuleError("fleecing_olympus.err.re_roll_first_die")
    if not isinstance(dice, (list, tuple)) or len(dice) != 2:
        raise RuleError("fleecing_olympus.err.odds_need_two_dice")
    if isinstance(extra, bool) or not isinstance(extra, int):
        raise RuleError("fleecing_olympus.err.card_total_wager_whole")
    now, _ = _live(dice[0], dice[1], token, extra)
    outcomes = []
    for faces in product(range(1, 7), repeat=len(which)):
        new = list(dice)
        for index, face in zip(which, faces):
            new[index] = face
        outcomes.append(_live(new[0], new[1], token, extra))
    share = Fraction(1, len(outcomes))
    return RerollOdds(
        dice=tuple(which),
        flip=share * sum(1 for favour, _ in outcomes if favour != now),
        active=share * sum(1 for favour, _ in outcomes if favour == ACTIVE),
        wager=share * sum(amount for _, amount in outcomes),
        active_gain=share * sum(amount if favour == ACTIVE else -amount for favour, amount in outcomes),
    )


def turn_odds(turn: dict) -> list[RerollOdds]:
    """The three re-roll choices for the turn on the table, for the odds panel."""
    if turn.get("dice") is None:
        raise RuleError("fleecing_olympus.err.roll_dice_first")
    return [reroll_odds(turn["dice"], turn["token"], which, modifier(turn)) for which in REROLLS]
