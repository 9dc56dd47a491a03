import pytest

from companion.games.fleecing_olympus.game import GAME

P3 = ["ana", "bia", "caio"]
P5 = ["ana", "bia", "caio", "dora", "eva"]
D3 = {"ana": "athena", "bia": "hades", "caio": "poseidon"}


@pytest.fixture
def game(table):
    g = table(P3, deities=D3)
    g.start("ana", "bia")
    return g


@pytest.fixture
def hera_game(table):
    g = table(P3, deities={**D3, "ana": "hera"})
    g.start("ana", "bia")
    return g


def play_turn(game, target: str, dice: list[int], side: str = "even", **power) -> None:
    game.turn_to_cards(side, target, dice, **power)
    game.do("resolve")


def test_three_or_four_players_end_after_one_run_out(game):
    assert "run out once;" in game.refused("end")
    game.do("deck_out", by="caio")
    assert "last time" in game.refused("deck_out")
    assert game.state["phase"] == "power"
    game.do("power", side="even")
    assert "Target" in game.refused("end"), "the end is checked between turns only"


def test_five_or_six_players_end_after_the_second_run_out(table):
    game = table(P5)
    game.start("ana", "bia")
    game.do("deck_out")
    assert "run out 2 times;" in game.refused("end")
    game.do("deck_out")
    game.do("end")
    assert game.state["tiebreak"] == P5  # all still on 20


def test_the_end_reveals_everything_and_ranks_by_gems(game):
    play_turn(game, "bia", [4, 3])  # Ana pays Bia 3
    game.do("deck_out")
    game.do("end", by="caio")
    result = game.state["result"]
    assert game.state["phase"] == "over"
    assert result["winner"] == "bia" and result["ranking"] == ["bia", "caio", "ana"]
    assert result["scores"] == {"ana": 17, "bia": 23, "caio": 20} and result["reason"] == "deck"
    for seat in (None, "ana", "bia", "caio"):
        assert GAME.view(game.state, seat)["gems"] == {"ana": 17, "bia": 23, "caio": 20}
    assert "over" in game.refused("give", by="bia", to="ana", amount=1)


def test_hera_odd_on_the_last_turn_makes_judgment_worth_two(hera_game):
    game = hera_game
    play_turn(game, "bia", [1, 1], side="odd")  # Hera Odd; Target's favour for 1
    game.do("give", by="caio", to="ana", amount=1)
    assert game.gems == {"ana": 20, "bia": 21, "caio": 19}
    game.do("deck_out")
    game.do("end")
    assert game.state["result"]["scores"]["ana"] == 22
    assert game.state["result"]["winner"] == "ana" and game.state["result"]["hera_bonus"] == "ana"


def test_hera_odd_earlier_in_the_game_is_worth_nothing_at_the_end(hera_game):
    game = hera_game
    play_turn(game, "bia", [1, 1], side="odd")
    play_turn(game, "caio", [2, 2], side="odd")  # Bia's turn: Caio's favour, Bia pays 2
    assert game.state["last"]["hera_bonus"] is None
    game.do("deck_out")
    game.do("end")
    assert game.state["result"]["scores"] == {"ana": 19, "bia": 19, "caio": 22}


def test_a_tie_for_first_plays_on_with_screens_down_until_one_leads(game):
    game.do("deck_out")
    game.do("end")
    assert game.state["tiebreak"] == P3 and game.state["phase"] == "power"
    assert GAME.view(game.state, None)["gems"] == {"ana": 20, "bia": 20, "caio": 20}
    assert "tie" in game.refused("end")
    assert "stay on show" in game.refused("reveal", by="bia", open=False)
    game.turn_to_cards("even", "bia", [4, 3])
    game.do("card", by="caio", kind="fate", wager=-10)  # nothing changes hands: still tied
    game.do("resolve")
    assert game.state["phase"] == "power" and game.state["tiebreak"] == P3
    play_turn(game, "caio", [6, 4])  # Bia's turn, her favour: Caio pays 6
    assert game.state["phase"] == "over"
    assert game.state["result"]["winner"] == "bia" and game.state["result"]["reason"] == "tiebreak"


def test_the_game_ends_at_once_when_only_one_player_has_gems(game):
    game.do("give", by="bia", to="ana", amount=20)
    game.do("give", by="caio", to="ana", amount=20)
    assert game.state["phase"] == "power", "checked between turns, not mid-turn"
    play_turn(game, "bia", [6, 4])
    assert game.state["phase"] == "over"
    assert game.state["result"]["winner"] == "ana" and game.state["result"]["reason"] == "last_with_gems"


def test_five_or_six_players_are_reminded_to_reshuffle_at_the_first_run_out(table):
    """fleecing-olympus-rulebook.txt 128: with 5-6 players the discard pile becomes a new deck after the first run-out."""
    game = table(P5)
    game.start("ana", "bia")
    assert GAME.view(game.state, None)["reshuffle"] is None
    game.do("deck_out")
    assert GAME.view(game.state, None)["reshuffle"] == "run_out"
    assert GAME.view(game.state, "bia")["reshuffle"] == "run_out"  # every device sees it
    game.do("deck_out")
    assert GAME.view(game.state, None)["reshuffle"] is None


def test_the_reshuffle_reminder_goes_once_the_pile_is_reshuffled(table):
    """fleecing-olympus-rulebook.txt 128: the discard pile is shuffled into a new deck right after the first
    run-out, so the reminder lasts for that turn only; kept up for the rest of a 5-6 player game it would read
    as an order to shuffle again."""
    game = table(P5)
    game.start("ana", "bia")
    game.do("deck_out")
    assert GAME.view(game.state, None)["reshuffle"] == "run_out"
    play_turn(game, "caio", [6, 4])
    assert game.state["phase"] == "power" and game.state["deck_outs"] == 1
    assert GAME.view(game.state, None)["reshuffle"] is None
    assert GAME.view(game.state, "caio")["reshuffle"] is None


def test_three_players_get_no_reshuffle_reminder_at_their_only_run_out(game):
    """fleecing-olympus-rulebook.txt 126: three or four players end at the first run-out; nothing to reshuffle."""
    game.do("deck_out")
    assert GAME.view(game.state, None)["reshuffle"] is None


def test_a_tie_for_first_reminds_the_table_to_reshuffle_before_the_extra_turn(table):
    """fleecing-olympus-rulebook.txt 134: the discard pile goes back into the deck before the tie-break turn."""
    game = table(P5)
    game.start("ana", "bia")
    game.do("deck_out")
    game.do("deck_out")
    game.do("end")
    assert game.state["tiebreak"] == P5
    assert GAME.view(game.state, "eva")["reshuffle"] == "tiebreak"
