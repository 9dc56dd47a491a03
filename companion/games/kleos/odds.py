"""Exact odds for Kleos checks: attacks, recruiting and competing rolls.

Everything is a `Fraction` so the odds panel and the tests agree to the last
digit; the per-pool tables are cached because a table shows the same few pool
sizes over and over.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, fields, replace
from fractions import Fraction
from functools import cache
from math import comb

from companion.core.model import RuleError
from companion.games.kleos.dice import pool

SLAUGHTER_MARGIN = 3
MINION_GLORY = 1
CHAMPION_GLORY = 2
SLAUGHTER_GLORY = 1
# The box has no dice limit, but no real board reaches this; the cap keeps a
# mistyped number from tying up the table server on huge exact fractions.
MAX_STAT = 100
MAX_SIDES = 6  # Minions in one competing check; cards name two or three


@cache
def _table(dice: int, godly: bool) -> tuple[Fraction, ...]:
    """Binomial weights for one pool; a tuple so the cached copy cannot be altered."""
    if dice <= 0:
        return (Fraction(1),)
    # Per die: plain dice score on 2 faces of 6 (odds 1:2), Godly dice on 3 (odds 1:1).
    miss_weight = 1 if godly else 2
    total = (miss_weight + 1) ** dice
    return tuple(Fraction(comb(dice, k) * miss_weight ** (dice - k), total) for k in range(dice + 1))


@cache
def _at_least(dice: int, godly: bool, target: int) -> Fraction:
    """Chance of `target` or more successes; a target of 0 or less always holds."""
    return sum(_table(dice, godly)[max(0, target):], Fraction(0))


def _check_whole(value: object, what: str) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RuleError("kleos.err.whole_number", what=what)
    if abs(value) > MAX_STAT:
        raise RuleError("kleos.err.beyond_odds_panel_handles", what=what, value=value, most=MAX_STAT)


def _check_count(value: object, what: str) -> None:
    _check_whole(value, what)
    if value < 0:
        raise RuleError("kleos.err.cannot_negative", what=what, value=value)


def _check_flag(value: object, what: str) -> None:
    if not isinstance(value, bool):
        raise RuleError("kleos.err.say_yes", what=what)


def successes(dice: int, godly: bool = False) -> list[Fraction]:
    """Index k holds the chance of exactly k successes; an empty pool always scores 0."""
    _check_whole(dice, "kleos_tools.dice_count")
    _check_flag(godly, "kleos_tools.godly")
    return list(_table(dice, godly))


def recruit(cunning: int, disposition: int, godly: bool = False) -> Fraction:
    """Chance a Cunning check meets an Epic Minion's Disposition."""
    _check_count(cunning, "kleos_tools.cunning")
    _check_count(disposition, "kleos_tools.disposition")
    _check_flag(godly, "kleos_tools.godly")
    return _at_least(cunning, godly, disposition)


def competing(
    a_dice: int, b_dice: int, a_godly: bool = False, b_godly: bool = False
) -> tuple[Fraction, Fraction, Fraction]:
    """(A wins, tie, B wins) when both sides roll and the higher tally wins."""
    _check_count(a_dice, "kleos_tools.side_a")
    _check_count(b_dice, "kleos_tools.side_b")
    _check_flag(a_godly, "kleos_tools.godly_a")
    _check_flag(b_godly, "kleos_tools.godly_b")
    a_table = _table(a_dice, a_godly)
    b_table = _table(b_dice, b_godly)
    tie = sum((p * b_table[k] for k, p in enumerate(a_table) if k < len(b_table)), Fraction(0))
    a_wins = sum((p * (1 - _at_least(b_dice, b_godly, k)) for k, p in enumerate(a_table)), Fraction(0))
    return a_wins, tie, 1 - a_wins - tie


def competing_many(pools: Sequence[tuple[int, bool]]) -> tuple[list[Fraction], Fraction]:
    """Each side's chance to roll strictly the most successes, and the chance nobody does.

    A competing check may pit two or more Minions (kleos-rulebook.txt 151); when the
    top tally is shared there is no winner, whatever the others rolled.
    """
    if not isinstance(pools, (list, tuple)) or not 2 <= len(pools) <= MAX_SIDES:
        raise RuleError("kleos.err.competing_sides", most=MAX_SIDES)
    for dice, godly in pools:
        _check_count(dice, "kleos_tools.dice_count")
        _check_flag(godly, "kleos_tools.godly")
    tables = [_table(dice, godly) for dice, godly in pools]

    def below(table: tuple[Fraction, ...], k: int) -> Fraction:
        return sum(table[:k], Fraction(0))

    wins = []
    for i, table in enumerate(tables):
        others = [t for j, t in enumerate(tables) if j != i]
        chance = Fraction(0)
        for k, p in enumerate(table):
            for other in others:
                p *= below(other, k)
            chance += p
        wins.append(chance)
    return wins, 1 - sum(wins)


@dataclass(frozen=True)
class Hunter:
    """The bonus a Hunter gains with no ally at its location (kleos-rulebook.txt 157).

    It is printed on each Hunter's card; the rulebook spells out only the
    Minotaur's, so that one is a preset and the player enters any other.
    """

    attack: int = 0
    defense: int = 0

    def __post_init__(self) -> None:
        _check_count(self.attack, "kleos_tools.attack")
        _check_count(self.defense, "kleos_tools.defense")


MINOTAUR = Hunter(attack=2, defense=1)


def alone(fighter: Fighter, hunter: Hunter) -> Fighter:
    """A Hunter fighting with no ally there: its bonus added, and no Tactics from absent allies."""
    return replace(fighter, attack=fighter.attack + hunter.attack, defense=fighter.defense + hunter.defense, tactics=0)


@dataclass(frozen=True)
class Fighter:
    """One side of a fight as the odds see it.

    `tactics` is the tally of that side's other Minions at the location (it may
    be negative); any card bonus is folded into attack/defense by the caller,
    since those differ card by card, and `alone` adds a lone Hunter's.
    """

    attack: int
    defense: int
    tactics: int = 0
    godly: bool = False
    champion: bool = False

    def __post_init__(self) -> None:
        _check_count(self.attack, "kleos_tools.attack")
        _check_count(self.defense, "kleos_tools.defense")
        _check_whole(self.tactics, "kleos_tools.tactics")
        _check_flag(self.godly, "kleos_tools.godly")
        _check_flag(self.champion, "kleos_tools.champion")

    @property
    def glory_when_beaten(self) -> int:
        return CHAMPION_GLORY if self.champion else MINION_GLORY


@dataclass(frozen=True)
class CombatOdds:
    """Outcome chances of one Attack action, plus the Glory each side can expect."""

    defender_killed: Fraction
    slaughter: Fraction
    attacker_killed: Fraction
    both_killed: Fraction
    neither_killed: Fraction
    attacker_glory: Fraction
    defender_glory: Fraction

    def exclusive(self) -> dict[str, Fraction]:
        """The ends of one attack that cannot happen together, so they add up to exactly 1:
        the fields above overlap (a Slaughter is also a dead defender, "both" is in each
        side's death), which made a screen listing them sum to more than 100 %."""
        defender_only = self.defender_killed - self.slaughter - self.both_killed
        return {
            "slaughter": self.slaughter,
            "defender_only": defender_only,
            "both_killed": self.both_killed,
            "attacker_only": self.attacker_killed - self.both_killed,
            "neither_killed": self.neither_killed,
        }

    def as_percentages(self) -> dict[str, float]:
        """The chances scaled to 0-100 for bars; the Glory fields are averages, so left out."""
        return {
            f.name: float(getattr(self, f.name) * 100)
            for f in fields(self)
            if not f.name.endswith("_glory")
        }


def combat(attacker: Fighter, defender: Fighter, *, opportunity: bool = False) -> CombatOdds:
    """Odds of an attack and the retaliation it may provoke.

    The attack roll and the retaliation roll are independent; the only link is
    that a Slaughter (never against a Champion) or an Opportunity Attack denies
    the retaliation. The retaliation happens even when the defender is already
    doomed, and it cannot Slaughter.
    """
    _check_flag(opportunity, "kleos_tools.opportunity")
    attack_dice = pool(attacker.attack, 0 if opportunity else attacker.tactics)
    hit = _at_least(attack_dice, attacker.godly, defender.defense)
    slaughter = (
        Fraction(0)
        if defender.champion
        else _at_least(attack_dice, attacker.godly, defender.defense + SLAUGHTER_MARGIN)
    )
    if opportunity:
        strike_back = Fraction(0)
    else:
        strike_back = _at_least(pool(defender.attack, defender.tactics), defender.godly, attacker.defense)
    attacker_killed = (1 - slaughter) * strike_back
    both = (hit - slaughter) * strike_back
    return CombatOdds(
        defender_killed=hit,
        slaughter=slaughter,
        attacker_killed=attacker_killed,
        both_killed=both,
        neither_killed=(1 - hit) * (1 - strike_back),
        attacker_glory=hit * defender.glory_when_beaten + slaughter * SLAUGHTER_GLORY,
        defender_glory=attacker_killed * attacker.glory_when_beaten,
    )
