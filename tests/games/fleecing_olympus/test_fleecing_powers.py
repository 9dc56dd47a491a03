import pytest

P4 = ["ana", "bia", "caio", "dora"]


def seated(table, ana: str, bia: str = "aphrodite", caio: str = "hades", dora: str = "poseidon"):
    game = table(P4, deities={"ana": ana, "bia": bia, "caio": caio, "dora": dora})
    game.start("ana", "caio")
    return game


@pytest.mark.parametrize("deity", ["aphrodite", "athena", "hades", "poseidon"])
@pytest.mark.parametrize("side", ["even", "odd"])
def test_card_only_powers_set_the_token_and_move_no_gems(table, deity, side):
    game = seated(table, deity, bia="ares", caio="zeus", dora="hera")
    game.do("power", side=side)
    assert game.turn["token"] == side and game.state["phase"] == "roll"
    assert game.gems == {p: 20 for p in P4} and game.state["judgment"] == "caio"


def test_ares_even_hands_judgment_to_anyone_but_ares(table):
    game = seated(table, "ares")
    assert "someone else" in game.refused("power", side="even", to="ana")
    assert "no player" in game.refused("power", side="even")
    game.do("power", side="even", to="dora")
    assert game.state["judgment"] == "dora"


def test_ares_odd_waits_for_each_tribute_and_a_gem_needs_a_gem(table):
    game = seated(table, "ares")
    game.do("give", by="dora", to="caio", amount=20)
    game.do("power", side="odd")
    assert game.state["phase"] == "tribute"
    assert "gem or a card" in game.refused("roll", target="bia", dice=[1, 2])
    game.do("tribute", by="bia", pay=True)
    assert "no tribute" in game.refused("tribute", by="bia", pay=True)
    assert "no tribute" in game.refused("tribute", by="ana", pay=True)
    assert "cannot pay" in game.refused("tribute", by="dora", pay=True)
    game.do("tribute", by="dora", pay=False)
    game.do("tribute", seat="caio", pay=True)
    assert game.state["phase"] == "roll"
    assert game.gems["ana"] == 22 and game.gems["bia"] == 19 and game.gems["caio"] == 39
    assert game.turn["power"]["tribute"] == {"bia": "gem", "dora": "card", "caio": "gem"}


def test_hera_even_sends_one_chosen_players_card_costs_to_her(table):
    game = seated(table, "hera")
    assert "another player" in game.refused("power", side="even", pick="ana")
    game.do("power", side="even", pick="bia")
    game.do("roll", target="caio", dice=[4, 3])
    for _ in range(3):
        game.do("card", by="bia", kind="destiny")
        game.do("card", by="dora", kind="destiny")
    assert game.gems["ana"] == 22 and game.gems["bia"] == 18
    assert game.state["bank"] == 2 and game.gems["dora"] == 18
    assert game.turn["cards"][2]["cost_to"] == "ana"


def test_hera_odd_takes_judgment_whoever_pays(table):
    game = seated(table, "hera")
    game.do("power", side="odd")
    game.do("roll", target="caio", dice=[4, 3])  # Odd sum: Hera's favour, Caio pays
    game.do("resolve")
    assert game.state["judgment"] == "ana"
    assert game.state["last"]["hera_bonus"] == "ana"


def test_hermes_even_pays_up_to_two_gems_to_the_bank(table):
    game = seated(table, "hermes")
    assert "0 to 2" in game.refused("power", side="even", pay=3)
    game.do("power", side="even", pay=2)
    assert game.state["bank"] == 2 and game.gems["ana"] == 18
    assert game.turn["power"]["pay"] == 2


def test_hermes_even_cannot_pay_gems_he_does_not_have(table):
    game = seated(table, "hermes")
    game.do("give", by="ana", to="bia", amount=19)
    assert "cannot pay 2 gems" in game.refused("power", side="even", pay=2)


@pytest.mark.parametrize("discard, bank", [(True, 0), (False, 2)])
def test_hermes_odd_plays_cards_free_only_after_a_discard(table, discard, bank):
    game = seated(table, "hermes")
    game.do("power", side="odd", discard=discard)
    game.do("roll", target="caio", dice=[4, 3])
    for _ in range(3):
        game.do("card", by="ana", kind="destiny")
    assert game.state["bank"] == bank


@pytest.mark.parametrize("bank, took, draw", [(2, 2, True), (5, 3, False), (3, 3, False)])
def test_zeus_even_takes_up_to_three_and_draws_when_the_bank_is_short(table, bank, took, draw):
    game = table(P4, deities={"ana": "zeus", "bia": "hera", "caio": "hades", "dora": "poseidon"})
    game.start("dora", "caio")  # Dora's turn first: Bia's extra cards fill the bank
    game.turn_to_cards("even", "caio", [4, 3])
    for _ in range(bank + 1):
        game.do("card", by="bia", kind="destiny")
    game.do("resolve")
    assert game.state["active"] == "ana" and game.state["bank"] == bank
    game.do("power", side="even")
    assert game.turn["power"]["took"] == took and game.turn["power"]["draw"] is draw
    assert game.gems["ana"] == 20 + took and game.state["bank"] == bank - took
    assert sum(game.gems.values()) + game.state["bank"] == 80


def test_zeus_odd_pays_a_neighbour_and_borrows_a_side_keeping_the_odd_token(table):
    game = seated(table, "zeus", bia="hera", dora="hermes")
    game.do("power", side="odd", neighbour="left", borrow="odd")  # Hera Odd, borrowed
    assert game.gems["ana"] == 19 and game.gems["bia"] == 21
    assert game.turn["token"] == "odd"
    assert game.turn["power"]["borrowed"] == {"from": "bia", "deity": "hera", "side": "odd"}
    game.do("roll", target="caio", dice=[2, 2])  # even sum, Odd token: Caio's favour
    game.do("resolve")
    assert game.state["judgment"] == "ana", "Zeus claims Judgment with Hera's borrowed power"


def test_zeus_odd_right_neighbour_and_his_rules_for_paying(table):
    game = seated(table, "zeus", bia="hera", dora="hermes")
    assert "left or on the right" in game.refused("power", side="odd", neighbour="up", borrow="even")
    game.do("power", side="odd", neighbour="right", borrow="even", pay=1)  # Hermes Even, borrowed
    assert game.gems["ana"] == 18 and game.gems["dora"] == 21 and game.state["bank"] == 1


def test_zeus_odd_needs_a_gem_to_pay_the_neighbour(table):
    game = seated(table, "zeus", bia="hera")
    game.do("give", by="ana", to="caio", amount=20)
    assert "cannot pay 1 gem" in game.refused("power", side="odd", neighbour="left", borrow="even", pick="caio")


def test_a_power_is_used_once_per_turn_and_only_at_its_start(table):
    game = seated(table, "athena")
    assert "Even or the Odd" in game.refused("power", side="both")
    game.do("power", side="even")
    assert "Target" in game.refused("power", side="odd")
