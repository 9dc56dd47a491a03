"""Battle odds: hand-computed small cases, hero powers, a seeded Monte Carlo check, invariants."""
from __future__ import annotations

import math
import random
from fractions import Fraction as F

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.core.model import RuleError
from companion.games.cyclades.odds import Side, battle, battle_with, opening, retreat_table, round_outcomes

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
    """cyclades-rules.txt 314: when the opponent loses a round to Achilles' side, it retreats or is destroyed.

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


def test_hector_strikes_one_invading_troop_before_the_battle():
    """cyclades-rules.txt 318: invading troops lose one to Hector before any die is rolled."""
    assert opening(Side(3), Side(1, 0, ("hector",))) == (2, 2)
    assert battle_with(Side(3), Side(1, 0, ("hector",))) == battle_with(Side(2), Side(1, 0, ("odysseus",)))
    assert battle_with(Side(1), Side(0, 0, ("hector",))).defender_wins == 1  # the lone invader never fights
    assert opening(Side(0, 0, ("ajax",)), Side(0, 0, ("hector",))) == (1, 1)  # he strikes troops, not heroes
    assert opening(Side(2, 0, ("hector",)), Side(2)) == (3, 2)  # only when his own area is invaded


def test_croesus_re_rolls_a_losing_die():
    """cyclades-rules.txt 317: Croesus pays to re-roll his side's battle die.

    Croesus (1) against Helen (always 2, strength 1): his die loses on 0 or 1 (1/2), ties on 2 (1/3),
    wins on 3 (1/6). One re-roll of a loss: lose 1/4, tie 1/3 * 3/2 = 1/2, win 1/6 * 3/2 = 1/4.
    """
    once = battle_with(Side(0, 0, ("croesus",)), Side(0, 0, ("helen",)))
    assert (once.attacker_wins, once.both_eliminated, once.defender_wins) == (F(1, 4), F(1, 2), F(1, 4))
    never = battle_with(Side(0, 0, ("croesus",), rerolls=0), Side(0, 0, ("helen",)))
    assert (never.attacker_wins, never.both_eliminated, never.defender_wins) == (F(1, 6), F(1, 3), F(1, 2))
    defending = battle_with(Side(0, 0, ("helen",)), Side(0, 0, ("croesus",)))
    assert defending.defender_wins == F(1, 4)  # the same sums from the other chair: he wins on 3


def test_croesus_re_rolls_must_be_a_small_whole_number():
    with pytest.raises(RuleError) as caught:
        battle_with(Side(0, 0, ("croesus",), rerolls=-1), Side(1))
    assert caught.value.key == "cyclades.err.rerolls_whole_number"
