"""Battle helper: Army Strength counts the Hoplites and the cards; tie to the defender, casualties per
symbol, an extra loss and retreat for the loser (summary l.13; the sum is the published rulebook's)."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.core.model import RuleError
from companion.games.lords_of_hellas.battle import army_strength, resolve, strength_parts
from companion.games.lords_of_hellas.game import GAME


def side(hoplites=0, fortified=0, cards=(), can_retreat=True, base=0):
    return {
        "base": base,
        "hoplites": hoplites,
        "fortified": fortified,
        "cards": [{"strength": s, "casualties": c} for s, c in cards],
        "can_retreat": can_retreat,
    }


def test_three_hoplites_against_two_with_no_cards_the_three_win():
    result = resolve(side(3), side(2))
    assert result["strength"] == {"attacker": 3, "defender": 2}
    assert result["winner"] == "attacker" and not result["tie"]
    assert result["losses"]["attacker"] == {"killed": 0, "fortified_killed": 0, "left": 3, "retreats": False}
    assert result["losses"]["defender"] == {"killed": 1, "fortified_killed": 0, "left": 1, "retreats": True}


def test_two_hoplites_against_two_with_no_cards_is_a_tie_the_defender_wins():
    result = resolve(side(2), side(2))
    assert result["strength"] == {"attacker": 2, "defender": 2}
    assert result["tie"] and result["winner"] == "defender"
    assert result["losses"]["attacker"] == {"killed": 1, "fortified_killed": 0, "left": 1, "retreats": True}
    assert result["losses"]["defender"] == {"killed": 0, "fortified_killed": 0, "left": 2, "retreats": False}


def test_army_strength_is_the_hoplites_plus_each_card_plus_any_other_bonus():
    assert army_strength(side(3)) == 3
    assert army_strength(side(3, cards=[(2, 0), (1, 1)])) == 6
    assert army_strength(side(3, cards=[(2, 0)], base=1)) == 6
    assert strength_parts(side(3, cards=[(2, 0), (1, 1)], base=1)) == {"hoplites": 3, "cards": 3, "other": 1}


def test_cards_can_turn_a_smaller_army_into_the_winner():
    result = resolve(side(2, cards=[(3, 1)]), side(4, cards=[(0, 0)]))
    assert result["strength"] == {"attacker": 5, "defender": 4}
    assert result["winner"] == "attacker"
    # the winner still pays its card's Casualty symbol; the loser one more than its own (none)
    assert result["losses"]["attacker"]["killed"] == 1
    assert result["losses"]["defender"] == {"killed": 1, "fortified_killed": 0, "left": 3, "retreats": True}


def test_cards_that_only_draw_level_leave_the_win_with_the_defender():
    result = resolve(side(2, cards=[(2, 0)]), side(3, cards=[(1, 0)]))
    assert result["strength"] == {"attacker": 4, "defender": 4}
    assert result["tie"] and result["winner"] == "defender"


def test_a_tie_goes_to_the_defender():
    result = resolve(side(4), side(2, cards=[(2, 0)]))
    assert result["tie"] and result["winner"] == "defender"


def test_each_side_loses_its_casualties_and_the_loser_one_more():
    result = resolve(side(5, cards=[(1, 1)]), side(3, cards=[(1, 1), (0, 1)]))
    assert result["winner"] == "attacker"
    assert result["losses"]["attacker"] == {"killed": 1, "fortified_killed": 0, "left": 4, "retreats": False}
    assert result["losses"]["defender"] == {"killed": 3, "fortified_killed": 0, "left": 0, "retreats": False}


def test_loser_with_survivors_retreats():
    result = resolve(side(4), side(5))
    assert result["losses"]["attacker"] == {"killed": 1, "fortified_killed": 0, "left": 3, "retreats": True}


def test_loser_who_cannot_retreat_loses_everyone():
    result = resolve(side(6), side(5, fortified=2, can_retreat=False))
    assert result["losses"]["defender"] == {"killed": 3, "fortified_killed": 2, "left": 0, "retreats": False}


def test_fortified_hoplites_die_last():
    result = resolve(side(4, fortified=3, cards=[(0, 1)]), side(5))
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
    table.do("battle.resolve", by="host", attacker={"player": "red", **side(3)}, defender={"player": "blue", **side(2)})
    assert table.state["last_battle"]["strength"] == {"attacker": 3, "defender": 2}
    assert table.state["last_battle"]["winner"] == "attacker"
    assert GAME.describe(table.last, None, "en") == "Battle: Red (3) against Blue (2); Red wins."
    table.do("battle.resolve", by="host", attacker={"player": "red", **side(3)}, defender={"player": "blue", **side(3)})
    assert table.state["last_battle"]["players"] == {"attacker": "red", "defender": "blue"}
    assert table.state["last_battle"]["winner"] == "defender"
    assert "Blue" in GAME.describe(table.last, None, "pt")
    table.refused("battle.resolve", by="host", attacker={"player": "red", **side()}, defender={"player": "red", **side()})
    table.refused("battle.resolve", by="host", attacker={"player": "red", **side()}, defender={"player": "green", **side()})


cards = st.lists(st.tuples(st.integers(0, 5), st.integers(0, 3)), max_size=6)


@st.composite
def sides(draw):
    hoplites = draw(st.integers(0, 12))
    return side(hoplites, draw(st.integers(0, hoplites)), draw(cards), draw(st.booleans()), draw(st.integers(0, 12)))


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


def test_a_battle_side_the_screens_could_not_count_is_refused_as_a_form_entry(table):
    """Every device sums the sides as it draws them: a side that cannot be summed never reaches one."""
    def put(value):
        return table.do("draft.set", by="red", draft="battle", path="attacker", value=value)
    put({"player": "red", **side(3, cards=[(1, 0)])})
    for bad in ("army", {"player": "red", **side(), "hoplites": -1}, {"player": "red", **side(), "cards": "ace"},
                {"player": "nobody", **side(2)}):
        table.refused("draft.set", by="red", draft="battle", path="attacker", value=bad)
    table.refused("draft.set", by="red", draft="battle", path="general", value={"player": "red", **side(2)})
    assert table.state["drafts"]["battle"]["entries"]["attacker"]["cards"] == [{"strength": 1, "casualties": 0}]
