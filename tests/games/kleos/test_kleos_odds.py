import math
import random
from fractions import Fraction as F

import icepool
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.core.model import RuleError
from companion.games.kleos.dice import count_successes, roll
from companion.games.kleos.odds import (
    MINOTAUR, CombatOdds, Fighter, Hunter, alone, combat, competing, competing_many, recruit, successes,
)

PLAIN_DIE = icepool.Die([0, 0, 0, 0, 1, 1])
GODLY_DIE = icepool.Die([0, 0, 0, 1, 1, 1])


def _icepool_pool(dice: int, godly: bool) -> icepool.Die:
    return max(dice, 0) @ (GODLY_DIE if godly else PLAIN_DIE)


# --- exact, hand-checked ---------------------------------------------------


def test_successes_by_hand():
    # 2 plain dice: (2/3)^2 = 4/9, 2*(1/3)(2/3) = 4/9, (1/3)^2 = 1/9
    assert successes(2) == [F(4, 9), F(4, 9), F(1, 9)]
    # 3 Godly dice: C(3,k)/8
    assert successes(3, godly=True) == [F(1, 8), F(3, 8), F(3, 8), F(1, 8)]
    assert successes(0) == [F(1)]
    assert successes(-2, True) == [F(1)]


def test_successes_returns_a_fresh_list():
    first = successes(2)
    first[0] = F(0)
    assert successes(2)[0] == F(4, 9)


def test_recruit_by_hand():
    # at least 1 of 3 plain dice: 1 - (2/3)^3 = 19/27
    assert recruit(3, 1) == F(19, 27)
    # at least 1 of 2 Godly dice: 1 - (1/2)^2 = 3/4
    assert recruit(2, 1, godly=True) == F(3, 4)
    # at least 2 of 3 plain dice: 3*(1/3)^2*(2/3) + (1/3)^3 = 6/27 + 1/27 = 7/27
    assert recruit(3, 2) == F(7, 27)
    assert recruit(0, 0) == 1
    assert recruit(2, 3, godly=True) == 0


def test_competing_by_hand():
    # 1 die each, plain: A wins 1/3*2/3 = 2/9, tie 4/9 + 1/9 = 5/9, B wins 2/9
    assert competing(1, 1) == (F(2, 9), F(5, 9), F(2, 9))
    # A Godly: A wins 1/2*2/3 = 1/3, tie 1/2*2/3 + 1/2*1/3 = 1/2, B wins 1/2*1/3 = 1/6
    assert competing(1, 1, a_godly=True) == (F(1, 3), F(1, 2), F(1, 6))
    # nobody rolls: always a tie
    assert competing(0, 0) == (F(0), F(1), F(0))


def test_plain_combat_by_hand():
    # attack: 3 dice vs Defense 1 -> 1 - (2/3)^3 = 19/27; Slaughter needs 4 of 3 dice = 0
    # retaliation: 2 dice vs Defense 2 -> (1/3)^2 = 1/9
    odds = combat(Fighter(3, 2), Fighter(2, 1))
    assert odds == CombatOdds(
        defender_killed=F(19, 27),
        slaughter=F(0),
        attacker_killed=F(1, 9),
        both_killed=F(19, 27) * F(1, 9),  # 19/243
        neither_killed=F(8, 27) * F(8, 9),  # 64/243
        attacker_glory=F(19, 27),
        defender_glory=F(1, 9),
    )


def test_slaughter_and_tactics_by_hand():
    # attacker rolls 4 + 1 Tactics = 5 Godly dice against Defense 0: always a kill;
    # Slaughter needs 3+: (C(5,3) + C(5,4) + C(5,5)) / 32 = 16/32 = 1/2
    # defender retaliates only without a Slaughter, with 3 - 1 = 2 dice vs Defense 1: 1 - 4/9 = 5/9
    odds = combat(Fighter(4, 1, tactics=1, godly=True), Fighter(3, 0, tactics=-1))
    assert odds.defender_killed == 1
    assert odds.slaughter == F(1, 2)
    assert odds.attacker_killed == F(1, 2) * F(5, 9)
    assert odds.both_killed == F(1, 2) * F(5, 9)
    assert odds.neither_killed == 0
    assert odds.attacker_glory == 1 + F(1, 2)  # 1 for the kill, +1 half the time
    assert odds.defender_glory == F(5, 18)


def test_champion_is_never_slaughtered_and_always_retaliates():
    # same dice as above, but the defender is a Champion: kill is certain, no Slaughter,
    # so the retaliation (5/9) always happens; defeating a Champion is worth 2
    odds = combat(Fighter(4, 1, tactics=1, godly=True), Fighter(3, 0, tactics=-1, champion=True))
    assert odds.slaughter == 0
    assert odds.defender_killed == 1
    assert odds.attacker_killed == F(5, 9)
    assert odds.both_killed == F(5, 9)
    assert odds.attacker_glory == 2
    assert odds.defender_glory == F(5, 9)


def test_defender_earns_two_for_beating_a_champion():
    # retaliation: 2 Godly dice vs Defense 1 -> 3/4; attacker is a Champion -> 2 * 3/4
    odds = combat(Fighter(1, 1, champion=True), Fighter(2, 5, godly=True))
    assert odds.attacker_killed == F(3, 4)
    assert odds.defender_glory == F(3, 2)


def test_opportunity_attack_ignores_tactics_and_has_no_retaliation():
    # only the 2 printed Attack dice count: at least 1 vs Defense 1 = 1 - 4/9 = 5/9
    odds = combat(Fighter(2, 1, tactics=5), Fighter(6, 1, tactics=3), opportunity=True)
    assert odds.defender_killed == F(5, 9)
    assert odds.attacker_killed == 0
    assert odds.neither_killed == F(4, 9)
    assert odds.defender_glory == 0


def test_opportunity_attack_can_still_slaughter():
    # 4 dice vs Defense 0, Slaughter on 3+: 4*(1/3)^3*(2/3) + (1/3)^4 = 8/81 + 1/81 = 1/9
    odds = combat(Fighter(4, 1), Fighter(1, 0), opportunity=True)
    assert odds.slaughter == F(1, 9)
    assert odds.attacker_glory == 1 + F(1, 9)


def test_tactics_penalty_can_leave_no_dice():
    # 1 Attack - 3 Tactics = no dice: Defense 1 is never reached
    assert combat(Fighter(1, 1, tactics=-3), Fighter(1, 1)).defender_killed == 0
    # Defense 0 needs zero successes, so even an empty pool kills (but cannot Slaughter)
    zero = combat(Fighter(1, 1, tactics=-3), Fighter(1, 0))
    assert (zero.defender_killed, zero.slaughter) == (1, 0)


def test_percentages_for_the_panel():
    pct = combat(Fighter(3, 2), Fighter(2, 1)).as_percentages()
    assert set(pct) == {"defender_killed", "slaughter", "attacker_killed", "both_killed", "neither_killed"}
    assert pct["defender_killed"] == pytest.approx(100 * 19 / 27)
    assert pct["attacker_killed"] == pytest.approx(100 / 9)


# --- refusals ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"attack": -1, "defense": 1}, "Attack cannot be negative"),
        ({"attack": 2, "defense": -2}, "Defense cannot be negative"),
        ({"attack": 2.5, "defense": 1}, "Attack must be a whole number"),
        ({"attack": 2, "defense": 1, "tactics": "lots"}, "Tactics must be a whole number"),
        ({"attack": 2, "defense": 1, "champion": "maybe"}, "Champion"),
        ({"attack": 500, "defense": 1}, "at most 100"),
    ],
)
def test_bad_fighter_is_refused(kwargs, message):
    with pytest.raises(RuleError, match=message):
        Fighter(**kwargs)


def test_bad_check_inputs_are_refused():
    with pytest.raises(RuleError, match="Disposition cannot be negative"):
        recruit(3, -1)
    with pytest.raises(RuleError, match="Cunning cannot be negative"):
        recruit(-1, 1)
    with pytest.raises(RuleError, match="cannot be negative"):
        competing(2, -1)
    with pytest.raises(RuleError, match="Opportunity Attack"):
        combat(Fighter(1, 1), Fighter(1, 1), opportunity="yes")  # type: ignore[arg-type]


# --- invariants -------------------------------------------------------------

stats = st.integers(min_value=0, max_value=9)
fighters = st.builds(
    Fighter,
    attack=stats,
    defense=st.integers(min_value=0, max_value=6),
    tactics=st.integers(min_value=-4, max_value=5),
    godly=st.booleans(),
    champion=st.booleans(),
)


@settings(max_examples=200, deadline=None)
@given(attacker=fighters, defender=fighters, opportunity=st.booleans())
def test_combat_outcomes_partition(attacker, defender, opportunity):
    odds = combat(attacker, defender, opportunity=opportunity)
    only_defender = odds.defender_killed - odds.both_killed
    only_attacker = odds.attacker_killed - odds.both_killed
    assert min(only_defender, only_attacker, odds.both_killed, odds.neither_killed) >= 0
    assert only_defender + only_attacker + odds.both_killed + odds.neither_killed == 1
    assert 0 <= odds.slaughter <= odds.defender_killed <= 1
    assert odds.attacker_killed <= 1 - odds.slaughter
    if defender.champion:
        assert odds.slaughter == 0
    if opportunity:
        assert odds.attacker_killed == 0 and odds.defender_glory == 0


@settings(max_examples=200, deadline=None)
@given(dice=st.integers(min_value=-3, max_value=15), godly=st.booleans())
def test_successes_match_icepool(dice, godly):
    table = successes(dice, godly)
    assert sum(table) == 1
    oracle = _icepool_pool(dice, godly)
    assert table == [oracle.probability(k) for k in range(len(table))]


@settings(max_examples=200, deadline=None)
@given(a=stats, b=stats, a_godly=st.booleans(), b_godly=st.booleans())
def test_competing_matches_icepool(a, b, a_godly, b_godly):
    a_pool, b_pool = _icepool_pool(a, a_godly), _icepool_pool(b, b_godly)
    expected = (
        (a_pool > b_pool).probability(True),
        (a_pool == b_pool).probability(True),
        (a_pool < b_pool).probability(True),
    )
    result = competing(a, b, a_godly, b_godly)
    assert result == expected
    assert sum(result) == 1
    assert competing(b, a, b_godly, a_godly) == result[::-1]


@settings(max_examples=200, deadline=None)
@given(cunning=stats, disposition=stats, godly=st.booleans())
def test_recruit_is_monotone(cunning, disposition, godly):
    chance = recruit(cunning, disposition, godly)
    assert chance == sum(successes(cunning, godly)[disposition:])
    assert recruit(cunning + 1, disposition, godly) >= chance
    assert recruit(cunning, disposition + 1, godly) <= chance
    assert recruit(cunning, disposition, True) >= recruit(cunning, disposition, False)


# --- Monte Carlo cross-check with the real roller ----------------------------


def _fight_once(attacker: Fighter, defender: Fighter, opportunity: bool, rng: random.Random) -> tuple:
    """One fight played out step by step, as at the table."""
    a_dice = attacker.attack + (0 if opportunity else attacker.tactics)
    hits = count_successes(roll(a_dice, attacker.godly, rng), attacker.godly)
    defender_dies = hits >= defender.defense
    slaughtered = not defender.champion and hits >= defender.defense + 3
    attacker_dies = False
    if not slaughtered and not opportunity:
        d_dice = defender.attack + defender.tactics
        attacker_dies = count_successes(roll(d_dice, defender.godly, rng), defender.godly) >= attacker.defense
    a_glory = (2 if defender.champion else 1) * defender_dies + slaughtered
    d_glory = (2 if attacker.champion else 1) * attacker_dies
    return defender_dies, slaughtered, attacker_dies, a_glory, d_glory


@pytest.mark.parametrize(
    ("attacker", "defender", "opportunity"),
    [
        (Fighter(4, 2, tactics=1), Fighter(3, 1, tactics=-1), False),
        (Fighter(5, 1, godly=True), Fighter(2, 2), False),
        (Fighter(3, 2, champion=True), Fighter(4, 0, tactics=2, champion=True), False),
        (Fighter(4, 1, tactics=3), Fighter(6, 1), True),
    ],
)
def test_combat_agrees_with_simulation(attacker, defender, opportunity):
    trials = 4000
    rng = random.Random(2024)
    runs = [_fight_once(attacker, defender, opportunity, rng) for _ in range(trials)]
    odds = combat(attacker, defender, opportunity=opportunity)
    for index, exact in enumerate((odds.defender_killed, odds.slaughter, odds.attacker_killed)):
        seen = sum(r[index] for r in runs) / trials
        p = float(exact)
        standard_error = math.sqrt(p * (1 - p) / trials)
        assert abs(seen - p) <= 4 * standard_error + 1e-9, (index, seen, p)
    both = sum(r[0] and r[2] for r in runs) / trials
    assert abs(both - float(odds.both_killed)) <= 4 * math.sqrt(0.25 / trials)
    for index, exact in ((3, odds.attacker_glory), (4, odds.defender_glory)):
        mean = sum(r[index] for r in runs) / trials
        # Glory per fight lies in [0, 3], so its standard deviation is at most 1.5
        assert abs(mean - float(exact)) <= 4 * 1.5 / math.sqrt(trials), (index, mean, exact)


def test_a_competing_check_can_have_three_sides():
    """kleos-rulebook.txt 151: a competing check may involve two or more Minions; the most successes wins.

    Three Minions with 2 dice each (0, 1 or 2 successes with 4/9, 4/9, 1/9): one side is alone on top
    with 1 success while both others roll 0 (4/9 * 4/9 * 4/9) or with 2 while both others roll less
    (1/9 * 8/9 * 8/9): 128/729 each, and the rest of the time nobody wins.
    """
    wins, no_winner = competing_many([(2, False), (2, False), (2, False)])
    assert wins == [F(128, 729)] * 3
    assert no_winner == 1 - 3 * F(128, 729)


def test_two_sided_competing_agrees_with_the_many_sided_one():
    """kleos-rulebook.txt 151: with two Minions the general count reduces to the two-sided one."""
    a, tie, b = competing(4, 3, True, False)
    assert competing_many([(4, True), (3, False)]) == ([a, b], tie)


def test_a_bigger_side_in_a_four_way_check_wins_more_often():
    wins, _ = competing_many([(5, False), (2, False), (2, False), (2, True)])
    assert wins[0] > max(wins[1:]) and wins[3] > wins[1] == wins[2]


@pytest.mark.parametrize("pools", [[(3, False)], [(1, False)] * 7, [(3, "yes"), (2, False)], [(-1, False), (2, False)]])
def test_competing_many_refuses_bad_sides(pools):
    with pytest.raises(RuleError):
        competing_many(pools)


def test_a_lone_hunter_adds_its_own_card_bonus():
    """kleos-rulebook.txt 157: the Hunter bonus is the card's; +2 Attack / +1 Defense is the Minotaur's."""
    fighter = Fighter(3, 2, tactics=4)
    assert alone(fighter, MINOTAUR) == Fighter(5, 3, tactics=0)
    assert alone(fighter, Hunter(attack=1, defense=0)) == Fighter(4, 2, tactics=0)  # another Hunter's card
    assert alone(fighter, Hunter()) == Fighter(3, 2, tactics=0)  # alone: no allies, so no Tactics either
    with pytest.raises(RuleError):
        Hunter(attack=-1)
