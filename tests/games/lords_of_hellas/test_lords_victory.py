"""Victory watch: each condition ends the game the moment it is met; King of Kings counts down."""
from __future__ import annotations

import pytest

from companion.games.lords_of_hellas.game import GAME


@pytest.mark.parametrize(("field", "condition", "needed"), [
    ("lands", "warlord", 2),
    ("temples", "favoured", 5),
    ("monsters", "slayer", 3),
])
def test_each_count_wins_at_its_threshold(table, field, condition, needed):
    table.set("blue", field, needed - 1)
    assert table.state["winner"] is None
    table.set("blue", field, needed)
    assert table.state["winner"] == {"player": "blue", "condition": condition}


def test_edited_threshold_is_the_one_that_counts(make_table):
    table = make_table(thresholds={"warlord": 3})
    table.set("red", "lands", 2)
    assert table.state["winner"] is None
    table.set("red", "lands", 3)
    assert table.state["winner"]["condition"] == "warlord"


def test_nothing_happens_after_the_game_ends(table):
    table.set("red", "temples", 5)
    error = table.refused("turn.special", action="march")
    assert "over" in error.message
    table.refused("tracker.set", by="host", player="blue", field="lands", value=1)


def test_win_is_announced_in_history_in_both_languages(table):
    table.set("red", "monsters", 3)
    assert "Monster Slayer" in GAME.describe(table.last, None, "en")
    assert "Caçador de Monstros" in GAME.describe(table.last, None, "pt")


def build_to_top(table, monument: str = "zeus") -> None:
    """Five builds in a row, one per turn, alternating players."""
    for _ in range(5):
        table.finish_build(monument)


def test_finishing_a_monument_starts_the_countdown(table):
    for _ in range(4):
        table.finish_build("zeus")
    assert table.state["monuments"]["zeus"]["countdown"] is None
    table.do("monument.build", monument="zeus")
    assert table.state["monuments"]["zeus"]["level"] == 5
    assert table.state["monuments"]["zeus"]["countdown"] == 3


def test_holder_of_the_region_wins_three_turns_after_completion(table):
    build_to_top(table)  # completed on turn 5 (red's), which does not count
    table.do("monument.control", by="host", monument="zeus", player="blue")
    assert table.state["monuments"]["zeus"]["countdown"] == 3
    table.finish_turn()
    table.finish_turn()
    assert table.state["monuments"]["zeus"]["countdown"] == 1
    assert table.state["winner"] is None
    table.finish_turn()
    assert table.state["winner"] == {"player": "blue", "condition": "king_of_kings"}


def test_whoever_holds_it_at_the_end_wins_not_who_held_it_first(table):
    build_to_top(table)
    table.do("monument.control", by="host", monument="zeus", player="blue")
    table.finish_turn()
    table.finish_turn()
    table.do("monument.control", by="host", monument="zeus", player="red")
    table.finish_turn()
    assert table.state["winner"]["player"] == "red"


def test_countdown_lapses_when_nobody_holds_the_region(table):
    build_to_top(table)
    for _ in range(3):
        table.finish_turn()
    zeus = table.state["monuments"]["zeus"]
    assert table.state["winner"] is None
    assert zeus["countdown"] is None and zeus["completed_turn"] == 5


def test_no_countdown_when_king_of_kings_is_off(make_table):
    table = make_table(conditions={"king_of_kings": False})
    build_to_top(table)
    table.do("monument.control", by="host", monument="zeus", player="red")
    for _ in range(4):
        table.finish_turn()
    assert table.state["winner"] is None
    assert table.state["monuments"]["zeus"]["countdown"] is None


def test_a_sixth_level_is_refused(table):
    build_to_top(table)
    table.finish_turn()
    table.refused("monument.build", monument="zeus")


def test_control_needs_a_real_player_and_monument(table):
    table.refused("monument.control", by="host", monument="zeus", player="green")
    table.refused("monument.control", by="host", monument="apollo", player="red")
