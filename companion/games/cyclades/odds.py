"""Exact battle odds for Cyclades land and sea battles, as fractions.

A battle is a chain of rounds in which at least one unit falls each round, so
the states (attackers left, defenders left) form a graph without cycles and a
single sweep from small armies to large ones gives exact probabilities. The
odds assume nobody retreats; the retreat table gives the odds from every
intermediate state so the players can judge when to pull out.

Units fall in a fixed order: ordinary troops or fleets first, then heroes in
the order the caller lists them, so a side keeps its heroes (and their powers)
as long as it can.

The die's faces (0, 1, 1, 2, 2, 3) are the printed battle die's; the rulebook we
follow does not list them, so the odds panel says it assumes them. Three heroes
need a choice the rulebook leaves to the player, and the model makes it:
Achilles routs the other side at the first round it loses (cyclades-rules.txt 314;
the routed units leave, whether they retreat or die); Hector removes one invading
troop before the battle (318); Croesus pays to re-roll a losing die up to
`Side.rerolls` times a round (317), his owner's gold not being known here.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction

from companion.core.model import RuleError

DIE = (0, 1, 1, 2, 2, 3)
MAX_UNITS = 40
MAX_REROLLS = 10

# Battle strength of each figure that can join a land battle beside troops.
HERO_STRENGTH = {"ajax": 2, "minotaur": 2, "helen": 1, "antigone": 1, "penthesilea": 1, "odysseus": 1,
                 "achilles": 1, "hector": 1, "croesus": 1}


@dataclass(frozen=True)
class Side:
    """One party of a battle: plain units, its strength bonus, its heroes.

    `bonus` is the defender's fortresses on land, or a side's ports on sea.
    """

    units: int
    bonus: int = 0
    heroes: tuple[str, ...] = ()
    rerolls: int = 1  # Croesus' paid re-rolls of a losing die per round; used only while he stands

    def figures(self) -> int:
        return self.units + len(self.heroes)

    def alive(self, left: int) -> tuple[str, ...]:
        """The heroes still standing when `left` figures remain (plain units fall first)."""
        return self.heroes[max(0, len(self.heroes) - left):]

    def strength(self, left: int) -> int:
        heroes = self.alive(left)
        return left - len(heroes) + sum(HERO_STRENGTH[h] for h in heroes)


@dataclass(frozen=True)
class BattleOdds:
    """Exclusive outcomes of a battle fought to the end, plus expected survivors.

    `defender_wins` counts only the ends where some defender is left; a mutual
    wipe-out is `both_eliminated`, and the defender keeps the area then too.
    """

    attacker_wins: Fraction
    defender_wins: Fraction
    both_eliminated: Fraction
    attacker_survivors: Fraction
    defender_survivors: Fraction

    @property
    def defender_keeps(self) -> Fraction:
        return self.defender_wins + self.both_eliminated


def battle(attackers: int, defenders: int, attacker_bonus: int = 0, defender_bonus: int = 0) -> BattleOdds:
    """Odds of a battle of plain units with fixed bonuses, fought to the end."""
    return battle_with(Side(attackers, attacker_bonus), Side(defenders, defender_bonus))


def battle_with(attacker: Side, defender: Side, sea: bool = False) -> BattleOdds:
    """Odds with hero powers; heroes and the Minotaur only ever fight on land."""
    return retreat_table(attacker, defender, sea)[opening(attacker, defender)]


def opening(attacker: Side, defender: Side) -> tuple[int, int]:
    """(attackers, defenders) when the first round is rolled: Hector has already struck one invading troop."""
    struck = 1 if "hector" in defender.heroes and attacker.units > 0 else 0
    return attacker.figures() - struck, defender.figures()


def retreat_table(attacker: Side, defender: Side, sea: bool = False) -> dict[tuple[int, int], BattleOdds]:
    """Odds from every state (attackers left, defenders left) the battle can reach.

    Keys with a zero are finished battles; the others are the points where a
    side may choose to retreat instead of fighting on.
    """
    _check(attacker, "cyclades.err.role_attacker", sea)
    _check(defender, "cyclades.err.role_defender", sea)
    top_a, top_d = attacker.figures(), defender.figures()
    table: dict[tuple[int, int], BattleOdds] = {}
    for a in range(top_a + 1):
        for d in range(top_d + 1):
            table[(a, d)] = _finished(a, d) if a == 0 or d == 0 else _fight(table, attacker, defender, a, d)
    return table


def round_outcomes(attacker: Side, defender: Side, a: int, d: int) -> tuple[Fraction, Fraction, Fraction]:
    """Chances that one round costs (only the attacker, only the defender, both) a unit."""
    a_heroes, d_heroes = attacker.alive(a), defender.alive(d)
    a_total = attacker.strength(a) + attacker.bonus
    d_bonus = 0 if "odysseus" in a_heroes else defender.bonus
    d_total = defender.strength(d) + d_bonus
    a_wins_ties = "penthesilea" in a_heroes and "penthesilea" not in d_heroes
    d_wins_ties = "penthesilea" in d_heroes and "penthesilea" not in a_heroes

    def result(a_face: int, d_face: int) -> int:  # 0: the attacker loses a unit, 1: the defender, 2: both
        diff = (a_face + a_total) - (d_face + d_total)
        if diff > 0 or (diff == 0 and a_wins_ties):
            return 1
        if diff < 0 or d_wins_ties:
            return 0
        return 2

    outcome = [Fraction(0)] * 3
    a_die, d_die = _die(a_heroes), _die(d_heroes)
    if "croesus" in d_heroes:  # the defender re-rolls, knowing the attacker's face
        for a_face, a_p in a_die.items():
            seen = _rerolled({f: p for f, p in d_die.items()}, lambda f: result(a_face, f), 1, defender.rerolls)
            for k in range(3):
                outcome[k] += a_p * seen[k]
    else:
        reroll = attacker.rerolls if "croesus" in a_heroes else 0
        for d_face, d_p in d_die.items():
            seen = _rerolled(a_die, lambda f: result(f, d_face), 0, reroll)
            for k in range(3):
                outcome[k] += d_p * seen[k]
    return outcome[0], outcome[1], outcome[2]


def _rerolled(die: dict[int, Fraction], result, losing: int, rerolls: int) -> list[Fraction]:
    """Chances of each round result when a die showing the `losing` result is rolled again, up to `rerolls` times."""
    first = [Fraction(0)] * 3
    for face, p in die.items():
        first[result(face)] += p
    lose = first[losing]
    keep = sum((lose ** n for n in range(rerolls + 1)), Fraction(0))  # 1 + q + ... + q^r
    out = [p * keep for p in first]
    out[losing] = lose ** (rerolls + 1)
    return out


def _die(heroes: tuple[str, ...]) -> dict[int, Fraction]:
    """The face distribution of a side's die: Helen fixes it at 2, Antigone turns 0 into 3."""
    if "helen" in heroes:
        return {2: Fraction(1)}
    faces = [3 if f == 0 and "antigone" in heroes else f for f in DIE]
    return {face: Fraction(n, len(faces)) for face, n in Counter(faces).items()}


def _finished(a: int, d: int) -> BattleOdds:
    one, zero = Fraction(1), Fraction(0)
    return BattleOdds(
        attacker_wins=one if a and not d else zero,
        defender_wins=one if d and not a else zero,
        both_eliminated=one if not a and not d else zero,
        attacker_survivors=Fraction(a),
        defender_survivors=Fraction(d),
    )


def _fight(table: dict, attacker: Side, defender: Side, a: int, d: int) -> BattleOdds:
    lose_a, lose_d, both = round_outcomes(attacker, defender, a, d)
    nexts = [(lose_a, _after(table, attacker, defender, a - 1, d, a_lost=True, d_lost=False)),
             (lose_d, _after(table, attacker, defender, a, d - 1, a_lost=False, d_lost=True)),
             (both, _after(table, attacker, defender, a - 1, d - 1, a_lost=True, d_lost=True))]
    return BattleOdds(*(sum((p * getattr(o, f) for p, o in nexts), Fraction(0)) for f in BattleOdds.__dataclass_fields__))


def _after(table: dict, attacker: Side, defender: Side, a: int, d: int, *, a_lost: bool, d_lost: bool) -> BattleOdds:
    """The state a round leads to, unless Achilles, still standing, routs the side that lost it."""
    if a and d and d_lost and "achilles" in attacker.alive(a):
        return _routed(a, d, attacker_won=True)
    if a and d and a_lost and "achilles" in defender.alive(d):
        return _routed(a, d, attacker_won=False)
    return table[(a, d)]


def _routed(a: int, d: int, attacker_won: bool) -> BattleOdds:
    """The loser leaves the area (retreating or destroyed), so only the winner's figures stay."""
    one, zero = Fraction(1), Fraction(0)
    return BattleOdds(attacker_wins=one if attacker_won else zero, defender_wins=zero if attacker_won else one,
                      both_eliminated=zero, attacker_survivors=Fraction(a if attacker_won else 0),
                      defender_survivors=Fraction(0 if attacker_won else d))


def _check(side: Side, role: str, sea: bool) -> None:
    if isinstance(side.units, bool) or not isinstance(side.units, int) or side.units < 0:
        raise RuleError("cyclades.err.number_units_whole_number", role=role)
    if isinstance(side.bonus, bool) or not isinstance(side.bonus, int) or side.bonus < 0:
        raise RuleError("cyclades.err.bonus_whole_number_more", role=role)
    if isinstance(side.rerolls, bool) or not isinstance(side.rerolls, int) or not 0 <= side.rerolls <= MAX_REROLLS:
        raise RuleError("cyclades.err.rerolls_whole_number", role=role, most=MAX_REROLLS)
    unknown = [h for h in side.heroes if h not in HERO_STRENGTH]
    if unknown:
        raise RuleError("cyclades.err.unknown_hero", role=role, names=', '.join(map(str, unknown)))
    if len(set(side.heroes)) != len(side.heroes):
        raise RuleError("cyclades.err.lists_same_hero_twice", role=role)
    if sea and side.heroes:
        raise RuleError("cyclades.err.heroes_minotaur_fight_land")
    if side.figures() == 0:
        raise RuleError("cyclades.err.needs_least_unit_fight", role=role)
    if side.figures() > MAX_UNITS:
        raise RuleError("cyclades.err.most_units_side_counted", most=MAX_UNITS)
