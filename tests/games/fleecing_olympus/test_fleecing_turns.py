import pytest

from companion.games.fleecing_olympus.game import GAME

P4 = ["ana", "bia", "caio", "dora"]
PLAIN = {"ana": "athena", "bia": "aphrodite", "caio": "hades", "dora": "poseidon"}


@pytest.fixture
def game(table):
    g = table(P4, deities=PLAIN)
    g.start("ana", "caio")
    return g


def test_a_full_turn_the_target_wins_and_the_active_player_pays(game):
    game.turn_to_cards("even", "bia", [4, 3])
    assert (game.turn["favour"], game.turn["wager"], game.turn["token"]) == ("target", 3, "even")
    game.do("resolve", by="ana")
    assert game.gems == {"ana": 17, "bia": 23, "caio": 20, "dora": 20}
    assert game.state["judgment"] == "ana"  # the payer
    assert game.state["active"] == "bia"  # passed to the left
    assert game.turn["no"] == 2 and game.turn["refill"] is True
    assert game.state["phase"] == "power"


def test_judgment_skips_a_payer_who_is_the_next_active_player(game):
    game.turn_to_cards("odd", "bia", [4, 3])  # 7 is odd: Active's favour, higher die
    game.do("resolve")
    assert game.gems["bia"] == 16 and game.gems["ana"] == 24
    assert game.state["active"] == "bia"
    assert game.state["judgment"] == "ana"  # right of Bia, not Bia


def test_a_loser_pays_only_what_they_have_and_never_goes_below_zero(game):
    game.do("give", by="bia", to="caio", amount=18)
    game.turn_to_cards("even", "bia", [6, 4])  # Active's favour for 6; Bia holds 2
    game.do("resolve")
    assert game.gems["bia"] == 0 and game.gems["ana"] == 22
    assert game.state["last"]["paid"] == 2 and game.state["last"]["wager"] == 6
    assert sum(game.gems.values()) + game.state["bank"] == 80


def test_a_loser_with_no_gems_still_takes_the_judgment_token(table):
    game = table(P4, deities=PLAIN)
    game.start("ana", "bia")
    game.do("give", by="caio", to="dora", amount=20)
    game.turn_to_cards("even", "caio", [6, 4])
    game.do("resolve")
    assert game.gems["caio"] == 0 and game.gems["ana"] == 20
    assert game.state["judgment"] == "caio"


def test_first_card_each_turn_is_free_and_later_ones_cost_a_gem_to_the_bank(game):
    game.turn_to_cards("even", "bia", [4, 3])
    game.do("card", by="caio", kind="destiny")
    game.do("card", by="dora", kind="destiny")
    assert game.state["bank"] == 0
    game.do("card", by="caio", kind="destiny")
    game.do("card", by="caio", kind="destiny")
    assert game.state["bank"] == 2 and game.gems["caio"] == 18
    game.do("resolve")
    game.turn_to_cards("even", "caio", [4, 3])
    game.do("card", by="caio", kind="destiny")
    assert game.state["bank"] == 2, "a new turn gives a new free card"


def test_a_player_who_cannot_pay_a_card_cost_cannot_play_it(game):
    game.do("give", by="dora", to="caio", amount=20)
    game.turn_to_cards("even", "bia", [4, 3])
    game.do("card", by="dora", kind="destiny")
    assert "cannot pay 1 gem" in game.refused("card", by="dora", kind="destiny")


def test_legend_and_fate_cards_add_to_the_wager_and_shut_each_other_out(game):
    game.turn_to_cards("even", "bia", [4, 3])
    game.do("card", by="dora", kind="fate", wager=1)
    assert game.turn["wager"] == 4
    assert "Fate card is in play" in game.refused("card", by="caio", kind="legend", wager=2)
    game.do("card", by="caio", kind="fate", wager=-3)
    assert game.turn["wager"] == 1


def test_resisting_turns_cards_down_and_reopens_both_types(game):
    game.turn_to_cards("even", "bia", [4, 3])
    game.do("card", by="dora", kind="fate", wager=2)
    game.do("card", by="bia", kind="fate", wager=1)
    game.do("card", by="ana", kind="legend", resist="fate")  # Shirt of Nessus-style
    assert game.turn["wager"] == 3
    game.do("card", by="caio", kind="legend", wager=2)
    assert game.turn["wager"] == 5
    assert "Legend card is in play" in game.refused("card", by="dora", kind="fate", wager=1)


def test_the_seed_of_deceit_undoes_a_resist_played_just_before_it(game):
    game.turn_to_cards("even", "bia", [4, 3])
    game.do("card", by="dora", kind="fate", wager=2)
    assert "just before it" in game.refused("card", by="bia", kind="destiny", cancel=True)
    game.do("card", by="ana", kind="fate", resist="fate")
    assert game.turn["wager"] == 3
    game.do("card", by="bia", kind="destiny", cancel=True)
    assert game.turn["wager"] == 5
    assert game.turn["cards"][0].get("resisted") is False
    assert "just before it" in game.refused("card", by="caio", kind="destiny", cancel=True)


def test_a_card_type_cannot_carry_effects_of_another_type(game):
    game.turn_to_cards("even", "bia", [4, 3])
    assert "cannot do that" in game.refused("card", by="caio", kind="greed", wager=3)
    assert "cannot do that" in game.refused("card", by="caio", kind="legend", take=3)
    assert "Legend, Fate" in game.refused("card", by="caio", kind="myth")


def test_destiny_rerolls_flip_favour_and_the_wager_follows_the_dice(game):
    game.turn_to_cards("even", "bia", [4, 3])  # target, 3
    game.do("card", by="bia", kind="fate", wager=1)
    game.do("card", by="ana", kind="destiny", reroll=[1], values=[6])  # 4+6 even: Active, 6 (+1)
    assert game.turn["dice"] == [4, 6]
    assert (game.turn["favour"], game.turn["wager"]) == ("active", 7)
    game.do("card", by="caio", kind="destiny", flip=True)  # token to Odd: Target, 4 (+1)
    assert (game.turn["token"], game.turn["favour"], game.turn["wager"]) == ("odd", "target", 5)


def test_the_app_rolls_a_rerolled_die_and_stores_it_for_replay(game):
    game.turn_to_cards("even", "bia", [4, 3])
    event = game.do("card", by="ana", kind="destiny", reroll=[0, 1])
    assert len(event["values"]) == 2 and game.turn["dice"] == event["values"]
    assert "first die, the second, or both" in game.refused("card", by="bia", kind="destiny", reroll=[2])


def test_destiny_changes_target_and_judgment_but_never_targets_the_active_player(game):
    game.turn_to_cards("even", "bia", [4, 3])
    game.do("card", by="bia", kind="destiny", target="dora")
    assert game.turn["target"] == "dora"
    assert "never become the Target" in game.refused("card", by="caio", kind="destiny", target="ana")
    game.do("card", by="ana", kind="destiny", judgment="ana")
    assert game.state["judgment"] == "ana"
    game.do("resolve")
    assert game.gems["dora"] == 23 and game.gems["bia"] == 20


def test_greed_takes_only_what_the_bank_holds_even_the_gem_just_paid(game):
    game.turn_to_cards("even", "bia", [4, 3])
    game.do("card", by="caio", kind="destiny")
    game.do("card", by="caio", kind="greed", take=5)
    assert game.state["bank"] == 0 and game.gems["caio"] == 20
    game.do("card", by="dora", kind="destiny")
    game.do("card", by="dora", kind="destiny")
    game.do("card", by="dora", kind="destiny")
    assert game.state["bank"] == 2
    assert "holds only 2" in game.refused("card", by="ana", kind="greed", share={"bia": 2, "caio": 1})
    game.do("card", by="ana", kind="greed", share={"bia": 1, "caio": 1})
    assert game.state["bank"] == 0 and game.gems["bia"] == 21


def test_stop_needs_a_card_on_the_table_and_the_judgment_holder(game):
    game.turn_to_cards("even", "bia", [4, 3])
    assert "at least one card" in game.refused("stop", by="caio")
    game.do("card", by="bia", kind="fate", wager=2)
    assert "Caio" in game.refused("stop", by="dora")
    game.do("stop", by="caio")
    assert game.state["last"]["stopped"] is True
    assert game.gems["bia"] == 25 and game.state["active"] == "bia"


def test_the_wager_never_drops_below_zero_and_the_loser_still_takes_judgment(game):
    game.turn_to_cards("even", "caio", [4, 3])
    game.do("card", by="caio", kind="fate", wager=-20)
    assert game.turn["wager"] == 0
    game.do("resolve")
    assert game.gems["ana"] == 20 and game.state["judgment"] == "ana"


def test_phones_act_only_for_their_own_player(game):
    assert "Ana" in game.refused("power", by="bia", side="even")
    game.do("power", by="ana", side="even")
    assert "someone else" in game.refused("roll", by="ana", target="ana", dice=[1, 2])
    game.do("roll", by="ana", target="bia", dice=[1, 2])
    assert "Bia" in game.refused("card", by="caio", seat="bia", kind="destiny")
    assert "which player" in game.refused("card", kind="destiny")
    assert "Ana" in game.refused("resolve", by="bia")
    assert "1 to 6" in game.refused("card", by="bia", kind="destiny", reroll=[0], values=[7])


def test_the_app_rolls_both_dice_when_none_are_entered(game):
    game.do("power", side="odd")
    event = game.do("roll", target="dora")
    assert len(event["dice"]) == 2 and all(1 <= d <= 6 for d in event["dice"])
    replayed = GAME.setup({"players": P4, "deities": PLAIN, "seed": 0})
    for stored in game.events:
        replayed = GAME.apply(replayed, stored)
    assert replayed == game.state


def test_deals_move_gems_between_players_and_refuse_what_the_giver_lacks(game):
    game.do("give", by="bia", to="dora", amount=5)
    assert game.gems["bia"] == 15 and game.gems["dora"] == 25
    assert "cannot pay 16 gems" in game.refused("give", by="bia", to="dora", amount=16)
    assert "another player" in game.refused("give", by="bia", to="bia", amount=1)
    assert "which player" in game.refused("give", to="bia", amount=1)
