"""Battle helper: tie to the defender, casualties per symbol, an extra loss and retreat for the loser."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.core.model import RuleError
from companion.games.lords_of_hellas.battle import army_strength, resolve
from companion.games.lords_of_hellas.game import GAME


def side(base=0, hoplites=0, fortified=0, cards=(), can_retreat=True):
    return {
        "base": base,
        "hoplites": hoplites,
        "fortified": fortified,
        "cards": [{"strength": s, "casualties": c} for s, c in cards],
        "can_retreat": can_retreat,
    }


def test_army_strength_grows_with_each_card():
    assert army_strength(side(3, 3)) == 3
    assert army_strength(side(3, 3, cards=[(2, 0), (1, 1)])) == 6


def test_a_tie_goes_to_the_defender():
    result = resolve(side(4, 4), side(2, 2, cards=[(2, 0)]))
    assert result["tie"] and result["winner"] == "defender"


def test_each_side_loses_its_casualties_and_the_loser_one_more():
    result = resolve(side(5, 5, cards=[(1, 1)]), side(3, 3, cards=[(1, 1), (0, 1)]))
    assert result["winner"] == "attacker"
    assert result["losses"]["attacker"] == {"killed": 1, "fortified_killed": 0, "left": 4, "retreats": False}
    assert result["losses"]["defender"] == {"killed": 3, "fortified_killed": 0, "left": 0, "retreats": False}


def test_loser_with_survivors_retreats():
    result = resolve(side(2, 4), side(5, 5))
    assert result["losses"]["attacker"] == {"killed": 1, "fortified_killed": 0, "left": 3, "retreats": True}


def test_loser_who_cannot_retreat_loses_everyone():
    result = resolve(side(6, 6), side(1, 5, fortified=2, can_retreat=False))
    assert result["losses"]["defender"] == {"killed": 3, "fortified_killed": 2, "left": 0, "retreats": False}


def test_fortified_hoplites_die_last():
    result = resolve(side(1, 4, fortified=3, cards=[(0, 1)]), side(2, 2))
    # one casualty symbol plus one for losing: the one plain Hoplite, then one Fortified
    assert result["losses"]["attacker"] == {"killed": 1, "fortified_killed": 1, "left": 2, "retreats": True}


@pytest.mark.parametrize("bad", [
    {"hoplites": -1},
    {"hoplites": 2, "fortified": 3},
    {"cards": [{"strength": "big"}]},
    {"cards": "ace"},
    {"can_retreat": "yes"},
    "army",
])
def test_bad_sides_are_refused(bad):
    with pytest.raises(RuleError):
        resolve(bad if isinstance(bad, str) else side() | bad, side())


def test_resolved_battle_is_stored_and_told_in_history(table):
    table.do("battle.resolve", by="host", attacker={"player": "red", **side(3, 3)}, defender={"player": "blue", **side(3, 3)})
    assert table.state["last_battle"]["players"] == {"attacker": "red", "defender": "blue"}
    assert table.state["last_battle"]["winner"] == "defender"
    assert "Blue" in GAME.describe(table.last, None, "pt")
    table.refused("battle.resolve", by="host", attacker={"player": "red", **side()}, defender={"player": "red", **side()})
    table.refused("battle.resolve", by="host", attacker={"player": "red", **side()}, defender={"player": "green", **side()})


cards = st.lists(st.tuples(st.integers(0, 5), st.integers(0, 3)), max_size=6)


@st.composite
def sides(draw):
    hoplites = draw(st.integers(0, 12))
    return side(draw(st.integers(0, 12)), hoplites, draw(st.integers(0, hoplites)), draw(cards), draw(st.booleans()))


@settings(max_examples=200, deadline=None)
@given(sides(), sides())
def test_losses_always_add_up(attacker, defender):
    result = resolve(attacker, defender)
    winner, loser = result["winner"], "defender" if result["winner"] == "attacker" else "attacker"
    assert result["strength"][winner] >= result["strength"][loser]
    for name, army in (("attacker", attacker), ("defender", defender)):
        lost = result["losses"][name]
        assert lost["killed"] + lost["fortified_killed"] + lost["left"] == army["hoplites"]
        if lost["fortified_killed"]:
            assert lost["killed"] == army["hoplites"] - army["fortified"]
        symbols = sum(c["casualties"] for c in army["cards"])
        expected = symbols + (name == loser)
        if name == loser and not army["can_retreat"]:
            expected = army["hoplites"]
        assert army["hoplites"] - lost["left"] == min(expected, army["hoplites"])
    assert not result["losses"][winner]["retreats"]
