"""Battle odds: hand-computed small cases, hero powers, a seeded Monte Carlo check, invariants."""
from __future__ import annotations

import math
import random
from fractions import Fraction as F
from functools import lru_cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.core.model import RuleError
from companion.games.cyclades.odds import (BattleOdds, Side, battle, battle_with, opening, retreat_table,
                                            round_outcomes)

# One die against another (faces 0,1,1,2,2,3): ties 10/36, each side ahead 13/36.


def test_one_against_one_by_hand():
    odds = battle(1, 1)
    assert (odds.attacker_wins, odds.defender_wins, odds.both_eliminated) == (F(13, 36), F(13, 36), F(10, 36))
    assert odds.defender_keeps == F(23, 36)
    assert odds.attacker_survivors == F(13, 36)


def test_two_against_one_by_hand():
    # Round 1 (strength 2+X vs 1+Y): defender falls 23/36, tie 8/36 (attacker keeps one), attacker falls 5/36 -> 1 v 1.
    odds = battle(2, 1)
    assert odds.attacker_wins == F(23, 36) + F(8, 36) + F(5, 36) * F(13, 36)
    assert odds.defender_wins == F(5, 36) * F(13, 36)
    assert odds.both_eliminated == F(5, 36) * F(10, 36)
    # Survivors: 2 after a clean first round, 1 after a tie or after winning the 1 v 1.
    assert odds.attacker_survivors == 2 * F(23, 36) + F(8, 36) + F(5, 36) * F(13, 36)


def test_a_fortress_of_two_almost_always_holds_one_on_one():
    # The attacker must beat the defender by 3 on the dice: only 3 against 0.
    odds = battle(1, 1, defender_bonus=2)
    assert odds.attacker_wins == F(1, 36)
    assert odds.both_eliminated == F(2 + 2, 36)  # 3 v 1 and 2 v 0 tie


def test_bonuses_cancel():
    assert battle(3, 2, 1, 1) == battle(3, 2)


def test_equal_plain_armies_are_symmetric():
    odds = battle(4, 4)
    assert odds.attacker_wins == odds.defender_wins
    assert odds.attacker_survivors == odds.defender_survivors


def test_helen_always_rolls_two():
    # Helen's 1+2 against 1+Y: ahead when Y<2 (3/6), level at Y=2 (2/6), behind at Y=3 (1/6).
    odds = battle_with(Side(0, heroes=("helen",)), Side(1))
    assert (odds.attacker_wins, odds.both_eliminated, odds.defender_wins) == (F(1, 2), F(1, 3), F(1, 6))


def test_antigone_turns_zero_into_three():
    # Her die is 1,1,2,2,3,3: ahead 18/36, level 10/36, behind 8/36 against a plain die.
    odds = battle_with(Side(1), Side(0, heroes=("antigone",)))
    assert (odds.defender_wins, odds.both_eliminated, odds.attacker_wins) == (F(18, 36), F(10, 36), F(8, 36))


def test_penthesilea_wins_ties_unless_both_have_her():
    odds = battle_with(Side(0, heroes=("penthesilea",)), Side(1))
    assert odds.attacker_wins == F(23, 36) and odds.both_eliminated == 0
    mirror = round_outcomes(Side(0, heroes=("penthesilea",)), Side(0, heroes=("penthesilea",)), 1, 1)
    assert mirror == (F(13, 36), F(13, 36), F(10, 36))


def test_ajax_and_the_minotaur_count_two():
    ajax = battle_with(Side(0, heroes=("ajax",)), Side(1))
    assert ajax == battle_with(Side(0, heroes=("minotaur",)), Side(1))
    assert (ajax.attacker_wins, ajax.both_eliminated, ajax.defender_wins) == (F(23, 36), F(8, 36), F(5, 36))


def test_odysseus_ignores_fortresses_only_when_attacking():
    assert battle_with(Side(0, heroes=("odysseus",)), Side(1, 2)).attacker_wins == F(13, 36)
    assert battle_with(Side(1, 2), Side(0, heroes=("odysseus",))).attacker_wins == battle(1, 1, 2, 0).attacker_wins


def test_heroes_fall_last():
    # With one figure left the hero is the survivor, so Helen's die decides the last round.
    side = Side(2, heroes=("helen",))
    assert side.alive(1) == ("helen",) and side.alive(3) == ("helen",) and side.strength(2) == 2
    assert Side(1, heroes=("ajax", "helen")).alive(1) == ("helen",)


def test_retreat_table_matches_fresh_battles():
    table = retreat_table(Side(4, 1), Side(3, 0))
    for (a, d), odds in table.items():
        if a and d:
            assert odds == battle(a, d, 1, 0)
    assert table[(0, 2)].defender_wins == 1 and table[(3, 0)].attacker_wins == 1
    assert table[(0, 0)].both_eliminated == 1


@pytest.mark.parametrize(
    "attacker, defender, sea, message",
    [
        (Side(1, heroes=("helen",)), Side(1), True, "only on land"),
        (Side(0), Side(1), False, "at least one"),
        (Side(-1), Side(1), False, "whole number"),
        (Side(1, -1), Side(1), False, "bonus"),
        (Side(1, heroes=("zorro",)), Side(1), False, "Unknown hero"),
        (Side(1, heroes=("ajax", "ajax")), Side(1), False, "twice"),
        (Side(41), Side(1), False, "At most"),
    ],
)
def test_bad_sides_are_refused(attacker, defender, sea, message):
    with pytest.raises(RuleError, match=message):
        battle_with(attacker, defender, sea=sea)


def simulate(attacker: Side, defender: Side, rng: random.Random) -> tuple[int, int]:
    """One battle by the rulebook's procedure, losing plain units before heroes."""
    # pop() takes from the end: plain units first, then the first-listed hero.
    a_units = list(reversed(attacker.heroes)) + ["unit"] * attacker.units
    d_units = list(reversed(defender.heroes)) + ["unit"] * defender.units
    strength = {"ajax": 2, "minotaur": 2}
    while a_units and d_units:
        def roll(units):
            if "helen" in units:
                return 2
            face = rng.choice((0, 1, 1, 2, 2, 3))
            return 3 if face == 0 and "antigone" in units else face
        fort = 0 if "odysseus" in a_units else defender.bonus
        a = roll(a_units) + sum(strength.get(u, 1) for u in a_units) + attacker.bonus
        d = roll(d_units) + sum(strength.get(u, 1) for u in d_units) + fort
        a_tie, d_tie = "penthesilea" in a_units, "penthesilea" in d_units
        if a > d or (a == d and a_tie and not d_tie):
            d_units.pop()
        elif a < d or (d_tie and not a_tie):
            a_units.pop()
        else:
            a_units.pop()
            d_units.pop()
    return len(a_units), len(d_units)


@pytest.mark.parametrize(
    "attacker, defender",
    [
        (Side(3), Side(2, 1)),
        (Side(2, heroes=("odysseus", "penthesilea")), Side(3, 2)),
        (Side(1, heroes=("helen", "ajax")), Side(2, 0, ("antigone",))),
    ],
)
def test_monte_carlo_agrees_with_the_exact_odds(attacker, defender):
    rng = random.Random(20240607)
    runs = 6000
    results = [simulate(attacker, defender, rng) for _ in range(runs)]
    exact = battle_with(attacker, defender)
    observed = {
        "attacker_wins": sum(a > 0 for a, d in results) / runs,
        "defender_wins": sum(d > 0 for a, d in results) / runs,
        "both_eliminated": sum(a == d == 0 for a, d in results) / runs,
    }
    for name, seen in observed.items():
        p = float(getattr(exact, name))
        assert abs(seen - p) <= 4.5 * math.sqrt(p * (1 - p) / runs) + 1e-3, name
    mean_a = sum(a for a, _ in results) / runs
    assert abs(mean_a - float(exact.attacker_survivors)) < 0.08


sizes = st.integers(min_value=1, max_value=6)
bonus = st.integers(min_value=0, max_value=3)


@settings(max_examples=60, deadline=None)
@given(sizes, sizes, bonus, bonus)
def test_outcomes_form_a_distribution(a, d, ab, db):
    odds = battle(a, d, ab, db)
    assert odds.attacker_wins + odds.defender_wins + odds.both_eliminated == 1
    assert 0 <= odds.attacker_survivors <= a and 0 <= odds.defender_survivors <= d


@settings(max_examples=60, deadline=None)
@given(sizes, sizes, bonus, bonus)
def test_more_troops_or_bonus_never_hurt_the_attacker(a, d, ab, db):
    base = battle(a, d, ab, db).attacker_wins
    assert battle(a + 1, d, ab, db).attacker_wins >= base
    assert battle(a, d, ab + 1, db).attacker_wins >= base
    assert battle(a, d, ab, db + 1).attacker_wins <= base


def test_achilles_routs_the_side_that_loses_a_round_to_him():
    """cyclades-rules.txt 314: an opponent who loses a round to Achilles' side must retreat or be destroyed.

    Achilles alone (strength 1) against 2 troops: he wins a round when his die beats theirs by 2 or more
    (5/36); that round ends the battle. A tie kills him, a loss kills him: no second round.
    """
    odds = battle_with(Side(0, 0, ("achilles",)), Side(2))
    assert odds.attacker_wins == F(5, 36)
    assert odds.both_eliminated == 0
    plain = battle_with(Side(0, 0, ("odysseus",)), Side(2))  # another strength-1 hero, with no power here
    assert plain.attacker_wins < odds.attacker_wins


def test_achilles_in_defence_sends_the_attacker_back_at_its_first_lost_round():
    """cyclades-rules.txt 314, from the defender's side: the attacker's units leave, the area is held."""
    odds = battle_with(Side(3), Side(0, 0, ("achilles",)))
    assert odds.defender_wins + odds.attacker_wins + odds.both_eliminated == 1
    assert odds.defender_wins > battle_with(Side(3), Side(0, 0, ("odysseus",))).defender_wins


def test_a_tied_round_sets_achilles_off_only_on_the_other_reading():
    """cyclades-rules.txt 314 against 240: Achilles acts when the opponent loses a round, and a tie is no
    loser's round (on a tie both sides take a unit off; 211 says the same at sea), so a tie routs nobody
    by default. The issue's example, 2 troops and Achilles against 3 troops behind a fortress: 20.0 % by
    the rulebook's words, 45.0 % for tables that count a tie as a loss for both.
    """
    attacker, defender = Side(2, 0, ("achilles",)), Side(3, 1)
    strict = battle_with(attacker, defender)
    loose = battle_with(attacker, defender, achilles_on_ties=True)
    assert strict == brute_force(attacker, defender, achilles_on_ties=False)
    assert loose == brute_force(attacker, defender, achilles_on_ties=True)
    assert round(float(strict.attacker_wins) * 100, 1) == 20.0
    assert round(float(loose.attacker_wins) * 100, 1) == 45.0


@pytest.mark.parametrize("attacker, defender", [
    (Side(1, 0, ("achilles",)), Side(2)),
    (Side(2), Side(1, 1, ("achilles", "helen"))),
    (Side(2, 0, ("achilles", "croesus"), rerolls=2), Side(2, 1)),
    (Side(3, 0, ("penthesilea",)), Side(1, 0, ("achilles",))),
])
@pytest.mark.parametrize("on_ties", [False, True])
def test_achilles_both_readings_match_the_enumeration(attacker, defender, on_ties):
    """cyclades-rules.txt 314 (lost round), 211/240 (a tie takes a unit from both): both readings, checked
    face by face against the independent enumeration below."""
    assert battle_with(attacker, defender, achilles_on_ties=on_ties) == brute_force(attacker, defender, on_ties)


def test_hector_strikes_one_invading_troop_before_the_battle():
    """cyclades-rules.txt 318: invading troops lose one to Hector before any die is rolled."""
    assert opening(Side(3), Side(1, 0, ("hector",))) == (2, 2)
    assert battle_with(Side(3), Side(1, 0, ("hector",))) == battle_with(Side(2), Side(1, 0, ("odysseus",)))
    assert battle_with(Side(1), Side(0, 0, ("hector",))).defender_wins == 1  # the lone invader never fights
    assert opening(Side(0, 0, ("ajax",)), Side(0, 0, ("hector",))) == (1, 1)  # he strikes troops, not heroes
    assert opening(Side(2, 0, ("hector",)), Side(2)) == (3, 2)  # only when his own area is invaded


def test_croesus_re_rolls_a_losing_die():
    """cyclades-rules.txt 317: Croesus pays 1 gold to roll his side's battle die again.

    Croesus (1) against Helen (always 2, strength 1), a one-round battle: his die loses on 0 or 1 (1/2),
    ties on 2 (1/3), wins on 3 (1/6). With one gold he re-rolls a loss: lose 1/4, tie 1/3 * 3/2 = 1/2,
    win 1/6 * 3/2 = 1/4. A tie kills both, so it is worth no more than a loss and he re-rolls it too:
    the win comes from any roll that shows 3, 1/6 + 5/6 * 1/6 = 11/36.
    """
    once = battle_with(Side(0, 0, ("croesus",), rerolls=1), Side(0, 0, ("helen",)))
    assert once.attacker_wins == F(11, 36)
    never = battle_with(Side(0, 0, ("croesus",)), Side(0, 0, ("helen",)))
    assert (never.attacker_wins, never.both_eliminated, never.defender_wins) == (F(1, 6), F(1, 3), F(1, 2))
    defending = battle_with(Side(0, 0, ("helen",)), Side(0, 0, ("croesus",), rerolls=1))
    # Defending, a tie keeps the area (nobody takes it), so he keeps a tie and re-rolls only a loss.
    assert defending.defender_keeps == 1 - F(1, 4) and defending.attacker_wins == F(1, 4)


@pytest.mark.parametrize("gold", [0, 1, 2, 3])
@pytest.mark.parametrize("attacker, defender", [
    (Side(2, 0, ("croesus",)), Side(2, 1)),
    (Side(1, 0, ("croesus", "ajax")), Side(2, 0, ("antigone",))),
    (Side(2), Side(1, 1, ("croesus",))),
    (Side(0, 0, ("croesus",)), Side(1)),
])
def test_croesus_budget_follows_the_best_policy(attacker, defender, gold):
    """cyclades-rules.txt 317: he re-rolls "as long as you can afford it", so the gold is a budget for the
    whole battle, spent on a lost round, or on a tie when that is better; checked face by face."""
    mine = "attacker" if "croesus" in attacker.heroes else "defender"
    a = Side(attacker.units, attacker.bonus, attacker.heroes, gold if mine == "attacker" else 0)
    d = Side(defender.units, defender.bonus, defender.heroes, gold if mine == "defender" else 0)
    assert battle_with(a, d) == brute_force(a, d)


def test_croesus_re_rolls_a_tie_when_that_is_better():
    """cyclades-rules.txt 317 and 240: a tie costs him a troop too, so re-rolling it can pay. 2 troops and
    Croesus against 2 troops behind a fortress: with ties re-rolled the chance is higher than re-rolling
    losses only (the enumeration's `ties=False`), and more gold never hurts."""
    a, d = Side(2, 0, ("croesus",), rerolls=1), Side(2, 1)
    best = battle_with(a, d).attacker_wins
    assert best > brute_force(a, d, ties=False).attacker_wins
    figures = [battle_with(Side(2, 0, ("croesus",), rerolls=g), d).attacker_wins for g in range(4)]
    assert figures == sorted(figures) and len(set(figures)) == 4
    assert [round(float(f) * 100, 1) for f in figures] == [58.4, 73.3, 81.1, 86.0]


def test_croesus_re_rolls_must_be_a_small_whole_number():
    with pytest.raises(RuleError) as caught:
        battle_with(Side(0, 0, ("croesus",), rerolls=-1), Side(1))
    assert caught.value.key == "cyclades.err.rerolls_whole_number"


def brute_force(attacker: Side, defender: Side, achilles_on_ties: bool = False, ties: bool = True) -> BattleOdds:
    """The battle as a game tree over every die face, written apart from odds.py.

    Figures are lists that lose plain units first, then heroes from the last listed. Each round both dice
    are rolled; the side with Croesus looks at both and may pay 1 gold to roll its own again while gold
    lasts, taking whichever choice gives its side the better chance (the attacker plays to take the area,
    the defender to keep it); with `ties=False` it re-rolls only lost rounds.
    """
    faces = (0, 1, 1, 2, 2, 3)
    power = {"ajax": 2, "minotaur": 2}
    croesus_attacks = "croesus" in attacker.heroes
    gold0 = attacker.rerolls if croesus_attacks else defender.rerolls if "croesus" in defender.heroes else 0
    struck = 1 if "hector" in defender.heroes and attacker.units else 0
    a0 = tuple(reversed(attacker.heroes)) + ("unit",) * (attacker.units - struck)
    d0 = tuple(reversed(defender.heroes)) + ("unit",) * defender.units

    def end(a: tuple, d: tuple) -> tuple:
        return (F(int(bool(a) and not d)), F(int(bool(d) and not a)), F(int(not a and not d)), F(len(a)), F(len(d)))

    def goal(v: tuple) -> F:
        return v[0] if croesus_attacks else v[1] + v[2]

    def roll(figs: tuple, face: int) -> int:
        if "helen" in figs:
            return 2
        return 3 if face == 0 and "antigone" in figs else face

    @lru_cache(maxsize=None)
    def play(a: tuple, d: tuple, gold: int) -> tuple:
        if not a or not d:
            return end(a, d)
        total = [F(0)] * 5
        for fa in faces:
            for fd in faces:
                v = choose(a, d, gold, fa, fd)
                total = [t + x / 36 for t, x in zip(total, v)]
        return tuple(total)

    @lru_cache(maxsize=None)
    def choose(a: tuple, d: tuple, gold: int, fa: int, fd: int) -> tuple:
        kept, lost = after(a, d, gold, fa, fd)
        mine = "croesus" in (a if croesus_attacks else d)
        if not mine or not gold or not (lost or (ties and kept_tie(a, d, fa, fd))):
            return kept
        again = [F(0)] * 5
        for f in faces:
            v = choose(a, d, gold - 1, f, fd) if croesus_attacks else choose(a, d, gold - 1, fa, f)
            again = [t + x / 6 for t, x in zip(again, v)]
        return tuple(again) if goal(tuple(again)) > goal(kept) else kept

    def score(a: tuple, d: tuple, fa: int, fd: int) -> int:
        fort = 0 if "odysseus" in a else defender.bonus
        return (roll(a, fa) + sum(power.get(x, 1) for x in a) + attacker.bonus) - (
            roll(d, fd) + sum(power.get(x, 1) for x in d) + fort)

    def kept_tie(a: tuple, d: tuple, fa: int, fd: int) -> bool:
        return winner(a, d, fa, fd) == "tie"

    def winner(a: tuple, d: tuple, fa: int, fd: int) -> str:
        diff = score(a, d, fa, fd)
        pa, pd = "penthesilea" in a, "penthesilea" in d
        if diff > 0 or (diff == 0 and pa and not pd):
            return "attacker"
        if diff < 0 or (diff == 0 and pd and not pa):
            return "defender"
        return "tie"

    def after(a: tuple, d: tuple, gold: int, fa: int, fd: int) -> tuple[tuple, bool]:
        """The value of keeping these faces, and whether Croesus' side lost the round outright."""
        w = winner(a, d, fa, fd)
        a2, d2 = (a if w == "attacker" else a[:-1]), (d if w == "defender" else d[:-1])
        d_beaten = w == "attacker" or (w == "tie" and achilles_on_ties)
        a_beaten = w == "defender" or (w == "tie" and achilles_on_ties)
        if a2 and d2 and d_beaten and "achilles" in a2:
            value = (F(1), F(0), F(0), F(len(a2)), F(0))
        elif a2 and d2 and a_beaten and "achilles" in d2:
            value = (F(0), F(1), F(0), F(0), F(len(d2)))
        else:
            value = play(a2, d2, gold)
        return value, w == ("defender" if croesus_attacks else "attacker")

    return BattleOdds(*play(a0, d0, gold0))
