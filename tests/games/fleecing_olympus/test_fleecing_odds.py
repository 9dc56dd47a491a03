import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.core.model import RuleError
from companion.games.fleecing_olympus.odds import REROLLS, reroll_odds, turn_odds


def test_rerolling_the_six_of_six_and_one_worked_by_hand():
    # Token Odd, 6+1=7 favours Active for 6. New first die d: odd d -> even sum -> Target owed min(d,1)=1;
    # even d -> Active owed d. Wager (1+1+1+2+4+6)/6, Active net (2+4+6-3)/6.
    odds = reroll_odds([6, 1], "odd", (0,))
    assert odds.flip == Fraction(1, 2)
    assert odds.active == Fraction(1, 2)
    assert odds.wager == Fraction(5, 2)
    assert odds.active_gain == Fraction(3, 2)
    assert all(isinstance(v, Fraction) for v in (odds.flip, odds.active, odds.wager, odds.active_gain))


def test_rerolling_the_one_instead_keeps_the_six_in_play():
    odds = reroll_odds([6, 1], "odd", (1,))
    assert odds.wager == Fraction(5)
    assert odds.active_gain == Fraction(1)


def test_a_negative_card_total_floors_each_outcome_at_zero():
    # Active outcomes 6-5=1 each (three of them); Target outcomes max(0, d-5) for d=2,4,6 -> 0,0,1.
    assert reroll_odds([6, 1], "odd", (1,), extra=-5).wager == Fraction(4, 6)


@settings(max_examples=100)
@given(st.integers(1, 6), st.integers(1, 6), st.sampled_from(["even", "odd"]), st.sampled_from(REROLLS))
def test_any_reroll_swings_the_favour_half_the_time(d1, d2, token, which):
    # One fresh die is odd or even with equal chance, so the sum's parity is a coin toss.
    assert reroll_odds([d1, d2], token, which).flip == Fraction(1, 2)


def test_exact_odds_agree_with_simulated_rerolls():
    rng = random.Random(11)
    samples = 20_000
    cases = [([4, 3], "even", (0, 1), 0), ([5, 2], "odd", (1,), 2), ([2, 2], "even", (0,), -1)]
    for dice, token, which, extra in cases:
        exact = reroll_odds(dice, token, which, extra)
        total_wager = total_gain = 0
        for _ in range(samples):
            new = list(dice)
            for i in which:
                new[i] = rng.randint(1, 6)
            parity = "even" if sum(new) % 2 == 0 else "odd"
            amount = max(0, (max(new) if parity == token else min(new)) + extra)
            total_wager += amount
            total_gain += amount if parity == token else -amount
        assert abs(total_wager / samples - float(exact.wager)) < 0.08
        assert abs(total_gain / samples - float(exact.active_gain)) < 0.12


def test_turn_odds_reads_the_face_up_card_total_from_the_turn():
    turn = {"dice": [6, 1], "token": "odd", "cards": [
        {"kind": "legend", "wager": -5},
        {"kind": "legend", "wager": 9, "resisted": True},
        {"kind": "destiny"},
    ]}
    choices = turn_odds(turn)
    assert [c.dice for c in choices] == [(0,), (1,), (0, 1)]
    assert choices[1].wager == Fraction(4, 6)


@pytest.mark.parametrize("args", [([6], "odd", (0,)), ([6, 1], "odd", (2,)), ([6, 1], "odd", (1, 0)),
                                  ([6, 9], "odd", (0,)), ([6, 1], "both", (0,))])
def test_nonsense_odds_requests_are_refused(args):
    with pytest.raises(RuleError):
        reroll_odds(*args)


def test_no_odds_before_the_dice_are_rolled():
    with pytest.raises(RuleError):
        turn_odds({"dice": None, "token": "even", "cards": []})
