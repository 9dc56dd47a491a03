"""Dusk area control: most Minions wins, a lone Champion breaks a tie, a true tie pays nobody."""
import pytest

from companion.core.model import RuleError
from companion.games.kleos.scoring import controller, controllers, dusk_glory


def test_most_minions_controls():
    assert controller({"ares": (3, False), "athena": (2, True)}) == "ares"


def test_nobody_controls_an_empty_location():
    assert controller({}) is None
    assert controller({"ares": (0, False), "hermes": (0, False)}) is None


def test_champion_breaks_a_tie_between_the_tied_players():
    assert controller({"ares": (1, False), "athena": (1, True)}) == "athena"
    assert controller({"ares": (2, True), "athena": (2, False), "hermes": (1, False)}) == "ares"


def test_champion_of_a_player_outside_the_tie_does_not_matter():
    assert controller({"ares": (2, False), "athena": (2, False), "hermes": (1, True)}) is None


def test_true_tie_gives_nobody_control():
    assert controller({"ares": (2, False), "athena": (2, False)}) is None


def test_two_tied_champions_leave_the_tie_unbroken():
    assert controller({"ares": (2, True), "athena": (2, True), "hermes": (1, False)}) is None


def test_three_way_tie_with_one_champion_goes_to_that_champion():
    assert controller({"ares": (1, False), "athena": (1, False), "dionysus": (1, True)}) == "dionysus"


def test_json_lists_are_read_like_tuples():
    assert controller({"ares": [1, False], "athena": [1, True]}) == "athena"


def test_port_pays_two_and_the_others_one():
    board = {
        "port": {"ares": (2, False), "athena": (1, False)},
        "market": {"athena": (1, True)},
        "arena": {"ares": (1, False), "hermes": (1, True)},
        "theater": {"hermes": (1, False), "athena": (1, False)},
    }
    assert dusk_glory(board) == {"ares": 2, "athena": 1, "hermes": 1}
    assert controllers(board) == {"port": "ares", "market": "athena", "arena": "hermes", "theater": None}


def test_sweeping_the_city_earns_five():
    board = {loc: {"artemis": [1, loc == "port"]} for loc in ("port", "market", "arena", "theater")}
    assert dusk_glory(board) == {"artemis": 5}


def test_missing_locations_count_as_empty():
    assert dusk_glory({"theater": {"hermes": [2, False]}}) == {"hermes": 1}
    assert dusk_glory({}) == {}


@pytest.mark.parametrize("presence, message", [
    ({"ares": (1,)}, "number of Minions"),
    ({"ares": (-1, False)}, "0 to 5"),
    ({"ares": (6, False)}, "0 to 5"),
    ({"ares": (1.5, False)}, "0 to 5"),
    ({"ares": (True, False)}, "0 to 5"),
    ({"ares": (1, "yes")}, "yes or no"),
    ({"ares": (0, True)}, "at least 1"),
])
def test_bad_counts_are_refused(presence, message):
    with pytest.raises(RuleError, match=message):
        controller(presence)


def test_a_champion_stands_in_one_place_only():
    with pytest.raises(RuleError, match="one location"):
        dusk_glory({"port": {"ares": (1, True)}, "market": {"ares": (1, True)}})


def test_no_player_has_more_than_five_minions_in_play():
    with pytest.raises(RuleError, match="at most 5"):
        dusk_glory({"port": {"ares": (3, True)}, "market": {"ares": (3, False)}})


def test_unknown_location_is_refused():
    with pytest.raises(RuleError, match="not a city location"):
        dusk_glory({"isle": {"ares": (1, False)}})
    with pytest.raises(RuleError, match="count per player"):
        dusk_glory({"port": [("ares", 1)]})
