"""Gods, names and the temple deal that picks the first player."""
import json
from collections import Counter

import pytest

from companion.core.model import RuleError
from companion.games.kleos.game import GAME

GODS = ["ares", "artemis", "athena", "hermes", "dionysus"]


@pytest.mark.parametrize("count, hexes", [
    (2, {"H1", "H5"}), (3, {"H1", "H3", "H5"}), (4, {"H1", "H2", "H4", "H5"}), (5, {"H1", "H2", "H3", "H4", "H5"}),
])
def test_temples_are_dealt_over_the_hexes_of_the_player_count(count, hexes):
    for seed in range(20):
        state = GAME.setup({"players": GODS[:count], "seed": seed})
        assert set(state["temples"]) == set(GODS[:count])
        assert set(state["temples"].values()) == hexes
        assert state["temples"][state["first_player"]] == "H1"


def test_the_deal_follows_the_seed():
    options = {"players": GODS, "seed": 1234}
    assert GAME.setup(options) == GAME.setup(dict(options))
    deals = {json.dumps(GAME.setup({"players": GODS, "seed": s})["temples"]) for s in range(30)}
    assert len(deals) > 1


def test_every_seat_can_land_on_temple_one():
    firsts = Counter(GAME.setup({"players": GODS[:3], "seed": s})["first_player"] for s in range(300))
    assert set(firsts) == set(GODS[:3])
    assert min(firsts.values()) > 60


def test_manual_temples_override_the_deal():
    state = GAME.setup({"players": ["ares", "hermes", "athena"], "seed": 5,
                        "temples": {"ares": "h5", "hermes": "H1", "athena": "H3"}})
    assert state["temples"] == {"ares": "H5", "hermes": "H1", "athena": "H3"}
    assert state["first_player"] == "hermes"


def test_initial_state_is_json_and_starts_at_setup():
    state = GAME.setup({"players": ["ares", "athena"], "seed": 0, "names": {"ares": " Ana ", "athena": ""}})
    assert json.loads(json.dumps(state)) == state
    assert state["names"] == {"ares": "Ana"}
    assert (state["day"], state["phase"], state["turn"], state["favor"]) == (1, "setup", None, None)
    assert state["glory"] == {"ares": 0, "athena": 0}
    assert not any(state["checklist"].values())


@pytest.mark.parametrize("options, message", [
    ({"players": ["ares"]}, "2 to 5"),
    ({"players": GODS + ["zeus"]}, "2 to 5"),
    ({"players": ["ares", "zeus"]}, "not a Kleos god"),
    ({"players": ["ares", "athena", "ares"]}, "chosen twice"),
    ({"players": "ares,athena"}, "seat order"),
    ({}, "seat order"),
    ({"players": ["ares", "athena"], "names": {"hermes": "Bo"}}, "Nobody plays Hermes"),
    ({"players": ["ares", "athena"], "names": ["Ana", "Bo"]}, "mapping"),
    ({"players": ["ares", "athena"], "names": {"ares": "x" * 41}}, "at most 40"),
    ({"players": ["ares", "athena"], "temples": {"ares": "H1"}}, "exactly one temple"),
    ({"players": ["ares", "athena"], "temples": {"ares": "H1", "athena": "H3"}}, "H1, H5, not H3"),
    ({"players": ["ares", "athena", "hermes"], "temples": {"ares": "H1", "athena": "H1", "hermes": "H3"}}, "share"),
])
def test_bad_options_are_refused(options, message):
    with pytest.raises(RuleError, match=message):
        GAME.setup(options)


def test_seats_follow_the_gods_in_clockwise_order_with_names_and_colours():
    seats = GAME.seats({"players": ["hermes", "ares"], "names": {"ares": "Ana"}})
    assert [s["id"] for s in seats] == ["hermes", "ares"]
    assert [s["name"] for s in seats] == ["Hermes", "Ana"]
    assert seats[1]["colour"] == "red" and seats[0]["colour"] != seats[1]["colour"]


def test_game_declares_its_seat_range():
    assert (GAME.id, GAME.min_seats, GAME.max_seats) == ("kleos", 2, 5)
