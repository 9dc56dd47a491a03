import random

import pytest

from companion.core.model import RuleError
from companion.games.fleecing_olympus.deities import DEITIES, power_key
from companion.games.fleecing_olympus.game import GAME
from companion.games.fleecing_olympus.opening import roll_rounds
from companion.i18n import t

P3 = ["ana", "bia", "caio"]


def test_setup_gives_twenty_gems_each_an_empty_bank_and_distinct_deities():
    state = GAME.setup({"players": P3, "seed": 3})
    assert state["gems"] == {"ana": 20, "bia": 20, "caio": 20}
    assert state["bank"] == 0
    assert state["phase"] == "opening"
    assert len(set(state["deities"].values())) == 3
    assert set(state["deities"].values()) <= set(DEITIES)


def test_the_random_deal_follows_the_stored_seed():
    deals = {tuple(GAME.setup({"players": P3, "seed": s})["deities"].values()) for s in range(40)}
    assert len(deals) > 10
    assert GAME.setup({"players": P3, "seed": 9}) == GAME.setup({"players": P3, "seed": 9})


def test_chosen_deities_are_kept_and_the_rest_dealt():
    state = GAME.setup({"players": P3, "seed": 1, "deities": {"bia": "hera"}})
    assert state["deities"]["bia"] == "hera"
    assert "hera" not in (state["deities"]["ana"], state["deities"]["caio"])
    listed = GAME.setup({"players": P3, "deities": ["zeus", None, "ares"]})
    assert listed["deities"]["ana"] == "zeus" and listed["deities"]["caio"] == "ares"


@pytest.mark.parametrize("options, words", [
    ({"players": ["ana", "bia"]}, "3 to 6"),
    ({"players": ["a", "b", "c", "d", "e", "f", "g"]}, "3 to 6"),
    ({"players": ["ana", "ana", "bia"]}, "different"),
    ({"players": "ana,bia,caio"}, "List the players"),
    ({"players": P3, "deities": {"ana": "apollo"}}, "eight deities"),
    ({"players": P3, "deities": {"ana": "zeus", "bia": "zeus"}}, "one player"),
    ({"players": P3, "deities": {"dora": "zeus"}}, "not at this table"),
    ({"players": P3, "deities": ["zeus"]}, "seat order"),
])
def test_bad_options_are_refused_in_plain_words(options, words):
    with pytest.raises(RuleError) as err:
        GAME.setup(options)
    assert words in err.value.message


def test_every_deity_side_has_a_power_text_in_both_languages():
    for deity in DEITIES:
        for side in ("even", "odd"):
            for lang in ("en", "pt"):
                text = t(power_key(deity, side), lang)
                assert not text.startswith("fleecing_olympus.") and len(text) > 20, (deity, side, lang)
    assert t("fleecing_olympus.power_hera_odd", "en") != t("fleecing_olympus.power_hera_odd", "pt")


def test_entered_opening_roll_sets_first_active_and_judgment(table):
    game = table(P3)
    game.do("opening_roll", rounds=[{"ana": [2, 3], "bia": [6, 4], "caio": [3, 3]}])
    assert (game.state["active"], game.state["judgment"], game.state["phase"]) == ("bia", "caio", "power")
    assert game.turn["no"] == 1 and game.turn["refill"] is False


def test_a_tie_for_first_is_rolled_again_by_the_tied_players_only(table):
    game = table(["ana", "bia", "caio", "dora"])
    game.do("opening_roll", rounds=[{"ana": [5, 5], "bia": [4, 6], "caio": [1, 2], "dora": [2, 1]}])
    assert game.state["phase"] == "opening"
    assert game.state["opening"]["queue"][0] == ["ana", "bia"]
    assert "ana, bia" in game.refused("opening_roll", rounds=[{"ana": [1, 1], "caio": [6, 6]}]).lower()
    game.do("opening_roll", rounds=[{"ana": [1, 1], "bia": [2, 1]}])
    assert (game.state["active"], game.state["judgment"]) == ("bia", "ana")


def test_a_tie_for_second_reaches_only_those_below_the_leader(table):
    game = table(["ana", "bia", "caio", "dora"])
    game.do("opening_roll", rounds=[{"ana": [6, 6], "bia": [3, 4], "caio": [5, 2], "dora": [1, 1]}])
    assert game.state["opening"]["queue"][0] == ["bia", "caio"]
    game.do("opening_roll", rounds=[{"bia": [1, 2], "caio": [1, 3]}])
    assert (game.state["active"], game.state["judgment"]) == ("ana", "caio")


def test_ties_below_the_top_two_are_never_rolled_again(table):
    game = table(["ana", "bia", "caio", "dora", "eva"])
    game.do("opening_roll", rounds=[{"ana": [6, 6], "bia": [6, 5], "caio": [1, 1], "dora": [1, 1], "eva": [1, 1]}])
    assert game.state["phase"] == "power"


def test_app_rolls_the_opening_and_rerolls_ties_until_settled(table):
    for seed in range(60):
        game = table(["ana", "bia", "caio", "dora", "eva", "fia"], seed=seed)
        event = game.do("opening_roll")
        assert game.state["phase"] == "power"
        first = event["rounds"][0]
        totals = sorted((sum(d) for d in first.values()), reverse=True)
        if totals[0] > totals[1]:
            best = max(first, key=lambda p: sum(first[p]))
            assert game.state["active"] == best
        assert game.state["active"] != game.state["judgment"]


def test_app_opening_rounds_replay_to_the_same_start():
    state = GAME.setup({"players": P3})
    rounds = roll_rounds(state["opening"], random.Random(4))
    event = {"type": "opening_roll", "rounds": rounds, "by": "host"}
    assert GAME.apply(state, event) == GAME.apply(state, event)


def test_opening_dice_must_be_real_dice(table):
    game = table(P3)
    assert "1 to 6" in game.refused("opening_roll", rounds=[{"ana": [0, 3], "bia": [6, 4], "caio": [3, 3]}])
    assert "two dice" in game.refused("opening_roll", rounds=[{"ana": [3], "bia": [6, 4], "caio": [3, 3]}])


def test_only_the_opening_roll_is_accepted_before_the_first_turn(table):
    game = table(P3)
    assert "who starts" in game.refused("power", side="even")
