"""Every Kleos event, accepted and refused; a refusal must leave the state as it was."""
import copy

import pytest

from companion.core.model import RuleError
from companion.games.kleos.game import GAME

TEMPLES = {"ares": "H1", "athena": "H3", "hermes": "H5"}
EMPTY_SHEET = {"type": "dusk.score", "board": {}}


def new() -> dict:
    return GAME.setup({"players": ["ares", "athena", "hermes"], "temples": TEMPLES})


def act(state: dict, kind: str, **fields) -> dict:
    return GAME.apply(state, {"type": kind, "by": "host", "at": 0.0, **fields})


def refuse(state: dict, match: str, kind: str, **fields) -> None:
    before = copy.deepcopy(state)
    with pytest.raises(RuleError, match=match):
        act(state, kind, **fields)
    assert state == before


def reach(state: dict, phase: str, day: int = 1) -> dict:
    """Press 'next' (scoring each Dusk empty) until the table stands at that phase and day."""
    while (state["phase"], state["day"]) != (phase, day):
        if state["phase"] == "dusk" and (state["dusk"] or {}).get("day") != state["day"]:
            state = act(state, "dusk.score", board={})
        state = act(state, "phase.next")
    return state


def playing() -> dict:
    return reach(new(), "play")


# -- setup --------------------------------------------------------------------------------------

def test_checklist_ticks_and_unticks():
    state = act(new(), "setup.check", item="isles", done=True)
    assert state["checklist"]["isles"] is True
    assert act(state, "setup.check", item="isles", done=False)["checklist"]["isles"] is False


def test_checklist_refusals():
    state = new()
    refuse(state, "there is no 'dice'", "setup.check", item="dice", done=True)
    refuse(state, "true or false", "setup.check", item="decks", done="yes")
    refuse(state, "already unticked", "setup.check", item="decks", done=False)
    refuse(reach(state, "deployment"), "belongs to Setup", "setup.check", item="decks", done=True)


def test_temple_override_moves_the_first_player():
    state = act(new(), "setup.temples", temples={"ares": "H3", "athena": "H5", "hermes": "H1"})
    assert state["first_player"] == "hermes"
    assert state["temples"]["ares"] == "H3"


def test_temple_override_refusals():
    state = new()
    refuse(state, "already stand", "setup.temples", temples=TEMPLES)
    refuse(state, "not H2", "setup.temples", temples={"ares": "H2", "athena": "H3", "hermes": "H5"})
    refuse(state, "exactly one", "setup.temples", temples={"ares": "H1"})
    refuse(reach(state, "deployment"), "belongs to Setup", "setup.temples",
           temples={"ares": "H3", "athena": "H5", "hermes": "H1"})


def test_first_player_can_be_set_by_hand_before_turns_start():
    state = act(reach(new(), "daybreak"), "first_player.set", player="hermes")
    assert state["first_player"] == "hermes"
    assert act(state, "phase.next")["turn"] == "hermes"


def test_first_player_refusals():
    state = new()
    refuse(state, "already holds", "first_player.set", player="ares")
    refuse(state, "not playing", "first_player.set", player="artemis")
    refuse(reach(state, "play"), "the table is in Play phase", "first_player.set", player="hermes")


# -- phases and turns -------------------------------------------------------------------------

def test_next_walks_deployment_daybreak_then_each_turn_in_order():
    state, seen = new(), []
    for _ in range(9):
        state = act(state, "phase.next")
        seen.append((state["phase"], state["turn"], state["day"]))
    assert seen == [
        ("deployment", None, 1), ("daybreak", None, 1),
        ("play", "ares", 1), ("play", "athena", 1), ("play", "hermes", 1),
        ("action", "ares", 1), ("action", "athena", 1), ("action", "hermes", 1),
        ("dusk", None, 1),
    ]


def test_turn_order_starts_from_the_first_player_and_wraps():
    state = act(reach(new(), "daybreak"), "first_player.set", player="athena")
    turns = []
    for _ in range(6):
        state = act(state, "phase.next")
        turns.append((state["phase"], state["turn"]))
    assert turns == [("play", "athena"), ("play", "hermes"), ("play", "ares"),
                     ("action", "athena"), ("action", "hermes"), ("action", "ares")]
    assert act(state, "phase.next")["phase"] == "dusk"


def test_dusk_must_be_scored_before_the_next_day():
    state = reach(new(), "dusk")
    refuse(state, "Confirm the Dusk sheet", "phase.next")
    state = act(act(state, "dusk.score", board={}), "phase.next")
    assert (state["phase"], state["day"]) == ("daybreak", 2)


def test_new_day_passes_the_first_player_clockwise_and_keeps_the_chart():
    state = act(playing(), "glory.add", player="athena", reason="kill")
    state = reach(state, "daybreak", 2)
    assert state["first_player"] == "athena"
    assert state["glory_by_day"] == {"ares": [0, 0], "athena": [1, 1], "hermes": [0, 0]}
    state = act(state, "glory.add", player="athena", reason="kill")
    assert state["glory_by_day"]["athena"] == [1, 2]
    assert reach(state, "daybreak", 3)["first_player"] == "hermes"
    assert reach(state, "daybreak", 4)["first_player"] == "ares"


def test_the_contest_stops_after_dusk_of_day_five():
    state = reach(new(), "dusk", 5)
    state = act(act(state, "dusk.score", board={"port": {"hermes": [1, False]}}), "phase.next")
    assert (state["phase"], state["day"], state["winner"]) == ("end", 5, "hermes")
    refuse(state, "no day 6", "phase.next")
    refuse(state, "Contest ended", "glory.add", player="ares", reason="kill")
    refuse(state, "Contest ended", "favor.give", player="ares")


# -- Glory ------------------------------------------------------------------------------------

@pytest.mark.parametrize("reason, amount", [("recruit", 1), ("kill", 1), ("champion", 2), ("slaughter", 1)])
def test_usual_reasons_default_to_their_value(reason, amount):
    state = act(playing(), "glory.add", player="hermes", reason=reason)
    assert state["glory"]["hermes"] == amount
    assert state["glory_log"] == [{"player": "hermes", "amount": amount, "reason": reason, "note": "", "day": 1}]


def test_card_effects_and_corrections_move_either_way_and_are_logged():
    state = act(playing(), "glory.add", player="ares", reason="card", amount=3, note="Trickster")
    state = act(state, "glory.add", player="ares", reason="correction", amount=-2)
    assert state["glory"]["ares"] == 1
    assert [(e["amount"], e["reason"], e["note"]) for e in state["glory_log"]] == [
        (3, "card", "Trickster"), (-2, "correction", "")]


def test_glory_refusals():
    state = playing()
    refuse(state, "cannot lose 1", "glory.add", player="ares", reason="correction", amount=-1)
    refuse(state, "not playing", "glory.add", player="dionysus", reason="kill")
    refuse(state, "Pick a reason", "glory.add", player="ares", reason="bribe", amount=1)
    refuse(state, "Dusk sheet", "glory.add", player="ares", reason="control", amount=1)
    refuse(state, "never 0", "glory.add", player="ares", reason="card", amount=0)
    refuse(state, "never 0", "glory.add", player="ares", reason="card", amount=51)
    refuse(state, "never 0", "glory.add", player="ares", reason="card", amount="2")
    refuse(state, "steps of \\+2", "glory.add", player="ares", reason="champion", amount=3)
    refuse(state, "steps of \\+1", "glory.add", player="ares", reason="kill", amount=-1)
    refuse(state, "at most 40", "glory.add", player="ares", reason="card", amount=1, note="x" * 41)
    refuse(new(), "still being set up", "glory.add", player="ares", reason="kill")


# -- Olympus' Favor ---------------------------------------------------------------------------

def test_favor_has_one_holder_and_moves_on():
    state = act(playing(), "favor.give", player="ares", minion="Minotaur")
    assert state["favor"] == {"player": "ares", "minion": "Minotaur"}
    state = act(state, "favor.give", player="athena")
    assert state["favor"] == {"player": "athena", "minion": None}
    state = act(state, "favor.give", player="athena", minion="Medusa")
    assert state["favor"] == {"player": "athena", "minion": "Medusa"}
    assert act(state, "favor.clear")["favor"] is None


def test_favor_refusals():
    state = act(playing(), "favor.give", player="ares", minion="Minotaur")
    refuse(state, "already holds", "favor.give", player="ares", minion=" Minotaur ")
    refuse(state, "not playing", "favor.give", player="zeus")
    refuse(state, "at most 40", "favor.give", player="athena", minion="x" * 41)
    refuse(act(state, "favor.clear"), "Nobody holds", "favor.clear")


# -- Dusk -------------------------------------------------------------------------------------

def test_dusk_awards_control_glory_and_keeps_the_result():
    state = reach(new(), "dusk")
    board = {"port": {"ares": [2, False], "athena": [2, True]}, "market": {"hermes": (1, False)},
             "arena": {"ares": [1, False], "hermes": [1, False]}}
    state = act(state, "dusk.score", board=board)
    assert state["glory"] == {"ares": 0, "athena": 2, "hermes": 1}
    assert state["dusk"]["controllers"] == {"port": "athena", "market": "hermes", "arena": None, "theater": None}
    assert state["dusk"]["glory"] == {"ares": 0, "athena": 2, "hermes": 1}
    assert state["dusk"]["board"]["market"] == {"hermes": [1, False]}
    assert [(e["player"], e["amount"], e["reason"], e["note"]) for e in state["glory_log"]] == [
        ("athena", 2, "control", "port"), ("hermes", 1, "control", "market")]


def test_dusk_refusals():
    state = reach(new(), "dusk")
    refuse(state, "not playing", "dusk.score", board={"port": {"zeus": [1, False]}})
    refuse(state, "not a city location", "dusk.score", board={"isle": {}})
    refuse(state, "one location", "dusk.score", board={"port": {"ares": [1, True]}, "arena": {"ares": [1, True]}})
    refuse(act(state, "dusk.score", board={}), "already scored", "dusk.score", board={})
    refuse(playing(), "belongs to Dusk", "dusk.score", board={})


def test_unknown_event_type_is_refused():
    refuse(new(), "no action called", "glory.double")
