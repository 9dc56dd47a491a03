"""What each device may do now: answered by the game from the viewer's own cut-down view."""
from __future__ import annotations

from companion.games.fleecing_olympus import GAME, allowed

PLAYERS = ["ana", "bia", "caio"]
DEITIES = {"ana": "athena", "bia": "hades", "caio": "poseidon"}
WHY = "fleecing_olympus.why_"


def at_cards(**gems: int) -> dict:
    """Ana Active (rolled 6 and 4 against Bia), Bia holding Judgment, no card played yet."""
    state = GAME.setup({"players": PLAYERS, "deities": DEITIES})
    for event in ({"type": "opening_roll", "rounds": [{"ana": [5, 5], "bia": [4, 5], "caio": [1, 2]}]},
                  {"type": "power", "side": "even"}, {"type": "roll", "target": "bia", "dice": [6, 4]}):
        state = GAME.apply(state, event)
    state["gems"].update(gems)
    return state


def test_stop_and_settling_belong_to_judgment_and_the_active_player():
    state = at_cards()
    assert allowed(GAME.view(state, "bia"), "bia")["stop"] == WHY + "no_card_yet"
    assert allowed(GAME.view(state, "caio"), "caio")["stop"] == WHY + "not_yours"
    assert allowed(GAME.view(state, "ana"), "ana")["resolve"] is None
    assert allowed(GAME.view(state, "bia"), "bia")["resolve"] == WHY + "not_yours"
    assert allowed(GAME.view(state, None), None)["roll"] == WHY + "not_now"
    played = GAME.apply(state, {"type": "card", "kind": "fate", "wager": 2, "by": "bia"})
    assert GAME.view(played, "bia")["allowed"]["stop"] is None
    assert GAME.view(played, None)["allowed"]["stop"] is None  # the tablet acts for anyone


def test_a_broke_player_is_told_only_on_their_own_phone():
    state = GAME.apply(at_cards(caio=0), {"type": "card", "kind": "greed", "take": 1, "by": "caio"})
    state["gems"]["caio"] = 0  # the Greed card found an empty bank: a second card would cost a gem
    assert GAME.view(state, "caio")["allowed"]["card.caio"] == WHY + "broke"
    # the tablet and the other phones cannot tell: the reducer refuses there if it must
    assert GAME.view(state, None)["allowed"]["card.caio"] is None
    assert GAME.view(state, "bia")["allowed"]["card.caio"] == WHY + "not_yours"
    shown = GAME.apply(state, {"type": "reveal", "open": True, "by": "caio"})
    assert GAME.view(shown, None)["allowed"]["card.caio"] == WHY + "broke"  # shown to all: public


def test_answers_never_differ_by_a_hidden_count():
    greed = {"type": "card", "kind": "greed", "take": 1, "by": "caio"}  # Caio's next card costs a gem
    rich, poor = GAME.apply(at_cards(caio=30), greed), GAME.apply(at_cards(caio=0), greed)
    poor["gems"]["caio"] = 0
    assert GAME.view(poor, "caio")["allowed"] != GAME.view(rich, "caio")["allowed"]  # his own phone knows
    for seat in (None, "ana", "bia", ""):
        assert GAME.view(rich, seat)["allowed"] == GAME.view(poor, seat)["allowed"], seat


def test_a_face_up_wager_card_blocks_the_other_kind_and_the_deck_runs_out_only_so_often():
    state = GAME.apply(at_cards(), {"type": "card", "kind": "fate", "wager": 1, "by": "bia"})
    answers = GAME.view(state, "caio")["allowed"]
    assert answers["kind.legend"] == WHY + "other_kind_up" and answers["kind.fate"] is None
    assert answers["deck_out"] is None and answers["end"] == WHY + "not_now"
    state["deck_outs"] = state["deck_outs_to_end"]
    answers = GAME.view(state, None)["allowed"]
    assert answers["deck_out"] == WHY + "deck_spent" and answers["end"] == WHY + "not_now"
    assert GAME.view(state, "")["allowed"]["deck_out"] == WHY + "not_yours"
