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
need a reading, and the model makes one:
Achilles routs the other side at the first round it loses (cyclades-rules.txt 314;
the routed units leave, whether they retreat or die). A tie is not a lost round:
the rulebook has the side with the lower strength lose and, on a tie, both sides
remove a unit without naming a loser (211, 240); `achilles_on_ties` plays the
other reading for tables that count a tie as a loss for both. Hector removes one
invading troop before the battle (318). Croesus pays 1 gold per re-roll of his
side's die for as long as the gold lasts (317), so `Side.rerolls` is the gold his
owner will spend in this battle and the odds follow the best use of it.
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
    rerolls: int = 0  # gold Croesus' owner will spend on re-rolls in this battle; used only while he stands

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


def battle_with(attacker: Side, defender: Side, sea: bool = False, achilles_on_ties: bool = False) -> BattleOdds:
    """Odds with hero powers; heroes and the Minotaur only ever fight on land."""
    return retreat_table(attacker, defender, sea, achilles_on_ties)[opening(attacker, defender)]


def opening(attacker: Side, defender: Side) -> tuple[int, int]:
    """(attackers, defenders) when the first round is rolled: Hector has already struck one invading troop."""
    struck = 1 if "hector" in defender.heroes and attacker.units > 0 else 0
    return attacker.figures() - struck, defender.figures()


def retreat_table(attacker: Side, defender: Side, sea: bool = False,
                  achilles_on_ties: bool = False) -> dict[tuple[int, int], BattleOdds]:
    """Odds from every state (attackers left, defenders left) the battle can reach.

    Keys with a zero are finished battles; the others are the points where a
    side may choose to retreat instead of fighting on. With Croesus they assume
    his owner still holds the whole re-roll budget at that point.
    """
    _check(attacker, "cyclades.err.role_attacker", sea)
    _check(defender, "cyclades.err.role_defender", sea)
    fight = _Fight(attacker, defender, achilles_on_ties)
    budget = fight.budget()
    top_a, top_d = attacker.figures(), defender.figures()
    for gold in range(budget + 1):  # less gold first: a re-roll leads to the same state with one less
        for a in range(top_a + 1):
            for d in range(top_d + 1):
                fight.table[(a, d, gold)] = _finished(a, d) if a == 0 or d == 0 else fight.value(a, d, gold)
    return {(a, d): fight.table[(a, d, budget)] for a in range(top_a + 1) for d in range(top_d + 1)}


def round_outcomes(attacker: Side, defender: Side, a: int, d: int) -> tuple[Fraction, Fraction, Fraction]:
    """Chances that one round without re-rolls costs (only the attacker, only the defender, both) a unit."""
    judge = _judge(attacker, defender, a, d)
    outcome = [Fraction(0)] * 3
    for a_face, a_p in _die(attacker.alive(a)).items():
        for d_face, d_p in _die(defender.alive(d)).items():
            outcome[judge(a_face, d_face)] += a_p * d_p
    return outcome[0], outcome[1], outcome[2]


def _judge(attacker: Side, defender: Side, a: int, d: int):
    """The round's result from the two faces: 0 the attacker loses a unit, 1 the defender, 2 both (a tie)."""
    a_heroes, d_heroes = attacker.alive(a), defender.alive(d)
    a_total = attacker.strength(a) + attacker.bonus
    d_bonus = 0 if "odysseus" in a_heroes else defender.bonus
    d_total = defender.strength(d) + d_bonus
    a_wins_ties = "penthesilea" in a_heroes and "penthesilea" not in d_heroes
    d_wins_ties = "penthesilea" in d_heroes and "penthesilea" not in a_heroes

    def result(a_face: int, d_face: int) -> int:
        diff = (a_face + a_total) - (d_face + d_total)
        if diff > 0 or (diff == 0 and a_wins_ties):
            return LOST_D
        if diff < 0 or d_wins_ties:
            return LOST_A
        return TIE
    return result


LOST_A, LOST_D, TIE = 0, 1, 2


class _Fight:
    """The battle's states (attackers, defenders, Croesus' gold left) and how each is worth playing.

    Croesus' owner sees both dice before choosing to pay for another roll of his
    own, so within a round the choice is made against the opponent's face:
    `_reroll` keeps a face unless rolling again (one gold less) gives his side a
    strictly better chance, which re-rolls every loss it can and a tie when the
    tie costs more than the gold. The budget is for the whole battle: the rulebook
    lets him re-roll as long as he can pay (317), not a number of times a round.
    """

    def __init__(self, attacker: Side, defender: Side, achilles_on_ties: bool) -> None:
        self.attacker, self.defender, self.on_ties = attacker, defender, achilles_on_ties
        self.table: dict[tuple[int, int, int], BattleOdds] = {}
        self.rolls: dict[tuple[int, int, int, int], BattleOdds] = {}  # (a, d, gold, opponent's face)

    def budget(self) -> int:
        for side in (self.defender, self.attacker):
            if "croesus" in side.heroes:
                return side.rerolls
        return 0

    def value(self, a: int, d: int, gold: int) -> BattleOdds:
        a_die, d_die = _die(self.attacker.alive(a)), _die(self.defender.alive(d))
        judge = _judge(self.attacker, self.defender, a, d)
        if "croesus" in self.defender.alive(d):
            return _mix((p, self._reroll(a, d, gold, face, _results(d_die, lambda f, g=face: judge(g, f)), _keeps))
                        for face, p in a_die.items())
        if "croesus" in self.attacker.alive(a):
            return _mix((p, self._reroll(a, d, gold, face, _results(a_die, lambda f, g=face: judge(f, g)), _takes))
                        for face, p in d_die.items())
        chances = round_outcomes(self.attacker, self.defender, a, d)  # indexed LOST_A, LOST_D, TIE
        return _mix((p, self._next(a, d, gold, r)) for r, p in enumerate(chances) if p)

    def _reroll(self, a: int, d: int, gold: int, seen: int, chances: list[Fraction], goal) -> BattleOdds:
        """Croesus' side rolls against the opponent's face `seen` with `gold` re-rolls left, choosing best.

        `chances` are his roll's chances of each round result against that face."""
        key = (a, d, gold, seen)
        if key not in self.rolls:
            again = self._reroll(a, d, gold - 1, seen, chances, goal) if gold else None
            picks = []
            for result, p in enumerate(chances):
                if p:
                    kept = self._next(a, d, gold, result)
                    picks.append((p, again if again is not None and goal(again) > goal(kept) else kept))
            self.rolls[key] = _mix(picks)
        return self.rolls[key]

    def _next(self, a: int, d: int, gold: int, result: int) -> BattleOdds:
        """The state a round leads to, unless Achilles, still standing, routs the side that lost it.

        A tie costs both sides a unit but is nobody's lost round, so it routs only
        on the table's other reading (`achilles_on_ties`).
        """
        a2, d2 = a - (result != LOST_D), d - (result != LOST_A)
        a_lost = result == LOST_A or (result == TIE and self.on_ties)
        d_lost = result == LOST_D or (result == TIE and self.on_ties)
        if a2 and d2 and d_lost and "achilles" in self.attacker.alive(a2):
            return _routed(a2, d2, attacker_won=True)
        if a2 and d2 and a_lost and "achilles" in self.defender.alive(d2):
            return _routed(a2, d2, attacker_won=False)
        return self.table[(a2, d2, gold)]


def _results(die: dict[int, Fraction], result) -> list[Fraction]:
    """The chances of each round result (LOST_A, LOST_D, TIE) when `die` is rolled."""
    chances = [Fraction(0)] * 3
    for face, p in die.items():
        chances[result(face)] += p
    return chances


def _takes(odds: BattleOdds) -> Fraction:
    """What an attacking Croesus plays for: taking the area."""
    return odds.attacker_wins


def _keeps(odds: BattleOdds) -> Fraction:
    """What a defending Croesus plays for: keeping the area, even when nobody is left."""
    return odds.defender_keeps


def _mix(weighted) -> BattleOdds:
    """The probability-weighted sum of outcomes, field by field."""
    pairs = list(weighted)
    return BattleOdds(*(sum((p * getattr(o, f) for p, o in pairs), Fraction(0)) for f in BattleOdds.__dataclass_fields__))


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
