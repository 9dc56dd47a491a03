"""Setup options: defaults from the source, and refusals for tables the rules do not allow."""
from __future__ import annotations

import pytest

from companion.core.model import RuleError
from companion.core.schema import NAME_MAX
from companion.games.lords_of_hellas.game import GAME


def test_names_may_come_as_a_list_in_seat_order():
    assert GAME.setup({"players": ["a", "b"], "names": ["Ana", "Bia"]})["names"] == {"a": "Ana", "b": "Bia"}


def test_defaults_follow_the_source():
    state = GAME.setup({"players": ["red", "blue", "green"]})
    assert state["thresholds"] == {"warlord": 2, "favoured": 5, "slayer": 3}
    assert all(state["conditions"].values())
    assert state["turn"]["player"] == "red"
    assert len(set(state["colours"].values())) == 3


def test_names_colours_and_thresholds_are_taken_from_the_options():
    state = GAME.setup({
        "players": ["red", "blue"],
        "names": {"red": " Ana ", "blue": "Bruno"},
        "colours": {"red": "#ff0000", "blue": "#0000ff"},
        "thresholds": {"warlord": 3},
        "conditions": {"king_of_kings": False},
    })
    assert state["names"] == {"red": "Ana", "blue": "Bruno"}
    assert state["colours"]["red"] == "#ff0000"
    assert state["thresholds"]["warlord"] == 3
    assert state["conditions"]["king_of_kings"] is False


@pytest.mark.parametrize("players", [["solo"], ["a", "b", "c", "d", "e"], "red", ["a", "a"], ["host", "b"], ["a", 3]])
def test_bad_player_lists_are_refused(players):
    with pytest.raises(RuleError):
        GAME.setup({"players": players})


def test_king_of_kings_may_be_off_only_with_two_players():
    with pytest.raises(RuleError, match="two-player"):
        GAME.setup({"players": ["a", "b", "c"], "conditions": {"king_of_kings": False}})


@pytest.mark.parametrize("condition", ["warlord", "favoured", "slayer"])
def test_counted_conditions_cannot_be_switched_off(condition):
    with pytest.raises(RuleError, match="Only King of Kings"):
        GAME.setup({"players": ["a", "b"], "conditions": {condition: False}})


@pytest.mark.parametrize("thresholds", [{"warlord": 0}, {"slayer": 2.5}, {"favoured": True}, {"glory": 3}])
def test_bad_thresholds_are_refused(thresholds):
    with pytest.raises(RuleError):
        GAME.setup({"players": ["a", "b"], "thresholds": thresholds})


@pytest.mark.parametrize("extra", [
    {"names": {"a": "Sam", "b": "sam"}},
    {"colours": {"a": "red", "b": "red"}},
    {"names": {"a": "x" * (NAME_MAX + 1)}},
    {"names": "Sam"},
    {"colours": ["red", "blue"]},
])
def test_bad_names_and_colours_are_refused(extra):
    with pytest.raises(RuleError):
        GAME.setup({"players": ["a", "b"], **extra})


def test_view_hides_nothing_and_adds_progress():
    state = GAME.setup({"players": ["red", "blue"]})
    seen = GAME.view(state, None)
    assert {k: seen[k] for k in state} == state
    assert seen["progress"]["red"]["warlord"] == {"value": 0, "target": 2}
    assert "king_of_kings" not in seen["progress"]["red"]
