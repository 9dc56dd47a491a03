"""Setup, the phases of a round, god turns, spending, metropolises and the end of the game."""
from __future__ import annotations

import copy
import random

import pytest

from companion.core.model import RuleError
from companion.games.cyclades import gold
from companion.games.cyclades.game import GAME


def act(state: dict, by: str = "host", seed: int = 0, **event) -> dict:
    event = GAME.prepare(state, {"by": by, "at": 0.0, **event}, random.Random(seed))
    return GAME.apply(state, event)


def refused(state: dict, message: str, by: str = "host", **event) -> None:
    before = copy.deepcopy(state)
    with pytest.raises(RuleError, match=message):
        act(state, by=by, **event)
    assert state == before


def at_actions(incomes=(10, 10, 0)) -> dict:
    """Round 1, actions: red has Ares, blue Athena, green went to Apollo."""
    players = ["red", "blue", "green"]
    s = act(GAME.setup({"players": players}), type="start", order=players, gods=["ares", "athena"])
    s = act(s, type="phase.next")
    for p, n in zip(players, incomes):
        s = act(s, type="income", player=p, prosperity=n)
    s = act(s, type="phase.next")
    s = act(s, type="offering.bid", faction="red", god="ares", amount=1)
    s = act(s, type="offering.bid", faction="blue", god="athena", amount=1)
    s = act(s, type="offering.bid", faction="green", god="apollo")
    s = act(s, type="offering.pay")
    return act(s, type="phase.next")


def finish_round(s: dict, **event) -> dict:
    while s["actions"]["current"] < len(s["actions"]["order"]):
        s = act(s, type="action.done", faction=s["actions"]["order"][s["actions"]["current"]][0])
    return act(s, type="phase.next", **event)


@pytest.mark.parametrize("players, gold, face_down, tiles", [(2, 10, 2, 8), (3, 5, 3, 6), (4, 5, 2, 8), (5, 5, 1, 10)])
def test_setup_follows_the_player_count(players, gold, face_down, tiles):
    s = GAME.setup({"players": [f"p{i}" for i in range(players)]})
    assert set(s["gold"].values()) == {gold}
    values = {line["id"]: line["values"] for line in s["checklist"]}
    assert values["gods"] == {"count": face_down} and values["map"] == {"tiles": tiles}
    assert len(s["factions"]) == (4 if players == 2 else players)


@pytest.mark.parametrize(
    "options, message",
    [
        ({"players": ["solo"]}, "2 to 5"),
        ({"players": list("abcdef")}, "2 to 5"),
        ({"players": ["a", "a", "b"]}, "different name"),
        ({"players": ["a", ""]}, "by name"),
        ({"players": ["a", "b", "c"], "factions": {"a": ["x", "y"]}}, "Only a 2-player"),
        ({"players": ["a", "b"], "factions": {"a": ["x", "x"], "b": ["z", "w"]}}, "four different"),
        ({"players": ["a", "b"], "factions": {"a": ["b", "y"], "b": ["z", "w"]}}, "other player's name"),
    ],
)
def test_bad_setups_are_refused(options, message):
    with pytest.raises(RuleError, match=message):
        GAME.setup(options)


def test_start_draws_order_and_gods_reproducibly():
    s = GAME.setup({"players": ["a", "b", "c", "d"]})
    one = GAME.prepare(s, {"type": "start", "by": "host"}, random.Random(7))
    two = GAME.prepare(s, {"type": "start", "by": "host"}, random.Random(7))
    assert one == two and sorted(one["order"]) == ["a", "b", "c", "d"] and len(one["gods"]) == 3
    started = GAME.apply(s, one)
    assert started["turn_order"] == one["order"] and started["gods"]["up"] == one["gods"]
    ids = [line["id"] for line in started["checklist"] if ":" in line["id"]]
    order = one["order"]
    assert ids == [f"first:{f}" for f in order] + [f"second:{f}" for f in reversed(order)]


def test_start_checks_what_the_table_laid_out():
    s = GAME.setup({"players": ["a", "b", "c"]})
    refused(s, "every faction", type="start", order=["a", "b"], gods=["zeus", "ares"])
    refused(s, "exactly 2", type="start", order=["a", "b", "c"], gods=["zeus", "ares", "hera"])
    refused(s, "not god tiles", type="start", order=["a", "b", "c"], gods=["zeus", "apollo"])


def test_the_first_round_skips_initialization_and_income_must_be_complete():
    s = act(GAME.setup({"players": ["a", "b", "c"]}), type="start", order=["a", "b", "c"], gods=["zeus", "ares"])
    s = act(s, type="checklist.tick", step="first:b")
    assert next(line for line in s["checklist"] if line["id"] == "first:b")["done"] is True
    s = act(s, type="phase.next")
    assert (s["round"], s["phase"]) == (1, "income")
    s = act(s, type="income", player="a", prosperity=2)
    refused(s, "already in", type="income", player="a", prosperity=2)
    refused(s, "income of b, c", type="phase.next")


def test_gods_act_in_board_order_with_apollo_last_and_get_their_free_gifts():
    s = at_actions()
    assert s["actions"]["order"] == [["red", "ares"], ["blue", "athena"], ["green", "apollo"]]
    s = act(s, type="action.done", faction="red")
    assert s["tracker"]["blue"]["philosophers"] == 1
    s = act(s, type="action.done", faction="blue")
    assert s["gold"]["green"] == 5 + 2


def test_the_next_round_rotates_the_gods_and_reverses_the_action_order():
    s = finish_round(at_actions(), revealed="zeus")
    assert (s["round"], s["phase"]) == (2, "round_init")
    assert s["gods"] == {"up": ["athena", "zeus"], "down_unknown": ["hera", "poseidon"], "down_known": ["ares"]}
    assert s["turn_order"] == ["green", "blue", "red"]
    assert s["reminders"][-1]["values"] == {"removed": "ares", "revealed": "zeus"}
    s = act(s, type="phase.next")
    assert s["phase"] == "income" and s["income_done"] == []


def test_a_revealed_god_must_come_from_the_face_down_pool():
    s = at_actions()
    for f in ["red", "blue", "green"]:
        s = act(s, type="action.done", faction=f)
    refused(s, "one of: hera, poseidon, zeus", type="phase.next", revealed="ares")


def test_once_every_tile_is_known_the_rotation_needs_no_input():
    board = {"up": ["zeus", "ares", "hera", "athena"], "down_unknown": ["poseidon"], "down_known": []}
    from companion.games.cyclades.gods import rotate

    assert rotate(board, None) == ("zeus", "poseidon")
    assert rotate(board, None) == ("ares", "zeus")
    assert board == {"up": ["hera", "athena", "poseidon", "zeus"], "down_unknown": [], "down_known": ["ares"]}


def test_ares_sells_troops_at_rising_prices_up_to_three():
    s = at_actions()  # red: 5 + 10 - 1 = 14 gold
    s = act(s, by="red", type="gold.spend", player="red", item="troop", count=2)
    assert s["gold"]["red"] == 14 - 2 - 3
    refused(s, "At most 3", by="red", type="gold.spend", player="red", item="troop", count=2)
    s = act(s, by="red", type="gold.spend", player="red", item="troop")
    assert s["gold"]["red"] == 14 - 2 - 3 - 4
    refused(s, "Ares does not offer heroic move", by="red", type="gold.spend", player="red", item="heroic_move")
    refused(s, "cannot afford 6 land moves", by="red", type="gold.spend", player="red", item="land_move", count=6)
    refused(s, "Only red", by="blue", type="gold.spend", player="red", item="land_move")
    refused(s, "red's turn", by="blue", type="gold.spend", player="blue", item="heroic_move")


def test_heroic_moves_cost_one_more_each_time_and_temples_discount_once_a_round():
    s = at_actions()
    s = act(s, type="tracker.adjust", player="blue", item="temple", delta=1)
    s = act(s, type="action.done", faction="red")  # blue: 14 gold
    s = act(s, by="blue", type="gold.spend", player="blue", item="heroic_move", hero="ajax", count=3)
    assert s["gold"]["blue"] == 14 - 6
    s = act(s, by="blue", type="gold.creature", player="blue", price=3, standee="Minotaur")
    s = act(s, by="blue", type="gold.creature", player="blue", price=2)
    assert s["gold"]["blue"] == 8 - 2 - 2
    assert s["tracker"]["blue"]["creatures"] == ["Minotaur"]
    s = act(s, by="blue", type="gold.spend", player="blue", item="heroic_move", hero="ajax")  # Ajax's 4th costs 4
    assert s["gold"]["blue"] == 0
    refused(s, "cannot afford 1 extra philosopher: it costs 4", by="blue", type="gold.spend", player="blue", item="philosopher")


def test_apollo_buys_nothing():
    s = at_actions()
    s = act(act(s, type="action.done", faction="red"), type="action.done", faction="blue")
    refused(s, "Apollo's guests cannot buy", by="green", type="gold.creature", player="green", price=2)
    refused(s, "only Leto", by="green", type="gold.spend", player="green", item="heroic_move", hero="ajax")


def test_four_philosophers_or_a_set_of_buildings_make_a_metropolis():
    s = at_actions(incomes=(10, 20, 0))
    s = act(s, type="tracker.adjust", player="blue", item="philosophers", delta=2)
    s = act(s, type="action.done", faction="red")  # Athena's free philosopher: 3
    s = act(s, by="blue", type="gold.spend", player="blue", item="philosopher")
    assert s["tracker"]["blue"]["philosophers"] == 0 and s["tracker"]["blue"]["metropolises"] == 1
    refused(s, "At most 1", by="blue", type="gold.spend", player="blue", item="philosopher")
    for b in ["university", "port", "temple"]:
        s = act(s, type="tracker.adjust", player="red", item=b, delta=1)
    s = act(s, type="tracker.adjust", player="red", item="port", delta=1)
    assert s["tracker"]["red"]["metropolises"] == 0
    s = act(s, type="tracker.adjust", player="red", item="fortress", delta=1)
    assert s["tracker"]["red"]["metropolises"] == 1
    assert s["tracker"]["red"]["buildings"] == {"university": 0, "port": 1, "temple": 0, "fortress": 0}
    refused(s, "below zero", type="tracker.adjust", player="red", item="temple", delta=-1)


def test_creatures_stay_only_for_a_priestess_each():
    s = at_actions()
    s = act(s, by="red", type="gold.creature", player="red", price=2, standee="Kraken")
    s = act(s, by="red", type="gold.creature", player="red", price=2, standee="Medusa")
    s = act(s, type="tracker.adjust", player="red", item="priestesses", delta=1)
    s = finish_round(s, revealed="hera")
    s = act(s, type="phase.next")
    for p in ["red", "blue", "green"]:
        s = act(s, type="income", player=p, prosperity=0)
    s = act(s, type="phase.next")
    for f in ["green", "blue", "red"]:
        s = act(s, type="offering.bid", faction=f, god="apollo")
    s = act(s, type="offering.pay")
    assert s["phase"] == "maintenance" and s["maintenance_done"] == ["blue", "green"]
    refused(s, "red must still choose", type="phase.next")
    refused(s, "takes 2 priestesses", by="red", type="maintenance.keep", player="red", keep=["Kraken", "Medusa"])
    s = act(s, by="red", type="maintenance.keep", player="red", keep=["Medusa"])
    assert s["tracker"]["red"]["creatures"] == ["Medusa"] and s["tracker"]["red"]["priestesses"] == 0
    assert act(s, type="phase.next")["phase"] == "actions"


def test_three_metropolises_end_the_game_at_the_end_of_the_round():
    s = at_actions()
    s = act(s, type="tracker.adjust", player="blue", item="metropolises", delta=3)
    s = act(s, type="action.done", faction="red")
    assert s["phase"] == "actions"
    s = finish_round(s)
    assert s["phase"] == "over" and s["result"] == {"winners": ["blue"]}
    refused(s, "game is over", type="phase.next")


def test_a_tie_on_metropolises_goes_to_gold_then_is_shared():
    s = at_actions(incomes=(10, 9, 0))  # red 14, blue 13 gold
    for p in ["red", "blue"]:
        s = act(s, type="tracker.adjust", player=p, item="metropolises", delta=3)
    assert finish_round(s)["result"]["winners"] == ["red"]
    s = act(s, by="blue", type="gold.gain", player="blue", amount=1, reason="metropolis")
    assert finish_round(s)["result"]["winners"] == ["red", "blue"]


def test_an_elimination_ends_the_game_and_the_eliminated_cannot_win():
    s = at_actions(incomes=(0, 30, 0))
    s = act(s, type="tracker.adjust", player="red", item="metropolises", delta=2)
    s = act(s, type="player.eliminate", player="blue")
    refused(s, "already out", type="player.eliminate", player="blue")
    s = finish_round(s)
    assert s["phase"] == "over" and s["result"]["winners"] == ["red"]


def test_the_last_player_standing_cannot_be_eliminated():
    s = at_actions()
    s = act(act(s, type="player.eliminate", player="blue"), type="player.eliminate", player="green")
    refused(s, "last player standing", type="player.eliminate", player="red")


def test_the_griffin_takes_half_the_victims_gold_rounded_down():
    s = at_actions(incomes=(10, 10, 2))  # green 7
    refused(s, "buy the Griffin card this turn first", by="red", type="gold.griffin", player="red", victim="green")
    s = act(s, by="red", type="gold.creature", player="red", price=2, creature="griffin")
    s = act(s, by="red", type="gold.griffin", player="red", victim="green")
    assert s["gold"] == {"red": 14 - 2 + 3, "blue": 14, "green": 4}
    refused(s, "no Griffin to use", by="red", type="gold.griffin", player="red", victim="blue")  # one card, one use
    refused(s, "not yourself", by="red", type="gold.griffin", player="red", victim="red")


def test_zeus_playing_the_griffin_off_the_deck_lets_it_act_once():
    """cyclades-rules.txt 121: Zeus may play the top creature card for 1 gold; if it is the Griffin, it acts."""
    players = ["red", "blue", "green"]
    s = act(GAME.setup({"players": players}), type="start", order=players, gods=["zeus", "athena"])
    s = act(s, type="phase.next")
    for p, n in zip(players, (10, 10, 0)):
        s = act(s, type="income", player=p, prosperity=n)
    s = act(s, type="phase.next")
    for faction, god in (("red", "zeus"), ("blue", "athena"), ("green", "apollo")):
        s = act(s, type="offering.bid", faction=faction, god=god, **({} if god == "apollo" else {"amount": 1}))
    s = act(act(s, type="offering.pay"), type="phase.next")
    refused(s, "no Griffin", type="gold.griffin", player="red", victim="blue")
    refused(s, "Only a creature card", type="gold.spend", player="red", item="priestess", creature="griffin")
    refused(s, "not a creature card the app plays", type="gold.spend", player="red", item="top_creature",
            creature="hydra")
    s = act(s, type="gold.spend", player="red", item="top_creature", creature="griffin")
    s = act(s, type="gold.griffin", player="red", victim="blue")
    assert s["gold"] == {"red": 14 - 1 + 7, "blue": 14 - 7, "green": 5}
    refused(s, "no Griffin", type="gold.griffin", player="red", victim="green")


def test_phase_next_notes_where_it_lands_for_the_history():
    s = at_actions()
    for f in ["red", "blue", "green"]:
        s = act(s, type="action.done", faction=f)
    event = GAME.prepare(s, {"type": "phase.next", "by": "host"}, random.Random(3))
    assert event["revealed"] in {"hera", "poseidon", "zeus"}
    assert event["to"] == {"phase": "round_init", "round": 2, "revealed": event["revealed"]}
    assert GAME.describe(event, None, "pt").startswith("Começa a rodada 2")


def test_each_hero_climbs_its_own_heroic_move_ladder():
    """cyclades-rules.txt 296-298: each hero's moves cost 1, 2, 3... so two heroes moving once pay 1 + 1."""
    s = act(at_actions(), type="action.done", faction="red")  # blue: 14 gold
    s = act(s, by="blue", type="gold.spend", player="blue", item="heroic_move", hero="ajax")
    s = act(s, by="blue", type="gold.spend", player="blue", item="heroic_move", hero="helen")
    assert s["gold"]["blue"] == 14 - 1 - 1
    s = act(s, by="blue", type="gold.spend", player="blue", item="heroic_move", hero="ajax", count=2)
    assert s["gold"]["blue"] == 12 - 2 - 3
    refused(s, "Say which hero", by="blue", type="gold.spend", player="blue", item="heroic_move")
    refused(s, "Say which hero", by="blue", type="gold.spend", player="blue", item="heroic_move", hero="zorro")


def test_pericles_pays_one_gold_for_every_heroic_move():
    """cyclades-rules.txt 328: each of Pericles' heroic moves costs 1 GP."""
    s = act(at_actions(), type="action.done", faction="red")
    s = act(s, by="blue", type="gold.spend", player="blue", item="heroic_move", hero="pericles", count=4)
    assert s["gold"]["blue"] == 14 - 4
    assert gold.next_heroic_price(s, "pericles") == 1 and gold.next_heroic_price(s, "ajax") == 1


def test_leto_moves_under_apollo_and_no_other_hero_does():
    """cyclades-rules.txt 323: Leto can make heroic moves with Apollo; 306: the others cannot."""
    s = at_actions(incomes=(10, 10, 3))
    s = act(act(s, type="action.done", faction="red"), type="action.done", faction="blue")
    before = s["gold"]["green"]
    s = act(s, by="green", type="gold.spend", player="green", item="heroic_move", hero="leto", count=2)
    assert s["gold"]["green"] == before - 1 - 2
    refused(s, "only Leto", by="green", type="gold.spend", player="green", item="heroic_move", hero="jason")
