import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.core.model import RuleError
from companion.games.fleecing_olympus.wager import initial_wager

die = st.integers(1, 6)


def test_rulebook_example_even_token_four_and_three_favours_the_target_for_three():
    assert initial_wager(4, 3, "even") == ("target", 3)


def test_matching_parity_favours_the_active_player_for_the_higher_die():
    assert initial_wager(2, 5, "odd") == ("active", 5)
    assert initial_wager(6, 2, "even") == ("active", 6)


def test_doubles_are_worth_the_shown_value_whoever_they_favour():
    assert initial_wager(3, 3, "even") == ("active", 3)
    assert initial_wager(3, 3, "odd") == ("target", 3)


@settings(max_examples=150)
@given(die, die, st.sampled_from(["even", "odd"]))
def test_the_token_side_decides_favour_and_the_favour_picks_the_die(d1, d2, token):
    favour, amount = initial_wager(d1, d2, token)
    matches = ((d1 + d2) % 2 == 0) == (token == "even")
    assert favour == ("active" if matches else "target")
    assert amount == (max(d1, d2) if matches else min(d1, d2))
    other = "odd" if token == "even" else "even"
    assert initial_wager(d1, d2, other)[0] != favour
    assert initial_wager(d2, d1, token) == (favour, amount)


@pytest.mark.parametrize("args", [(0, 3, "even"), (7, 1, "odd"), (2, 2, "red"), (True, 2, "odd"), (2.0, 3, "odd")])
def test_impossible_dice_or_token_are_refused(args):
    with pytest.raises(RuleError):
        initial_wager(*args)
